// Storage caps (QUOTA_*) and the storage a person uses. Checked inside the transaction that adds or
// grows a file, after the read it depends on, so two requests at once can never both take the last
// place: better-sqlite3 runs one transaction at a time on the app's connection. Sums come from the
// size indexes of migration 005 (queried by files.ts and versions.ts), never from the text.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { QuotaConfig } from '../../config';
import { AppError } from '../../errors';
import { formatBytes, formatCount } from '../../../shared/storage';
import { fileTotals } from './files';
import { deleteVersions, oldestVersionsOfUser, versionBytesOfUser } from './versions';

export const byteSize = (text: string): number => Buffer.byteLength(text, 'utf8');

type Growth = { userId: string; projectId: string; files: number; bytes: number };

// 409: the request is fine in itself; it conflicts with what the account holds now (413 is for a
// body too big whatever the account holds). Deleting files makes the same request work.
const full = (message: string) => new AppError('CONFLICT', message);

/**
 * Refuses a write that would take a project or a person past a cap. Only growth is checked: a save
 * that keeps or shrinks the size always works, even in a full (or since-lowered) quota.
 */
export async function assertRoom(trx: Kysely<Database>, quota: QuotaConfig, growth: Growth): Promise<void> {
  if (growth.files <= 0 && growth.bytes <= 0) return;
  const project = await fileTotals(trx, 'project_id', growth.projectId);
  if (growth.files > 0 && project.files + growth.files > quota.projectFiles) {
    throw full(`A project can hold at most ${formatCount(quota.projectFiles)} files: delete some before adding more`);
  }
  if (growth.bytes > 0 && project.bytes + growth.bytes > quota.projectBytes) {
    throw full(`A project can hold at most ${formatBytes(quota.projectBytes)} of files: delete some before adding more`);
  }
  const user = await fileTotals(trx, 'user_id', growth.userId);
  if (growth.files > 0 && user.files + growth.files > quota.userFiles) {
    throw full(`You can keep at most ${formatCount(quota.userFiles)} files across your projects: delete some before adding more`);
  }
  if (growth.bytes > 0 && user.bytes + growth.bytes > quota.userBytes) {
    throw full(`Your storage is full (${formatBytes(quota.userBytes)} across your projects): delete some files before adding more`);
  }
}

/** What /usage shows: files, bytes of files and of saved versions, and the limits. */
export async function storageUsage(trx: Kysely<Database>, quota: QuotaConfig, userId: string) {
  const files = await fileTotals(trx, 'user_id', userId);
  const versionBytes = await versionBytesOfUser(trx, userId);
  return {
    files: files.files,
    bytes: files.bytes + versionBytes,
    fileBytes: files.bytes,
    versionBytes,
    limits: {
      files: quota.userFiles,
      bytes: quota.userBytes,
      projectFiles: quota.projectFiles,
      projectBytes: quota.projectBytes,
      versionsPerFile: quota.versionsPerFile,
      versionDays: quota.versionDays,
      versionsAlwaysKept: quota.versionsAlwaysKept,
    },
  };
}
export type StorageUsage = Awaited<ReturnType<typeof storageUsage>>;

/** A person's files and versions together, for making room in their history. */
export async function usedBytes(trx: Kysely<Database>, userId: string): Promise<number> {
  return (await fileTotals(trx, 'user_id', userId)).bytes + (await versionBytesOfUser(trx, userId));
}

/**
 * Keeps a person's files and versions within QUOTA_USER_MB by dropping their oldest versions, of
 * any file, the one just made last. Files are never dropped: only growing them is refused.
 */
export async function makeRoomInHistory(trx: Kysely<Database>, quota: QuotaConfig, userId: string): Promise<void> {
  let excess = (await usedBytes(trx, userId)) - quota.userBytes;
  while (excess > 0) {
    const oldest = await oldestVersionsOfUser(trx, userId, 100);
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
