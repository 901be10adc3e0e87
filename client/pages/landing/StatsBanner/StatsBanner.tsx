// Marketing figures: 10K+ active bots, 5M+ messages, 99.9% uptime.
import { SimpleGrid, Stack, Text } from '@mantine/core';
import classes from './StatsBanner.module.css';

const stats = [
  { value: '10K+', label: 'Active Bots' },
  { value: '5M+', label: 'Messages Processed' },
  { value: '99.9%', label: 'Uptime' },
];

export function StatsBanner() {
  return (
    <section className={classes.banner} aria-label="Platform statistics">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xl">
        {stats.map(({ value, label }) => (
          <Stack key={label} gap={2} align="center">
            <Text className={classes.value}>{value}</Text>
            <Text className={classes.label}>{label}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </section>
  );
}
