// Every user from the analytics call: who they are, how they sign in, when they joined, their
// credits (editable in place) and a way to read their chat messages.
import '../../mantine-styles-pages';
import { useMemo, useState } from 'react';
import { Avatar, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconBrandGoogle, IconMail, IconMessages } from '@tabler/icons-react';
import { initials } from '../../../shared/initials';
import { longDate } from '../../lib/dates';
import type { AdminUser } from './admin-types';
import { CreditsCell } from './CreditsCell';
import { ListHeader } from './ListHeader';
import { UserMessagesDrawer } from './UserMessagesDrawer';

function UserRow({ user, onRead }: { user: AdminUser; onRead: (user: AdminUser) => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar size={34} radius="xl" color="violet" variant="light">
            {initials(user.name || user.email)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate="end">
              {user.name || 'No name'}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {user.email}
            </Text>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        {user.googleAuth ? (
          <Badge variant="light" color="blue" leftSection={<IconBrandGoogle size={12} />} tt="none">
            Google
          </Badge>
        ) : (
          <Badge variant="light" color="gray" leftSection={<IconMail size={12} />} tt="none">
            Email
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {longDate(user.joinedDate) || 'Unknown'}
        </Text>
      </Table.Td>
      <Table.Td>
        <CreditsCell user={user} />
      </Table.Td>
      <Table.Td ta="right">
        <Button size="compact-sm" variant="light" leftSection={<IconMessages size={14} />} onClick={() => onRead(user)} aria-label={`Messages of ${user.email}`}>
          Messages
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

export function UsersTable({ users }: { users: AdminUser[] }) {
  const [filter, setFilter] = useState('');
  const [reading, setReading] = useState<AdminUser | null>(null);

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? users.filter((u) => u.email.toLowerCase().includes(needle) || (u.name ?? '').toLowerCase().includes(needle)) : users;
  }, [users, filter]);

  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs">
      <ListHeader
        title="Users"
        summary={`${users.length.toLocaleString('en-US')} ${users.length === 1 ? 'account' : 'accounts'}, by email`}
        filterLabel="Filter users"
        placeholder="Filter by name or email"
        filter={filter}
        onFilter={setFilter}
      />
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th>Sign-in</Table.Th>
              <Table.Th>Joined</Table.Th>
              {/* Wide enough for the editor (input, confirm, cancel): the columns do not jump when it opens. */}
              <Table.Th w={190}>Credits</Table.Th>
              <Table.Th ta="right">Chat</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((user) => (
              <UserRow key={user.id} user={user} onRead={setReading} />
            ))}
            {shown.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm" c="dimmed" ta="center" py="lg">
                    {users.length === 0 ? 'No users yet.' : 'No user matches this filter.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <UserMessagesDrawer user={reading} onClose={() => setReading(null)} />
    </Card>
  );
}
