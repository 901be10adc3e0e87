// Balance card of /usage: credits remaining (red when nearly out), the bar against the
// recommended monthly usage, and the purchase button, which says whom to ask: credits are not sold
// in the app (so does a note when the balance is too low for an AI message).
import '../../../mantine-styles-pages';
import { Button, Card, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins, IconShoppingCart } from '@tabler/icons-react';
import { LOW_CREDITS, RECOMMENDED_MONTHLY_CREDITS, usagePercent } from '../../../../shared/credit-transactions';
import { AskOperatorNote, useAskForCredits } from '../../../components/OperatorCredits';

export function CreditsCard({ credits }: { credits: number }) {
  const low = credits < LOW_CREDITS;
  const percent = usagePercent(credits);
  const askForCredits = useAskForCredits();

  return (
    <Card withBorder radius="lg" padding="xl" shadow="xs">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={52} radius="md" variant="light" color={low ? 'red' : 'violet'}>
            <IconCoins size={28} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fz={36} fw={800} lh={1.1} c={low ? 'red.7' : 'var(--mantine-color-text)'} data-testid="credits-remaining">
              {credits}
            </Text>
            <Text size="sm" c="dimmed">
              credits remaining
            </Text>
          </Stack>
        </Group>
        <Button leftSection={<IconShoppingCart size={18} />} variant="light" onClick={askForCredits}>
          Buy More Credits
        </Button>
      </Group>
      {low && (
        <Stack mt="lg">
          <AskOperatorNote credits={credits} />
        </Stack>
      )}
      <Stack gap={6} mt="xl">
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            Recommended Monthly Usage
          </Text>
          <Text size="sm" c="dimmed">
            {credits} / {RECOMMENDED_MONTHLY_CREDITS}
          </Text>
        </Group>
        <Progress value={percent} size="lg" radius="xl" color={low ? 'red' : 'violet'} aria-label="Recommended Monthly Usage" />
        <Text size="xs" c="dimmed">
          Each message to the AI assistant costs 5 credits{credits <= 0 ? '. You are out of credits.' : low ? '. You are almost out of credits.' : '.'}
        </Text>
      </Stack>
    </Card>
  );
}
