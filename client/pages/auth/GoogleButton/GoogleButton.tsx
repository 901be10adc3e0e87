// 'Continue with Google': a full-page visit to the server, which runs the Google sign-in and comes
// back to /?google_auth=success (or /login?error=CODE).
import { Button } from '@mantine/core';
import { IconBrandGoogleFilled } from '@tabler/icons-react';
import { notifyError } from '../../../lib/notify';

export const GOOGLE_SIGN_IN_URL = '/api/auth/google';

export function GoogleButton() {
  const start = () => {
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
