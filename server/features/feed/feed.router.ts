import { z } from 'zod';
import { router, authedProcedure } from '../../trpc';
import { createPostInput, feedListInput, postIdInput } from '../../../shared/feed.schema';
import { createPost, deletePost, likePost, listPosts } from './posts';
import { remixPost } from './remix';

export const feedRouter = router({
  list: authedProcedure.input(feedListInput).query(({ ctx, input }) => listPosts(ctx, input ?? {})),
  create: authedProcedure.input(createPostInput).mutation(({ ctx, input }) => createPost(ctx, input)),
  like: authedProcedure.input(postIdInput.extend({ liked: z.boolean().optional() })).mutation(({ ctx, input }) => likePost(ctx, input)),
  delete: authedProcedure.input(postIdInput).mutation(({ ctx, input }) => deletePost(ctx, input)),
  remix: authedProcedure.input(postIdInput).mutation(({ ctx, input }) => remixPost(ctx, input)),
});
