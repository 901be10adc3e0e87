// Dependency install calls: one mutation answering {message, output}, and the same
// install streamed (SSE) line by line, ending with that answer. Both share one rate limit.
import { router, authedProcedure } from '../../../trpc';
import { installInput, type InstallEvent } from '../../../../shared/runner.schema';
import { installDependencies } from './installer';

/** Lines waiting for a slow reader beyond this are dropped (with a note); the reply keeps its own tail. */
const MAX_PENDING_LINES = 2000;

export const dependenciesRouter = router({
  install: authedProcedure.input(installInput).mutation(({ ctx, input }) => installDependencies({ deps: ctx.deps, userId: ctx.user.id }, input)),

  installStream: authedProcedure.input(installInput).subscription(async function* ({ ctx, input }): AsyncGenerator<InstallEvent> {
    const pending: string[] = [];
    let dropped = 0;
    let finished = false;
    let wake: (() => void) | null = null;
    // The install goes on if the reader leaves: stopping pip or npm halfway helps nobody.
    const run = installDependencies({ deps: ctx.deps, userId: ctx.user.id }, input, (line) => {
      if (pending.length >= MAX_PENDING_LINES) dropped++;
      else pending.push(line);
      wake?.();
    }).finally(() => {
      finished = true;
      wake?.();
    });
    run.catch(() => {}); // observed below; this only keeps an early failure from going unhandled
    while (pending.length || dropped || !finished) {
      if (pending.length || dropped) {
        for (const line of pending.splice(0)) yield { type: 'output', line };
        if (dropped) yield { type: 'output', line: `[${dropped} lines not shown]` };
        dropped = 0;
        continue;
      }
      if (finished) break;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
    const result = await run;
    yield { type: 'done', ...result };
  }),
});
