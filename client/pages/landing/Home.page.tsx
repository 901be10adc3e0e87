// Landing page: header, hero, the three action cards, how it works, statistics.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, Container } from '@mantine/core';
import { ActionCards } from './ActionCards';
import { HowItWorks } from './HowItWorks';
import { LandingFooter } from '../../components/LandingFooter';
import { LandingHeader } from './LandingHeader';
import { LandingHero } from './LandingHero';
import { StatsBanner } from './StatsBanner';
import { useAuth } from '../../lib/auth';
import { whenIdle } from '../../lib/idle';
import classes from './Home.module.css';

// The dialogs' forms (their validation schemas, the form library) are not needed for the first
// paint: they load after it, or at once when a dialog is asked for before then.
const loadRegistration = () => import('./RegistrationDialog');
const loadForgotPassword = () => import('../auth/ForgotPasswordDialog');
const RegistrationDialog = lazy(() => loadRegistration().then((m) => ({ default: m.RegistrationDialog })));
const ForgotPasswordDialog = lazy(() => loadForgotPassword().then((m) => ({ default: m.ForgotPasswordDialog })));

export function HomePage() {
  const { isSignedIn } = useAuth();
  const [dialog, setDialog] = useState<'register' | 'forgot' | null>(null);
  // Mounted from the first time one is opened on, so closing them keeps their transition.
  const [dialogsMounted, setDialogsMounted] = useState(false);
  const openDialog = (which: 'register' | 'forgot') => {
    setDialogsMounted(true);
    setDialog(which);
  };
  const openRegistration = () => openDialog('register');
  // Fetch the dialogs' code once the page is idle, so Sign Up opens without a wait.
  useEffect(() => whenIdle(() => void Promise.all([loadRegistration(), loadForgotPassword()]).catch(() => {})), []);

  return (
    <Box className={classes.page}>
      <LandingHeader onSignUp={openRegistration} />
      <main>
        <LandingHero isSignedIn={isSignedIn} onStart={openRegistration} />
        <Container size="lg">
          <ActionCards isSignedIn={isSignedIn} />
          <HowItWorks />
          <Box mt={72}>
            <StatsBanner />
          </Box>
        </Container>
      </main>
      <LandingFooter />
      {dialogsMounted && (
        <Suspense fallback={null}>
          <RegistrationDialog
            opened={dialog === 'register'}
            onClose={() => setDialog(null)}
            onForgotPassword={() => openDialog('forgot')}
          />
          <ForgotPasswordDialog opened={dialog === 'forgot'} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </Box>
  );
}
