// One user's chat messages for the operator, each cut at 500 characters, shown as the builder's chat
// shows them: markdown read into React elements (lists, bold, code, fenced blocks), never HTML, so
// whatever a person typed (<script>, <img onerror>) is shown as text.
import '../../mantine-styles-pages';
import { useRef } from 'react';
import { Alert, Badge, Drawer, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMessageOff } from '@tabler/icons-react';
import { longDate } from '../../lib/dates';
import { trpc } from '../../lib/trpc';
import { AssistantContent } from '../../components/AssistantReply';
import { useAdminQueryError } from './admin-session';
import type { AdminMessage, AdminUser } from './admin-types';
import classes from './Admin.module.css';

export const MESSAGE_PREVIEW_CHARS = 500;

export function cutMessage(content: string): string {
  return content.length > MESSAGE_PREVIEW_CHARS ? `${content.slice(0, MESSAGE_PREVIEW_CHARS)}...` : content;
}

function when(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return `${longDate(date)}, ${date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
}

interface UserMessagesDrawerProps {
  user: AdminUser | null;
  onClose: () => void;
}

export function UserMessagesDrawer({ user: selected, onClose }: UserMessagesDrawerProps) {
  // The last user stays in the title while the drawer slides shut.
  const last = useRef(selected);
  if (selected) last.current = selected;
  const user = selected ?? last.current;
  const messages = trpc.admin.userMessages.useQuery({ id: user?.id ?? '' }, { enabled: selected !== null });
  useAdminQueryError(messages.error, 'Failed to load user messages');

  return (
    <Drawer
      opened={selected !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Stack gap={0}>
          <Text fw={700}>Chat messages</Text>
          <Text size="sm" c="dimmed">
            {user ? `${user.name || 'No name'} · ${user.email}` : ''}
          </Text>
        </Stack>
      }
    >
      {messages.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading messages">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={72} radius="md" />
          ))}
        </Stack>
      ) : messages.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Failed to load user messages">
          Try again in a moment.
        </Alert>
      ) : messages.data.messages.length === 0 ? (
        <Stack align="center" gap="xs" py="xl" c="dimmed">
          <IconMessageOff size={32} stroke={1.5} />
          <Text size="sm">This user has not chatted with the assistant yet.</Text>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {messages.data.totalMessages.toLocaleString('en-US')} {messages.data.totalMessages === 1 ? 'message' : 'messages'}
          </Text>
          {messages.data.messages.map((m) => (
            <MessageItem key={m.id} message={m} />
          ))}
        </Stack>
      )}
    </Drawer>
  );
}

function MessageItem({ message }: { message: AdminMessage }) {
  const isUser = message.role === 'user';
  return (
    <Paper withBorder radius="md" p="sm" bg={isUser ? 'violet.0' : 'white'}>
      <Group justify="space-between" mb={6} gap="xs">
        <Badge size="sm" variant={isUser ? 'filled' : 'light'} color={isUser ? 'violet' : 'teal'} tt="none">
          {isUser ? 'User' : 'Assistant'}
        </Badge>
        <Text size="xs" c="dimmed">
          {when(message.timestamp)}
        </Text>
      </Group>
      <div className={classes.message} data-testid="message-content">
        <AssistantContent content={cutMessage(message.content)} />
      </div>
    </Paper>
  );
}
