// The unlocked operator dashboard: headline numbers, users with credits and chat messages, the nodes
// of a server on several machines (with Drain), every bot (with Stop), and post moderation. Its
// first call (analytics) is also the re-check of a stored key.
import '../../mantine-styles-pages';
import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { trpc } from '../../lib/trpc';
import { AdminBots } from './AdminBots';
import { AdminNodes } from './AdminNodes';
import { useAdminQueryError } from './admin-session';
import { PostModeration } from './PostModeration';
import { StatCards } from './StatCards';
import { UsersTable } from './UsersTable';

export function AdminDashboard() {
  const utils = trpc.useUtils();
  const analytics = trpc.admin.analytics.useQuery();
  useAdminQueryError(analytics.error, 'Failed to load analytics');

  const refresh = () => {
    void utils.admin.analytics.invalidate();
    void utils.admin.posts.invalidate();
    void utils.admin.bots.invalidate();
    void utils.admin.nodes.invalidate();
    void utils.admin.userMessages.invalidate();
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            Operator dashboard
          </Title>
          <Text size="sm" c="dimmed">
            Users, credits, bots and community posts across this server.
          </Text>
        </Stack>
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={refresh} loading={analytics.isFetching && !analytics.isPending}>
          Refresh
        </Button>
      </Group>

      {analytics.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Failed to load analytics">
          <Group justify="space-between" gap="sm">
            <Text size="sm">The numbers and the user list could not be loaded.</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void analytics.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : (
        <StatCards analytics={analytics.data} />
      )}

      {analytics.data ? <UsersTable users={analytics.data.usersByEmail} /> : !analytics.isError && <Skeleton h={320} radius="lg" />}

      {/* These wait for the key check, so a wrong stored key costs one refused call, not three. */}
      <AdminNodes enabled={analytics.isSuccess} />
      <AdminBots enabled={analytics.isSuccess} />
      <PostModeration enabled={analytics.isSuccess} />
    </Stack>
  );
}
