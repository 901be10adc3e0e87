import { authedProcedure, router } from '../../../trpc';
import { botIdInput, deployInput, goLiveInput } from '../../../../shared/bots.schema';
import { bots } from './bots.service';
import { goLive } from './go-live';

export const botsRouter = router({
  list: authedProcedure.query(({ ctx }) => bots.list(ctx)),
  deploy: authedProcedure.input(deployInput).mutation(({ ctx, input }) => bots.deploy(ctx, input)),
  undeploy: authedProcedure.input(botIdInput).mutation(({ ctx, input }) => bots.undeploy(ctx, input)),
  restart: authedProcedure.input(botIdInput).mutation(({ ctx, input }) => bots.restart(ctx, input)),
  /** What the file needs before it goes live: settings, packages, the assistant's checks, a reachable address. */
  goLive: authedProcedure.input(goLiveInput).query(({ ctx, input }) => goLive(ctx, input)),
});
