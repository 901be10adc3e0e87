import { authedProcedure, router } from '../../../trpc';
import { botIdInput, deployInput } from '../../../../shared/bots.schema';
import { bots } from './bots.service';

const ctxOf = (ctx: { deps: Parameters<typeof bots.list>[0]['deps']; user: { id: string } }) => ({ deps: ctx.deps, userId: ctx.user.id });

export const botsRouter = router({
  list: authedProcedure.query(({ ctx }) => bots.list(ctxOf(ctx))),
  deploy: authedProcedure.input(deployInput).mutation(({ ctx, input }) => bots.deploy(ctxOf(ctx), input)),
  undeploy: authedProcedure.input(botIdInput).mutation(({ ctx, input }) => bots.undeploy(ctxOf(ctx), input)),
  restart: authedProcedure.input(botIdInput).mutation(({ ctx, input }) => bots.restart(ctxOf(ctx), input)),
});
