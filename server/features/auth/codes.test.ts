// E-mailed codes (docs/security.md): bound to email and purpose, 10 minutes, 5 tries bumped
// before comparing, single use under concurrency, resend throttled and voiding, stored keyed-hashed.
// Rate limits are off here: every 429 below comes from the code store itself.
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { fakeClock } from '../../testing/fake-clock';
import { signUp } from '../../testing/fixtures';
import { consumeCode } from './codes';

let smtp: SmtpSink;
let t: TestApp;
const clock = fakeClock();
let n = 0;
const fresh = (label: string) => `${label}-${++n}-${Date.now()}@example.com`;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url }, { clock, rateLimits: false });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(() => clock.reset());

const db = () => t.app.deps.db;
const codeRow = (email: string, purpose: 'signup' | 'reset') =>
  db().selectFrom('verification_codes').selectAll().where('email', '=', email).where('purpose', '=', purpose).executeTakeFirst();
const usersWith = (email: string) => db().selectFrom('users').selectAll().where('email', '=', email).execute();

async function startSignup(email: string, password = 'a-fine-password-9'): Promise<string> {
  const since = smtp.mailsTo(email).length;
  const res = await t.request('POST', '/api/auth/send-otp', { body: { name: 'Code Tester', email, password } });
  expect(res.status).toBe(200);
  return smtp.waitForCode(email, { since });
}

async function startReset(email: string): Promise<string> {
  const since = smtp.mailsTo(email).length;
  const res = await t.request('POST', '/api/auth/forgot-password', { body: { email } });
  expect(res.status).toBe(200);
  return smtp.waitForCode(email, { since });
}

const verify = (email: string, otp: string) => t.request('POST', '/api/auth/verify-otp', { body: { email, otp } });
const reset = (email: string, otp: string, newPassword = 'brand-new-secret-7') =>
  t.request('POST', '/api/auth/reset-password', { body: { email, otp, newPassword } });
const wrongCode = (right: string, i = 1) => String((Number(right) + i) % 1_000_000).padStart(6, '0');

describe('codes are bound to their purpose', () => {
  it('refuses a sign-up code on reset, and the sign-up code still works afterwards', async () => {
    const email = fresh('purpose-a');
    const otp = await startSignup(email);
    const res = await reset(email, otp);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid or expired reset code' });
    expect((await codeRow(email, 'signup'))?.attempts).toBe(0);
    expect((await verify(email, otp)).status).toBe(200);
  });

  it('refuses a reset code on sign-up verification, and the reset code still works afterwards', async () => {
    const user = await signUp(t, smtp);
    const otp = await startReset(user.email);
    const res = await verify(user.email, otp);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid or expired verification code' });
    expect(await usersWith(user.email)).toHaveLength(1);
    expect((await codeRow(user.email, 'reset'))?.attempts).toBe(0);
    expect((await reset(user.email, otp)).status).toBe(200);
  });

  it('refuses a code mailed for another address', async () => {
    const a = fresh('bound-a');
    const b = fresh('bound-b');
    const otpA = await startSignup(a);
    await startSignup(b);
    expect((await verify(b, otpA)).status).toBe(400);
    expect(await usersWith(b)).toHaveLength(0);
  });
});

describe('codes expire after 10 minutes', () => {
  it('refuses the right code at 10 min 01 s and deletes the row', async () => {
    const email = fresh('expiry');
    const otp = await startSignup(email);
    clock.advance(10 * 60_000 + 1_000);
    const res = await verify(email, otp);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid or expired verification code' });
    expect(await codeRow(email, 'signup')).toBeUndefined();
    expect(await usersWith(email)).toHaveLength(0);
  });

  it('still accepts the right code at 9 min 59 s', async () => {
    const email = fresh('not-yet');
    const otp = await startSignup(email);
    clock.advance(10 * 60_000 - 1_000);
    expect((await verify(email, otp)).status).toBe(200);
  });
});

