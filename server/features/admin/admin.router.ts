import { router, adminProcedure, publicProcedure } from '../../trpc';
import { bots } from '../bots/bots.service';
import { botIdInput } from '../../../shared/bots.schema';
import { postIdInput, setCreditsInput, userIdInput } from '../../../shared/feed.schema';
import { CONFIRMATION } from '../../procedure-meta';
import * as admin from './admin.service';
import * as nodes from './nodes.service';
import { nodeIdInput, nodeList } from '../../../shared/nodes.schema';
import { answering } from '../../procedure-meta';

export const adminRouter = router({
  /** Public: lets the admin page say when admin is disabled, without revealing anything else. */
  status: publicProcedure
    .meta({ doc: { summary: 'Whether the operator area is enabled', answers: 'Whether it is enabled (nothing else).' } })
    .query(({ ctx }) => ({ enabled: ctx.deps.adminGuard.enabled })),
  analytics: adminProcedure.meta({ doc: { summary: 'Users and activity', answers: 'Counts of users, messages and posts, and every user.' } }).query(({ ctx }) => admin.analytics(ctx)),
  bots: adminProcedure.meta({ doc: { summary: 'Every always-on bot', answers: 'Every bot with its status and owner.' } }).query(({ ctx }) => bots.listAll(ctx)),
  stopBot: adminProcedure.meta({ doc: { summary: 'Stop any bot', answers: CONFIRMATION } }).input(botIdInput).mutation(({ ctx, input }) => bots.stopAny(ctx, input)),
  posts: adminProcedure.meta({ doc: { summary: 'Every feed post', answers: 'Every post.', list: true } }).query(({ ctx }) => admin.posts(ctx)),
  userMessages: adminProcedure
    .meta({ doc: { summary: "A person's chat messages", answers: 'Their messages with the assistant, and how many.' } })
    .input(userIdInput)
    .query(({ ctx, input }) => admin.userMessages(ctx, input)),
  setCredits: adminProcedure
    .meta({ doc: { summary: "Set a person's credits", description: 'Written to the credits ledger as an adjustment.', answers: 'A message and the new balance.' } })
    .input(setCreditsInput)
    .mutation(({ ctx, input }) => admin.setCredits(ctx, input)),
  nodes: answering(
    nodeList,
    adminProcedure.meta({ doc: { summary: 'The nodes of the server', description: 'On PostgreSQL, every web and runner node with its heartbeat and load; on SQLite, none.', answers: 'Whether the server has several nodes, and each node.' } }),
  ).query(({ ctx }) => nodes.nodes(ctx)),
  drainNode: adminProcedure
    .meta({ doc: { summary: 'Drain a runner node', description: 'Its deployed bots move to the other runners; no new bot is placed on it.', answers: CONFIRMATION } })
    .input(nodeIdInput)
    .mutation(({ ctx, input }) => nodes.drain(ctx, input, true)),
  undrainNode: adminProcedure
    .meta({ doc: { summary: 'Take a drained node back', answers: CONFIRMATION } })
    .input(nodeIdInput)
    .mutation(({ ctx, input }) => nodes.drain(ctx, input, false)),
  deletePost: adminProcedure.meta({ doc: { summary: 'Delete any feed post', answers: CONFIRMATION } }).input(postIdInput).mutation(({ ctx, input }) => admin.deleteAnyPost(ctx, input)),
});
