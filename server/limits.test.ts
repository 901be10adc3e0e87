// Rate limits (docs/security.md "Rate limits"): 429 with Retry-After and {error}, keyed on the socket
// address (proxy headers only with TRUST_PROXY; trust-proxy.test.ts goes through a real proxy), the
// signed-in user, and for some routes the email too. Limits live in each app instance's memory, so
// every block starts its own app.
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink';
import { startTestApp, type TestApp } from './testing/test-app';
import { newUser, signUp } from './testing/fixtures';
import { fakeClock } from './testing/fake-clock';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});
async function app(env: Record<string, string> = {}): Promise<{ t: TestApp; smtp: SmtpSink }> {
  const smtp = await startSmtpSink();
  const t = await startTestApp({ SMTP_URL: smtp.url, ...env });
  open.push(smtp, t);
  return { t, smtp };
}

function expectLimited(res: { status: number; body: any; headers: Headers }, maxWindowSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxWindowSeconds);
  expect(Object.keys(res.body)).toEqual(['error']);
  // REST answers {error: message}; /trpc answers tRPC's shape so its client reads the message.
  const message = typeof res.body.error === 'string' ? res.body.error : res.body.error.message;
  if (typeof res.body.error !== 'string') expect(res.body.error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 });
  expect(message).toMatch(/too many/i);
}

