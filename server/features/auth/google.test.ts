// POST /api/auth/google {token} and the account rules of Google sign-in (docs/security.md): the ID
// token's signature, audience, issuer, expiry and email_verified; found by subject; a verified local
// account is linked, an unverified one is never handed to its pre-registrant; pending sign-ups voided.
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../clock';
import { startOidcProvider, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, type OidcProvider, type GoogleUser } from '../../testing/oidc-provider';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { dbSnapshot } from '../../testing/db-snapshot';
import { signUp } from '../../testing/fixtures';
import { hashPassword } from './passwords';
import { createSession } from './sessions';

let provider: OidcProvider;
let smtp: SmtpSink;
let t: TestApp;
let n = 0;

beforeAll(async () => {
  provider = await startOidcProvider();
  smtp = await startSmtpSink();
  t = await startTestApp(
    { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER: provider.issuer, SMTP_URL: smtp.url },
    { rateLimits: false },
  );
});
afterAll(async () => {
  await t.close();
  await provider.close();
  await smtp.close();
});

const person = (over: Partial<GoogleUser> = {}): GoogleUser => {
  n += 1;
  return { sub: `sub-${n}-${Date.now()}`, email: `g${n}-${Date.now()}@example.com`, email_verified: true, name: `Google Person ${n}`, ...over };
};
const google = (token: string) => t.request('POST', '/api/auth/google', { body: { token } });
const db = () => t.app.deps.db;
const usersWith = (email: string) => db().selectFrom('users').selectAll().where('email', '=', email).execute();
const ledgerOf = (userId: string) => db().selectFrom('credit_transactions').selectAll().where('user_id', '=', userId).execute();

async function expectRefused(token: string) {
  const before = await dbSnapshot(db());
  const res = await google(token);
  expect(res.status).toBe(401);
  expect(typeof res.body.error).toBe('string');
  expect(res.body.token).toBeUndefined();
  expect(await dbSnapshot(db())).toEqual(before);
}

describe('the ID token', () => {
  it('a valid one answers {token, user} with 100 credits recorded once, and the token works', async () => {
    const who = person();
    const res = await google(await provider.idToken(who));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['token', 'user']);
    expect(res.body.user).toMatchObject({ email: who.email, name: who.name, credits: 100, googleAuth: true });
    expect((await ledgerOf(res.body.user.id)).map((r) => r.amount)).toEqual([100]);
    const me = await t.request('GET', '/api/auth/me', { token: res.body.token });
    expect(me.body.id).toBe(res.body.user.id);
  });

  it('a wrong audience is refused', async () => {
    await expectRefused(await provider.idToken(person(), { aud: 'someone-elses-client-id' }));
  });

  it('an expired token is refused', async () => {
    await expectRefused(await provider.idToken(person(), { expiresInSeconds: -30 }));
  });

  it('email_verified false is refused', async () => {
    await expectRefused(await provider.idToken(person({ email_verified: false })));
  });

  it('an edited payload (another email) with the original signature is refused', async () => {
    const token = await provider.idToken(person());
    const [h, p, s] = token.split('.');
    const payload = { ...JSON.parse(Buffer.from(p!, 'base64url').toString()), email: 'victim@example.com' };
    await expectRefused(`${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`);
  });

  it('a token from another issuer (signed with its own key) is refused', async () => {
    const other = new OAuth2Server();
    await other.issuer.keys.generate('RS256');
    await other.start(0, '127.0.0.1');
    try {
      const token = await other.issuer.buildToken({
        scopesOrTransform: (_h, payload) => Object.assign(payload, person(), { aud: GOOGLE_CLIENT_ID }),
      });
      await expectRefused(token);
    } finally {
      await other.stop();
    }
  });

  it("a token signed with the provider's key but naming another issuer is refused", async () => {
    const token = await provider.server.issuer.buildToken({
      scopesOrTransform: (_h, payload) => Object.assign(payload, person(), { aud: GOOGLE_CLIENT_ID, iss: 'https://evil.example' }),
    });
    await expectRefused(token);
  });

  it('an unsigned (alg:none) token is refused', async () => {
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(`${enc({ alg: 'none' })}.${enc({ ...person(), iss: provider.issuer, aud: GOOGLE_CLIENT_ID, iat: now, exp: now + 600 })}.`);
  });
});

