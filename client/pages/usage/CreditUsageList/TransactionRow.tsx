// One ledger row: type label, description, signed amount (green in, red out) and how long ago.
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins, IconGift, IconMessageChatbot, IconCode, IconReceiptRefund, IconArrowsExchange } from '@tabler/icons-react';
import { relativeTime } from '../../../../shared/relative-time';
import { signedAmount, transactionLabel } from '../../../../shared/credit-transactions';

export interface CreditTransaction {
  id: string;
  type: string;
  description: string;
  amount: number;
  createdAt: string;
}

const icons: Record<string, typeof IconCoins> = {
  ai_message: IconMessageChatbot,
  code_edit: IconCode,
  purchase: IconCoins,
  refund: IconReceiptRefund,
  signup_bonus: IconGift,
};

export function TransactionRow({ transaction: t }: { transaction: CreditTransaction }) {
  const Icon = Object.hasOwn(icons, t.type) ? icons[t.type]! : IconArrowsExchange;
  const positive = t.amount > 0;

  return (
    <Group justify="space-between" wrap="nowrap" py="sm" gap="md">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <ThemeIcon size={36} radius="xl" variant="light" color={positive ? 'teal' : 'gray'}>
          <Icon size={18} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            {transactionLabel(t.type)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {t.description}
          </Text>
        </Stack>
      </Group>
      <Stack gap={0} align="flex-end" style={{ flex: 'none' }}>
        <Text size="sm" fw={700} c={positive ? 'teal.7' : t.amount < 0 ? 'red.7' : 'dimmed'}>
          {signedAmount(t.amount)}
        </Text>
        <Text size="xs" c="dimmed">
          {relativeTime(t.createdAt)}
        </Text>
      </Stack>
    </Group>
  );
}