const xff = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}` });

describe('login: 5 a minute per address and email', () => {
  it('the sixth try is 429 even with the right password, and rotating X-Forwarded-For does not help', async () => {
    const { t, smtp } = await app();
    const u = await signUp(t, smtp);
    for (let i = 1; i <= 5; i++) {
      const res = await t.request('POST', '/api/auth/login', { body: { email: u.email, password: 'wrong-password-1' }, headers: xff(i) });
      expect(res.status).toBe(401);
    }
    expectLimited(await t.request('POST', '/api/auth/login', { body: { email: u.email, password: u.password }, headers: xff(99) }), 60);
    expectLimited(await t.request('POST', '/api/auth/login', { body: { email: ` ${u.email.toUpperCase()}`, password: u.password } }), 60);
    // The same counter guards the tRPC path.
    const trpc = await t.request('POST', '/trpc/auth.login', { body: { email: u.email, password: u.password } });
    expect(trpc.status).toBe(429);
    // Another email from the same address is not blocked by this one's counter.
    expect((await t.request('POST', '/api/auth/login', { body: { email: 'other@example.com', password: 'x-password-1' } })).status).toBe(401);
  });
});

describe('the tRPC path counts like the REST path', () => {
  const wrong = (email: string) => ({ email, password: 'wrong-password-1' });

  it('a percent-encoded procedure name does not escape the login limit', async () => {
    const { t } = await app();
    for (let i = 0; i < 5; i++) expect((await t.request('POST', '/trpc/auth%2Elogin', { body: wrong('enc@example.com') })).status).toBe(401);
    expectLimited(await t.request('POST', '/trpc/auth%2Elogin', { body: wrong('enc@example.com') }), 60);
    expect((await t.request('POST', '/api/auth/login', { body: wrong('enc@example.com') })).status).toBe(429);
  });

  it('a batch cannot hide several logins in one request: batching is refused', async () => {
    const { t } = await app();
    const names = Array(8).fill('auth.login').join(',');
    const body = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [String(i), wrong('batch@example.com')]));
    const res = await t.request('POST', `/trpc/${names}?batch=1`, { body });
    expect(res.status).toBe(400);
    // Nothing was tried: the full five single tries remain for that address and email.
    for (let i = 0; i < 5; i++) expect((await t.request('POST', '/api/auth/login', { body: wrong('batch@example.com') })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/login', { body: wrong('batch@example.com') })).status).toBe(429);
  });

  it('per-email limits key on each email over tRPC (not one counter for everybody)', async () => {
    const { t } = await app({ TRUST_PROXY: '127.0.0.1' });
    for (let i = 0; i < 8; i++) {
      const res = await t.request('POST', '/trpc/auth.forgotPassword', { body: { email: `person${i}@example.com` }, headers: xff(i) });
      expect(res.status).toBe(200);
    }
  });
});

describe('login: 100 an hour per address', () => {
  it('spreading tries over many emails still stops at 100', async () => {
    const { t } = await app();
    for (let batch = 0; batch < 10; batch++) {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => t.request('POST', '/api/auth/login', { body: { email: `spray${batch * 10 + i}@example.com`, password: 'guess-123456' } })),
      );
      expect(results.every((r) => r.status === 401)).toBe(true);
    }
    expectLimited(await t.request('POST', '/api/auth/login', { body: { email: 'spray-last@example.com', password: 'guess-123456' } }), 3600);
  });
});

describe('send-otp: 5 an hour per address', () => {
  it('the sixth sign-up from one address is 429 and sends no mail; X-Forwarded-For is ignored by default', async () => {
    const { t, smtp } = await app();
    const body = (i: number) => ({ name: 'Signer', email: `signer${i}@example.com`, password: 'a-fine-password-9' });
    for (let i = 1; i <= 5; i++) expect((await t.request('POST', '/api/auth/send-otp', { body: body(i), headers: xff(i) })).status).toBe(200);
    const res = await t.request('POST', '/api/auth/send-otp', { body: body(6), headers: xff(6) });
    expectLimited(res, 3600);
    expect(smtp.mailsTo('signer6@example.com')).toHaveLength(0);
    // register shares the rule set but has its own counter; it too stops at 5 from one address.
    for (let i = 7; i <= 11; i++) expect((await t.request('POST', '/api/auth/register', { body: body(i) })).status).toBe(200);
    expectLimited(await t.request('POST', '/api/auth/register', { body: body(12) }), 3600);
  });

  it('and 5 an hour per email, whatever the (trusted) address and however long between resends', async () => {
    const clock = fakeClock();
    const smtp = await startSmtpSink();
    const t = await startTestApp({ SMTP_URL: smtp.url, TRUST_PROXY: '127.0.0.1' }, { clock });
    open.push(smtp, t);
    const body = { name: 'Resender', email: 'resender@example.com', password: 'a-fine-password-9' };
    for (let i = 1; i <= 5; i++) {
      expect((await t.request('POST', '/api/auth/send-otp', { body, headers: xff(i) })).status).toBe(200);
      clock.advance(61_000);
    }
    const res = await t.request('POST', '/api/auth/send-otp', { body, headers: xff(6) });
    expectLimited(res, 3600);
    expect(res.body.error).toMatch(/^Too many attempts/);
    expect(smtp.mailsTo(body.email)).toHaveLength(5);
  });

  it('with TRUST_PROXY naming the proxy (here the test itself, on 127.0.0.1) the forwarded address is the key', async () => {
    const { t } = await app({ TRUST_PROXY: '127.0.0.1' });
    const body = (i: number) => ({ name: 'Proxied', email: `proxied${i}@example.com`, password: 'a-fine-password-9' });
    for (let i = 1; i <= 5; i++) expect((await t.request('POST', '/api/auth/send-otp', { body: body(i), headers: xff(1) })).status).toBe(200);
    expectLimited(await t.request('POST', '/api/auth/send-otp', { body: body(6), headers: xff(1) }), 3600);
    expect((await t.request('POST', '/api/auth/send-otp', { body: body(7), headers: xff(2) })).status).toBe(200);
  });
});

describe('the other auth routes', () => {
  it('verify-otp: 10 per 15 minutes per address', async () => {
    const { t } = await app();
    for (let i = 0; i < 10; i++) {
      expect((await t.request('POST', '/api/auth/verify-otp', { body: { email: `v${i}@example.com`, otp: '123456' } })).status).toBe(400);
    }
    expectLimited(await t.request('POST', '/api/auth/verify-otp', { body: { email: 'v-last@example.com', otp: '123456' } }), 900);
  });

  it('forgot-password: 20 an hour per address, 5 an hour per email', async () => {
    const { t } = await app({ TRUST_PROXY: '127.0.0.1' });
    for (let i = 0; i < 20; i++) {
      expect((await t.request('POST', '/api/auth/forgot-password', { body: { email: `f${i}@example.com` } })).status).toBe(200);
    }
    expectLimited(await t.request('POST', '/api/auth/forgot-password', { body: { email: 'f-last@example.com' } }), 3600);
    // Per email, whatever the (trusted) address: after 5 the limiter answers, not the resend throttle.
    for (let i = 0; i < 5; i++) await t.request('POST', '/api/auth/forgot-password', { body: { email: 'target@example.com' }, headers: xff(i) });
    const res = await t.request('POST', '/api/auth/forgot-password', { body: { email: 'target@example.com' }, headers: xff(50) });
    expectLimited(res, 3600);
    expect(res.body.error).toMatch(/^Too many attempts/);
  });

  it('reset-password: 10 per 15 minutes; google: 20 a minute', async () => {
    const { t } = await app();
    const reset = { email: 'r@example.com', otp: '123456', newPassword: 'whatever-it-is-1' };
    for (let i = 0; i < 10; i++) expect((await t.request('POST', '/api/auth/reset-password', { body: reset })).status).toBe(400);
    expectLimited(await t.request('POST', '/api/auth/reset-password', { body: reset }), 900);
    for (let i = 0; i < 20; i++) expect((await t.request('POST', '/api/auth/google', { body: { token: 'a.b.c' } })).status).toBe(400);
    expectLimited(await t.request('POST', '/api/auth/google', { body: { token: 'a.b.c' } }), 60);
  });

  it('everything else: 300 a minute per address', async () => {
    const { t } = await app();
    for (let batch = 0; batch < 6; batch++) {
      const results = await Promise.all(Array.from({ length: 50 }, () => t.request('GET', '/api/auth/me')));
      expect(results.every((r) => r.status === 401)).toBe(true);
    }
    expectLimited(await t.request('GET', '/api/auth/me'), 60);
    expectLimited(await t.request('GET', '/api/credits/transactions'), 60);
  });
});

describe('per-person limits key on the signed-in user, not on the Authorization text', () => {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const chat = (t: TestApp, headers: Record<string, string>) => t.request('POST', '/api/ai/chat', { body: {}, headers });

  it('two sessions of one person share one chat budget of 20 a minute; a new session gets none; another person has their own', async () => {
    const { t, smtp } = await app();
    const u = await signUp(t, smtp);
    const session = async () => (await t.request('POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).body.token as string;
    const second = await session();
    // An empty chat is refused (400) after the limiter has counted it.
    for (let i = 0; i < 20; i++) expect((await chat(t, bearer(i % 2 ? second : u.token))).status).toBe(400);
    expectLimited(await chat(t, bearer(second)), 60);
    expectLimited(await chat(t, bearer(u.token)), 60);
    expectLimited(await chat(t, bearer(await session())), 60);
    // The same counter guards the tRPC path.
    expect((await t.request('POST', '/trpc/chat.send', { body: {}, headers: bearer(second) })).status).toBe(429);
    const other = await newUser(t);
    expect((await chat(t, bearer(other.token))).status).toBe(400);
  });

  it('another spelling of a token is refused with 401, on every route, so a token has one budget', async () => {
    const { t } = await app();
    const { token } = await newUser(t);
    const [head, payload, signature] = token.split('.') as [string, string, string];
    // base64url's spare bits: three other last characters give the same signature bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.at(-1)!);
    const twins = [0, 1, 2, 3].map((bits) => signature.slice(0, -1) + alphabet[(last & ~3) | bits]).filter((s) => s !== signature);
    for (const twin of twins) expect(Buffer.from(twin, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    const spellings = [
      `bearer ${token}`,
      `BEARER ${token}`,
      `Bearer  ${token}`,
      `Bearer\t${token}`,
      `Bearer ${token} x`,
      `Bearer ${token}=`,
      `Bearer ${token}==`,
      `Bearer ${token},Bearer ${token}`,
      `Token ${token}`,
      token,
      ...twins.map((twin) => `Bearer ${head}.${payload}.${twin}`),
      ...twins.map((twin) => `Bearer ${head}.${payload}.${twin}=`),
    ];
    for (const authorization of spellings) {
      expect((await t.request('GET', '/api/auth/me', { headers: { authorization } })).status, authorization).toBe(401);
      expect((await t.request('GET', '/trpc/auth.me', { headers: { authorization } })).status, authorization).toBe(401);
      expect((await chat(t, { authorization })).status, authorization).toBe(401);
      // Public routes too: a credential that cannot be read is refused, not taken as nobody.
      expect((await t.request('GET', '/api/admin/status', { headers: { authorization } })).status, authorization).toBe(401);
    }
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(200);
    // A well-formed token that is not valid is nobody on a public route (a stale token in the browser).
    const forged = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11);
    expect((await t.request('GET', '/api/admin/status', { headers: bearer(`${head}.${payload}.${forged}`) })).status).toBe(200);
  });

  it('installs: 5 an hour per person, across sessions', async () => {
    const { t, smtp } = await app();
    const u = await signUp(t, smtp);
    const second = (await t.request('POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).body.token as string;
    const install = (token: string) => t.request('POST', '/api/dependencies/install', { token, body: { command: 'pip install $(id)' } });
    // Each is refused before anything runs (400), after the limiter has counted it.
    for (let i = 0; i < 5; i++) expect((await install(i % 2 ? second : u.token)).status).toBe(400);
    expectLimited(await install(second), 3600);
    expectLimited(await install(u.token), 3600);
  });
});

describe('codes: 10 guesses an hour per email, whatever the address', () => {
  it('reset-password: rotating (trusted) addresses gives no more guesses at one account\'s code', async () => {
    const { t } = await app({ TRUST_PROXY: '127.0.0.1' });
    const reset = (email: string) => ({ email, otp: '123456', newPassword: 'whatever-it-is-1' });
    for (let i = 0; i < 10; i++) {
      expect((await t.request('POST', '/api/auth/reset-password', { body: reset('victim@example.com'), headers: xff(i) })).status).toBe(400);
    }
    expectLimited(await t.request('POST', '/api/auth/reset-password', { body: reset('victim@example.com'), headers: xff(50) }), 3600);
    expectLimited(await t.request('POST', '/api/auth/reset-password', { body: reset(' Victim@Example.com'), headers: xff(51) }), 3600);
    expect((await t.request('POST', '/trpc/auth.resetPassword', { body: reset('victim@example.com'), headers: xff(52) })).status).toBe(429);
    expect((await t.request('POST', '/api/auth/reset-password', { body: reset('someone-else@example.com'), headers: xff(53) })).status).toBe(400);
  });

  it('verify-otp: the same for sign-up codes', async () => {
    const { t } = await app({ TRUST_PROXY: '127.0.0.1' });
    const verify = (email: string) => ({ email, otp: '123456' });
    for (let i = 0; i < 10; i++) {
      expect((await t.request('POST', '/api/auth/verify-otp', { body: verify('newcomer@example.com'), headers: xff(i) })).status).toBe(400);
    }
    expectLimited(await t.request('POST', '/api/auth/verify-otp', { body: verify('newcomer@example.com'), headers: xff(50) }), 3600);
    expect((await t.request('POST', '/api/auth/verify-otp', { body: verify('someone-else@example.com'), headers: xff(51) })).status).toBe(400);
  });
});
