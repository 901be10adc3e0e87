// Billing Information card of /profile. Payments are not offered: each button says to ask the
// operator of this server for credits (with their contact when configured), and so does a note
// when the balance is too low for an AI message.
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconReceipt, IconSettings } from '@tabler/icons-react';
import { LOW_CREDITS } from '../../../../shared/credit-transactions';
import { AskOperatorNote, useAskForCredits } from '../../../components/OperatorCredits';

export function BillingCard({ credits }: { credits: number }) {
  const askForCredits = useAskForCredits();
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
        {credits < LOW_CREDITS && <AskOperatorNote credits={credits} />}
        <Button variant="default" justify="flex-start" leftSection={<IconSettings size={18} />} onClick={askForCredits}>
          Manage Subscription
        </Button>
        <Button variant="default" justify="flex-start" leftSection={<IconCreditCard size={18} />} onClick={askForCredits}>
          Payment Methods
        </Button>
        <Button variant="default" justify="flex-start" leftSection={<IconReceipt size={18} />} onClick={askForCredits}>
          Billing History
        </Button>
      </Stack>
    </Card>
  );
}
