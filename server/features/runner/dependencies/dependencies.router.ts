// Dependency install calls: one mutation answering {message, output}, and the same
// install streamed (SSE) line by line, ending with that answer. Both share one rate limit.
import { router, runnerProcedure } from '../../../trpc';
import { followWork } from '../../../follow-work';
import { installInput, type InstallEvent } from '../../../../shared/runner.schema';
import { installDependencies, type InstallResult } from './installer';

/** Lines waiting for a slow reader beyond this are dropped (with a note); the reply keeps its own tail. */
const MAX_PENDING_LINES = 2000;

export const dependenciesRouter = router({
  install: runnerProcedure
    .meta({
      rateLimit: [{ max: 5, window: '1 hour', key: 'user' }],
      doc: {
        summary: "Install a bot's dependencies",
        description: 'Runs the pip or npm install command given, in the sandbox; one install per bot at a time, none while your storage is full.',
        answers: "A message and the install's output.",
        errors: [409],
      },
    })
    .input(installInput)
    .mutation(({ ctx, input }) => installDependencies(ctx, input)),

  installStream: runnerProcedure.meta({ countsAs: 'dependencies.install' }).input(installInput).subscription(async function* ({ ctx, input }): AsyncGenerator<InstallEvent> {
    // The install goes on if the reader leaves: stopping pip or npm halfway helps nobody.
    for await (const event of followWork<string, InstallResult>((push) => installDependencies(ctx, input, push), MAX_PENDING_LINES)) {
      if (event.type === 'done') {
        yield { type: 'done', ...event.result };
        continue;
      }
      for (const line of event.items) yield { type: 'output', line };
      if (event.dropped) yield { type: 'output', line: `[${event.dropped} lines not shown]` };
    }
  }),
});
