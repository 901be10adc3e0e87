// The workspace calls: files (by id or by project + name), versions, import, storage. (A bot's lifecycle is the bots feature's; the chat with the assistant is the ai feature's.)
import type { ServiceCtx } from '../../trpc';
import { AppError } from '../../errors';
import { acceptProposal } from '../ai/code-edit-proposals';
import { ownedProject } from './projects';
import { deleteFile, fileByName, listFiles, ownedFile, ownedFileByName, renameFile, toFileDto } from './files';
import { fileWriting, replaceContent, writeFile } from './file-writes';
import { listVersions, versionContent } from './versions';
import { storageUsage } from './storage';
import { inTransaction } from '../../db/transaction';

export const files = {
  async list({ deps, userId }: ServiceCtx) {
    return (await listFiles(deps.db, userId)).map(toFileDto);
  },
  async get({ deps, userId }: ServiceCtx, input: { id: string }) {
    return toFileDto(await ownedFile(deps.db, userId, input.id));
  },
  /**
   * `proposalId`: the AI proposal this save accepts (its plan becomes the file's); `prompt`: the
   * request behind an AI change, kept with the version it replaces (a plain save keeps none).
   */
  async save({ deps, userId }: ServiceCtx, input: { id: string; content: string; reason?: 'save' | 'ai_change'; proposalId?: string; prompt?: string }) {
    const w = await fileWriting(deps, userId);
    const reason = input.reason ?? 'save';
    const prompt = reason === 'ai_change' && input.prompt ? input.prompt : null;
    const file = await inTransaction(deps.db, async (trx) => {
      const saved = await replaceContent(trx, w, await ownedFile(trx, userId, input.id), input.content, reason, prompt);
      if (input.proposalId) await acceptProposal(trx, deps, { userId, fileId: saved.id, proposalId: input.proposalId });
      return saved;
    });
    return toFileDto(file);
  },
  /** PUT by project and name: creates the file when the project has no file of that name yet. */
  async saveByName({ deps, userId }: ServiceCtx, input: { projectId: string; filename: string; content: string }) {
    const project = await ownedProject(deps.db, deps.clock, userId, input.projectId);
    const w = await fileWriting(deps, userId);
    const { file } = await inTransaction(deps.db, (trx) =>
      writeFile(trx, w, { userId, projectId: project.id, filename: input.filename, content: input.content, reason: 'save' }),
    );
    return toFileDto(file);
  },
  /** The same file under another name in its bot: its versions, runs, deployment and test chats stay with it. */
  async rename({ deps, userId }: ServiceCtx, input: { id: string; filename: string }) {
    const file = await inTransaction(deps.db, async (trx) => {
      const current = await ownedFile(trx, userId, input.id);
      if (current.filename === input.filename) return current;
      if (await fileByName(trx, current.project_id, input.filename)) {
        throw new AppError('CONFLICT', `This bot already has a file named ${input.filename}`);
      }
      const updated_at = deps.clock.now().toISOString();
      await renameFile(trx, current.id, { filename: input.filename, updated_at });
      return { ...current, filename: input.filename, updated_at };
    });
    return toFileDto(file);
  },
  async delete({ deps, userId }: ServiceCtx, input: { id: string }) {
    await deleteFile(deps.db, await ownedFile(deps.db, userId, input.id));
    return { message: 'File deleted' };
  },
  async deleteByName({ deps, userId }: ServiceCtx, input: { projectId: string; filename: string }) {
    const project = await ownedProject(deps.db, deps.clock, userId, input.projectId);
    await deleteFile(deps.db, await ownedFileByName(deps.db, userId, project.id, input.filename));
    return { message: 'File deleted' };
  },
  async versions({ deps, userId }: ServiceCtx, input: { id: string }) {
    return listVersions(deps.db, await ownedFile(deps.db, userId, input.id));
  },
  async version({ deps, userId }: ServiceCtx, input: { id: string; versionId: string }) {
    const file = await ownedFile(deps.db, userId, input.id);
    return { id: input.versionId, content: await versionContent(deps.db, file, input.versionId) };
  },
  /** Restoring is free and itself undoable: the current text becomes a version first. */
  async restore({ deps, userId }: ServiceCtx, input: { id: string; versionId: string }) {
    const w = await fileWriting(deps, userId);
    const file = await inTransaction(deps.db, async (trx) => {
      const current = await ownedFile(trx, userId, input.id);
      const content = await versionContent(trx, current, input.versionId);
      return replaceContent(trx, w, current, content, 'restore');
    });
    return toFileDto(file);
  },
  async import({ deps, userId }: ServiceCtx, input: { projectId: string; files: Array<{ filename: string; content: string }> }) {
    const project = await ownedProject(deps.db, deps.clock, userId, input.projectId);
    const w = await fileWriting(deps, userId);
    const written = await inTransaction(deps.db, async (trx) => {
      const out = [];
      for (const f of input.files) {
        out.push(await writeFile(trx, w, { userId, projectId: project.id, filename: f.filename, content: f.content, reason: 'import' }));
      }
      return out;
    });
    const n = written.length;
    return { message: `Imported ${n} file${n === 1 ? '' : 's'}`, files: written.map((w) => toFileDto(w.file)) };
  },
  /** Everything the person stores (the figure and its parts), their files and bots, against their quota, for /usage. */
  storage: ({ deps, userId }: ServiceCtx) => storageUsage(deps, userId),
};
