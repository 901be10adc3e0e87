// Session tokens (docs/security.md): HS256 only, fixed issuer and audience, 7 days, a session row
// checked on every request, server-side logout, and only the Authorization header authenticates.
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { createSession, readSession, sessionKeys } from './sessions';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { fakeClock } from '../../testing/fake-clock';
import { signUp, type SignedUpUser } from '../../testing/fixtures';

let smtp: SmtpSink;
let t: TestApp;
let alice: SignedUpUser;
let bob: SignedUpUser;
const clock = fakeClock();
const DAY = 86_400_000;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url }, { clock, rateLimits: false });
  alice = await signUp(t, smtp);
  bob = await signUp(t, smtp);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(() => clock.reset());

const me = (token: string) => t.request('GET', '/api/auth/me', { token });
const freshToken = async (u: SignedUpUser) => (await t.request('POST', '/api/auth/login', { body: { email: u.email, password: u.password } })).body.token as string;
const secret = () => new TextEncoder().encode(t.config.jwtSecret);
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

/** A token with the app's real claims, changed by `over`, signed as `alg` with `key`. */
async function forge(
  token: string,
  over: { sub?: string; sid?: string; iss?: string; aud?: string; exp?: number } = {},
  alg = 'HS256',
  key: Uint8Array = secret(),
): Promise<string> {
  const claims = { ...decodeJwt(token), ...over };
  return new SignJWT({ ...claims }).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
}

async function expectRefused(token: string) {
  const res = await me(token);
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ error: 'Please sign in to continue' });
}

describe('the token itself', () => {
  it('carries HS256, the fixed issuer and audience, a session id and a 7-day lifetime', async () => {
    const token = await freshToken(alice);
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: alice.id, iss: 'botwright', aud: 'botwright-app', sid: expect.any(String) });
    expect(claims.exp! - claims.iat!).toBe(7 * 86_400);
    expect((await me(token)).status).toBe(200);
  });

  it('a correctly re-signed copy of a real token is accepted (the forgeries below differ only where they say)', async () => {
    expect((await me(await forge(await freshToken(alice)))).status).toBe(200);
  });

  it('alg:none is refused', async () => {
    const claims = decodeJwt(await freshToken(alice));
    await expectRefused(new UnsecuredJWT({ ...claims }).encode());
  });

  it('another algorithm with the right secret (HS512) is refused', async () => {
    await expectRefused(await forge(await freshToken(alice), {}, 'HS512'));
  });

  it('a token signed with another secret is refused', async () => {
    await expectRefused(await forge(await freshToken(alice), {}, 'HS256', new TextEncoder().encode('another-secret-another-secret-123456')));
  });

  it("an edited sub (Bob's id in Alice's token) is refused, with the old signature or a new one", async () => {
    const token = await freshToken(alice);
    const [h, p, s] = token.split('.');
    const payload = { ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: bob.id };
    await expectRefused(`${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`);
    // Even with the secret, a session id only vouches for its own user.
    await expectRefused(await forge(token, { sub: bob.id }));
  });

  it('a wrong audience or a wrong issuer is refused', async () => {
    const token = await freshToken(alice);
    await expectRefused(await forge(token, { aud: 'some-other-app' }));
    await expectRefused(await forge(token, { iss: 'https://evil.example' }));
  });

  it('a token naming an unknown or deleted session is refused', async () => {
    const token = await freshToken(alice);
    await expectRefused(await forge(token, { sid: 'no-such-session' }));
    const { sid } = decodeJwt(token) as { sid: string };
    await t.app.deps.db.deleteFrom('sessions').where('id', '=', sid).execute();
    await expectRefused(token);
  });

  it('a truncated or garbage token is refused', async () => {
    const token = await freshToken(alice);
    await expectRefused(token.slice(0, -2));
    await expectRefused('not.a.jwt');
  });
});

