// Saved versions of a file (the `file_versions` table: every query on it): the text a save, an AI
// change, an import or a restore replaced. The write that keeps one also prunes, in its
// transaction, so history never outgrows its limits: per file at most QUOTA_VERSIONS_PER_FILE and
// none past QUOTA_VERSIONS_DAYS (the newest QUOTA_VERSIONS_ALWAYS_KEEP stay however old); per
// person, storage.ts makes room within QUOTA_USER_MB, the oldest versions giving way first.
import type { Kysely } from 'kysely';
import { writtenOrder } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { BotFile, Database, VersionReason } from '../../db/schema';
import type { QuotaConfig } from '../../config';
import { newId, type Clock } from '../../clock';
import { AppError } from '../../errors';
import { fileIdsOfUser, type FileIds } from './files';

const DAY_MS = 24 * 60 * 60 * 1000;
const DELETE_CHUNK = 500;

/**
 * Keeps the file's text before a write. `prompt` (an AI change's request, at most VERSION_PROMPT_MAX
 * characters) is not counted in `size`: it is small, and a file keeps a bounded number of versions.
 */
export async function keepVersion(trx: Kysely<Database>, clock: Clock, file: BotFile, reason: VersionReason, prompt: string | null = null): Promise<void> {
  await trx
    .insertInto('file_versions')
    .values({ id: newId(), file_id: file.id, content: file.content, size: file.size, reason, prompt, created_at: clock.now().toISOString() })
    .execute();
}

export async function deleteVersions(trx: Kysely<Database>, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += DELETE_CHUNK) {
    await trx.deleteFrom('file_versions').where('id', 'in', ids.slice(i, i + DELETE_CHUNK)).execute();
  }
}

/** Drops a file's versions past the count, and those past the age beyond the newest few. */
export async function pruneVersions(trx: Kysely<Database>, clock: Clock, quota: QuotaConfig, fileId: string): Promise<void> {
  const rows = await trx
    .selectFrom('file_versions')
    .select(['id', 'created_at'])
    .where('file_id', '=', fileId)
    .orderBy('created_at', 'desc')
    // Versions made in the same millisecond keep the order they were written in.
    .orderBy(writtenOrder(trx), 'desc')
    .execute();
  const cutoff = new Date(clock.now().getTime() - quota.versionDays * DAY_MS).toISOString();
  const drop = rows.filter((v, i) => i >= quota.versionsAlwaysKept && (i >= quota.versionsPerFile || v.created_at < cutoff));
  await deleteVersions(trx, drop.map((v) => v.id));
}

/** The person's oldest versions, of any file, oldest first (the ones that give way to make room). */
export function oldestVersionsOfUser(trx: Kysely<Database>, userId: string, limit: number) {
  return trx
    .selectFrom('file_versions')
    .select(['id', 'size'])
    .where('file_id', 'in', fileIdsOfUser(trx, userId))
    .orderBy('created_at')
    .orderBy(writtenOrder(trx))
    .limit(limit)
    .execute();
}

/** Bytes of the person's saved versions. */
export async function versionBytesOfUser(trx: Kysely<Database>, userId: string): Promise<number> {
  const row = await trx
    .selectFrom('file_versions')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
    .where('file_id', 'in', fileIdsOfUser(trx, userId))
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** The texts these files have held since `since` (kept as versions). */
export async function versionTextsSince(trx: Kysely<Database>, fileIds: string[], since: string): Promise<string[]> {
  const rows = await trx.selectFrom('file_versions').select('content').where('file_id', 'in', fileIds).where('created_at', '>=', since).execute();
  return rows.map((v) => v.content);
}

/** Deletes the versions of these files (a bot being deleted); answers how many. */
export async function deleteVersionsOf(trx: Kysely<Database>, fileIds: FileIds): Promise<number> {
  return Number((await trx.deleteFrom('file_versions').where('file_id', 'in', fileIds).executeTakeFirstOrThrow()).numDeletedRows);
}

export async function listVersions(db: Db, file: BotFile) {
  const rows = await db
    .selectFrom('file_versions')
    .select(['id', 'reason', 'created_at', 'content', 'prompt'])
    .where('file_id', '=', file.id)
    .orderBy('created_at', 'desc')
    .orderBy(writtenOrder(db), 'desc')
    .limit(200)
    .execute();
  return rows.map((v) => ({
    id: v.id,
    reason: v.reason,
    /** What was asked for, when an AI change replaced this text; else null. */
    prompt: v.prompt,
    createdAt: v.created_at,
    lines: v.content === '' ? 0 : v.content.split('\n').length,
    bytes: Buffer.byteLength(v.content, 'utf8'),
  }));
}

export async function versionContent(db: Kysely<Database>, file: BotFile, versionId: string): Promise<string> {
  const v = await db
    .selectFrom('file_versions')
    .select('content')
    .where('id', '=', versionId)
    .where('file_id', '=', file.id)
    .executeTakeFirst();
  if (!v) throw new AppError('NOT_FOUND', 'Version not found');
  return v.content;
}
