// The confirmation before a bot is taken down (Undeploy on /bots, Stop on /admin): what happens, the
// bot's name, Cancel and the red action. It stays open until the action has finished.
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmBotDialogProps {
  opened: boolean;
  title: string;
  botName: string;
  children: ReactNode;
  confirmLabel: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmBotDialog({ opened, title, botName, children, confirmLabel, loading, onConfirm, onClose }: ConfirmBotDialogProps) {
  return (
    <Modal opened={opened} onClose={() => !loading && onClose()} title={title} centered size="sm">
      <Stack gap="md">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {botName}
        </Text>
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color="red" loading={loading} onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
