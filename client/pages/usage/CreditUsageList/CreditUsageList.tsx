// 'Credit Usage' on /usage: the ledger rows from credits.transactions, newest as the server sends.
import '../../../mantine-styles-pages';
import { Card, Divider, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { LoadError } from '../../../components/LoadError';
import { trpc } from '../../../lib/trpc';
import { TransactionRow } from './TransactionRow';

export function CreditUsageList() {
  const transactions = trpc.credits.transactions.useQuery();

  return (
    <Card withBorder radius="lg" padding="xl" shadow="xs">
      <Stack gap={4} mb="md">
        <Title order={3} fz="lg">
          Credit Usage
        </Title>
        <Text size="sm" c="dimmed">
          Every credit added to or spent from your balance.
        </Text>
      </Stack>

      {transactions.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading credit usage">
          {[0, 1, 2].map((i) => (
            <Group key={i} justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Skeleton circle height={36} />
                <Stack gap={6}>
                  <Skeleton height={12} width={140} />
                  <Skeleton height={10} width={220} />
                </Stack>
              </Group>
              <Skeleton height={14} width={40} />
            </Group>
          ))}
        </Stack>
      ) : transactions.isError ? (
        <LoadError title="Could not load your credit usage" onRetry={() => void transactions.refetch()} />
      ) : transactions.data.length === 0 ? (
        <EmptyState
          icon={<IconReceipt size={28} stroke={1.5} />}
          withIndicatorBackground
          title="No credit activity yet"
          description="Credits you spend on AI messages and code changes will show up here."
          py="lg"
        />
      ) : (
        <Stack gap={0}>
          {transactions.data.map((t, i) => (
            <div key={t.id}>
              {i > 0 && <Divider color="light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-5))" />}
              <TransactionRow transaction={t} />
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}
