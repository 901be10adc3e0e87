// E-mailed six-digit codes for sign-up and password reset. A code is bound to (email, purpose),
// stored only as an HMAC keyed with the server secret, valid 10 minutes, tried at most 5 times
// (the counter is bumped by one conditional UPDATE before comparing), used once (consumed by a
// DELETE that must change one row) and re-sent at most once a minute (a resend voids the old code).
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database';
import type { CodePurpose, VerificationCode } from '../../db/schema';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESEND_INTERVAL_MS = 60_000;

export type CodeKey = Buffer;

export function codeKey(serverSecret: string): CodeKey {
  return createHmac('sha256', serverSecret).update('botwright verification codes').digest();
}

function codeHash(key: CodeKey, email: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${email}\n${code}`).digest('hex');
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Stores a fresh code for (email, purpose), replacing the previous one, unless one was sent less
 * than a minute ago (then 429 with Retry-After). `code` null stores a hash nothing can match: used
 * where the answer must look like a send but no code may exist (sign-up for a taken address).
 */
export async function storeCode(
  db: Db,
  clock: Clock,
  key: CodeKey,
  input: { email: string; purpose: CodePurpose; code: string | null; pendingName?: string; pendingPasswordHash?: string },
): Promise<void> {
  const now = clock.now();
  const hash = input.code === null ? 'unusable:' + newCode() + newCode() : codeHash(key, input.email, input.purpose, input.code);
  const row = {
    email: input.email,
    purpose: input.purpose,
    code_hash: hash,
    attempts: 0,
    pending_name: input.pendingName ?? null,
    pending_password_hash: input.pendingPasswordHash ?? null,
    sent_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
  };
  const cutoff = new Date(now.getTime() - RESEND_INTERVAL_MS).toISOString();
  const result = await db
    .insertInto('verification_codes')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['email', 'purpose']).doUpdateSet(row).where('verification_codes.sent_at', '<=', cutoff),
    )
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 1) return;
  const current = await db
    .selectFrom('verification_codes')
    .select('sent_at')
    .where('email', '=', input.email)
    .where('purpose', '=', input.purpose)
    .executeTakeFirst();
  const waitMs = current ? new Date(current.sent_at).getTime() + RESEND_INTERVAL_MS - now.getTime() : RESEND_INTERVAL_MS;
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  throw new AppError('TOO_MANY_REQUESTS', `Please wait ${retryAfterSeconds} seconds before requesting another code.`, {
    retryAfterSeconds,
  });
}

/** Checks and consumes a code; any failure is the same 400 with `invalidMessage`. */
export async function consumeCode(
  db: Db,
  clock: Clock,
  key: CodeKey,
  input: { email: string; purpose: CodePurpose; code: string; invalidMessage: string },
): Promise<VerificationCode> {
  const now = clock.now().toISOString();
  const invalid = () => new AppError('BAD_REQUEST', input.invalidMessage);
  const row = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('email', '=', input.email)
    .where('purpose', '=', input.purpose)
    .where('attempts', '<', CODE_MAX_ATTEMPTS)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    await db
      .deleteFrom('verification_codes')
      .where('email', '=', input.email)
      .where('purpose', '=', input.purpose)
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('attempts', '>=', CODE_MAX_ATTEMPTS)]))
      .execute();
    throw invalid();
  }
  const expected = Buffer.from(row.code_hash, 'utf8');
  const given = Buffer.from(codeHash(key, input.email, input.purpose, input.code), 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  const deleted = await db
    .deleteFrom('verification_codes')
    .where('email', '=', input.email)
    .where('purpose', '=', input.purpose)
    .where('code_hash', '=', row.code_hash)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw invalid();
  return row;
}

export async function voidCodes(db: Db, email: string, purpose: CodePurpose): Promise<void> {
  await db.deleteFrom('verification_codes').where('email', '=', email).where('purpose', '=', purpose).execute();
}
