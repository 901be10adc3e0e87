// 'Continue with Google': a full-page visit to the server, which runs the Google sign-in and comes
// back to /?google_auth=success (or /login?error=CODE). The page to return to (?next= of this page)
// waits in this tab's sessionStorage; the server's flow and its fixed return address stay as they are.
import { Button } from '@mantine/core';
import { IconBrandGoogleFilled } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { nextFromSearch, rememberNextForGoogle } from '../../lib/next-path';
import { notifyError } from '../../lib/notify';

export const GOOGLE_SIGN_IN_URL = '/api/auth/google';

export function GoogleButton() {
  const [searchParams] = useSearchParams();
  const start = () => {
    rememberNextForGoogle(nextFromSearch(searchParams));
    try {
      window.location.assign(GOOGLE_SIGN_IN_URL);
    } catch {
      notifyError('Error', 'Failed to initialize Google sign-in');
    }
  };
  return (
    <Button
      variant="default"
      fullWidth
      leftSection={<IconBrandGoogleFilled size={18} color="#4285F4" />}
      onClick={start}
    >
      Continue with Google
    </Button>
  );
}
