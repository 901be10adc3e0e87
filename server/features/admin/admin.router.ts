import { router, adminProcedure, publicProcedure } from '../../trpc';
import { bots } from '../bots/bots.service';
import { botIdInput } from '../../../shared/bots.schema';
import { postIdInput, setCreditsInput, userIdInput } from '../../../shared/feed.schema';
import * as admin from './admin.service';

export const adminRouter = router({
  /** Public: lets the admin page say when admin is disabled, without revealing anything else. */
  status: publicProcedure.query(({ ctx }) => ({ enabled: ctx.deps.adminGuard.enabled })),
  analytics: adminProcedure.query(({ ctx }) => admin.analytics(ctx)),
  bots: adminProcedure.query(({ ctx }) => bots.listAll(ctx)),
  stopBot: adminProcedure.input(botIdInput).mutation(({ ctx, input }) => bots.stopAny(ctx, input)),
  posts: adminProcedure.query(({ ctx }) => admin.posts(ctx)),
  userMessages: adminProcedure.input(userIdInput).query(({ ctx, input }) => admin.userMessages(ctx, input)),
  setCredits: adminProcedure.input(setCreditsInput).mutation(({ ctx, input }) => admin.setCredits(ctx, input)),
  deletePost: adminProcedure.input(postIdInput).mutation(({ ctx, input }) => admin.deleteAnyPost(ctx, input)),
});
