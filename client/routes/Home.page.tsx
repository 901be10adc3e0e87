// Landing page (spec section 2): header, hero, the three action cards, how it works, statistics.
import { useState } from 'react';
import { Box, Container } from '@mantine/core';
import { ActionCards } from '../components/ActionCards';
import { ForgotPasswordDialog } from '../components/ForgotPasswordDialog';
import { HowItWorks } from '../components/HowItWorks';
import { LandingFooter } from '../components/LandingFooter';
import { LandingHeader } from '../components/LandingHeader';
import { LandingHero } from '../components/LandingHero';
import { RegistrationDialog } from '../components/RegistrationDialog';
import { StatsBanner } from '../components/StatsBanner';
import { useAuth } from '../lib/auth';
import classes from './Home.module.css';

export function HomePage() {
  const { isSignedIn } = useAuth();
  const [dialog, setDialog] = useState<'register' | 'forgot' | null>(null);
  const openRegistration = () => setDialog('register');

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
      <RegistrationDialog
        opened={dialog === 'register'}
        onClose={() => setDialog(null)}
        onForgotPassword={() => setDialog('forgot')}
      />
      <ForgotPasswordDialog opened={dialog === 'forgot'} onClose={() => setDialog(null)} />
    </Box>
  );
}
