// A bot's webhook address over tRPC: `hooks.url` shows it (made on first need), `hooks.rotate`
// replaces its secret (the old address answers 404 from then on).
import { router, authedProcedure } from '../../../trpc';
import { botHook, botHookInput } from '../../../../shared/hooks.schema';
import { answering } from '../../../procedure-meta';
import { botHooks } from './hooks.service';

export const hooksRouter = router({
  url: answering(
    botHook,
    authedProcedure
      .meta({ doc: { summary: "A bot's webhook address", description: 'Made on first need.', answers: 'The public address that forwards requests to the running bot.' } })
      .input(botHookInput),
  ).query(({ ctx, input }) => botHooks.url(ctx, input)),
  rotate: answering(
    botHook,
    authedProcedure.meta({ doc: { summary: "Replace a bot's webhook address", description: 'The old address answers 404 from then on.', answers: 'The new address.' } }).input(botHookInput),
  ).mutation(({ ctx, input }) => botHooks.rotate(ctx, input)),
});
