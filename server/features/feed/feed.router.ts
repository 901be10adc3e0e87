import { z } from 'zod';
import { router, authedProcedure } from '../../trpc';
import { createPostInput, feedListInput, postIdInput } from '../../../shared/feed.schema';
import { createPost, deletePost, likePost, listPosts } from './posts';
import { remixPost } from './remix';
import { CONFIRMATION, MiB } from '../../procedure-meta';

export const feedRouter = router({
  list: authedProcedure
    .meta({
      fastRead: true,
      doc: {
        summary: 'Community feed posts',
        description:
          'Answers the posts only, newest (or most liked) first, 20 unless `limit` says otherwise (at most 50). When more remain, a `Link` header names the next page: the same query with a `cursor` (`<...>; rel="next"`); the last page has none.',
        answers: 'The posts.',
        list: true,
      },
    })
    .input(feedListInput)
    .query(({ ctx, input }) => listPosts(ctx, input ?? {})),
  create: authedProcedure
    .meta({
      rateLimit: [{ max: 10, window: '1 hour', key: 'user' }],
      body: { limit: 16 * MiB, gate: 'posts' },
      doc: { summary: 'Share a bot on the feed', answers: 'The new post.' },
    })
    .input(createPostInput)
    .mutation(({ ctx, input }) => createPost(ctx, input)),
  like: authedProcedure
    .meta({
      rateLimit: [{ max: 60, window: '1 minute', key: 'user' }],
      doc: { summary: 'Like or unlike a post', description: 'Without `liked`, toggles.', answers: 'Whether you like it now, and the number of likes.' },
    })
    .input(postIdInput.extend({ liked: z.boolean().optional() }))
    .mutation(({ ctx, input }) => likePost(ctx, input)),
  delete: authedProcedure.meta({ doc: { summary: 'Delete your post', answers: CONFIRMATION } }).input(postIdInput).mutation(({ ctx, input }) => deletePost(ctx, input)),
  remix: authedProcedure
    .meta({
      doc: {
        summary: 'Remix a post',
        description: "Copies the post's bot file into a new bot of yours, named after the post's title (409 past your bots quota or storage).",
        answers: 'The new file and a message.',
        errors: [409],
      },
    })
    .input(postIdInput)
    .mutation(({ ctx, input }) => remixPost(ctx, input)),
});
