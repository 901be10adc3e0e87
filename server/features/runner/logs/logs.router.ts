// The bot log's tRPC calls: a page of kept lines, newest first, and the kept runs (the download is a plain route,
// logs.routes.ts, since it answers text rather than JSON).
import { router, authedProcedure } from '../../../trpc';
import { runLogPageInput } from '../../../../shared/run-logs.schema';
import { botIdInput } from '../../../../shared/bots.schema';
import { keptRuns, logPage } from './logs.service';

export const logsRouter = router({
  page: authedProcedure.input(runLogPageInput).query(({ ctx, input }) => logPage(ctx, input)),
  runs: authedProcedure.input(botIdInput).query(({ ctx, input }) => keptRuns(ctx, input)),
});
