// The feed below the toolbar: skeletons while loading, an empty state, or the
// grid of cards that grows as the reader scrolls (with a 'Load more' button as the fallback).
import '../../mantine-styles-pages';
import { useEffect, useRef } from 'react';
import { Button, Center, EmptyState, SimpleGrid, Text } from '@mantine/core';
import { IconFilterOff, IconRobotOff, IconShare } from '@tabler/icons-react';
import { LoadError } from '../../components/LoadError';
import { useAuth } from '../../lib/auth';
import { PostCard, PostCardSkeleton } from '../../components/PostCard';
import type { Feed } from './use-feed';
import classes from './Feed.module.css';

// Container widths, not the window's: the sidebar takes its share at every size.
const GRID_COLS = { base: 1, '560px': 2, '860px': 3, '1320px': 4 };

interface FeedResultsProps {
  feed: Feed;
  onShare: () => void;
}

export function FeedResults({ feed, onShare }: FeedResultsProps) {
  const { user } = useAuth();
  const { query, posts } = feed;

  if (query.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading bots">
        <SimpleGrid type="container" cols={GRID_COLS} spacing="lg">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <PostCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      </div>
    );
  }

  if (query.isError && posts.length === 0) {
    return (
      <LoadError title="Could not load the community feed" onRetry={() => void query.refetch()} />
    );
  }

  if (posts.length === 0) {
    return (
      <EmptyState
        icon={feed.filtered ? <IconFilterOff size={28} stroke={1.5} /> : <IconRobotOff size={28} stroke={1.5} />}
        withIndicatorBackground
        title="No bots found"
        description={
          feed.filtered
            ? 'No bot matches your search or platform filter. Try other words or another platform.'
            : 'Nobody has shared a bot yet. Be the first to share yours with the community!'
        }
        py={60}
      >
        <EmptyState.Actions>
          {feed.filtered ? (
          <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={feed.clearFilters}>
            Clear filters
          </Button>
        ) : (
          <Button leftSection={<IconShare size={16} />} onClick={onShare}>
            Share Your Bot
          </Button>
          )}
        </EmptyState.Actions>
      </EmptyState>
    );
  }

  return (
    <>
      <SimpleGrid type="container" cols={GRID_COLS} spacing="lg" style={{ opacity: feed.refreshing ? 0.6 : 1, transition: 'opacity 150ms' }}>
        {posts.map((post) => (
          <PostCard key={post.id} post={post} isOwner={user?.id === post.userId} />
        ))}
      </SimpleGrid>
      <MorePosts feed={feed} />
    </>
  );
}

/** Loads the next page when the reader nears the end; the button does the same by hand. */
function MorePosts({ feed }: { feed: Feed }) {
  const { query } = feed;
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;

  useEffect(() => {
    const el = sentinel.current;
    // After a failed page, wait for the button: retrying on every scroll would hammer the server.
    if (!el || !hasNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (!hasNextPage) {
    return feed.posts.length > 6 ? (
      <Text ta="center" size="sm" c="dimmed" py="md">
        You have reached the end of the feed.
      </Text>
    ) : null;
  }

  return (
    <>
      <div ref={sentinel} className={classes.sentinel} aria-hidden />
      <Center py="md">
        <Button variant="default" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchNextPageError ? 'Try again' : 'Load more'}
        </Button>
      </Center>
    </>
  );
}
