import { z } from 'zod';
import { router, authedProcedure } from '../../trpc';
import {
  fileByNameInput,
  fileIdInput,
  idField,
  importFilesInput,
  renameFileInput,
  saveFileByNameInput,
  saveFileInput,
  versionInput,
  versionPromptField,
} from '../../../shared/workspace.schema';
import { files } from './workspace.service';
import { MiB, ONE_FILE_BODY } from '../../procedure-meta';

export const filesRouter = router({
  list: authedProcedure.query(({ ctx }) => files.list(ctx)),
  get: authedProcedure.input(fileIdInput).query(({ ctx, input }) => files.get(ctx, input)),
  save: authedProcedure
    .meta({ body: ONE_FILE_BODY })
    .input(saveFileInput.extend({ reason: z.enum(['save', 'ai_change']).optional(), proposalId: idField.optional(), prompt: versionPromptField.optional() }))
    .mutation(({ ctx, input }) => files.save(ctx, input)),
  saveByName: authedProcedure.meta({ body: ONE_FILE_BODY }).input(saveFileByNameInput).mutation(({ ctx, input }) => files.saveByName(ctx, input)),
  rename: authedProcedure.input(renameFileInput).mutation(({ ctx, input }) => files.rename(ctx, input)),
  delete: authedProcedure.input(fileIdInput).mutation(({ ctx, input }) => files.delete(ctx, input)),
  deleteByName: authedProcedure.input(fileByNameInput).mutation(({ ctx, input }) => files.deleteByName(ctx, input)),
  versions: authedProcedure.input(fileIdInput).query(({ ctx, input }) => files.versions(ctx, input)),
  version: authedProcedure.input(versionInput).query(({ ctx, input }) => files.version(ctx, input)),
  restore: authedProcedure.input(versionInput).mutation(({ ctx, input }) => files.restore(ctx, input)),
  import: authedProcedure.meta({ rateLimit: [{ max: 30, window: '1 minute', key: 'user' }], body: { limit: 8 * MiB, tooLarge: 'An import can carry at most 8 MiB in all: import fewer files at a time', gate: 'imports' } }).input(importFilesInput).mutation(({ ctx, input }) => files.import(ctx, input)),
  storage: authedProcedure.query(({ ctx }) => files.storage(ctx)),
});
