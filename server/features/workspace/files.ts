// Bot files and their versions. Every write that replaces text keeps the previous text as a
// version first, so nothing a person wrote is lost to a save, an AI reply or a restore.
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { BotFile, Database, VersionReason } from '../../db/schema';
import { newId, type Clock } from '../../clock';
import { AppError } from '../../errors';
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

async function keepVersion(trx: Kysely<Database>, clock: Clock, file: BotFile, reason: VersionReason): Promise<void> {
  await trx
    .insertInto('file_versions')
    .values({ id: newId(), file_id: file.id, content: file.content, reason, created_at: clock.now().toISOString() })
    .execute();
}

/** Replaces a file's text, keeping the old text as a version when it changes. */
export async function replaceContent(trx: Kysely<Database>, clock: Clock, file: BotFile, content: string, reason: VersionReason): Promise<BotFile> {
  if (file.content === content) return file;
  await keepVersion(trx, clock, file, reason);
  const updated_at = clock.now().toISOString();
  await trx.updateTable('files').set({ content, updated_at }).where('id', '=', file.id).execute();
  return { ...file, content, updated_at };
}

/** Creates the file, or updates it (keeping a version) when the project already has that name. */
export async function writeFile(
  trx: Kysely<Database>,
  clock: Clock,
  input: { userId: string; projectId: string; filename: string; content: string; reason: VersionReason },
): Promise<{ file: BotFile; created: boolean }> {
  const existing = await trx
    .selectFrom('files')
    .selectAll()
    .where('project_id', '=', input.projectId)
    .where('filename', '=', input.filename)
    .executeTakeFirst();
  if (existing) return { file: await replaceContent(trx, clock, existing, input.content, input.reason), created: false };
  const now = clock.now().toISOString();
  const file: BotFile = {
    id: newId(),
    project_id: input.projectId,
    user_id: input.userId,
    filename: input.filename,
    content: input.content,
    created_at: now,
    updated_at: now,
  };
  await trx.insertInto('files').values(file).execute();
  return { file, created: true };
}

export async function deleteFile(db: Db, file: BotFile): Promise<void> {
  await db.deleteFrom('files').where('id', '=', file.id).execute();
}

export async function listVersions(db: Db, file: BotFile) {
  const rows = await db
    .selectFrom('file_versions')
    .select(['id', 'reason', 'created_at', 'content'])
    .where('file_id', '=', file.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
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
