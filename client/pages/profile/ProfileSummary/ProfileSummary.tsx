// Top card of /profile: initials avatar, name, email, member-since date and credit balance.
import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandGoogleFilled, IconCalendar, IconCoins } from '@tabler/icons-react';
import type { UserDto } from '../../../../shared/auth.schema';
import { initials } from '../../../../shared/initials';
import { longDate } from '../../../lib/dates';

export function ProfileSummary({ user }: { user: UserDto }) {
  return (
    <Card withBorder radius="lg" padding="xl" shadow="xs">
      <Group gap="lg" wrap="wrap">
        <Avatar size={84} radius={84} color="violet" variant="filled" fz={30}>
          {initials(user.name)}
        </Avatar>
        <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
          <Title order={2} fz={24}>
            {user.name}
          </Title>
          <Text c="dimmed" size="sm">
            {user.email}
          </Text>
          <Group gap="xs" mt={4}>
            <Badge variant="light" color="gray" leftSection={<IconCalendar size={12} />} tt="none">
              Member since {longDate(user.createdAt)}
            </Badge>
            <Badge variant="light" leftSection={<IconCoins size={12} />} tt="none">
              {user.credits} credits
            </Badge>
            {user.googleAuth && (
              <Badge variant="light" color="blue" leftSection={<IconBrandGoogleFilled size={12} />} tt="none">
                Google account
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
