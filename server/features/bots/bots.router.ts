import { authedProcedure, router } from '../../trpc';
import { botIdInput, deployInput, goLiveInput } from '../../../shared/bots.schema';
import { createProjectInput, duplicateProjectInput, projectIdInput, renameProjectInput } from '../../../shared/workspace.schema';
import { projects } from './lifecycle';
import { bots } from './bots.service';
import { goLive } from './go-live';

/** A bot's making and naming (the API's `projects`). */
export const projectsRouter = router({
  list: authedProcedure.meta({ fastRead: true }).query(({ ctx }) => projects.list(ctx)),
  create: authedProcedure.input(createProjectInput).mutation(({ ctx, input }) => projects.create(ctx, input)),
  rename: authedProcedure.input(renameProjectInput).mutation(({ ctx, input }) => projects.rename(ctx, input)),
  duplicate: authedProcedure.input(duplicateProjectInput).mutation(({ ctx, input }) => projects.duplicate(ctx, input)),
  delete: authedProcedure.input(projectIdInput).mutation(({ ctx, input }) => projects.delete(ctx, input)),
});

/** A bot's deployment and status. */
export const botsRouter = router({
  list: authedProcedure.meta({ fastRead: true }).query(({ ctx }) => bots.list(ctx)),
  deploy: authedProcedure.input(deployInput).mutation(({ ctx, input }) => bots.deploy(ctx, input)),
  undeploy: authedProcedure.input(botIdInput).mutation(({ ctx, input }) => bots.undeploy(ctx, input)),
  restart: authedProcedure.input(botIdInput).mutation(({ ctx, input }) => bots.restart(ctx, input)),
  /** What the file needs before it goes live: settings, packages, the assistant's checks, a reachable address. */
  goLive: authedProcedure.input(goLiveInput).query(({ ctx, input }) => goLive(ctx, input)),
});
