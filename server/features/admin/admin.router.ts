import { router, adminProcedure, publicProcedure } from '../../trpc';
import { bots } from '../runner/deploy/bots.service';
import { botIdInput } from '../../../shared/bots.schema';
import { AppError } from '../../errors';
import { postIdInput, setCreditsInput, userIdInput } from '../../../shared/feed.schema';
import * as admin from './admin.service';

export const adminRouter = router({
  /** Public: lets the admin page say when admin is disabled, without revealing anything else. */
  status: publicProcedure.query(({ ctx }) => ({ enabled: ctx.deps.adminGuard.enabled })),
  analytics: adminProcedure.query(({ ctx }) => admin.analytics(ctx.deps)),
  bots: adminProcedure.query(({ ctx }) => bots.listAll(ctx.deps)),
  // Any person's bot: undeployed if deployed (it stays off), else its live run is stopped.
  stopBot: adminProcedure.input(botIdInput).mutation(async ({ ctx, input }) => {
    const bot = (await bots.listAll(ctx.deps)).bots.find((b) => b.projectId === input.projectId);
    if (!bot) throw new AppError('NOT_FOUND', 'Bot not found');
    if (bot.deployed) await ctx.deps.supervisor.undeploy(bot.userId, bot.projectId);
    else if (bot.fileId && ctx.deps.runs.live(bot.fileId)) await ctx.deps.runs.stop(bot.userId, bot.fileId);
    return { message: bot.deployed || bot.status === 'running' ? 'Bot stopped' : 'The bot was not running' };
  }),
  posts: adminProcedure.query(({ ctx }) => admin.posts(ctx.deps)),
  userMessages: adminProcedure.input(userIdInput).query(({ ctx, input }) => admin.userMessages(ctx.deps, input.id)),
  setCredits: adminProcedure.input(setCreditsInput).mutation(({ ctx, input }) => admin.setCredits(ctx.deps, input.id, input.credits)),
  deletePost: adminProcedure.input(postIdInput).mutation(({ ctx, input }) => admin.deleteAnyPost(ctx.deps, input.id)),
});
