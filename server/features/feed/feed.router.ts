import { z } from 'zod';
import { router, authedProcedure } from '../../trpc';
import { createPostInput, feedListInput, postIdInput } from '../../../shared/feed.schema';
import { createPost, deletePost, likePost, listPosts } from './posts';
import { remixPost } from './remix';
import { MiB } from '../../procedure-meta';

export const feedRouter = router({
  list: authedProcedure.meta({ fastRead: true }).input(feedListInput).query(({ ctx, input }) => listPosts(ctx, input ?? {})),
  create: authedProcedure.meta({ rateLimit: [{ max: 10, window: '1 hour', key: 'user' }], body: { limit: 16 * MiB, gate: 'posts' } }).input(createPostInput).mutation(({ ctx, input }) => createPost(ctx, input)),
  like: authedProcedure.meta({ rateLimit: [{ max: 60, window: '1 minute', key: 'user' }] }).input(postIdInput.extend({ liked: z.boolean().optional() })).mutation(({ ctx, input }) => likePost(ctx, input)),
  delete: authedProcedure.input(postIdInput).mutation(({ ctx, input }) => deletePost(ctx, input)),
  remix: authedProcedure.input(postIdInput).mutation(({ ctx, input }) => remixPost(ctx, input)),
});
