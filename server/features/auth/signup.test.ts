// Sign-up by e-mailed code through the real app, a real SMTP peer and a real SQLite file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, type TestApp } from '../../testing/test-app';

let smtp: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('sign-up with an e-mailed code', () => {
  it('mails a code, verifies it and signs the person in with 100 credits recorded in the ledger', async () => {
    const email = 'ada@example.com';
    const sent = await t.request('POST', '/api/auth/send-otp', { body: { name: 'Ada Lovelace', email, password: 'analytical-engine' } });
    expect(sent.status).toBe(200);
    const otp = await smtp.waitForCode(email);
    const res = await t.request('POST', '/api/auth/verify-otp', { body: { email, otp } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: 'Ada Lovelace', email, credits: 100, googleAuth: false });
    const me = await t.request('GET', '/api/auth/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(Object.keys(me.body).sort()).toEqual(['createdAt', 'credits', 'email', 'googleAuth', 'hasPassword', 'id', 'name']);
    const ledger = await t.request('GET', '/api/credits/transactions', { token: res.body.token });
    expect(ledger.body).toHaveLength(1);
    expect(ledger.body[0]).toMatchObject({ amount: 100 });
    const row = await t.app.deps.db.selectFrom('verification_codes').selectAll().where('email', '=', email).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('stores only a keyed hash of the code and never logs it', async () => {
    const email = 'hash-check@example.com';
    await t.request('POST', '/api/auth/send-otp', { body: { name: 'Hash Check', email, password: 'not-in-any-list' } });
    const otp = await smtp.waitForCode(email);
    const row = await t.app.deps.db.selectFrom('verification_codes').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(otp);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(t.logs.join('')).not.toContain(otp);
  });

  it('answers send-otp for an existing account exactly like for a new one, and mails no code', async () => {
    const email = 'taken@example.com';
    await t.request('POST', '/api/auth/send-otp', { body: { name: 'First Owner', email, password: 'first-password' } });
    const otp = await smtp.waitForCode(email);
    await t.request('POST', '/api/auth/verify-otp', { body: { email, otp } });
    const fresh = await t.request('POST', '/api/auth/send-otp', { body: { name: 'Someone', email: 'free@example.com', password: 'other-password' } });
    const taken = await t.request('POST', '/api/auth/send-otp', { body: { name: 'Someone', email, password: 'other-password' } });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    const last = smtp.mailsTo(email).at(-1)!;
    expect(last.raw).not.toMatch(/code is \d{6}/);
  });

  it('never signs anyone in through POST /api/auth/register without the code', async () => {
    const res = await t.request('POST', '/api/auth/register', { body: { name: 'Eve', email: 'eve@example.com', password: 'eve-password-1' } });
    expect(res.status).toBe(200);
    expect(res.body.token).toBeUndefined();
    const user = await t.app.deps.db.selectFrom('users').selectAll().where('email', '=', 'eve@example.com').executeTakeFirst();
    expect(user).toBeUndefined();
  });
});
