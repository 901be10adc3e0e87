// Billing Information card of /profile. Payments are not offered yet, so the buttons are inert.
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconReceipt, IconSettings } from '@tabler/icons-react';

export function BillingCard() {
  return (
    <Card withBorder radius="lg" padding="xl" shadow="xs">
      <Stack gap={4} mb="lg">
        <Title order={3} fz="lg">
          Billing Information
        </Title>
        <Text size="sm" c="dimmed">
          You are on the free plan. Credits pay for AI features.
        </Text>
      </Stack>
      <Stack gap="sm">
        <Button variant="default" justify="flex-start" leftSection={<IconSettings size={18} />}>
          Manage Subscription
        </Button>
        <Button variant="default" justify="flex-start" leftSection={<IconCreditCard size={18} />}>
          Payment Methods
        </Button>
        <Button variant="default" justify="flex-start" leftSection={<IconReceipt size={18} />}>
          Billing History
        </Button>
      </Stack>
    </Card>
  );
}
