// Bot files. Every write that replaces text keeps the previous text as a version first, so nothing
// a person wrote is lost to a save, an AI reply or a restore; every write that adds or grows a file
// checks the storage caps in its own transaction (see storage.ts).
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { BotFile, Database, VersionReason } from '../../db/schema';
import type { QuotaConfig } from '../../config';
import { newId, type Clock } from '../../clock';
import { AppError } from '../../errors';
import { assertRoom, byteSize } from './storage';
import { keepVersion, makeRoomInHistory, pruneVersions } from './versions';
import { detectPlatform } from '../../../shared/platform';
import { extensionOf, languageLabel } from '../../../shared/filenames';

export function toFileDto(f: BotFile) {
  return {
    id: f.id,
    filename: f.filename,
    name: f.filename,
    content: f.content,
    projectId: f.project_id,
    platform: detectPlatform(f.filename, f.content),
    language: languageLabel(f.filename),
    fileType: extensionOf(f.filename),
    created_at: f.created_at,
    createdAt: f.created_at,
    updatedAt: f.updated_at,
  };
}
export type FileDto = ReturnType<typeof toFileDto>;

const notFound = () => new AppError('NOT_FOUND', 'File not found');

export function listFiles(db: Db, userId: string) {
  return db.selectFrom('files').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
}

export async function ownedFile(db: Kysely<Database>, userId: string, fileId: string): Promise<BotFile> {
  const file = await db.selectFrom('files').selectAll().where('id', '=', fileId).where('user_id', '=', userId).executeTakeFirst();
  if (!file) throw notFound();
  return file;
}

export async function ownedFileByName(db: Kysely<Database>, userId: string, projectId: string, filename: string): Promise<BotFile> {
  const file = await db
    .selectFrom('files')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('filename', '=', filename)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!file) throw notFound();
  return file;
}

/** What a write needs besides its transaction: the time and the storage caps (`deps` will do). */
export type FileWriting = { clock: Clock; config: { quota: QuotaConfig } };

/** Replaces a file's text, keeping the old text as a version when it changes. 409 past a cap. */
export async function replaceContent(trx: Kysely<Database>, w: FileWriting, file: BotFile, content: string, reason: VersionReason): Promise<BotFile> {
  if (file.content === content) return file;
  const size = byteSize(content);
  await assertRoom(trx, w.config.quota, { userId: file.user_id, projectId: file.project_id, files: 0, bytes: size - file.size });
  await keepVersion(trx, w.clock, file, reason);
  const updated_at = w.clock.now().toISOString();
  await trx.updateTable('files').set({ content, size, updated_at }).where('id', '=', file.id).execute();
  await pruneVersions(trx, w.clock, w.config.quota, file.id);
  await makeRoomInHistory(trx, w.config.quota, file.user_id);
  return { ...file, content, size, updated_at };
}

/** Creates the file, or updates it (keeping a version) when the project already has that name. */
export async function writeFile(
  trx: Kysely<Database>,
  w: FileWriting,
  input: { userId: string; projectId: string; filename: string; content: string; reason: VersionReason },
): Promise<{ file: BotFile; created: boolean }> {
  const existing = await trx
    .selectFrom('files')
    .selectAll()
    .where('project_id', '=', input.projectId)
    .where('filename', '=', input.filename)
    .executeTakeFirst();
  if (existing) return { file: await replaceContent(trx, w, existing, input.content, input.reason), created: false };
  const size = byteSize(input.content);
  await assertRoom(trx, w.config.quota, { userId: input.userId, projectId: input.projectId, files: 1, bytes: size });
  const now = w.clock.now().toISOString();
  const file: BotFile = {
    id: newId(),
    project_id: input.projectId,
    user_id: input.userId,
    filename: input.filename,
    content: input.content,
    created_at: now,
    updated_at: now,
    size,
  };
  await trx.insertInto('files').values(file).execute();
  // A new file may leave less room for history than there was.
  await makeRoomInHistory(trx, w.config.quota, input.userId);
  return { file, created: true };
}

export async function deleteFile(db: Db, file: BotFile): Promise<void> {
  await db.deleteFrom('files').where('id', '=', file.id).execute();
}
