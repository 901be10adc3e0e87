// One chat turn: the person's messages on the right, the assistant's on the left with its avatar.
// A finished assistant reply, with its boxes and next steps, is AssistantMessage.tsx.
import type { ReactNode } from 'react';
import { Avatar, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh, IconRobot } from '@tabler/icons-react';

import classes from './AssistantReply.module.css';

export function AssistantBubble({ children }: { children: ReactNode }) {
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" className={classes.assistantRow} data-role="assistant">
      <Avatar color="violet" variant="light" radius="xl" size={32} aria-hidden>
        <IconRobot size={18} />
      </Avatar>
      <Box className={classes.assistantBubble}>{children}</Box>
    </Group>
  );
}

export function UserBubble({ message, onRetry }: { message: { content: string; failed?: boolean }; onRetry?: () => void }) {
  return (
    <Stack gap={4} align="flex-end" className={classes.userRow} data-role="user" data-failed={message.failed || undefined}>
      <Box className={classes.userBubble}>
        <Text size="sm" className={classes.userText}>
          {message.content}
        </Text>
      </Box>
      {message.failed && (
        <Group gap={6}>
          <Group gap={4} c="red.7">
            <IconAlertCircle size={14} />
            <Text size="xs">Not sent</Text>
          </Group>
          {onRetry && (
            <Button size="compact-xs" variant="subtle" leftSection={<IconRefresh size={12} />} onClick={onRetry}>
              Retry
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
