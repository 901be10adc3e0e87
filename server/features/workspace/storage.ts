// Storage caps (QUOTA_*) and the storage a person uses. Checked inside the transaction that adds or
// grows a file, after the read it depends on, so two requests at once can never both take the last
// place: better-sqlite3 runs one transaction at a time on the app's connection. Sums come from the
// size indexes (migrations 005 and 013, queried by each table's module), never from the text; a
// person's packages and kept logs (storage-used.ts) are measured just before the transaction.
// QUOTA_USER_MB caps the one figure of everything the person stores: when it is reached the oldest
// saved versions give way first; only what grows the rest is refused.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { QuotaConfig } from '../../config';
import { AppError } from '../../errors';
import { formatBytes, formatCount, storageFullMessage } from '../../../shared/storage';
import { fileTotals } from './files';
import { countBots } from './projects';
import { deleteVersions, oldestVersionsOfUser } from './versions';
import { keptBesidesHistory, storageFigure, storedOnDisk, type DiskReaders, type OnDisk } from './storage-used';
import { inTransaction } from '../../db/transaction';

export const byteSize = (text: string): number => Buffer.byteLength(text, 'utf8');

type Growth = { userId: string; projectId: string; files: number; bytes: number };

// 409: the request is fine in itself; it conflicts with what the account holds now (413 is for a
// body too big whatever the account holds). Deleting files makes the same request work.
const full = (message: string) => new AppError('CONFLICT', message);

/** What checking a write needs besides its transaction: the caps and the person's packages and logs, measured just before. */
export type StorageCheck = { config: { quota: QuotaConfig }; onDisk: OnDisk };

/**
 * Refuses a write that would take a project or a person past a cap. Only growth is checked: a save
 * that keeps or shrinks the size always works, even in a full (or since-lowered) quota.
 */
export async function assertRoom(trx: Kysely<Database>, check: StorageCheck, growth: Growth): Promise<void> {
  const { quota } = check.config;
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
  if (growth.bytes > 0) {
    const figure = await storageFigure(trx, growth.userId, check.onDisk);
    if (keptBesidesHistory(figure) + growth.bytes > quota.userBytes) throw full(storageFullMessage(figure, quota.userBytes, growth.bytes));
  }
}

/**
 * Keeps everything the person stores within QUOTA_USER_MB by dropping their oldest versions, of any
 * file, the one just made last. Nothing else is ever dropped: only growing it is refused.
 */
export async function makeRoomInHistory(trx: Kysely<Database>, check: StorageCheck, userId: string): Promise<void> {
  let excess = (await storageFigure(trx, userId, check.onDisk)).bytes - check.config.quota.userBytes;
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

type StorageDeps = DiskReaders & Pick<Deps, 'config'>;

/**
 * Runs a write that changes what the person stores besides file text (a saved variable, a saved
 * test chat) in one transaction, and undoes it (409) when it grew the figure past QUOTA_USER_MB
 * beyond what giving up old versions can free. A write that shrinks or keeps the figure always works.
 */
export async function withinStorage<T>(deps: StorageDeps, userId: string, write: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  const check: StorageCheck = { config: deps.config, onDisk: await storedOnDisk(deps, userId) };
  const limit = deps.config.quota.userBytes;
  return inTransaction(deps.db, async (trx) => {
    const before = await storageFigure(trx, userId, check.onDisk);
    const result = await write(trx);
    const after = await storageFigure(trx, userId, check.onDisk);
    const growth = keptBesidesHistory(after) - keptBesidesHistory(before);
    if (growth > 0 && keptBesidesHistory(after) > limit) throw full(storageFullMessage(before, limit, growth));
    await makeRoomInHistory(trx, check, userId);
    return result;
  });
}

/**
 * Refuses a dependency install while the person's storage is full (what an install adds is known
 * only once it ran; a volume holds at most RUNNER_DEPS_MB of it).
 */
export async function assertRoomToInstall(deps: StorageDeps, userId: string): Promise<void> {
  const onDisk = await storedOnDisk(deps, userId);
  const figure = await inTransaction(deps.db, (trx) => storageFigure(trx, userId, onDisk));
  if (keptBesidesHistory(figure) >= deps.config.quota.userBytes) throw full(storageFullMessage(figure, deps.config.quota.userBytes));
}

/** What /usage shows: the figure and its parts, files, bots, and the limits. */
export async function storageUsage(deps: StorageDeps, userId: string) {
  const { quota } = deps.config;
  const onDisk = await storedOnDisk(deps, userId);
  // One transaction: files, versions, variables, chats and bots counted at the same moment.
  const { figure, files, bots } = await inTransaction(deps.db, async (trx) => ({
    figure: await storageFigure(trx, userId, onDisk),
    files: (await fileTotals(trx, 'user_id', userId)).files,
    bots: await countBots(trx, userId),
  }));
  return {
    files,
    ...figure,
    bots,
    limits: {
      files: quota.userFiles,
      bytes: quota.userBytes,
      bots: quota.userBots,
      projectFiles: quota.projectFiles,
      projectBytes: quota.projectBytes,
      versionsPerFile: quota.versionsPerFile,
      versionDays: quota.versionDays,
      versionsAlwaysKept: quota.versionsAlwaysKept,
    },
  };
}
export type StorageUsage = Awaited<ReturnType<typeof storageUsage>>;
