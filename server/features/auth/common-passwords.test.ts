// The common-password refusal (docs/security.md): a real list of the most used passwords plus the
// product's name, matched whatever the case and whatever digits or symbols follow, at sign-up and
// at reset, through the real app with a real SMTP peer.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/auth.schema';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { isCommonPassword } from './common-passwords';

let smtp: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url }, { rateLimits: false });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const COMMON = ['password123', 'admin123', 'P@ssw0rd', 'welcome1', 'botwright', 'Botwright2024!', 'Password123!', 'Welcome1!!', 'ADMIN123', 'Sunshine_99'];
const STRONG = ['violet-harbour-lantern-42', 'correct horse battery staple', 'zq8!x_', 'Tr4m-Quokka-Sleet'];

let n = 0;
const signUp = (password: string) => {
  n += 1;
  return t.request('POST', '/api/auth/send-otp', { body: { name: 'Pat Common', email: `common${n}@example.com`, password } });
};

describe('common passwords are refused with the existing message', () => {
  it.each(COMMON)('sign-up with %s', async (password) => {
    const mails = smtp.messages.length;
    const res = await signUp(password);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: messages.passwordCommon });
    expect(smtp.messages.length).toBe(mails);
  });

  it.each(COMMON)('reset to %s', async (password) => {
    const res = await t.request('POST', '/api/auth/reset-password', { body: { email: 'someone@example.com', otp: '123456', newPassword: password } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: messages.passwordCommon });
  });
});

describe('other passwords are accepted', () => {
  it.each(STRONG)('sign-up with %s', async (password) => {
    expect((await signUp(password)).status).toBe(200);
  });

  it('the minimum stays 6 characters, with its own message', async () => {
    const res = await signUp('zq8!x');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: messages.password });
  });
});

describe('isCommonPassword', () => {
  it('holds a real list, not a short sample', () => {
    for (const password of ['dragonfly', 'trombone', 'qwertyuiop', 'iloveyou', 'letmein', 'trustno1']) expect(isCommonPassword(password)).toBe(true);
  });

  it('sees through case and any digits or symbols added at the end', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('password', 'welcome', 'admin', 'botwright', 'sunshine', 'football', 'monkey'),
        fc.array(fc.boolean(), { maxLength: 12 }),
        fc.stringMatching(/^[0-9!@#$%^&*._-]{0,6}$/),
        (word, upper, tail) => {
          const cased = [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
          return isCommonPassword(cased + tail);
        },
      ),
    );
  });

  it('does not refuse a phrase of several words, or a common word with more after it', () => {
    for (const password of STRONG) expect(isCommonPassword(password)).toBe(false);
    expect(isCommonPassword('password-manager-keeps-this')).toBe(false);
    expect(isCommonPassword('12x!84736291#')).toBe(false);
  });
});
