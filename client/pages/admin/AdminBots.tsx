// Every person's bots for the operator: the /bots table with each owner's email, and Stop (after a
// confirmation), which undeploys a deployed bot or ends a bot's live run. Polled every 10 s.
import '../../mantine-styles-pages';
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconPlayerStop, IconSearch } from '@tabler/icons-react';
import { BotsTable, ConfirmBotDialog } from '../../components/Bots';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useAdminQueryError, useAdminSession } from './admin-session';
import type { AdminBot } from './admin-types';

const POLL_MS = 10_000;

export function AdminBots({ enabled }: { enabled: boolean }) {
  const bots = trpc.admin.bots.useQuery(undefined, { enabled, refetchInterval: POLL_MS });
  useAdminQueryError(bots.error, 'Failed to load bots');
  const { fail } = useAdminSession();
  const utils = trpc.useUtils();
  const stop = trpc.admin.stopBot.useMutation();
  const [target, setTarget] = useState<AdminBot | null>(null);
  const [filter, setFilter] = useState('');

  const list = bots.data?.bots;
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle && list ? list.filter((b) => b.name.toLowerCase().includes(needle) || b.userEmail.toLowerCase().includes(needle)) : list;
  }, [list, filter]);
  const deployed = list?.filter((b) => b.deployed).length ?? 0;
  const running = list?.filter((b) => b.status === 'running').length ?? 0;

  const confirm = async () => {
    if (!target) return;
    try {
      const result = await stop.mutateAsync({ projectId: target.projectId });
      notifySuccess('Bot stopped', `${target.name} (${target.userEmail}): ${result.message}`);
      setTarget(null);
    } catch (err) {
      fail(err, 'Failed to stop the bot');
    } finally {
      void utils.admin.bots.invalidate();
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs">
      <Group justify="space-between" mb="md" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            Bots
          </Title>
          <Text size="sm" c="dimmed">
            {list ? `${list.length.toLocaleString('en-US')} ${list.length === 1 ? 'bot' : 'bots'} · ${running} running · ${deployed} always on` : 'Every bot on this server'}
          </Text>
        </Stack>
        <TextInput
          placeholder="Filter by bot or email"
          aria-label="Filter bots"
          leftSection={<IconSearch size={16} />}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>

      {bots.isError && !list ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Failed to load bots">
          <Button size="xs" variant="white" color="red" onClick={() => void bots.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !shown ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading bots">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={56} radius="md" />
          ))}
        </Stack>
      ) : shown.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          {list?.length === 0 ? 'Nobody has made a bot yet.' : 'No bot matches this filter.'}
        </Text>
      ) : (
        <BotsTable
          bots={shown}
          label="Bots of every user"
          showOwner
          tableFrom="md"
          actions={(bot) => (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconPlayerStop size={14} />}
              disabled={!bot.deployed && bot.status === 'stopped'}
              onClick={() => setTarget(bot)}
              aria-label={`Stop ${bot.name} of ${bot.userEmail}`}
            >
              Stop
            </Button>
          )}
        />
      )}

      <ConfirmBotDialog
        opened={target !== null}
        title="Stop this bot?"
        botName={target ? `${target.name} · ${target.userEmail}` : ''}
        confirmLabel="Stop bot"
        loading={stop.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setTarget(null)}
      >
        {target?.deployed
          ? 'It stops now and is undeployed: it is not started again until its owner deploys it again.'
          : 'Its run ends now. Its owner can start it again.'}
      </ConfirmBotDialog>
    </Card>
  );
}
