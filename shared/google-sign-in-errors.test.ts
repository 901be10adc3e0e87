import { describe, expect, it } from 'vitest';
import { googleSignInErrorMessage } from './google-sign-in-errors';

describe('googleSignInErrorMessage', () => {
  it.each([
    ['oauth_failed', 'OAuth authorization failed'],
    ['no_code', 'No authorization code received'],
    ['token_exchange_failed', 'Failed to exchange authorization code'],
    ['user_info_failed', 'Failed to get user information'],
    ['auth_failed', 'Authentication failed'],
    ['config_missing', 'Google OAuth not properly configured'],
  ])('maps %s', (code, message) => {
    expect(googleSignInErrorMessage(code)).toBe(message);
  });

  it('falls back for unknown or missing codes', () => {
    expect(googleSignInErrorMessage('weird')).toBe('Google sign-in failed');
    expect(googleSignInErrorMessage('constructor')).toBe('Google sign-in failed');
    expect(googleSignInErrorMessage(null)).toBe('Google sign-in failed');
    expect(googleSignInErrorMessage('')).toBe('Google sign-in failed');
  });
});
