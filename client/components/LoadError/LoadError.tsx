// What a page or card shows when its data could not be loaded: a red note saying what, the
// suggestion to check the connection, and 'Try again' (which refetches).
import '../../mantine-styles-pages';
import { Alert, Button, Group, Text, type AlertProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

type LoadErrorProps = { title: string; onRetry: () => void } & Omit<AlertProps, 'title' | 'children' | 'color' | 'variant' | 'icon'>;

export function LoadError({ title, onRetry, ...box }: LoadErrorProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title} {...box}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">Check your connection and try again.</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
