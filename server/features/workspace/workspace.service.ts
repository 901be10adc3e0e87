// The workspace calls: projects (bots: create, rename, duplicate, delete), files (by id or by project + name), versions, import, storage, chat history.
import type { Deps } from '../../deps';
import { acceptProposal } from '../ai/code-edit-proposals';
import { createProject, listProjects, ownedProject, renameProject, toProjectDto } from './projects';
import { deleteBot, duplicateBot } from './bots';
import { deleteFile, listFiles, ownedFile, ownedFileByName, replaceContent, toFileDto, writeFile } from './files';
import { listVersions, versionContent } from './versions';
import { storageUsage } from './storage';

type Ctx = { deps: Deps; userId: string };

export const projects = {
  list: ({ deps, userId }: Ctx) => listProjects(deps.db, userId),
  create: async ({ deps, userId }: Ctx, input: { name: string; description?: string }) =>
    toProjectDto(await createProject(deps.db, deps.clock, userId, input)),
  rename: async ({ deps, userId }: Ctx, input: { projectId: string; name: string }) =>
    toProjectDto(await renameProject(deps.db, userId, input.projectId, input.name)),
  duplicate: ({ deps, userId }: Ctx, input: { projectId: string; name?: string }) => duplicateBot(deps, userId, input),
  delete: ({ deps, userId }: Ctx, input: { projectId: string }) => deleteBot(deps, userId, input.projectId),
};

export const files = {
  async list({ deps, userId }: Ctx) {
    return (await listFiles(deps.db, userId)).map(toFileDto);
  },
  async get({ deps, userId }: Ctx, id: string) {
    return toFileDto(await ownedFile(deps.db, userId, id));
  },
  /** `proposalId`: the AI proposal this save accepts (its plan becomes the file's). */
  async save({ deps, userId }: Ctx, input: { id: string; content: string; reason?: 'save' | 'ai_change'; proposalId?: string }) {
    const file = await deps.db.transaction().execute(async (trx) => {
      const saved = await replaceContent(trx, deps, await ownedFile(trx, userId, input.id), input.content, input.reason ?? 'save');
      if (input.proposalId) await acceptProposal(trx, deps, { userId, fileId: saved.id, proposalId: input.proposalId });
      return saved;
    });
    return toFileDto(file);
  },
  /** PUT by project and name: creates the file when the project has no file of that name yet. */
  async saveByName({ deps, userId }: Ctx, input: { projectId: string; filename: string; content: string }) {
    const project = await ownedProject(deps.db, deps.clock, userId, input.projectId);
    const { file } = await deps.db.transaction().execute((trx) =>
      writeFile(trx, deps, { userId, projectId: project.id, filename: input.filename, content: input.content, reason: 'save' }),
    );
    return toFileDto(file);
  },
  async delete({ deps, userId }: Ctx, id: string) {
    await deleteFile(deps.db, await ownedFile(deps.db, userId, id));
    return { message: 'File deleted' };
  },
  async deleteByName({ deps, userId }: Ctx, input: { projectId: string; filename: string }) {
    const project = await ownedProject(deps.db, deps.clock, userId, input.projectId);
    await deleteFile(deps.db, await ownedFileByName(deps.db, userId, project.id, input.filename));
    return { message: 'File deleted' };
  },
  async versions({ deps, userId }: Ctx, id: string) {
    return listVersions(deps.db, await ownedFile(deps.db, userId, id));
  },
  async version({ deps, userId }: Ctx, input: { id: string; versionId: string }) {
    const file = await ownedFile(deps.db, userId, input.id);
    return { id: input.versionId, content: await versionContent(deps.db, file, input.versionId) };
  },
  /** Restoring is free and itself undoable: the current text becomes a version first. */
  async restore({ deps, userId }: Ctx, input: { id: string; versionId: string }) {
    const file = await deps.db.transaction().execute(async (trx) => {
      const current = await ownedFile(trx, userId, input.id);
      const content = await versionContent(trx, current, input.versionId);
      return replaceContent(trx, deps, current, content, 'restore');
    });
    return toFileDto(file);
  },
  async import({ deps, userId }: Ctx, input: { projectId: string; files: Array<{ filename: string; content: string }> }) {
    const project = await ownedProject(deps.db, deps.clock, userId, input.projectId);
    const written = await deps.db.transaction().execute(async (trx) => {
      const out = [];
      for (const f of input.files) {
        out.push(await writeFile(trx, deps, { userId, projectId: project.id, filename: f.filename, content: f.content, reason: 'import' }));
      }
      return out;
    });
    const n = written.length;
    return { message: `Imported ${n} file${n === 1 ? '' : 's'}`, files: written.map((w) => toFileDto(w.file)) };
  },
  /** The person's files and bytes (files and saved versions) against their quota, for /usage. */
  // One transaction: files and versions counted at the same moment.
  storage: ({ deps, userId }: Ctx) => deps.db.transaction().execute((trx) => storageUsage(trx, deps.config.quota, userId)),
};

export async function chatMessages({ deps, userId }: Ctx, projectId?: string) {
  let query = deps.db
    .selectFrom('chat_messages')
    .select(['id', 'role', 'content', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200);
  if (projectId) query = query.where('project_id', '=', (await ownedProject(deps.db, deps.clock, userId, projectId)).id);
  const rows = await query.execute();
  return rows.map((m) => ({ id: m.id, role: m.role, content: m.content, createdAt: m.created_at }));
}
