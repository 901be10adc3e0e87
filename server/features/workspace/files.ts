// The `files` table: every query on it (other features ask here). Writes that change a file's text
// go through file-writes.ts, which keeps versions and checks the storage caps around these.
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { BotFile, Database } from '../../db/schema';
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

/** The project's file of this name, if it has one. */
export function fileByName(db: Kysely<Database>, projectId: string, filename: string): Promise<BotFile | undefined> {
  return db.selectFrom('files').selectAll().where('project_id', '=', projectId).where('filename', '=', filename).executeTakeFirst();
}

/** Whether the file is one of the person's project's (deploying names both). */
export async function isProjectFile(db: Kysely<Database>, p: { userId: string; projectId: string; fileId: string }): Promise<boolean> {
  const file = await db
    .selectFrom('files')
    .select('id')
    .where('id', '=', p.fileId)
    .where('project_id', '=', p.projectId)
    .where('user_id', '=', p.userId)
    .executeTakeFirst();
  return file !== undefined;
}

/**
 * A project's files with their text: by `order` 'created' (oldest first, as a copy makes them) or
 * 'updated' (the last changed first, as the assistant reads them); `userId` also checks the owner.
 */
export function projectFiles(db: Kysely<Database>, projectId: string, opts: { order?: 'created' | 'updated'; userId?: string } = {}) {
  let q = db.selectFrom('files').select(['id', 'filename', 'content']).where('project_id', '=', projectId);
  if (opts.userId !== undefined) q = q.where('user_id', '=', opts.userId);
  if (opts.order === 'created') q = q.orderBy('created_at').orderBy('id');
  if (opts.order === 'updated') q = q.orderBy('updated_at', 'desc');
  return q.execute();
}

/** The file names a project has taken. */
export async function filenamesIn(db: Kysely<Database>, projectId: string): Promise<Set<string>> {
  return new Set((await db.selectFrom('files').select('filename').where('project_id', '=', projectId).execute()).map((f) => f.filename));
}

/** The person's files of every project, oldest first (the legacy `files` map of a project list). */
export function filesOldestFirst(db: Kysely<Database>, userId: string) {
  return db.selectFrom('files').select(['project_id', 'filename', 'content', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute();
}

/** Which file is whose among these projects, the last changed first (/bots). */
export function filesOfProjects(db: Kysely<Database>, projectIds: string[]) {
  return db.selectFrom('files').select(['id', 'project_id']).where('project_id', 'in', projectIds).orderBy('updated_at', 'desc').execute();
}

/** These files' names and texts (/bots asks whether a bot's code takes webhooks). */
export function fileTexts(db: Kysely<Database>, fileIds: string[]) {
  return db.selectFrom('files').select(['id', 'filename', 'content']).where('id', 'in', fileIds).execute();
}

/** The person's files of this name, in one project or any: whether a proposal was saved. */
export function filesNamed(db: Kysely<Database>, p: { userId: string; filename: string; projectId?: string | null }) {
  let q = db.selectFrom('files').select(['id', 'content']).where('user_id', '=', p.userId).where('filename', '=', p.filename);
  if (p.projectId) q = q.where('project_id', '=', p.projectId);
  return q.execute();
}

/**
 * The ids of a project's (or a person's) files as a subquery: what other tables' rows of those files
 * are found by (`where('file_id', 'in', ...)`), in the same statement as the rest.
 */
export const fileIdsOfProject = (db: Kysely<Database>, projectId: string) => db.selectFrom('files').select('id').where('project_id', '=', projectId);
export const fileIdsOfUser = (db: Kysely<Database>, userId: string) => db.selectFrom('files').select('id').where('user_id', '=', userId);
export type FileIds = ReturnType<typeof fileIdsOfProject>;

/** How many files and bytes of files a project or a person holds (the size index of migration 005). */
export async function fileTotals(db: Kysely<Database>, column: 'project_id' | 'user_id', id: string): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('files')
    .select((eb) => [eb.fn.countAll<number>().as('files'), eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes')])
    .where(column, '=', id)
    .executeTakeFirstOrThrow();
  return { files: Number(row.files), bytes: Number(row.bytes) };
}

export async function insertFile(trx: Kysely<Database>, file: BotFile): Promise<void> {
  await trx.insertInto('files').values(file).execute();
}

export async function updateContent(trx: Kysely<Database>, fileId: string, change: { content: string; size: number; updated_at: string }): Promise<void> {
  await trx.updateTable('files').set(change).where('id', '=', fileId).execute();
}

export async function renameFile(trx: Kysely<Database>, fileId: string, change: { filename: string; updated_at: string }): Promise<void> {
  await trx.updateTable('files').set(change).where('id', '=', fileId).execute();
}

export async function deleteFile(db: Db, file: BotFile): Promise<void> {
  await db.deleteFrom('files').where('id', '=', file.id).execute();
}

/** Deletes a project's files (with the bot); answers how many. */
export async function deleteProjectFiles(trx: Kysely<Database>, projectId: string): Promise<number> {
  return Number((await trx.deleteFrom('files').where('project_id', '=', projectId).executeTakeFirstOrThrow()).numDeletedRows);
}

/** How many projects hold at least one file: the bots built on this server (the landing page's figure). */
export async function countProjectsWithFiles(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.count<number>('project_id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
