// 'Storage' on /usage: the person's files and bytes (files and saved versions) against their quota,
// with the caps that apply, so a refused save ("delete some before adding more") is never a surprise.
import '../../../mantine-styles-pages';
import { Card, Group, Progress, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { LoadError } from '../../../components/LoadError';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';
import { trpc } from '../../../lib/trpc';
import { formatBytes, formatCount, storageLine } from '../../../../shared/storage';

/** From here the bar turns red: a few more saves may be refused. */
const NEARLY_FULL = 90;

export function StorageCard() {
  // Every workspace change invalidates files.*, this included, so it is never stale.
  const storage = trpc.files.storage.useQuery();

  return (
    <Card withBorder radius="lg" padding="xl" shadow="xs">
      <Group gap="md" wrap="nowrap" mb="md">
        <ThemeIcon size={36} radius="xl" variant="light" color="violet">
          <IconDatabase size={18} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={0}>
          <Title order={3} fz="lg">
            Storage
          </Title>
          <Text size="sm" c="dimmed">
            Your bot files across all projects, with their saved versions.
          </Text>
        </Stack>
      </Group>

      {storage.isPending ? (
        <Stack gap={8} aria-busy="true" aria-label="Loading storage">
          <Skeleton height={14} width={260} />
          <Skeleton height={12} radius="xl" />
        </Stack>
      ) : storage.isError ? (
        <LoadError title="Could not load your storage" onRetry={() => void storage.refetch()} />
      ) : (
        <StorageUsage usage={storage.data} />
      )}
    </Card>
  );
}

type Usage = inferRouterOutputs<AppRouter>['files']['storage'];

function StorageUsage({ usage }: { usage: Usage }) {
  const { limits } = usage;
  const percent = Math.min(100, Math.max((usage.bytes / limits.bytes) * 100, (usage.files / limits.files) * 100));
  const nearlyFull = percent >= NEARLY_FULL;

  return (
    <Stack gap={6} data-nearly-full={nearlyFull || undefined}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={600} data-testid="storage-line">
          {storageLine(usage)}
        </Text>
        <Text size="sm" c="dimmed">
          {formatCount(usage.files)} / {formatCount(limits.files)} files
        </Text>
      </Group>
      <Progress value={percent} size="lg" radius="xl" color={nearlyFull ? 'red' : 'violet'} aria-label="Storage used" />
      <Text size="xs" c="dimmed">
        Saved versions use {formatBytes(usage.versionBytes)} of it; when space runs out the oldest give way first. Each project
        holds up to {formatCount(limits.projectFiles)} files and {formatBytes(limits.projectBytes)}.
      </Text>
    </Stack>
  );
}
