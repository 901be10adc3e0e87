// Projects: every query is scoped to its owner; another person's project answers 404.
import type { Db } from '../../db/database';
import type { Project } from '../../db/schema';
import { newId, type Clock } from '../../clock';
import { AppError } from '../../errors';

export const DEFAULT_PROJECT = { name: 'My Bots', description: 'Default project for AI-created bots' } as const;

export function toProjectDto(p: Project) {
  return { id: p.id, name: p.name, description: p.description, createdAt: p.created_at };
}

export async function createProject(db: Db, clock: Clock, userId: string, input: { name: string; description?: string }): Promise<Project> {
  const row = { id: newId(), user_id: userId, name: input.name, description: input.description ?? '', created_at: clock.now().toISOString() };
  await db.insertInto('projects').values(row).execute();
  return row;
}

/** The person's first project, created as 'My Bots' on first need. */
export async function defaultProject(db: Db, clock: Clock, userId: string): Promise<Project> {
  const first = () =>
    db.selectFrom('projects').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').executeTakeFirst();
  const existing = await first();
  if (existing) return existing;
  // One transaction so two first requests at once make one default project.
  return db.transaction().execute(async (trx) => {
    const again = await trx.selectFrom('projects').selectAll().where('user_id', '=', userId).orderBy('created_at').executeTakeFirst();
    if (again) return again;
    const row = { id: newId(), user_id: userId, ...DEFAULT_PROJECT, created_at: clock.now().toISOString() };
    await trx.insertInto('projects').values(row).execute();
    return row;
  });
}

/** The project with this id if it belongs to the person ('default' is their default project). */
export async function ownedProject(db: Db, clock: Clock, userId: string, projectId: string | undefined): Promise<Project> {
  if (!projectId || projectId === 'default') return defaultProject(db, clock, userId);
  const project = await db.selectFrom('projects').selectAll().where('id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
  if (!project) throw new AppError('NOT_FOUND', 'Project not found');
  return project;
}

/** Projects with the legacy `files` map (filename -> {content, createdAt}) the spec's client reads. */
export async function listProjects(db: Db, userId: string) {
  const projects = await db.selectFrom('projects').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  const files = await db
    .selectFrom('files')
    .select(['project_id', 'filename', 'content', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return projects.map((p) => ({
    ...toProjectDto(p),
    files: Object.fromEntries(
      files.filter((f) => f.project_id === p.id).map((f) => [f.filename, { content: f.content, createdAt: f.created_at }]),
    ),
  }));
}
