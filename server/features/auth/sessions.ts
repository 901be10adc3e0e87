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

/** The signing key, imported once (jose would import raw bytes again on every check: twice the time). */
export type SessionKeys = { secret: Promise<CryptoKey> };

export function sessionKeys(jwtSecret: string): SessionKeys {
  const raw = new TextEncoder().encode(jwtSecret);
  return { secret: crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']) };
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
  let payload;
  try {
    ({ payload } = await jwtVerify(token, await keys.secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: clock.now(),
    }));
  } catch {
    return null;
  }
  if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'expires_at', 'revoked_at'])
    .where('id', '=', payload.sid)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.user_id !== payload.sub) return null;
  if (new Date(row.expires_at) <= clock.now()) return null;
  return { sessionId: row.id, userId: row.user_id };
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
