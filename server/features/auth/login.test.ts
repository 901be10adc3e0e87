// Login, password storage, no account enumeration and password reset end to end
// (docs/security.md), through the real app with a real SMTP peer.
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../clock';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { signUp } from '../../testing/fixtures';

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

const login = (email: string, password: string) => t.request('POST', '/api/auth/login', { body: { email, password } });
const me = (token: string) => t.request('GET', '/api/auth/me', { token });
/** The argon2 variant and parameters of a PHC string (the library writes them as m,p,t). */
const params = (hash: string) => {
  const [, variant, , list] = hash.split('$');
  return { variant, ...Object.fromEntries(list!.split(',').map((kv) => [kv.split('=')[0]!, Number(kv.split('=')[1])])) } as Record<string, unknown>;
};
const hashOf = async (email: string) =>
  (await t.app.deps.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow()).password_hash!;

describe('login', () => {
  it('answers {token, user} with the /me fields, and the token works', async () => {
    const u = await signUp(t, smtp);
    const res = await login(u.email, u.password);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['token', 'user']);
    expect(res.body.user).toEqual({ id: u.id, name: u.name, email: u.email, credits: 100, googleAuth: false, hasPassword: true, createdAt: expect.any(String) });
    expect((await me(res.body.token)).body.id).toBe(u.id);
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const u = await signUp(t, smtp);
    expect((await login(`  ${u.email.toUpperCase()} `, u.password)).status).toBe(200);
  });

  it('a wrong password answers 401 and creates no session', async () => {
    const u = await signUp(t, smtp);
    const sessions = async () => (await t.app.deps.db.selectFrom('sessions').select('id').where('user_id', '=', u.id).execute()).length;
    const before = await sessions();
    const res = await login(u.email, u.password + 'x');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid email or password' });
    expect(await sessions()).toBe(before);
  });
});