describe('at most 5 tries', () => {
  it('counts each wrong try, and after 5 the right code is refused and the row deleted', async () => {
    const email = fresh('five');
    const otp = await startSignup(email);
    for (let i = 1; i <= 5; i++) {
      expect((await verify(email, wrongCode(otp, i))).status).toBe(400);
      expect((await codeRow(email, 'signup'))?.attempts).toBe(i);
    }
    expect((await verify(email, otp)).status).toBe(400);
    expect(await codeRow(email, 'signup')).toBeUndefined();
    expect(await usersWith(email)).toHaveLength(0);
  });

  it('50 parallel wrong guesses, then the right code: all refused, the counter never above 5', async () => {
    const email = fresh('brute');
    const otp = await startSignup(email);
    const seen: number[] = [];
    const guesses = Array.from({ length: 50 }, (_, i) =>
      verify(email, wrongCode(otp, i + 1)).then(async (r) => {
        const row = await codeRow(email, 'signup');
        if (row) seen.push(row.attempts);
        return r.status;
      }),
    );
    expect(new Set(await Promise.all(guesses))).toEqual(new Set([400]));
    expect(Math.max(0, ...seen)).toBeLessThanOrEqual(5);
    const right = await verify(email, otp);
    expect(right.status).toBe(400);
    expect(await usersWith(email)).toHaveLength(0);
    expect(await codeRow(email, 'signup')).toBeUndefined();
  });

  it('consumeCode itself, 50 wrong guesses in the same tick: at most 5 counted, then the right code is refused', async () => {
    const email = fresh('same-tick-brute');
    const otp = await startSignup(email);
    const { db: appDb, clock: appClock, codeKey } = t.app.deps;
    const guess = (code: string) => consumeCode(appDb, appClock, codeKey, { email, purpose: 'signup', code, invalidMessage: 'invalid' });
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => guess(wrongCode(otp, i + 1))));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    const row = await codeRow(email, 'signup');
    expect(row === undefined || row.attempts <= 5).toBe(true);
    await expect(guess(otp)).rejects.toThrow('invalid');
  });

  it('a reset code also dies after 5 wrong tries, and the password stays the same', async () => {
    const user = await signUp(t, smtp);
    const otp = await startReset(user.email);
    const before = (await usersWith(user.email))[0]!.password_hash;
    await Promise.all(Array.from({ length: 20 }, (_, i) => reset(user.email, wrongCode(otp, i + 1))));
    expect((await reset(user.email, otp)).status).toBe(400);
    expect((await usersWith(user.email))[0]!.password_hash).toBe(before);
    expect((await t.request('POST', '/api/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(200);
  });
});

describe('single use under concurrency', () => {
  it('the right code sent twice at once: exactly one success', async () => {
    const email = fresh('twice');
    const otp = await startSignup(email);
    const statuses = (await Promise.all([verify(email, otp), verify(email, otp)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400]);
    expect(await usersWith(email)).toHaveLength(1);
  });

  it('10 parallel verifies create one user with exactly 100 credits and one ledger row', async () => {
    const email = fresh('ten');
    const otp = await startSignup(email);
    const results = await Promise.all(Array.from({ length: 10 }, () => verify(email, otp)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 400)).toBe(true);
    const users = await usersWith(email);
    expect(users).toHaveLength(1);
    expect(users[0]!.credits).toBe(100);
    const ledger = await db().selectFrom('credit_transactions').selectAll().where('user_id', '=', users[0]!.id).execute();
    expect(ledger.map((r) => r.amount)).toEqual([100]);
  });

  it('the right reset code sent twice at once: exactly one password change', async () => {
    const user = await signUp(t, smtp);
    const otp = await startReset(user.email);
    const results = await Promise.all([reset(user.email, otp, 'parallel-one-secret-1'), reset(user.email, otp, 'parallel-two-secret-2')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results[0]!.status === 200 ? 'parallel-one-secret-1' : 'parallel-two-secret-2';
    const loser = winner === 'parallel-one-secret-1' ? 'parallel-two-secret-2' : 'parallel-one-secret-1';
    expect((await t.request('POST', '/api/auth/login', { body: { email: user.email, password: winner } })).status).toBe(200);
    expect((await t.request('POST', '/api/auth/login', { body: { email: user.email, password: loser } })).status).toBe(401);
  });

  it('consumeCode itself, called 10 times in the same tick with the right code, succeeds once', async () => {
    // Over HTTP each request's check-and-delete runs within one event-loop turn, so this calls the
    // real function concurrently on the app's own database to reach the DELETE-must-change-1-row guard.
    const email = fresh('same-tick');
    const otp = await startSignup(email);
    const { db: appDb, clock: appClock, codeKey } = t.app.deps;
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, () => consumeCode(appDb, appClock, codeKey, { email, purpose: 'signup', code: otp, invalidMessage: 'invalid' })),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(await codeRow(email, 'signup')).toBeUndefined();
  });

  it('a used reset code cannot be used again', async () => {
    const user = await signUp(t, smtp);
    const otp = await startReset(user.email);
    expect((await reset(user.email, otp, 'first-new-secret-1')).status).toBe(200);
    expect((await reset(user.email, otp, 'second-new-secret-2')).status).toBe(400);
    const login = await t.request('POST', '/api/auth/login', { body: { email: user.email, password: 'first-new-secret-1' } });
    expect(login.status).toBe(200);
  });
});

describe('resends', () => {
  it('10 sends in one second: one mail, the other nine 429 with Retry-After', async () => {
    const email = fresh('resend');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.request('POST', '/api/auth/send-otp', { body: { name: 'Impatient', email, password: 'a-fine-password-9' } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const limited = results.filter((r) => r.status === 429);
    expect(limited).toHaveLength(9);
    for (const r of limited) {
      const retryAfter = Number(r.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(r.body.error).toMatch(/wait \d+ seconds/);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mailsTo(email)).toHaveLength(1);
  });

  it('forgot-password is throttled the same way', async () => {
    const user = await signUp(t, smtp);
    const since = smtp.mailsTo(user.email).length;
    const results = await Promise.all(Array.from({ length: 5 }, () => t.request('POST', '/api/auth/forgot-password', { body: { email: user.email } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429]);
    await smtp.waitForCode(user.email, { since });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mailsTo(user.email).length - since).toBe(1);
  });

  it('a resend after a minute voids the old code', async () => {
    const email = fresh('void');
    const first = await startSignup(email);
    clock.advance(61_000);
    let second = await startSignup(email);
    while (second === first) {
      clock.advance(61_000);
      second = await startSignup(email);
    }
    expect((await verify(email, first)).status).toBe(400);
    expect((await verify(email, second)).status).toBe(200);
  });
});

describe('codes at rest', () => {
  it('keeps no code in the database row or the logs, for sign-up and reset', async () => {
    const email = fresh('at-rest');
    const signupCode = await startSignup(email);
    const signupRow = await codeRow(email, 'signup');
    const user = await signUp(t, smtp);
    const resetCode = await startReset(user.email);
    const resetRow = await codeRow(user.email, 'reset');
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    for (const [code, row, addr, purpose] of [[signupCode, signupRow, email, 'signup'], [resetCode, resetRow, user.email, 'reset']] as const) {
      expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
      expect(t.logs.join('')).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
      // Not an unkeyed hash that anyone holding the row could brute-force over the 10^6 codes.
      for (const plain of [code, `${addr}${code}`, `${addr}:${code}`, `${purpose}\n${addr}\n${code}`]) expect(row!.code_hash).not.toBe(sha256(plain));
    }
  });
});
