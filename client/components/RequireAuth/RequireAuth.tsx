// Gate for the signed-in pages: no token goes to /login?next=<this page> (or / right after a sign-out).
// With a token, the app shell paints at once (its sidebar asks for the bots and files beside the
// profile request); the page itself waits in the shell's content area until the profile is here.
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { loginPathFor } from '../../lib/next-path';
import { AppShell } from '../AppShell';

export function RequireAuth() {
  const { token, user, isLoading, profileFailed, retryProfile, signedOutPath } = useAuth();
  const location = useLocation();

  if (!token) {
    const to = signedOutPath === '/login' ? loginPathFor(location.pathname + location.search + location.hash) : signedOutPath;
    return <Navigate to={to} replace />;
  }

  if (profileFailed) {
    return (
      <Center mih="100vh" p="md">
        <Stack align="center" gap="sm">
          <Text fw={600}>We could not load your account.</Text>
          <Text c="dimmed" size="sm">
            Check your connection and try again.
          </Text>
          <Button onClick={retryProfile}>Try again</Button>
        </Stack>
      </Center>
    );
  }

  return (
    <AppShell>
      {isLoading || !user ? (
        <Center mih="50vh" aria-busy="true">
          <Loader aria-label="Loading your account" />
        </Center>
      ) : (
        <Outlet />
      )}
    </AppShell>
  );
}
