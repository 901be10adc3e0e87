// The feed's cached pages, shared by the page and every card: a like or a delete edits the posts in
// place in every cached filter/sort combination, so the grid never jumps or refetches for it.
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/router';
import { trpc } from './trpc';

export type FeedPage = inferRouterOutputs<AppRouter>['feed']['list'];
export type Post = FeedPage['posts'][number];

export function feedListKey() {
  return getQueryKey(trpc.feed.list, undefined, 'infinite');
}

/** Applies `edit` to every cached post; returning null removes the post. */
export function editCachedPosts(queryClient: QueryClient, edit: (post: Post) => Post | null): void {
  queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: feedListKey() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            posts: page.posts.flatMap((post) => {
              const next = edit(post);
              return next ? [next] : [];
            }),
          })),
        }
      : data,
  );
}

export function editCachedPost(queryClient: QueryClient, id: string, edit: (post: Post) => Post | null): void {
  editCachedPosts(queryClient, (post) => (post.id === id ? edit(post) : post));
}
