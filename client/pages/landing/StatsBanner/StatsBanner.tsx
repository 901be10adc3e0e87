// This server's own figures (landing.figures): bots built on it, the AI assistant's replies and how
// long it has been up. Nothing is shown until they arrive, nor while the server answers null (fewer
// than LANDING_MIN_BOTS bots): no invented numbers, and no tiny ones either.
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { compactCount, uptimeText } from '../../../../shared/landing-figures';
import { trpc } from '../../../lib/trpc';
import classes from './StatsBanner.module.css';

const exact = (n: number, what: string) => `${n.toLocaleString('en-US')} ${what}`;

export function StatsBanner() {
  // The server counts at most once a minute; asking more often would only repeat its answer.
  const figures = trpc.landing.figures.useQuery(undefined, { staleTime: 60_000 });
  const data = figures.data;
  if (!data) return null;

  const stats = [
    { value: compactCount(data.botsBuilt), label: 'Bots built', title: exact(data.botsBuilt, data.botsBuilt === 1 ? 'bot' : 'bots') },
    {
      value: compactCount(data.assistantReplies),
      label: 'AI assistant replies',
      title: exact(data.assistantReplies, data.assistantReplies === 1 ? 'reply' : 'replies'),
    },
    { value: uptimeText(data.uptimeSeconds), label: 'Uptime since last restart', title: undefined },
  ];

  return (
    <section className={classes.banner} aria-label="Platform statistics">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xl">
        {stats.map(({ value, label, title }) => (
          <Stack key={label} gap={2} align="center">
            <Text className={classes.value} title={title}>
              {value}
            </Text>
            <Text className={classes.label}>{label}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </section>
  );
}
