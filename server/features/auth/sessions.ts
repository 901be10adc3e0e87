// Session tokens: a JWT (HS256, fixed issuer and audience, 7 days) that names a row of the sessions
// table (every query on it is here); the row is checked on every request, so logout and password
// reset revoke for real.
import { SignJWT, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { newId, type Clock } from '../../clock';

export const SESSION_DAYS = 7;
const ISSUER = 'botwright';
const AUDIENCE = 'botwright-app';

/** Tokens whose signature and claims were checked, kept so that the next request skips the HMAC. */
export const CHECKED_TOKENS_KEPT = 5_000;

type CheckedToken = { sid: string; sub: string; exp: number };

/**
 * The signing key, imported once (jose would import raw bytes again on every check: twice the time),
 * and the tokens already checked with it. A page asks several things at once with one token, and
 * WebCrypto's HMAC check costs more than the queries of a small read; a token string checks the same
 * way every time under one key, so only its expiry is looked at again (the session row still is, on
 * every request, so a logout or a reset still ends it at once).
 */
export type SessionKeys = { secret: Promise<CryptoKey>; checked: Map<string, CheckedToken>; kept: number };

export function sessionKeys(jwtSecret: string, kept = CHECKED_TOKENS_KEPT): SessionKeys {
  const raw = new TextEncoder().encode(jwtSecret);
  return {
    secret: crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']),
    checked: new Map(),
    kept,
  };
}

export async function createSession(db: Db, keys: SessionKeys, clock: Clock, userId: string): Promise<string> {
  const now = clock.now();
  const expires = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  const id = newId();
  await db
    .insertInto('sessions')
    .values({ id, user_id: userId, created_at: now.toISOString(), expires_at: expires.toISOString(), revoked_at: null })
    .execute();
  return new SignJWT({ sid: id })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expires.getTime() / 1000))
    .sign(await keys.secret);
}

/** The session behind a bearer token, or null for anything not valid right now. */
export async function readSession(
  db: Db,
  keys: SessionKeys,
  clock: Clock,
  token: string,
): Promise<{ sessionId: string; userId: string } | null> {
  const claims = await checkToken(keys, clock, token);
  if (!claims) return null;
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'expires_at', 'revoked_at'])
    .where('id', '=', claims.sid)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.user_id !== claims.sub) return null;
  if (new Date(row.expires_at) <= clock.now()) return null;
  return { sessionId: row.id, userId: row.user_id };
}

/** The token's session and person if its signature and claims hold right now, else null. */
async function checkToken(keys: SessionKeys, clock: Clock, token: string): Promise<CheckedToken | null> {
  const nowSeconds = Math.floor(clock.now().getTime() / 1000);
  const known = keys.checked.get(token);
  if (known) return known.exp > nowSeconds ? known : null;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, await keys.secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp'],
      currentDate: clock.now(),
    }));
  } catch {
    return null;
  }
  if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
  const checked = { sid: payload.sid, sub: payload.sub, exp: payload.exp };
  keys.checked.set(token, checked);
  // Map order is insertion order: past the bound, the oldest check goes.
  if (keys.checked.size > keys.kept) keys.checked.delete(keys.checked.keys().next().value!);
  return checked;
}

export async function revokeSession(db: Db, clock: Clock, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: clock.now().toISOString() }).where('id', '=', sessionId).execute();
}

export async function revokeAllSessions(db: Db, clock: Clock, userId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: clock.now().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of the person but `keepSessionId` (the one changing the password). */
export async function revokeOtherSessions(db: Db, clock: Clock, userId: string, keepSessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: clock.now().toISOString() })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Who signed in since a moment, as a subquery (the operator's count of active people). */
export const signedInSince = (db: Kysely<Database>, since: string) => db.selectFrom('sessions').select('user_id').where('created_at', '>=', since);
