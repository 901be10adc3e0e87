// The bot_hooks table (migrations/010), every query on it: one secret per project, made on first
// need, replaced on rotation. A request's secret is checked in constant time, and an unknown project
// costs the same comparison as a wrong secret, so the two answers cannot be told apart.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Clock } from '../../../clock';

/** 192 random bits, base64url (32 characters). */
export function newHookSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** The project's secret, made now if it has none (two first calls at once agree on one). */
export async function hookSecret(db: Kysely<Database>, clock: Clock, projectId: string): Promise<string> {
  await db
    .insertInto('bot_hooks')
    .values({ project_id: projectId, secret: newHookSecret(), created_at: clock.now().toISOString(), rotated_at: null })
    .onConflict((oc) => oc.column('project_id').doNothing())
    .execute();
  const row = await db.selectFrom('bot_hooks').select('secret').where('project_id', '=', projectId).executeTakeFirstOrThrow();
  return row.secret;
}

/** A new secret for the project: the old address stops working at once. */
export async function rotateHookSecret(db: Kysely<Database>, clock: Clock, projectId: string): Promise<string> {
  const secret = newHookSecret();
  const now = clock.now().toISOString();
  await db
    .insertInto('bot_hooks')
    .values({ project_id: projectId, secret, created_at: now, rotated_at: now })
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ secret, rotated_at: now }))
    .execute();
  return secret;
}

/** The secrets of those of these projects that have one (/bots shows their addresses). */
export function hookSecretsOf(db: Kysely<Database>, projectIds: string[]) {
  return db.selectFrom('bot_hooks').select(['project_id', 'secret']).where('project_id', 'in', projectIds).execute();
}

const digest = (text: string) => createHash('sha256').update(text).digest();
const NO_SECRET = digest(newHookSecret());

/** True when `secret` is the project's current one. */
export async function isHookSecret(db: Kysely<Database>, projectId: string, secret: string): Promise<boolean> {
  const row = await db.selectFrom('bot_hooks').select('secret').where('project_id', '=', projectId).executeTakeFirst();
  // Digests first: equal lengths whatever was sent, and the same work when there is no row.
  const same = timingSafeEqual(digest(secret), row ? digest(row.secret) : NO_SECRET);
  return row !== undefined && same;
}
