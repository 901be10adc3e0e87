// The messages behind /login?error=CODE after a failed Google sign-in.

const messages: Record<string, string> = {
  oauth_failed: 'OAuth authorization failed',
  no_code: 'No authorization code received',
  token_exchange_failed: 'Failed to exchange authorization code',
  user_info_failed: 'Failed to get user information',
  auth_failed: 'Authentication failed',
  config_missing: 'Google OAuth not properly configured',
};

export const GOOGLE_ERROR_TITLE = 'Google Sign-In Error';

export function googleSignInErrorMessage(code: string | null | undefined): string {
  return code && Object.hasOwn(messages, code) ? messages[code]! : 'Google sign-in failed';
}