describe('expiry', () => {
  it('a token works at 6 days 23 h and is refused past 7 days', async () => {
    const token = await freshToken(alice);
    clock.advance(7 * DAY - 3_600_000);
    expect((await me(token)).status).toBe(200);
    clock.advance(3_600_000 + 1_000);
    await expectRefused(token);
  });

  it('an expired JWT is refused even if its session row is still valid', async () => {
    const token = await freshToken(alice);
    await expectRefused(await forge(token, { exp: nowSeconds() - 5 }));
  });

  it('an expired session row is refused even if the JWT claims a longer life', async () => {
    const token = await freshToken(alice);
    const longLived = await forge(token, { exp: nowSeconds() + 30 * 86_400 });
    expect((await me(longLived)).status).toBe(200);
    clock.advance(7 * DAY + 1_000);
    await expectRefused(longLived);
  });
});

describe('where the token may come from', () => {
  it('only the Authorization: Bearer header authenticates: not a cookie, not the query string', async () => {
    const token = await freshToken(alice);
    expect((await t.request('GET', '/api/auth/me', { headers: { cookie: `token=${token}` } })).status).toBe(401);
    expect((await t.request('GET', `/api/auth/me?token=${token}`)).status).toBe(401);
    expect((await t.request('GET', `/api/auth/me?access_token=${token}`)).status).toBe(401);
    expect((await t.request('GET', '/api/auth/me', { headers: { authorization: token } })).status).toBe(401);
    expect((await t.request('GET', '/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('the same over tRPC', async () => {
    const token = await freshToken(alice);
    expect((await t.request('GET', '/trpc/auth.me', { headers: { cookie: `token=${token}` } })).status).toBe(401);
    const ok = await t.request('GET', '/trpc/auth.me', { token });
    expect(ok.status).toBe(200);
    expect(ok.body.result.data.id).toBe(alice.id);
  });
});

describe('logout', () => {
  it('revokes the session on the server: the token reused afterwards answers 401', async () => {
    const token = await freshToken(alice);
    const other = await freshToken(alice);
    const res = await t.request('POST', '/api/auth/logout', { token });
    expect(res.status).toBe(200);
    await expectRefused(token);
    expect((await t.request('POST', '/api/auth/logout', { token })).status).toBe(401);
    const { sid } = decodeJwt(token) as { sid: string };
    const row = await t.app.deps.db.selectFrom('sessions').selectAll().where('id', '=', sid).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    // Only that session: the same person's other device stays signed in.
    expect((await me(other)).status).toBe(200);
  });

  it('without a token answers 401', async () => {
    expect((await t.request('POST', '/api/auth/logout')).status).toBe(401);
  });
});

describe('tokens already checked', () => {
  it('are kept up to a bound, still expire, and a dropped one is checked again', async () => {
    const keys = sessionKeys(t.config.jwtSecret, 2);
    const { db } = t.app.deps;
    const tokens = [
      await createSession(db, keys, clock, alice.id),
      await createSession(db, keys, clock, alice.id),
      await createSession(db, keys, clock, bob.id),
    ];
    for (const token of tokens) expect(await readSession(db, keys, clock, token)).toMatchObject({ userId: expect.any(String) });
    expect([...keys.checked.keys()]).toEqual(tokens.slice(1));
    expect((await readSession(db, keys, clock, tokens[0]!))?.userId).toBe(alice.id);
    expect((await readSession(db, keys, clock, tokens[2]!))?.userId).toBe(bob.id);
    clock.advance(7 * DAY + 1_000);
    for (const token of tokens) expect(await readSession(db, keys, clock, token)).toBeNull();
  });

  it('a kept token is refused once its own exp passes, though its session row lives on', async () => {
    const shortLived = await forge(await freshToken(alice), { exp: nowSeconds() + 60 });
    expect((await me(shortLived)).status).toBe(200);
    expect((await me(shortLived)).status).toBe(200);
    clock.advance(61_000);
    await expectRefused(shortLived);
  });

  it('a refused token is not kept: the same forgery is refused every time', async () => {
    const keys = sessionKeys(t.config.jwtSecret);
    const forged = await forge(await freshToken(alice), {}, 'HS256', new TextEncoder().encode('another-secret-another-secret-123456'));
    expect(await readSession(t.app.deps.db, keys, clock, forged)).toBeNull();
    expect(keys.checked.size).toBe(0);
    await expectRefused(forged);
    await expectRefused(forged);
  });
});
