import { z } from 'zod';
import { router, authedProcedure } from '../../trpc';
import {
  createProjectInput,
  duplicateProjectInput,
  fileByNameInput,
  fileIdInput,
  idField,
  importFilesInput,
  messagesInput,
  projectIdInput,
  renameProjectInput,
  saveFileByNameInput,
  saveFileInput,
  versionInput,
} from '../../../shared/workspace.schema';
import { chatMessages, files, projects } from './workspace.service';

const ctxOf = (ctx: { deps: Parameters<typeof projects.list>[0]['deps']; user: { id: string } }) => ({ deps: ctx.deps, userId: ctx.user.id });

export const projectsRouter = router({
  list: authedProcedure.query(({ ctx }) => projects.list(ctxOf(ctx))),
  create: authedProcedure.input(createProjectInput).mutation(({ ctx, input }) => projects.create(ctxOf(ctx), input)),
  rename: authedProcedure.input(renameProjectInput).mutation(({ ctx, input }) => projects.rename(ctxOf(ctx), input)),
  duplicate: authedProcedure.input(duplicateProjectInput).mutation(({ ctx, input }) => projects.duplicate(ctxOf(ctx), input)),
  delete: authedProcedure.input(projectIdInput).mutation(({ ctx, input }) => projects.delete(ctxOf(ctx), input)),
});

export const filesRouter = router({
  list: authedProcedure.query(({ ctx }) => files.list(ctxOf(ctx))),
  get: authedProcedure.input(fileIdInput).query(({ ctx, input }) => files.get(ctxOf(ctx), input.id)),
  save: authedProcedure
    .input(saveFileInput.extend({ reason: z.enum(['save', 'ai_change']).optional(), proposalId: idField.optional() }))
    .mutation(({ ctx, input }) => files.save(ctxOf(ctx), input)),
  saveByName: authedProcedure.input(saveFileByNameInput).mutation(({ ctx, input }) => files.saveByName(ctxOf(ctx), input)),
  delete: authedProcedure.input(fileIdInput).mutation(({ ctx, input }) => files.delete(ctxOf(ctx), input.id)),
  deleteByName: authedProcedure.input(fileByNameInput).mutation(({ ctx, input }) => files.deleteByName(ctxOf(ctx), input)),
  versions: authedProcedure.input(fileIdInput).query(({ ctx, input }) => files.versions(ctxOf(ctx), input.id)),
  version: authedProcedure.input(versionInput).query(({ ctx, input }) => files.version(ctxOf(ctx), input)),
  restore: authedProcedure.input(versionInput).mutation(({ ctx, input }) => files.restore(ctxOf(ctx), input)),
  import: authedProcedure.input(importFilesInput).mutation(({ ctx, input }) => files.import(ctxOf(ctx), input)),
  storage: authedProcedure.query(({ ctx }) => files.storage(ctxOf(ctx))),
});

export const chatRouter = router({
  messages: authedProcedure.input(messagesInput).query(({ ctx, input }) => chatMessages(ctxOf(ctx), input?.projectId)),
});
