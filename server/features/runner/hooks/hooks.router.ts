// A bot's webhook address over tRPC: `hooks.url` shows it (made on first need), `hooks.rotate`
// replaces its secret (the old address answers 404 from then on).
import { router, authedProcedure } from '../../../trpc';
import { botHookInput } from '../../../../shared/hooks.schema';
import { botHooks } from './hooks.service';

export const hooksRouter = router({
  url: authedProcedure.input(botHookInput).query(({ ctx, input }) => botHooks.url(ctx, input)),
  rotate: authedProcedure.input(botHookInput).mutation(({ ctx, input }) => botHooks.rotate(ctx, input)),
});
