// /login: Login and Sign Up tabs. Also where a failed Google sign-in lands (?error=CODE), and where a
// protected page sends a visitor (?next=/runner: signing in goes back there). After a password
// reset (here, or from the landing page) the Login tab has the e-mail filled in.
import '../../mantine-styles-pages';
import { useEffect, useRef, useState } from 'react';
import { Button, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { GOOGLE_ERROR_TITLE, googleSignInErrorMessage } from '../../../shared/google-sign-in-errors';
import { AuthLayout } from './AuthLayout';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { LoginForm } from './LoginForm';
import { useAuth } from '../../lib/auth';
import { nextFromSearch, withNext } from '../../lib/next-path';
import { notifyError } from '../../lib/notify';
import { usePageTitle } from '../../lib/page-title';

/** The e-mail a password reset elsewhere (the landing page) hands over in the navigation state. */
function resetEmailOf(state: unknown): string | null {
  const email = (state as { resetEmail?: unknown } | null)?.resetEmail;
  return typeof email === 'string' ? email : null;
}

export function LoginPage() {
  usePageTitle('Sign in');
  const { isSignedIn } = useAuth();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [forgotOpen, setForgotOpen] = useState(false);
  const [resetEmail, setResetEmail] = useState<string | null>(() => resetEmailOf(location.state));
  const reported = useRef<string | null>(null);
  const errorCode = searchParams.get('error');
  const next = nextFromSearch(searchParams);

  // Report a failed Google sign-in once, then clean the address so a reload does not repeat it
  // (the page to return to stays).
  useEffect(() => {
    if (errorCode === null || reported.current === errorCode) return;
    reported.current = errorCode;
    notifyError(GOOGLE_ERROR_TITLE, googleSignInErrorMessage(errorCode));
    setSearchParams(
      (params) => {
        params.delete('error');
        return params;
      },
      { replace: true },
    );
  }, [errorCode, setSearchParams]);

  if (isSignedIn) return <Navigate to={next ?? '/'} replace />;

  return (
    <AuthLayout>
      <Stack gap={4} mb="md">
        <Text fz={24} fw={750} component="h1" m={0}>
          Welcome to Botwright
        </Text>
        <Text size="sm" c="dimmed">
          Sign in to build, run and share your bots.
        </Text>
      </Stack>
      <Tabs defaultValue="login" variant="default">
        <Tabs.List grow mb="lg">
          <Tabs.Tab value="login">Login</Tabs.Tab>
          <Tabs.Tab value="signup">Sign Up</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="login">
          <LoginForm next={next} email={resetEmail} onForgotPassword={() => setForgotOpen(true)} />
        </Tabs.Panel>
        <Tabs.Panel value="signup">
          <Stack align="center" ta="center" gap="md" py="md">
            <ThemeIcon size={56} radius="xl" variant="light">
              <IconMailCheck size={30} stroke={1.5} />
            </ThemeIcon>
            <Text fw={700} fz="lg">
              Create your account
            </Text>
            <Text size="sm" c="dimmed" maw={340}>
              Email verification is now required for new accounts. We will send a 6-digit code to confirm
              your address before your account is created.
            </Text>
            <Button component={Link} to={withNext('/register', next)} size="md" fullWidth>
              Continue to Registration
            </Button>
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <ForgotPasswordDialog opened={forgotOpen} onClose={() => setForgotOpen(false)} onReset={setResetEmail} />
    </AuthLayout>
  );
}
