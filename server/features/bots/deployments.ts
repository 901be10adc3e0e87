// The `deployments` table (migrations/011): which bots should always run, with their restarts and
// last exit. Every query on it; the supervisor acts on them, /bots and /metrics read them.
import type { Kysely, Selectable } from 'kysely';
import type { Database, DeploymentsTable } from '../../db/schema';

export type Deployment = { project_id: string; user_id: string; file_id: string };

/** Every deployed bot (start-up). */
export function allDeployments(db: Kysely<Database>): Promise<Deployment[]> {
  return db.selectFrom('deployments').select(['project_id', 'user_id', 'file_id']).execute();
}

/** The deployed file of each deployed bot. */
export async function deployedFileIds(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('deployments').select('file_id').execute()).map((d) => d.file_id);
}

/** The project's deployed file, if the bot is deployed. */
export async function deployedFileOf(db: Kysely<Database>, projectId: string): Promise<string | undefined> {
  return (await db.selectFrom('deployments').select('file_id').where('project_id', '=', projectId).executeTakeFirst())?.file_id;
}

/** The person's deployment of this project, if any. */
export function deploymentOf(db: Kysely<Database>, userId: string, projectId: string): Promise<Deployment | undefined> {
  return db
    .selectFrom('deployments')
    .select(['project_id', 'user_id', 'file_id'])
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The deployment whose file this is, if it is deployed. */
export function deploymentOfFile(db: Kysely<Database>, fileId: string): Promise<Deployment | undefined> {
  return db.selectFrom('deployments').select(['project_id', 'user_id', 'file_id']).where('file_id', '=', fileId).executeTakeFirst();
}

/** The deployments of these projects, every column (/bots). */
export function deploymentsOf(db: Kysely<Database>, projectIds: string[]): Promise<Selectable<DeploymentsTable>[]> {
  return db.selectFrom('deployments').selectAll().where('project_id', 'in', projectIds).execute();
}

/** How many bots are deployed: the person's, or everyone's. */
export async function countDeployments(db: Kysely<Database>, userId?: string): Promise<number> {
  let q = db.selectFrom('deployments').select((eb) => eb.fn.countAll<number>().as('n'));
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Deploys this file of the bot (a fresh count of restarts), or makes it the deployed one. */
export async function saveDeployment(db: Kysely<Database>, d: Deployment & { deployedAt: string }): Promise<void> {
  const row = { project_id: d.project_id, user_id: d.user_id, file_id: d.file_id, deployed_at: d.deployedAt, restarts: 0, last_exit: null, last_exit_at: null };
  await db
    .insertInto('deployments')
    .values(row)
    .onConflict((oc) => oc.column('project_id').doUpdateSet({ file_id: row.file_id, deployed_at: row.deployed_at, restarts: 0, last_exit: null, last_exit_at: null }))
    .execute();
}

export async function deleteDeployment(db: Kysely<Database>, projectId: string): Promise<void> {
  await db.deleteFrom('deployments').where('project_id', '=', projectId).execute();
}

/** The deployed bot's run ended and it is started again: one more restart, and how it ended. */
export async function recordRestart(db: Kysely<Database>, projectId: string, exit: { message: string; at: string }): Promise<void> {
  await db
    .updateTable('deployments')
    .set((eb) => ({ restarts: eb('restarts', '+', 1), last_exit: exit.message, last_exit_at: exit.at }))
    .where('project_id', '=', projectId)
    .execute();
}

/** The deployed bot could not be started: why, as its last exit. */
export async function recordFailedStart(db: Kysely<Database>, projectId: string, exit: { message: string; at: string }): Promise<void> {
  await db.updateTable('deployments').set({ last_exit: exit.message, last_exit_at: exit.at }).where('project_id', '=', projectId).execute();
}
