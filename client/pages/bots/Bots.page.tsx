// /bots: the person's bots and whether they run. A deployed bot is always on: the server
// starts it again when it ends and after a restart. From here a bot is opened in the runner,
// deployed, restarted or undeployed (after a confirmation). The list is read again whenever one of
// the person's runs starts or ends (the run socket says so), never polled.
import '../../mantine-styles-pages';
import { useMemo, useState } from 'react';
import { Badge, Button, Card, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconActivity, IconBolt, IconHammer, IconRobot } from '@tabler/icons-react';
import { LoadError } from '../../components/LoadError';
import { Link } from 'react-router-dom';
import type { BotSummary } from '../../../shared/bots.schema';
import { BotActions, BotsTable, ConfirmBotDialog, useBotControls } from '../../components/Bots';
import { PageHeader } from '../../components/PageHeader';
import { trpc } from '../../lib/trpc';
import { useRunChanges } from '../../live/use-live-socket';
import { useFiles } from '../../lib/workspace';
import { usePageTitle } from '../../lib/page-title';
import classes from './Bots.module.css';

function BotsLoading() {
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs">
      <Stack gap="sm" aria-busy="true" aria-label="Loading your bots">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={56} radius="md" />
        ))}
      </Stack>
    </Card>
  );
}

/** The empty state, with the way to the builder. */
function NoBotsYet() {
  return (
    <Card withBorder radius="lg" padding="xl" shadow="xs" className={classes.empty}>
      <Stack align="center" gap="sm" py="lg">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconRobot size={28} stroke={1.6} />
        </ThemeIcon>
        <Title order={3} fz="lg">
          No bots yet
        </Title>
        <Text size="sm" c="dimmed" ta="center" maw={420}>
          Describe a bot in the Builder. Once it has a file, deploy it here to keep it running around the clock.
        </Text>
        <Button component={Link} to="/builder" leftSection={<IconHammer size={16} />} mt="xs">
          Open the Builder
        </Button>
      </Stack>
    </Card>
  );
}

export function BotsPage() {
  usePageTitle('Bots');
  const bots = trpc.bots.list.useQuery();
  const utils = trpc.useUtils();
  useRunChanges(() => void utils.bots.list.invalidate());
  const files = useFiles();
  const controls = useBotControls();
  const [undeploying, setUndeploying] = useState<BotSummary | null>(null);

  const filenames = useMemo(() => new Map((files.data ?? []).map((f) => [f.id, f.filename])), [files.data]);
  const list = bots.data?.bots;
  const deployed = list?.filter((b) => b.deployed).length ?? 0;

  const confirmUndeploy = async () => {
    if (!undeploying) return;
    await controls.undeploy(undeploying.projectId);
    setUndeploying(null);
  };

  return (
    <Stack gap="lg" maw={1280}>
      <PageHeader
        icon={<IconActivity size={24} />}
        title="Bots"
        description="Your bots and whether they run. A deployed bot is always on: it is started again when it ends."
        actions={
          list && list.length > 0 ? (
            <Badge size="lg" variant="light" color={deployed > 0 ? 'violet' : 'gray'} tt="none" leftSection={<IconBolt size={14} />}>
              {deployed} always on
            </Badge>
          ) : undefined
        }
      />

      {bots.isError && !list ? (
        <LoadError title="Your bots could not be loaded" onRetry={() => void bots.refetch()} />
      ) : !list ? (
        <BotsLoading />
      ) : list.length === 0 ? (
        <NoBotsYet />
      ) : (
        <Card withBorder radius="lg" padding="md" shadow="xs" className={classes.listCard}>
          <BotsTable
            bots={list}
            label="Your bots"
            filenames={filenames}
            showWebhooks
            actions={(bot, layout) => <BotActions bot={bot} icons={layout === 'card'} controls={controls} onUndeploy={setUndeploying} />}
          />
          {bots.isError && (
            <Text size="xs" c="red.7" mt="sm" role="status">
              Could not refresh just now: showing the last known state.
            </Text>
          )}
        </Card>
      )}

      <ConfirmBotDialog
        opened={undeploying !== null}
        title="Undeploy this bot?"
        botName={undeploying?.name ?? ''}
        confirmLabel="Undeploy"
        loading={undeploying !== null && controls.isPending(undeploying.projectId, 'undeploy')}
        onConfirm={() => void confirmUndeploy()}
        onClose={() => setUndeploying(null)}
      >
        It stops now, and is no longer started again when it ends or when the server restarts. You can deploy it again at any time.
      </ConfirmBotDialog>
    </Stack>
  );
}
