// The bot log's tRPC calls: a page of kept lines, newest first, and the kept runs (the download is a plain route,
// logs.routes.ts, since it answers text rather than JSON).
import { z } from 'zod';
import { authedProcedure, router } from '../../../trpc';
import { keptRun, runLogPage, runLogPageInput } from '../../../../shared/run-logs.schema';
import { botIdInput } from '../../../../shared/bots.schema';
import { answering } from '../../../procedure-meta';
import { keptRuns, logPage } from './logs.service';

export const logsRouter = router({
  page: answering(
    runLogPage,
    authedProcedure
      .meta({
        doc: {
          summary: "A page of a bot's kept log",
          description: 'Newest first; pass `next` as `before` for earlier lines.',
          answers: 'The lines, and the cursor of the page before (null at the oldest line kept).',
        },
      })
      .input(runLogPageInput),
  ).query(({ ctx, input }) => logPage(ctx, input)),
  runs: answering(
    z.object({ runs: z.array(keptRun) }),
    authedProcedure.meta({ doc: { summary: "A bot's kept runs", answers: 'The runs, newest first.' } }).input(botIdInput),
  ).query(({ ctx, input }) => keptRuns(ctx, input)),
});
