// Every person's bots for the operator: the /bots table with each owner's email, and Stop (after a
// confirmation), which undeploys a deployed bot or ends a bot's live run. Polled every 10 s.
import '../../mantine-styles-pages';
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPlayerStop } from '@tabler/icons-react';
import { BotsTable, ConfirmBotDialog } from '../../components/Bots';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useAdminQueryError, useAdminSession } from './admin-session';
import type { AdminBot } from './admin-types';
import { ListHeader } from './ListHeader';

const POLL_MS = 10_000;

interface BotListProps {
  list: AdminBot[] | undefined;
  shown: AdminBot[] | undefined;
  failed: boolean;
  onRetry: () => void;
  onStop: (bot: AdminBot) => void;
}

/** The table, or why there is none: the list failed, is loading, or nothing matches. */
function BotList({ list, shown, failed, onRetry, onStop }: BotListProps) {
  if (failed && !list) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Failed to load bots">
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!shown) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading bots">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={56} radius="md" />
        ))}
      </Stack>
    );
  }
  if (shown.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="lg">
        {list?.length === 0 ? 'Nobody has made a bot yet.' : 'No bot matches this filter.'}
      </Text>
    );
  }
  return (
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
          onClick={() => onStop(bot)}
          aria-label={`Stop ${bot.name} of ${bot.userEmail}`}
        >
          Stop
        </Button>
      )}
    />
  );
}

/** The bots whose name or owner's email holds the filter. */
function useFiltered(list: AdminBot[] | undefined, filter: string) {
  return useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle && list ? list.filter((b) => b.name.toLowerCase().includes(needle) || b.userEmail.toLowerCase().includes(needle)) : list;
  }, [list, filter]);
}

export function AdminBots({ enabled }: { enabled: boolean }) {
  const bots = trpc.admin.bots.useQuery(undefined, { enabled, refetchInterval: POLL_MS });
  useAdminQueryError(bots.error, 'Failed to load bots');
  const { fail } = useAdminSession();
  const utils = trpc.useUtils();
  const stop = trpc.admin.stopBot.useMutation();
  const [target, setTarget] = useState<AdminBot | null>(null);
  const [filter, setFilter] = useState('');
  const list = bots.data?.bots;
  const shown = useFiltered(list, filter);
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
      <ListHeader
        title="Bots"
        summary={list ? `${list.length.toLocaleString('en-US')} ${list.length === 1 ? 'bot' : 'bots'} · ${running} running · ${deployed} always on` : 'Every bot on this server'}
        filterLabel="Filter bots"
        placeholder="Filter by bot or email"
        filter={filter}
        onFilter={setFilter}
      />
      <BotList list={list} shown={shown} failed={bots.isError} onRetry={() => void bots.refetch()} onStop={setTarget} />
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
