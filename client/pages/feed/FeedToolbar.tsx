// Search, platform filter and sort above the feed.
import '../../mantine-styles-pages';
import { ActionIcon, Group, Loader, Paper, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconArrowsSort, IconFilter, IconSearch, IconX } from '@tabler/icons-react';
import { PLATFORM_OPTIONS } from '../../components/PostCard';
import type { Feed, FeedSort, PlatformFilter } from './use-feed';
import classes from './Feed.module.css';

const PLATFORM_FILTERS = [{ value: 'all', label: 'All' }, ...PLATFORM_OPTIONS];
const PLATFORM_MENU = [{ value: 'all', label: 'All platforms' }, ...PLATFORM_OPTIONS];
const SORTS = [
  { value: 'recent', label: 'Most Recent' },
  { value: 'popular', label: 'Most Liked' },
];

export function FeedToolbar({ feed }: { feed: Feed }) {
  return (
    <Paper withBorder radius="lg" p="sm" shadow="xs">
      <Group gap="sm" wrap="wrap" className={classes.toolbar}>
        <TextInput
          className={classes.search}
          placeholder="Search bots..."
          aria-label="Search bots"
          leftSection={<IconSearch size={16} />}
          rightSection={
            feed.refreshing ? (
              <Loader size={14} aria-label="Searching" />
            ) : feed.search ? (
              <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => feed.setSearch('')} aria-label="Clear search">
                <IconX size={14} />
              </ActionIcon>
            ) : null
          }
          value={feed.search}
          onChange={(e) => feed.setSearch(e.currentTarget.value)}
          maxLength={100}
        />
        <SegmentedControl
          visibleFrom="sm"
          className={classes.platforms}
          aria-label="Platform"
          data={PLATFORM_FILTERS}
          value={feed.platform}
          onChange={(value) => feed.setPlatform(value as PlatformFilter)}
          radius="md"
        />
        {/* Six labels do not fit a phone's width: there the filter is a menu beside the sort. */}
        <Select
          hiddenFrom="sm"
          className={classes.sort}
          aria-label="Platform"
          data={PLATFORM_MENU}
          value={feed.platform}
          onChange={(value) => value && feed.setPlatform(value as PlatformFilter)}
          allowDeselect={false}
          leftSection={<IconFilter size={16} />}
        />
        <Select
          className={classes.sort}
          aria-label="Sort"
          data={SORTS}
          value={feed.sort}
          onChange={(value) => value && feed.setSort(value as FeedSort)}
          allowDeselect={false}
          leftSection={<IconArrowsSort size={16} />}
        />
      </Group>
    </Paper>
  );
}
