import { router, authedProcedure, publicProcedure } from '../../trpc';
import { listTransactions } from './ledger';

export const creditsRouter = router({
  transactions: authedProcedure
    .meta({ doc: { summary: 'Your credit history', answers: 'Your credit transactions.', list: true } })
    .query(({ ctx }) => listTransactions(ctx.deps.db, ctx.user.id)),
  /** Credits are not sold in the app: whom to ask for them (OPERATOR_CONTACT), or null when unset. */
  operatorContact: publicProcedure.query(({ ctx }) => ({ contact: ctx.deps.config.operatorContact })),
});
