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
import { CONFIRMATION, MiB, ONE_FILE_BODY } from '../../procedure-meta';

export const filesRouter = router({
  list: authedProcedure.meta({ doc: { summary: 'List your files', answers: 'Your files, with their content.', list: true } }).query(({ ctx }) => files.list(ctx)),
  get: authedProcedure.meta({ doc: { summary: 'Read a file', answers: 'The file, with its content.' } }).input(fileIdInput).query(({ ctx, input }) => files.get(ctx, input)),
  save: authedProcedure
    .meta({ body: ONE_FILE_BODY, doc: { summary: 'Save a file', description: 'Keeps the previous text as a saved version.', answers: 'The saved file.', errors: [409] } })
    .input(saveFileInput.extend({ reason: z.enum(['save', 'ai_change']).optional(), proposalId: idField.optional(), prompt: versionPromptField.optional() }))
    .mutation(({ ctx, input }) => files.save(ctx, input)),
  saveByName: authedProcedure
    .meta({
      body: ONE_FILE_BODY,
      doc: { summary: 'Save a file of a bot by its name', description: 'Creates the file when the bot has none of that name.', answers: 'The saved file.', errors: [409] },
    })
    .input(saveFileByNameInput)
    .mutation(({ ctx, input }) => files.saveByName(ctx, input)),
  rename: authedProcedure.input(renameFileInput).mutation(({ ctx, input }) => files.rename(ctx, input)),
  delete: authedProcedure.meta({ doc: { summary: 'Delete a file', answers: CONFIRMATION } }).input(fileIdInput).mutation(({ ctx, input }) => files.delete(ctx, input)),
  deleteByName: authedProcedure
    .meta({ doc: { summary: 'Delete a file of a bot by its name', answers: CONFIRMATION } })
    .input(fileByNameInput)
    .mutation(({ ctx, input }) => files.deleteByName(ctx, input)),
  versions: authedProcedure
    .meta({ doc: { summary: "List a file's saved versions", answers: "The file's saved versions, without their text.", list: true } })
    .input(fileIdInput)
    .query(({ ctx, input }) => files.versions(ctx, input)),
  version: authedProcedure.meta({ doc: { summary: 'Read a saved version', answers: "The version's id and text." } }).input(versionInput).query(({ ctx, input }) => files.version(ctx, input)),
  restore: authedProcedure
    .meta({ doc: { summary: 'Restore a saved version', answers: "The file, now with the version's text.", errors: [409] } })
    .input(versionInput)
    .mutation(({ ctx, input }) => files.restore(ctx, input)),
  import: authedProcedure
    .meta({
      rateLimit: [{ max: 30, window: '1 minute', key: 'user' }],
      body: { limit: 8 * MiB, tooLarge: 'An import can carry at most 8 MiB in all: import fewer files at a time', gate: 'imports' },
      doc: { summary: 'Import files into a bot', description: 'From 1 to 20 files at a time.', answers: 'A message and the imported files.', errors: [409] },
    })
    .input(importFilesInput)
    .mutation(({ ctx, input }) => files.import(ctx, input)),
  storage: authedProcedure
    .meta({
      doc: {
        summary: 'Your storage use and its limits',
        answers: 'Everything you store in bytes (files and saved versions, packages, kept logs, saved variables, saved test chats), each part, your files and bots, and the limits.',
      },
    })
    .query(({ ctx }) => files.storage(ctx)),
});
