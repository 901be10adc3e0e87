// Every validation rule of the account payloads (shared/auth.schema.ts), over REST and tRPC, with
// the exact message, status 400, no mail and a database left exactly as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/auth.schema';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { dbSnapshot } from '../../testing/db-snapshot';
import { signUp, type SignedUpUser } from '../../testing/fixtures';

let smtp: SmtpSink;
let t: TestApp;
let user: SignedUpUser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url }, { rateLimits: false });
  user = await signUp(t, smtp);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Sends `body` to `path`, expects 400 with exactly `error`, and checks that nothing was written or mailed. */
async function refused(path: string, body: unknown, error: string) {
  const before = await dbSnapshot(t.app.deps.db);
  const mails = smtp.messages.length;
  const res = await t.request('POST', path, { body });
  expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
  expect(res.body).toEqual({ error });
  expect(await dbSnapshot(t.app.deps.db)).toEqual(before);
  expect(smtp.messages.length).toBe(mails);
}

const good = { name: 'Valid Name', email: 'valid@example.com', password: 'a-fine-password-9' };
const long = (n: number) => 'x7'.repeat(n).slice(0, n);

describe('sign-up (send-otp and register)', () => {
  for (const path of ['/api/auth/send-otp', '/api/auth/register']) {
    it(`${path}: name, email and password rules`, async () => {
      await refused(path, { ...good, name: 'A' }, messages.name);
      await refused(path, { ...good, name: '   A   ' }, messages.name);
      await refused(path, { email: good.email, password: good.password }, messages.name);
      await refused(path, { ...good, name: 'N'.repeat(101) }, messages.nameMax);
      await refused(path, { ...good, email: 'not-an-email' }, messages.email);
      await refused(path, { ...good, email: 'a@b' }, messages.email);
      await refused(path, { ...good, email: `${'a'.repeat(250)}@example.com` }, messages.email);
      await refused(path, { ...good, password: '12x45' }, messages.password);
      await refused(path, { ...good, password: long(129) }, messages.passwordMax);
      await refused(path, { ...good, password: 'password1' }, messages.passwordCommon);
      await refused(path, { ...good, password: 'QWERTY123' }, messages.passwordCommon);
      await refused(path, { ...good, password: 123456789 }, messages.password);
    });
  }

  it('accepts the boundaries: a 2-character name, a 6- and a 128-character password', async () => {
    for (const [i, over] of [{ name: 'Al' }, { password: 'zq8!x_' }, { password: long(128) }].entries()) {
      const res = await t.request('POST', '/api/auth/send-otp', { body: { ...good, email: `edge${i}@example.com`, ...over } });
      expect(res.status).toBe(200);
    }
  });

  it('refuses unknown fields such as credits, role or emailVerified', async () => {
    await refused('/api/auth/send-otp', { ...good, credits: 1_000_000 }, 'Unknown field: credits');
    await refused('/api/auth/send-otp', { ...good, role: 'admin' }, 'Unknown field: role');
    await refused('/api/auth/register', { ...good, emailVerified: true }, 'Unknown field: emailVerified');
  });
});

describe('verify-otp', () => {
  it('the code must be exactly 6 digits; the email must be valid', async () => {
    for (const otp of ['12345', '1234567', 'abcdef', '12 456', ' 123456', '', '１２３４５６']) {
      await refused('/api/auth/verify-otp', { email: good.email, otp }, messages.otp);
    }
    await refused('/api/auth/verify-otp', { email: good.email, otp: 123456 }, messages.otp);
    await refused('/api/auth/verify-otp', { email: 'nope', otp: '123456' }, messages.email);
  });

  it('an extra credits field is refused and the pending code still gives exactly 100 credits', async () => {
    const email = 'greedy@example.com';
    await t.request('POST', '/api/auth/send-otp', { body: { ...good, email } });
    const otp = await smtp.waitForCode(email);
    await refused('/api/auth/verify-otp', { email, otp, credits: 1_000_000 }, 'Unknown field: credits');
    const res = await t.request('POST', '/api/auth/verify-otp', { body: { email, otp } });
    expect(res.status).toBe(200);
    expect(res.body.user.credits).toBe(100);
  });
});

describe('login', () => {
  it('email and password are required; unknown fields are refused', async () => {
    await refused('/api/auth/login', { password: 'whatever-1' }, messages.required);
    await refused('/api/auth/login', { email: user.email }, messages.required);
    await refused('/api/auth/login', { email: '   ', password: 'whatever-1' }, messages.required);
    await refused('/api/auth/login', { email: user.email, password: '' }, messages.required);
    await refused('/api/auth/login', { email: user.email, password: user.password, role: 'admin' }, 'Unknown field: role');
  });
});

describe('forgot-password and reset-password', () => {
  it('forgot-password: a valid email, nothing else', async () => {
    await refused('/api/auth/forgot-password', { email: 'bad@' }, messages.email);
    await refused('/api/auth/forgot-password', {}, messages.email);
    await refused('/api/auth/forgot-password', { email: user.email, userId: 'someone-else' }, 'Unknown field: userId');
  });

  it('reset-password: code, new password and unknown-field rules leave the code usable', async () => {
    const since = smtp.mailsTo(user.email).length;
    expect((await t.request('POST', '/api/auth/forgot-password', { body: { email: user.email } })).status).toBe(200);
    const otp = await smtp.waitForCode(user.email, { since });
    const path = '/api/auth/reset-password';
    const base = { email: user.email, otp, newPassword: 'another-fine-one-3' };
    await refused(path, { ...base, otp: '12345' }, messages.otp);
    await refused(path, { ...base, newPassword: 'short' }, messages.password);
    await refused(path, { ...base, newPassword: long(129) }, messages.passwordMax);
    await refused(path, { ...base, newPassword: 'letmein' }, messages.passwordCommon);
    await refused(path, { ...base, email: 'x' }, messages.email);
    await refused(path, { ...base, userId: 'someone-else' }, 'Unknown field: userId');
    expect((await t.request('POST', path, { body: base })).status).toBe(200);
  });
});

describe('google token', () => {
  it('a token string is required; unknown fields are refused', async () => {
    const before = await dbSnapshot(t.app.deps.db);
    for (const body of [{}, { token: '' }, { token: 5 }, { token: 'x'.repeat(8193) }, { token: 'abc', credits: 5 }]) {
      expect((await t.request('POST', '/api/auth/google', { body })).status).toBe(400);
    }
    expect(await dbSnapshot(t.app.deps.db)).toEqual(before);
  });
});

describe('bodies that are not JSON objects', () => {
  it('a JSON array, a string or malformed JSON answer 400 {error}', async () => {
    for (const body of ['[]', '"hello"', '{"email": ', 'null']) {
      const res = await t.request('POST', '/api/auth/login', { body });
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });
});

describe('the tRPC path gives the same messages', () => {
  it('auth.sendOtp with a short password and with an extra field', async () => {
    const before = await dbSnapshot(t.app.deps.db);
    const short = await t.request('POST', '/trpc/auth.sendOtp', { body: { ...good, password: '12x45' } });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe(messages.password);
    const extra = await t.request('POST', '/trpc/auth.sendOtp', { body: { ...good, credits: 5 } });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toBe('Unknown field: credits');
    expect(JSON.stringify(extra.body)).not.toMatch(/stack|\.ts:\d+/);
    expect(await dbSnapshot(t.app.deps.db)).toEqual(before);
  });
});
