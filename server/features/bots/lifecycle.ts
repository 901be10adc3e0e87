// A bot's life as a person makes it: list, create, rename, duplicate, delete (the API calls them
// projects). Deploying, restarting and the status /bots shows are in bots.service.ts.
import type { ServiceCtx } from '../../trpc';
import { createProject, listProjects, renameProject, toProjectDto } from '../workspace/projects';
import { deleteBot, duplicateBot } from './duplicate-and-delete';

export const projects = {
  list: ({ deps, userId }: ServiceCtx) => listProjects(deps.db, userId),
  create: async ({ deps, userId }: ServiceCtx, input: { name: string; description?: string }) =>
    toProjectDto(await createProject(deps.db, deps, userId, input)),
  rename: async ({ deps, userId }: ServiceCtx, input: { projectId: string; name: string }) =>
    toProjectDto(await renameProject(deps.db, userId, input.projectId, input.name)),
  duplicate: (ctx: ServiceCtx, input: { projectId: string; name?: string }) => duplicateBot(ctx, input),
  delete: (ctx: ServiceCtx, input: { projectId: string }) => deleteBot(ctx, input),
};
