// Landing page: header, hero, the three action cards, how it works, statistics.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Box, Container } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { ActionCards } from './ActionCards';
import { HowItWorks } from './HowItWorks';
import { LandingFooter } from '../../components/LandingFooter';
import { LandingHeader } from './LandingHeader';
import { LandingHero } from './LandingHero';
import { StatsBanner } from './StatsBanner';
import { useAuth } from '../../lib/auth';
import { whenIdle } from '../../lib/idle';
import { usePageTitle } from '../../lib/page-title';
import classes from './Home.module.css';

// The dialogs' forms (their validation schemas, the form library) are not needed for the first
// paint: they load after it, or at once when a dialog is asked for before then.
const loadRegistration = () => import('./RegistrationDialog');
const loadForgotPassword = () => import('../auth/ForgotPasswordDialog');
const RegistrationDialog = lazy(() => loadRegistration().then((m) => ({ default: m.RegistrationDialog })));
const ForgotPasswordDialog = lazy(() => loadForgotPassword().then((m) => ({ default: m.ForgotPasswordDialog })));

export function HomePage() {
  usePageTitle(null);
  const { isSignedIn } = useAuth();
  const navigate = useNavigate();
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
          {/* This server's figures; absent until there are enough bots to show. */}
          <StatsBanner />
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
          <ForgotPasswordDialog
            opened={dialog === 'forgot'}
            onClose={() => setDialog(null)}
            onReset={(email) => navigate('/login', { state: { resetEmail: email } })}
          />
        </Suspense>
      )}
    </Box>
  );
}
