// Landing page header: the logo, then Login / Sign Up when signed out, or a welcome line (welcome to
// Botwright right after a sign-up, welcome back otherwise) and a way into the app when signed in;
// the theme button either way.
import { Button, Container, Group, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../../lib/auth';
import { Logo } from '../../../components/Logo';
import { ColorSchemeToggle } from '../../../components/ColorSchemeToggle';
import { greeting, isNewAccount } from '../../../lib/welcome';
import classes from './LandingHeader.module.css';

export function LandingHeader({ onSignUp }: { onSignUp: () => void }) {
  const { isSignedIn, user } = useAuth();

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Logo to="/" />
        {isSignedIn ? (
          <Group gap="md" wrap="nowrap" className={classes.actions}>
            {user && (
              <Text fw={600} size="sm" c="var(--mantine-color-text)" className={classes.welcome}>
                {greeting(user.name, isNewAccount(user.id))}
              </Text>
            )}
            <ColorSchemeToggle />
            <Button component={Link} to="/builder" rightSection={<IconArrowRight size={16} />} style={{ flex: 'none' }}>
              Open Builder
            </Button>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap" className={classes.signedOut}>
            <ColorSchemeToggle />
            <Button component={Link} to="/login" variant="default" className={classes.authButton}>
              Login
            </Button>
            <Button onClick={onSignUp} className={classes.authButton}>
              Sign Up
            </Button>
          </Group>
        )}
      </Container>
    </header>
  );
}
