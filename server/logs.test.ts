// No secret in any log line (docs/security.md "Secrets"): run every account flow against one app logging at
// `trace`, with real SMTP and OIDC peers, collect each password, code, token, OAuth state/code/verifier
// and key it handled, then grep the captured log lines for all of them. The outbox mail mode too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, type OidcProvider } from './testing/oidc-provider';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink';
import { startTestApp, type TestApp } from './testing/test-app';

let provider: OidcProvider;
let smtp: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider();
  smtp = await startSmtpSink();
  t = await startTestApp(
    { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER: provider.issuer, SMTP_URL: smtp.url, LOG_LEVEL: 'trace' },
    { rateLimits: false },
  );
});
afterAll(async () => {
  await t.close();
  await provider.close();
  await smtp.close();
});

/** Every secret must be absent; six-digit codes are matched as whole numbers (timestamps hold digits). */
function expectAbsent(logs: string[], secrets: string[]) {
  const text = logs.join('');
  expect(text.length).toBeGreaterThan(0);
  for (const secret of secrets) {
    if (/^\d{6}$/.test(secret)) expect(text, `code ${secret}`).not.toMatch(new RegExp(`(?<!\\d)${secret}(?!\\d)`));
    else expect(text.includes(secret), `secret ${secret.slice(0, 12)}...`).toBe(false);
  }
}

describe('after a full run of the account flows', () => {
  it('no password, code, token, OAuth secret or key appears in any log line', async () => {
    const secrets: string[] = [t.config.jwtSecret, GOOGLE_CLIENT_SECRET];
    const email = 'logged@example.com';
    const password = 'log-me-never-Pa55';
    secrets.push(password);

    // Sign-up, over REST and tRPC, with a wrong code first.
    await t.request('POST', '/api/auth/send-otp', { body: { name: 'Logged Person', email, password } });
    const otp = await smtp.waitForCode(email);
    secrets.push(otp);
    await t.request('POST', '/api/auth/verify-otp', { body: { email, otp: String((Number(otp) + 1) % 1e6).padStart(6, '0') } });
    const verified = await t.request('POST', '/trpc/auth.verifyOtp', { body: { email, otp } });
    expect(verified.status).toBe(200);
    const signupToken = verified.body.result.data.token as string;
    secrets.push(signupToken);

    // Login: wrong password, unknown user, right password, /me with good and bad tokens, logout.
    const wrongPassword = 'not-my-Pa55word-9';
    secrets.push(wrongPassword);
    await t.request('POST', '/api/auth/login', { body: { email, password: wrongPassword } });
    await t.request('POST', '/api/auth/login', { body: { email: 'ghost@example.com', password: wrongPassword } });
    const login = await t.request('POST', '/api/auth/login', { body: { email, password } });
    secrets.push(login.body.token);
    await t.request('GET', '/api/auth/me', { token: login.body.token });
    await t.request('GET', `/api/auth/me?token=${login.body.token}`);
    await t.request('GET', '/api/auth/me', { token: login.body.token.slice(0, -3) + 'abc' });
    await t.request('POST', '/api/auth/logout', { token: login.body.token });

    // Validation failures that echo nothing back into the log.
    const shortPassword = 'Ab1!z';
    await t.request('POST', '/api/auth/send-otp', { body: { name: 'X Y', email: 'v@example.com', password: shortPassword } });
    await t.request('POST', '/api/auth/login', { body: { email, password, credits: 5 } });

    // Password reset.
    const since = smtp.mailsTo(email).length;
    await t.request('POST', '/api/auth/forgot-password', { body: { email } });
    const resetCode = await smtp.waitForCode(email, { since });
    const newPassword = 'reset-to-this-Pa55';
    secrets.push(resetCode, newPassword);
    expect((await t.request('POST', '/api/auth/reset-password', { body: { email, otp: resetCode, newPassword } })).status).toBe(200);

    // Google: an ID token, a refused one, and the redirect flow with its state, code and verifier.
    const googleUser = { sub: 'log-sub', email: 'g-logged@example.com', email_verified: true, name: 'G Logged' };
    const idToken = await provider.idToken(googleUser);
    const badIdToken = await provider.idToken(googleUser, { aud: 'other-client' });
    secrets.push(idToken, badIdToken);
    const g = await t.request('POST', '/api/auth/google', { body: { token: idToken } });
    secrets.push(g.body.token);
    await t.request('POST', '/api/auth/google', { body: { token: badIdToken } });
    provider.signInAs(googleUser);
    const start = await fetch(`${t.url}/api/auth/google`, { redirect: 'manual' });
    const cookies = start.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const back = new URL((await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!);
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    secrets.push(code, state, ...cookies.map((c) => c.slice(c.indexOf('=') + 1)));
    const done = await fetch(`${t.url}/api/auth/google/callback?code=${code}&state=${state}`, { redirect: 'manual', headers: { cookie: cookies.join('; ') } });
    expect(done.headers.get('location')).toBe('/?google_auth=success');
    const tokenCookie = done.headers.getSetCookie().find((c) => c.startsWith('token='))!;
    secrets.push(tokenCookie.split(';')[0]!.slice('token='.length));

    expect(secrets.filter((s) => !s)).toEqual([]);
    expectAbsent(t.logs, secrets);
    // The log is not simply empty: requests were logged.
    expect(t.logs.join('')).toMatch(/\/api\/auth\/login/);
  });
});

describe('the outbox mail mode (no SMTP_URL)', () => {
  it('writes the code to an .eml file and logs only where it is', async () => {
    const outbox = await startTestApp({ LOG_LEVEL: 'trace' }, { rateLimits: false });
    try {
      const password = 'outbox-Pa55word';
      const res = await outbox.request('POST', '/api/auth/send-otp', { body: { name: 'Out Box', email: 'outbox@example.com', password } });
      expect(res.status).toBe(200);
      const dir = path.join(outbox.config.dataDir, 'outbox');
      const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const raw = readFileSync(path.join(dir, files[0]!), 'utf8').replace(/=\r?\n/g, '');
      const otp = /code is (\d{6})/.exec(raw)![1]!;
      expect(outbox.logs.join('')).toContain(files[0]);
      expectAbsent(outbox.logs, [otp, password]);
      expect((await outbox.request('POST', '/api/auth/verify-otp', { body: { email: 'outbox@example.com', otp } })).status).toBe(200);
    } finally {
      await outbox.close();
    }
  });
});
