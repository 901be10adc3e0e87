// The storage a person uses, all of it, as one figure against QUOTA_USER_MB: their files and saved
// versions, the packages installed in their bots and their bots' kept logs (by the disk blocks
// they take), their saved variables and saved test chats (by their stored bytes). Computed on
// demand for one person, never from a file's text: the database parts from the size indexes, the
// disk parts by walking that person's own folders with lstat.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Deps } from '../../deps';
import type { StorageParts } from '../../../shared/storage';
import { variableBytesOfUser } from '../runner/env-vars/env-vars.store';
import { savedChatBytesOfUser } from '../test-chat/saved-chat-bytes';
import { fileTotals } from './files';
import { projectIdsOfUser } from './projects';
import { versionBytesOfUser } from './versions';

/** What walking a person's folders needs (`deps` will do). */
export type DiskReaders = Pick<Deps, 'db' | 'packageVolumes' | 'runLogs'>;

/** The parts kept on disk outside the database. */
export type OnDisk = Pick<StorageParts, 'packages' | 'logs'>;

/** The figure: the total, the files' and versions' own bytes, and every part. */
export type StorageFigure = { bytes: number; fileBytes: number; versionBytes: number; parts: StorageParts };

/**
 * The packages and kept logs of the person's bots. Measured before a transaction, never inside
 * one: the walk is slow next to a query, and a transaction holds the database for everyone.
 */
export async function storedOnDisk(deps: DiskReaders, userId: string): Promise<OnDisk> {
  const bots = await projectIdsOfUser(deps.db, userId).execute();
  const each = await Promise.all(bots.map(async ({ id }) => ({ packages: await deps.packageVolumes.usedBytes(id), logs: await deps.runLogs.usedBytes(id) })));
  return { packages: each.reduce((n, b) => n + b.packages, 0), logs: each.reduce((n, b) => n + b.logs, 0) };
}

/** The person's files, versions, variables and saved chats, read at one moment (inside `trx`) with what is on disk. */
export async function storageFigure(trx: Kysely<Database>, userId: string, onDisk: OnDisk): Promise<StorageFigure> {
  const fileBytes = (await fileTotals(trx, 'user_id', userId)).bytes;
  const versionBytes = await versionBytesOfUser(trx, userId);
  const parts: StorageParts = {
    files: fileBytes + versionBytes,
    packages: onDisk.packages,
    logs: onDisk.logs,
    variables: await variableBytesOfUser(trx, userId),
    savedChats: await savedChatBytesOfUser(trx, userId),
  };
  const bytes = parts.files + parts.packages + parts.logs + parts.variables + parts.savedChats;
  return { bytes, fileBytes, versionBytes, parts };
}

/** Everything but the saved versions: what a write must fit beside (versions give way, see storage.ts). */
export const keptBesidesHistory = (figure: StorageFigure): number => figure.bytes - figure.versionBytes;
