// /publish: the community feed. Search, platform filter and sort run on the server; cards like,
// remix and (for their owner) delete; 'Share Your Bot' opens the post dialog.
import { Button, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShare, IconWorldUpload } from '@tabler/icons-react';
import { FeedResults } from './FeedResults';
import { FeedToolbar } from './FeedToolbar';
import { useFeed } from './use-feed';
import { PageHeader } from '../../components/PageHeader';
import { ShareBotDialog } from './ShareBotDialog';
import { usePageTitle } from '../../lib/page-title';

export function PublishPage() {
  usePageTitle('Community Bots');
  const feed = useFeed();
  const [sharing, share] = useDisclosure(false);

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        icon={<IconWorldUpload size={24} />}
        title="Community Feed"
        description="Discover bots the community built, and share your own."
        actions={
          <Button leftSection={<IconShare size={18} />} onClick={share.open} variant="gradient">
            Share Your Bot
          </Button>
        }
      />
      <FeedToolbar feed={feed} />
      <FeedResults feed={feed} onShare={share.open} />
      <ShareBotDialog opened={sharing} onClose={share.close} />
    </Stack>
  );
}
