// Saved versions of a file: the text a save, an AI change, an import or a restore replaced. The
// write that keeps one also prunes, in its transaction, so history never outgrows its limits:
// per file at most QUOTA_VERSIONS_PER_FILE and none past QUOTA_VERSIONS_DAYS (the newest
// QUOTA_VERSIONS_ALWAYS_KEEP stay however old), and per person files + versions within
// QUOTA_USER_MB, the oldest versions giving way first.
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { BotFile, Database, VersionReason } from '../../db/schema';
import type { QuotaConfig } from '../../config';
import { newId, type Clock } from '../../clock';
import { AppError } from '../../errors';
import { usedBytes } from './storage';

const DAY_MS = 24 * 60 * 60 * 1000;
const DELETE_CHUNK = 500;

export async function keepVersion(trx: Kysely<Database>, clock: Clock, file: BotFile, reason: VersionReason): Promise<void> {
  await trx
    .insertInto('file_versions')
    .values({ id: newId(), file_id: file.id, content: file.content, size: file.size, reason, created_at: clock.now().toISOString() })
    .execute();
}

async function deleteVersions(trx: Kysely<Database>, ids: string[]): Promise<void> {
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
    // Versions made in the same millisecond keep the order they were written in (rowid grows).
    .orderBy(sql`rowid`, 'desc')
    .execute();
  const cutoff = new Date(clock.now().getTime() - quota.versionDays * DAY_MS).toISOString();
  const drop = rows.filter((v, i) => i >= quota.versionsAlwaysKept && (i >= quota.versionsPerFile || v.created_at < cutoff));
  await deleteVersions(trx, drop.map((v) => v.id));
}

/**
 * Keeps a person's files and versions within QUOTA_USER_MB by dropping their oldest versions, of
 * any file, the one just made last. Files are never dropped: only growing them is refused.
 */
export async function makeRoomInHistory(trx: Kysely<Database>, quota: QuotaConfig, userId: string): Promise<void> {
  let excess = (await usedBytes(trx, userId)) - quota.userBytes;
  while (excess > 0) {
    const oldest = await trx
      .selectFrom('file_versions as v')
      .innerJoin('files as f', 'f.id', 'v.file_id')
      .select(['v.id', 'v.size'])
      .where('f.user_id', '=', userId)
      .orderBy('v.created_at')
      .orderBy(sql`v.rowid`)
      .limit(100)
      .execute();
    if (oldest.length === 0) return;
    const drop: string[] = [];
    for (const v of oldest) {
      if (excess <= 0) break;
      drop.push(v.id);
      excess -= v.size;
    }
    await deleteVersions(trx, drop);
  }
}

export async function listVersions(db: Db, file: BotFile) {
  const rows = await db
    .selectFrom('file_versions')
    .select(['id', 'reason', 'created_at', 'content'])
    .where('file_id', '=', file.id)
    .orderBy('created_at', 'desc')
    .orderBy(sql`rowid`, 'desc')
    .limit(200)
    .execute();
  return rows.map((v) => ({
    id: v.id,
    reason: v.reason,
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
