// /publish: the community feed. Posts, likes and sharing come with the feed issue.
import { IconUsersGroup, IconWorldUpload } from '@tabler/icons-react';
import { Stack } from '@mantine/core';
import { PageHeader } from '../components/PageHeader';
import { WorkspacePlaceholder } from '../components/WorkspacePlaceholder';

export function PublishPage() {
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        icon={<IconWorldUpload size={24} />}
        title="Publish"
        description="Share your bots with the community and discover what others built."
      />
      <WorkspacePlaceholder
        icon={IconUsersGroup}
        title="Share your bots on the community feed"
        description="Post a bot with a description, an image and how to reach it, so other people can find and try it."
        features={[
          'Browse bots by platform: Telegram, Twitter, WhatsApp, Discord and more',
          'Search the feed and sort by most recent or most liked',
          'Like the bots you enjoy and manage the ones you shared',
        ]}
      />
    </Stack>
  );
}
