// 'Storage' on /usage: everything the person stores (files and versions, packages, logs, variables,
// saved chats) against their quota with each part, their files and bots against their caps, so a
// refused save or install ("Your storage is full (...): delete ...") is never a surprise.
import '../../../mantine-styles-pages';
import { Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { LoadError } from '../../../components/LoadError';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';
import { trpc } from '../../../lib/trpc';
import { formatBytes, formatCount, STORAGE_PARTS, storageLine } from '../../../../shared/storage';

/** From here the bar turns red: a few more saves may be refused. */
const NEARLY_FULL = 90;

export function StorageCard() {
  // Taken again each time the page opens: kept logs grow while bots run, and installs, variables and
  // saved chats change it without touching files.* (whose changes invalidate it too).
  const storage = trpc.files.storage.useQuery(undefined, { staleTime: 0 });

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
            Everything your bots keep: files and their versions, packages, logs, variables and saved chats.
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
        <Group gap="md">
          <Text size="sm" c={usage.bots >= limits.bots ? 'red.7' : 'dimmed'} data-testid="bots-line">
            {formatCount(usage.bots)} / {formatCount(limits.bots)} bots
          </Text>
          <Text size="sm" c="dimmed">
            {formatCount(usage.files)} / {formatCount(limits.files)} files
          </Text>
        </Group>
      </Group>
      <Progress value={percent} size="lg" radius="xl" color={nearlyFull ? 'red' : 'violet'} aria-label="Storage used" />
      <SimpleGrid component="dl" cols={{ base: 2, xs: 3, sm: 5 }} spacing="md" verticalSpacing={6} my={6} aria-label="Storage by part">
        {STORAGE_PARTS.map(({ part, label }) => (
          <div key={part} data-testid={`storage-part-${part}`}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" fw={600} m={0}>
              {formatBytes(usage.parts[part])}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Saved versions use {formatBytes(usage.versionBytes)} of it; when space runs out the oldest give way first. Packages and
        logs go with their bot when you delete it. Each project holds up to {formatCount(limits.projectFiles)} files and{' '}
        {formatBytes(limits.projectBytes)}.
      </Text>
    </Stack>
  );
}
