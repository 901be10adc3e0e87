// Projects (a person's bots), the `projects` table: every query on it. Every query for a person is
// scoped to its owner; another person's project answers 404. A bot made without a name is stored
// with name '' and named after its first chat request. An account has at most QUOTA_USER_BOTS.
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, Project } from '../../db/schema';
import type { QuotaConfig } from '../../config';
import { newId, type Clock } from '../../clock';
import { AppError } from '../../errors';
import { filesOldestFirst } from './files';
import { inTransaction } from '../../db/transaction';
import { isPostgres } from '../../db/dialect';

export function toProjectDto(p: Project) {
  return { id: p.id, name: p.name, description: p.description, createdAt: p.created_at };
}

const notFound = () => new AppError('NOT_FOUND', 'Project not found');

/** What making a bot needs: the time and the cap on bots (`deps` will do). */
export type BotMaking = { clock: Clock; config: { quota: Pick<QuotaConfig, 'userBots'> } };

/** How many bots the person has. */
export async function countBots(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db.selectFrom('projects').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ids of the person's bots, as a subquery (`where('project_id', 'in', ...)`). */
export const projectIdsOfUser = (db: Kysely<Database>, userId: string) => db.selectFrom('projects').select('id').where('user_id', '=', userId);

function tooManyBots(count: number, cap: number): AppError {
  // 409 like the storage caps: the request is fine, the account holds too much for it right now.
  const bots = `${count} bot${count === 1 ? '' : 's'}`;
  if (count <= cap) return new AppError('CONFLICT', `You have ${bots}, the most an account may have. Delete one to make room.`);
  // A cap lowered since: the bots stay, and the person learns how many must go before a new one.
  return new AppError('CONFLICT', `You have ${bots} and an account may have at most ${cap}. Delete ${count - cap + 1} to make room.`);
}

/**
 * Makes a bot, unless the person already has QUOTA_USER_BOTS (409, nothing made). The count and
 * the insert are one statement in a transaction (on PostgreSQL a serializable one: a statement
 * alone would count before a concurrent insert commits), so creations at once can never both take
 * the last place.
 */
export async function createProject(db: Kysely<Database>, m: BotMaking, userId: string, input: { name: string; description?: string }): Promise<Project> {
  if (!db.isTransaction && isPostgres(db)) return inTransaction(db, (trx) => createProject(trx, m, userId, input));
  const row = { id: newId(), user_id: userId, name: input.name, description: input.description ?? '', created_at: m.clock.now().toISOString() };
  const cap = m.config.quota.userBots;
  const values = db
    .selectNoFrom((eb) => [eb.val(row.id).as('id'), eb.val(row.user_id).as('user_id'), eb.val(row.name).as('name'), eb.val(row.description).as('description'), eb.val(row.created_at).as('created_at')])
    .where((eb) => eb(eb.selectFrom('projects').select((sub) => sub.fn.countAll().as('n')).where('user_id', '=', userId), '<', cap));
  const inserted = await db.insertInto('projects').columns(['id', 'user_id', 'name', 'description', 'created_at']).expression(values).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw tooManyBots(await countBots(db, userId), cap);
  return row;
}

const oldestProject = (db: Kysely<Database>, userId: string) =>
  db.selectFrom('projects').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').executeTakeFirst();

/**
 * The person's oldest project (what 'default' means); with none, a new unnamed bot that its first
 * chat request names (an API client that never made a project still gets one).
 */
export async function defaultProject(db: Db, clock: Clock, userId: string): Promise<Project> {
  const existing = await oldestProject(db, userId);
  if (existing) return existing;
  // One transaction so two first requests at once make one default project. It is made only when
  // the person has none, so the cap on bots (at least 1) never stops it.
  return inTransaction(db, async (trx) => (await oldestProject(trx, userId)) ?? createProject(trx, { clock, config: { quota: { userBots: 1 } } }, userId, { name: '' }));
}

/** The project with this id if it belongs to the person ('default' is their default project). */
export async function ownedProject(db: Db, clock: Clock, userId: string, projectId: string | undefined): Promise<Project> {
  if (!projectId || projectId === 'default') return defaultProject(db, clock, userId);
  const project = await db.selectFrom('projects').selectAll().where('id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  if (!project) throw notFound();
  return project;
}

/** Like ownedProject, but never creates one: for renaming, duplicating and deleting. */
export async function existingProject(db: Kysely<Database>, userId: string, projectId: string): Promise<Project> {
  const project =
    projectId === 'default'
      ? await oldestProject(db, userId)
      : await db.selectFrom('projects').selectAll().where('id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  if (!project) throw notFound();
  return project;
}

/** Projects with the legacy `files` map (filename -> {content, createdAt}) that REST clients read. */
export async function listProjects(db: Db, userId: string) {
  const projects = await db.selectFrom('projects').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  const files = await filesOldestFirst(db, userId);
  return projects.map((p) => ({
    ...toProjectDto(p),
    files: Object.fromEntries(
      files.filter((f) => f.project_id === p.id).map((f) => [f.filename, { content: f.content, createdAt: f.created_at }]),
    ),
  }));
}

export async function renameProject(db: Db, userId: string, projectId: string, name: string): Promise<Project> {
  return inTransaction(db, async (trx) => {
    const project = await existingProject(trx, userId, projectId);
    await trx.updateTable('projects').set({ name }).where('id', '=', project.id).execute();
    return { ...project, name };
  });
}

/** Every project (or the person's), oldest first, with its owner's e-mail (/bots and the operator's list). */
export function projectsWithOwners(db: Db, userId: string | null) {
  let q = db
    .selectFrom('projects')
    .innerJoin('users', 'users.id', 'projects.user_id')
    .select(['projects.id', 'projects.name', 'projects.user_id', 'users.email'])
    .orderBy('projects.created_at')
    .orderBy('projects.id');
  if (userId) q = q.where('projects.user_id', '=', userId);
  return q.execute();
}

/** The project's name as stored ('' for an unnamed bot); undefined when there is no such project. */
export async function projectName(db: Db, projectId: string): Promise<string | undefined> {
  return (await db.selectFrom('projects').select('name').where('id', '=', projectId).executeTakeFirst())?.name;
}

/** Deletes the person's project row (its other rows first: see bots.ts). */
export async function deleteProject(trx: Kysely<Database>, userId: string, projectId: string): Promise<void> {
  await trx.deleteFrom('projects').where('id', '=', projectId).where('user_id', '=', userId).execute();
}