describe('passwords at rest', () => {
  it('are argon2id with m >= 19456 KiB, t >= 2, p = 1', async () => {
    const u = await signUp(t, smtp);
    const hash = await hashOf(u.email);
    const p = params(hash);
    expect(p.variant).toBe('argon2id');
    expect(p.m).toBeGreaterThanOrEqual(19456);
    expect(p.t).toBeGreaterThanOrEqual(2);
    expect(p.p).toBe(1);
    expect(hash).not.toContain(u.password);
  });

  it('are never truncated: a 128-character password must be given whole', async () => {
    const password = 'Zq9-'.repeat(32);
    const u = await signUp(t, smtp, { password });
    expect((await login(u.email, password.slice(0, 72))).status).toBe(401);
    expect((await login(u.email, password.slice(0, 127))).status).toBe(401);
    expect((await login(u.email, password)).status).toBe(200);
  });

  it('a hash made with weaker parameters is replaced on the next login', async () => {
    const email = 'legacy@example.com';
    const password = 'legacy-password-5';
    const weak = await argon2.hash(password, { type: argon2.argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await t.app.deps.db
      .insertInto('users')
      .values({ id: newId(), name: 'Legacy', email, password_hash: weak, email_verified: 1, google_sub: null, created_at: new Date().toISOString() })
      .execute();
    expect((await login(email, password)).status).toBe(200);
    const rehashed = await hashOf(email);
    expect(rehashed).not.toBe(weak);
    expect(params(weak)).toMatchObject({ m: 4096, t: 1 });
    expect(params(rehashed)).toEqual({ variant: 'argon2id', m: 19456, t: 2, p: 1 });
    expect((await login(email, password)).status).toBe(200);
  });
});

describe('no account enumeration', () => {
  it('login: an unknown email and a wrong password answer the same 401 {error}', async () => {
    const u = await signUp(t, smtp);
    const unknown = await login('nobody-here@example.com', 'some-password-1');
    const wrong = await login(u.email, 'some-password-1');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(unknown.status);
    expect(wrong.body).toEqual(unknown.body);
  });

  it('login: an unknown email still costs an argon2 verify (the timing is even)', async () => {
    const u = await signUp(t, smtp);
    const timed = async (email: string) => {
      const start = performance.now();
      await login(email, 'not-the-password-1');
      return performance.now() - start;
    };
    await timed('warm-up@example.com');
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 6; i++) {
      unknown.push(await timed(`ghost${i}@example.com`));
      wrong.push(await timed(u.email));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
  });

  it('send-otp: an existing account and a new address answer the same', async () => {
    const u = await signUp(t, smtp);
    const body = { name: 'Somebody', password: 'some-password-1' };
    const fresh = await t.request('POST', '/api/auth/send-otp', { body: { ...body, email: 'brand-new@example.com' } });
    const taken = await t.request('POST', '/api/auth/send-otp', { body: { ...body, email: u.email } });
    expect(taken.status).toBe(200);
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    const again = [
      await t.request('POST', '/api/auth/send-otp', { body: { ...body, email: 'brand-new@example.com' } }),
      await t.request('POST', '/api/auth/send-otp', { body: { ...body, email: u.email } }),
    ];
    expect(again[0]!.status).toBe(429);
    expect(again[1]!.status).toBe(429);
    expect(again[1]!.body).toEqual(again[0]!.body);
  });

  it('forgot-password: an unknown email and a known one answer the same, the first time and when repeated', async () => {
    const u = await signUp(t, smtp);
    const ask = (email: string) => t.request('POST', '/api/auth/forgot-password', { body: { email } });
    const known = await ask(u.email);
    const unknown = await ask('no-such-account@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const knownAgain = await ask(u.email);
    const unknownAgain = await ask('no-such-account@example.com');
    expect(knownAgain.status).toBe(429);
    expect(unknownAgain.status).toBe(429);
    expect(unknownAgain.body).toEqual(knownAgain.body);
    expect(smtp.mailsTo('no-such-account@example.com')).toHaveLength(0);
  });
});

describe('password reset end to end', () => {
  it('the mailed code sets a new password, revokes every session, and the old password stops working', async () => {
    const u = await signUp(t, smtp);
    const second = (await login(u.email, u.password)).body.token as string;
    expect((await me(u.token)).status).toBe(200);
    expect((await me(second)).status).toBe(200);

    const since = smtp.mailsTo(u.email).length;
    expect((await t.request('POST', '/api/auth/forgot-password', { body: { email: u.email } })).status).toBe(200);
    const otp = await smtp.waitForCode(u.email, { since });
    expect(smtp.mailsTo(u.email).at(-1)!.raw).toMatch(/password reset code/);
    const newPassword = 'a-completely-new-one-4';
    const res = await t.request('POST', '/api/auth/reset-password', { body: { email: u.email, otp, newPassword } });
    expect(res.status).toBe(200);
    expect(res.body.token).toBeUndefined();

    expect((await me(u.token)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(401);
    const fresh = await login(u.email, newPassword);
    expect(fresh.status).toBe(200);
    expect((await me(fresh.body.token)).status).toBe(200);
  });

  it('another account keeps its sessions', async () => {
    const a = await signUp(t, smtp);
    const b = await signUp(t, smtp);
    const since = smtp.mailsTo(a.email).length;
    await t.request('POST', '/api/auth/forgot-password', { body: { email: a.email } });
    const otp = await smtp.waitForCode(a.email, { since });
    await t.request('POST', '/api/auth/reset-password', { body: { email: a.email, otp, newPassword: 'yet-another-one-8' } });
    expect((await me(a.token)).status).toBe(401);
    expect((await me(b.token)).status).toBe(200);
  });

  it('an unknown email with a guessed code answers 400 and writes nothing', async () => {
    const res = await t.request('POST', '/api/auth/reset-password', { body: { email: 'ghost@example.com', otp: '123456', newPassword: 'whatever-it-is-1' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid or expired reset code' });
    expect(await t.app.deps.db.selectFrom('users').select('id').where('email', '=', 'ghost@example.com').executeTakeFirst()).toBeUndefined();
  });
});
