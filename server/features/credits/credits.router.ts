import { router, authedProcedure } from '../../trpc';
import { listTransactions } from './ledger';

export const creditsRouter = router({
  transactions: authedProcedure.query(({ ctx }) => listTransactions(ctx.deps.db, ctx.user.id)),
});