describe('which account a Google sign-in lands in', () => {
  it('a verified local account with the same email is linked: same id, credits not granted twice', async () => {
    const local = await signUp(t, smtp);
    const res = await google(await provider.idToken(person({ email: local.email })));
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: local.id, credits: 100, googleAuth: true });
    expect(await ledgerOf(local.id)).toHaveLength(1);
    // Linking takes nothing from the owner: the password and the earlier session still work.
    expect((await t.request('POST', '/api/auth/login', { body: { email: local.email, password: local.password } })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/me', { token: local.token })).status).toBe(200);
  });

  it('found by subject id on the next sign-in, even after the email changed at Google', async () => {
    const who = person();
    const first = await google(await provider.idToken(who));
    const moved = await google(await provider.idToken({ ...who, email: `moved-${who.email}` }));
    expect(moved.status).toBe(200);
    expect(moved.body.user.id).toBe(first.body.user.id);
    expect(await usersWith(`moved-${who.email}`)).toHaveLength(0);
  });

  it("found by subject id even when the new email is another local account's: that account is untouched", async () => {
    const who = person();
    const first = await google(await provider.idToken(who));
    const local = await signUp(t, smtp);
    const before = (await usersWith(local.email))[0];
    const moved = await google(await provider.idToken({ ...who, email: local.email }));
    expect(moved.status).toBe(200);
    expect(moved.body.user.id).toBe(first.body.user.id);
    expect((await usersWith(local.email))[0]).toEqual(before);
  });

  it('an email already linked to another Google subject is not taken over (409)', async () => {
    const owner = person();
    const first = await google(await provider.idToken(owner));
    const before = await dbSnapshot(db());
    const res = await google(await provider.idToken(person({ email: owner.email })));
    expect(res.status).toBe(409);
    expect(await dbSnapshot(db())).toEqual(before);
    const row = (await usersWith(owner.email))[0]!;
    expect(row.google_sub).toBe(owner.sub);
    expect(row.id).toBe(first.body.user.id);
  });

  it('5 parallel sign-ins for a new person: one user, 100 credits once', async () => {
    const who = person();
    const token = await provider.idToken(who);
    const results = await Promise.all(Array.from({ length: 5 }, () => google(token)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const users = await usersWith(who.email);
    expect(users).toHaveLength(1);
    expect(users[0]!.credits).toBe(100);
    expect(new Set(results.map((r) => r.body.user.id))).toEqual(new Set([users[0]!.id]));
    expect((await ledgerOf(users[0]!.id)).map((r) => r.amount)).toEqual([100]);
  });
});

describe('pre-registration attacks on the victim address', () => {
  it("an attacker's pending sign-up is voided by the victim's Google sign-in", async () => {
    const victim = person();
    const attackerPassword = 'attacker-chosen-pw-1';
    const sent = await t.request('POST', '/api/auth/send-otp', { body: { name: 'Attacker', email: victim.email, password: attackerPassword } });
    expect(sent.status).toBe(200);
    const otp = await smtp.waitForCode(victim.email);
    const res = await google(await provider.idToken(victim));
    expect(res.status).toBe(200);
    const pending = await db().selectFrom('verification_codes').selectAll().where('email', '=', victim.email).execute();
    expect(pending).toHaveLength(0);
    expect((await t.request('POST', '/api/auth/verify-otp', { body: { email: victim.email, otp } })).status).toBe(400);
    expect((await t.request('POST', '/api/auth/login', { body: { email: victim.email, password: attackerPassword } })).status).toBe(401);
    const users = await usersWith(victim.email);
    expect(users).toHaveLength(1);
    expect(users[0]!).toMatchObject({ name: victim.name, google_sub: victim.sub, password_hash: null });
  });

  it("an unverified local account is not handed over: the pre-registrant's password and sessions stop working", async () => {
    const victim = person();
    const attackerPassword = 'attacker-chosen-pw-2';
    await db()
      .insertInto('users')
      .values({ id: newId(), name: 'Attacker', email: victim.email, password_hash: await hashPassword(attackerPassword), email_verified: 0, google_sub: null, created_at: new Date().toISOString() })
      .execute();
    const attackerId = (await usersWith(victim.email))[0]!.id;
    const attackerToken = await createSession(db(), t.app.deps.sessionKeys, t.app.deps.clock, attackerId);
    expect((await t.request('GET', '/api/auth/me', { token: attackerToken })).status).toBe(200);
    const res = await google(await provider.idToken(victim));
    expect(res.status).toBe(200);
    expect(res.body.user.googleAuth).toBe(true);
    expect((await t.request('POST', '/api/auth/login', { body: { email: victim.email, password: attackerPassword } })).status).toBe(401);
    expect((await t.request('GET', '/api/auth/me', { token: attackerToken })).status).toBe(401);
    const row = (await usersWith(victim.email))[0]!;
    expect(row).toMatchObject({ password_hash: null, email_verified: 1, google_sub: victim.sub });
  });
});
