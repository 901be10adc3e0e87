// The five headline numbers of the analytics call.
import type { ComponentType } from 'react';
import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconActivity, IconMessages, IconShare, IconUserPlus, IconUsers, type IconProps } from '@tabler/icons-react';
import type { Analytics } from './admin-types';
import classes from './Admin.module.css';

const STATS: Array<{ label: string; field: keyof Omit<Analytics, 'usersByEmail'>; icon: ComponentType<IconProps>; color: string }> = [
  { label: 'Total Users', field: 'totalUsers', icon: IconUsers, color: 'violet' },
  { label: 'New Today', field: 'newUsersToday', icon: IconUserPlus, color: 'teal' },
  { label: 'Chat Messages', field: 'totalChatMessages', icon: IconMessages, color: 'blue' },
  { label: 'Bot Posts', field: 'totalBotPosts', icon: IconShare, color: 'orange' },
  { label: 'Active (7 days)', field: 'activeUsersLast7Days', icon: IconActivity, color: 'pink' },
];

export function StatCards({ analytics }: { analytics: Analytics | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
      {STATS.map(({ label, field, icon: Icon, color }) => (
        <Paper key={field} withBorder radius="lg" p="md" shadow="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
                {label}
              </Text>
              {analytics ? (
                <Text fz={28} fw={750} mt={6} className={classes.statValue}>
                  {analytics[field].toLocaleString('en-US')}
                </Text>
              ) : (
                <Skeleton h={28} w={60} mt={6} />
              )}
            </div>
            <ThemeIcon variant="light" color={color} size={36} radius="md">
              <Icon size={20} />
            </ThemeIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
