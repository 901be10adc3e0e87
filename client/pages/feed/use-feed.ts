// The feed the page shows: search (debounced, so typing does not fire a request per key), platform
// and sort go to the server, which filters, searches, sorts and pages with a cursor.
import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { FEED_PAGE_SIZE, type PostPlatform } from '../../../shared/feed.schema';
import { trpc } from '../../lib/trpc';

export type PlatformFilter = 'all' | PostPlatform;
export type FeedSort = 'recent' | 'popular';

export const SEARCH_DEBOUNCE_MS = 300;

export function useFeed() {
  const [search, setSearch] = useState('');
  const [platform, setPlatform] = useState<PlatformFilter>('all');
  const [sort, setSort] = useState<FeedSort>('recent');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const utils = trpc.useUtils();
  const input = { search: debouncedSearch || undefined, platform, sort, limit: FEED_PAGE_SIZE };
  // tRPC's own useInfiniteQuery adds `direction` to the input, which the server's strict
  // feedListInput refuses (400); this is the same infinite query under tRPC's key (so
  // utils.feed.list.invalidate() and the card caches still find it), sending only the cursor.
  const query = useInfiniteQuery({
    queryKey: getQueryKey(trpc.feed.list, input, 'infinite'),
    queryFn: ({ pageParam, signal }) => utils.client.feed.list.query({ ...input, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Changing a filter keeps the current cards on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

  const posts = query.data?.pages.flatMap((page) => page.posts) ?? [];
  const filtered = debouncedSearch !== '' || platform !== 'all';

  const clearFilters = () => {
    setSearch('');
    setPlatform('all');
  };

  return {
    search,
    setSearch,
    platform,
    setPlatform,
    sort,
    setSort,
    filtered,
    clearFilters,
    posts,
    query,
    /** New results for a changed filter are on their way while the old ones still show. */
    refreshing: query.isPlaceholderData || (search.trim() !== debouncedSearch),
  };
}

export type Feed = ReturnType<typeof useFeed>;
