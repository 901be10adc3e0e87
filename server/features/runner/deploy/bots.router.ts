import { authedProcedure, router } from '../../../trpc';
import { botIdInput, deployInput } from '../../../../shared/bots.schema';
import { bots } from './bots.service';

export const botsRouter = router({
  list: authedProcedure.query(({ ctx }) => bots.list(ctx)),
  deploy: authedProcedure.input(deployInput).mutation(({ ctx, input }) => bots.deploy(ctx, input)),
  undeploy: authedProcedure.input(botIdInput).mutation(({ ctx, input }) => bots.undeploy(ctx, input)),
  restart: authedProcedure.input(botIdInput).mutation(({ ctx, input }) => bots.restart(ctx, input)),
});
