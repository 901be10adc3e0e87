// Profile changes (auth.updateProfile): the name; a new password only with the current one, checked
// and hashed like sign-up and login, common ones refused; a change ends every other session (and its
// sockets) while this one stays, and is mailed. A refusal changes nothing. Real app, real SMTP peer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/auth.schema';
import { newUser, signUp, type SignedUpUser } from '../../testing/fixtures';
import { RunClient } from '../../testing/run-client';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { findUserById } from './users';

let smtp: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url }, { rateLimits: false });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const update = (token: string | undefined, body: unknown) => t.request('POST', '/trpc/auth.updateProfile', { token, body });
const me = (token: string) => t.request('GET', '/api/auth/me', { token });
const login = (email: string, password: string) => t.request('POST', '/api/auth/login', { body: { email, password } });
const row = async (id: string) => (await findUserById(t.app.deps.db, id))!;
const changedMails = (email: string) => smtp.mailsTo(email).filter((m) => m.raw.includes('Subject: Your Botwright password was changed'));

/** Waits (with a deadline) for the mail sent after the answer. */
async function waitForChangedMail(email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mail = changedMails(email).at(-1);
    if (mail) return mail.raw.replace(/=\r?\n/g, '');
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no 'password changed' mail to ${email}`);
}

/** A refusal in tRPC's shape: the status and the person's message. */
function expectRefused(res: { status: number; body: any }, status: number, message: string) {
  expect(res.status).toBe(status);
  expect(res.body.error.message).toBe(message);
}

describe('the name', () => {
  it('changes the name (trimmed) and nothing else: no session ends, no mail', async () => {
    const user = await signUp(t, smtp);
    const other = (await login(user.email, user.password)).body.token as string;
    const hashBefore = (await row(user.id)).password_hash;
    const res = await update(user.token, { name: '  Ada King  ' });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({ passwordChanged: false, user: { id: user.id, name: 'Ada King', email: user.email, hasPassword: true } });
    expect((await me(user.token)).body.name).toBe('Ada King');
    expect((await me(other)).status).toBe(200);
    expect((await row(user.id)).password_hash).toBe(hashBefore);
    await new Promise((r) => setTimeout(r, 200));
    expect(changedMails(user.email)).toHaveLength(0);
  });

  it('refuses a name too short or too long with the sign-up messages', async () => {
    const user = await newUser(t, { name: 'Kept Name' });
    expectRefused(await update(user.token, { name: 'A' }), 400, messages.name);
    expectRefused(await update(user.token, { name: '   ' }), 400, messages.name);
    expectRefused(await update(user.token, { name: 'x'.repeat(101) }), 400, messages.nameMax);
    expect((await row(user.id)).name).toBe('Kept Name');
  });
});

describe('the password', () => {
  let user: SignedUpUser;
  let other: string;
  beforeAll(async () => {
    user = await signUp(t, smtp, { name: 'Pat Password', password: 'first-password-71' });
    other = (await login(user.email, user.password)).body.token;
  });

  it('refuses a wrong current password, and changes nothing (not even the name)', async () => {
    const before = await row(user.id);
    const res = await update(user.token, { name: 'Not Saved', currentPassword: 'not-my-password', newPassword: 'second-password-72' });
    expectRefused(res, 400, messages.currentPasswordWrong);
    const after = await row(user.id);
    expect(after.name).toBe(before.name);
    expect(after.password_hash).toBe(before.password_hash);
    expect((await me(other)).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(200);
    expect((await login(user.email, 'second-password-72')).status).toBe(401);
    expect(changedMails(user.email)).toHaveLength(0);
  });

  it('refuses a common password (as sign-up does), and changes nothing', async () => {
    const before = await row(user.id);
    for (const common of ['password123', 'Qwerty123!', 'botwright2024']) {
      const res = await update(user.token, { name: 'Not Saved', currentPassword: user.password, newPassword: common });
      expectRefused(res, 400, messages.passwordCommon);
    }
    const after = await row(user.id);
    expect(after).toEqual(before);
    expect((await me(other)).status).toBe(200);
  });

  it('validates like the sign-up form: length, the current password required, no unknown fields', async () => {
    expectRefused(await update(user.token, { name: 'Pat Password', currentPassword: user.password, newPassword: '12345' }), 400, messages.password);
    expectRefused(await update(user.token, { name: 'Pat Password', currentPassword: user.password, newPassword: 'x'.repeat(129) }), 400, messages.passwordMax);
    expectRefused(await update(user.token, { name: 'Pat Password', newPassword: 'second-password-72' }), 400, messages.currentPassword);
    expectRefused(await update(user.token, { name: 'Pat Password', currentPassword: '', newPassword: 'second-password-72' }), 400, messages.currentPassword);
    // The e-mail is not changed here, and nothing else of the row can be reached.
    expectRefused(await update(user.token, { name: 'Pat Password', email: 'someone-else@example.com' }), 400, 'Unknown field: email');
    expectRefused(await update(user.token, { name: 'Pat Password', credits: 1_000_000 }), 400, 'Unknown field: credits');
    const after = await row(user.id);
    expect(after.email).toBe(user.email);
    expect(after.credits).toBe(100);
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('needs a session', async () => {
    expectRefused(await update(undefined, { name: 'Nobody Here' }), 401, 'Please sign in to continue');
  });

  it('changes the password: argon2id as at sign-up, other sessions and their sockets end, this one stays, a mail is sent', async () => {
    const newPassword = 'second-password-72';
    const third = (await login(user.email, user.password)).body.token as string;
    const otherSocket = await RunClient.open(t.url, { token: other });
    const ownSocket = await RunClient.open(t.url, { token: user.token });

    const res = await update(user.token, { name: 'Pat Changed', currentPassword: user.password, newPassword });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({ passwordChanged: true, user: { name: 'Pat Changed' } });

    // Stored as sign-up stores it: argon2id, m=19456 KiB, t=2, p=1.
    expect((await row(user.id)).password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    // Every other session is refused; the one that made the change still works.
    expect((await me(other)).status).toBe(401);
    expect((await me(third)).status).toBe(401);
    expect((await me(user.token)).status).toBe(200);
    expect((await me(user.token)).body.name).toBe('Pat Changed');
    // The sockets follow their sessions at once.
    await otherSocket.waitFor(() => false, 2000).catch(() => {});
    expect(otherSocket.closeCode).toBe(4401);
    expect(ownSocket.closeCode).toBeNull();
    ownSocket.close();

    // The old password is gone, the new one signs in.
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, newPassword)).status).toBe(200);

    const mail = await waitForChangedMail(user.email);
    expect(mail).toContain('Hi Pat Changed');
    expect(mail).toContain(`${t.config.publicUrl}/login`);
    expect(mail).not.toContain(newPassword);
    expect(changedMails(user.email)).toHaveLength(1);
    // No password in any log line.
    expect(t.logs.join('\n')).not.toContain(newPassword);
    user.password = newPassword;
  });
});

describe('an account that only signs in with Google', () => {
  it('can change its name, but sets a first password only through the e-mailed reset code', async () => {
    const google = await newUser(t, { name: 'Gia Google' });
    expect((await me(google.token)).body).toMatchObject({ hasPassword: false });
    const renamed = await update(google.token, { name: 'Gia G' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.result.data.user).toMatchObject({ name: 'Gia G', hasPassword: false });

    const res = await update(google.token, { name: 'Gia Not Saved', currentPassword: 'anything-at-all', newPassword: 'first-password-73' });
    expectRefused(res, 400, messages.noPasswordYet);
    const after = await row(google.id);
    expect(after.name).toBe('Gia G');
    expect(after.password_hash).toBeNull();
  });
});

describe('rate limit', () => {
  it('gives a session 10 tries at its current password per 15 minutes', async () => {
    const limited = await startTestApp({ SMTP_URL: smtp.url });
    try {
      const user = await signUp(limited, smtp);
      const body = { name: 'Guess Er', currentPassword: 'wrong-guess-00', newPassword: 'second-password-72' };
      for (let i = 0; i < 10; i++) {
        expect((await limited.request('POST', '/trpc/auth.updateProfile', { token: user.token, body })).status).toBe(400);
      }
      const over = await limited.request('POST', '/trpc/auth.updateProfile', { token: user.token, body: { ...body, currentPassword: user.password } });
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toBeTruthy();
      expect((await limited.request('POST', '/api/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the operator contact for credits', () => {
  it('is null when OPERATOR_CONTACT is unset, and the configured text when set (no sign-in needed)', async () => {
    const unset = await t.request('GET', '/trpc/credits.operatorContact');
    expect(unset.status).toBe(200);
    expect(unset.body.result.data).toEqual({ contact: null });
    const withContact = await startTestApp({ OPERATOR_CONTACT: '  credits@example.com  ' }, { rateLimits: false });
    try {
      const res = await withContact.request('GET', '/trpc/credits.operatorContact');
      expect(res.body.result.data).toEqual({ contact: 'credits@example.com' });
    } finally {
      await withContact.close();
    }
  });
});
