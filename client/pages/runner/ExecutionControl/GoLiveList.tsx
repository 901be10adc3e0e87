// The go-live list of the selected file, under Deploy: what it needs before it goes live for real
// (its settings, its packages, the assistant's checks, a reachable address), each line ticked or
// saying what to do.
import { Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { trpc } from '../../../lib/trpc';
import classes from './ExecutionControl.module.css';

export function GoLiveList({ fileId }: { fileId: string }) {
  const list = trpc.bots.goLive.useQuery({ fileId });
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  const done = items.filter((i) => i.ok).length;
  return (
    <Stack gap={4} className={classes.goLive} role="list" aria-label="Go-live list" data-testid="go-live">
      <Text size="xs" fw={700} c="dimmed">
        Before it goes live: {done} of {items.length}
      </Text>
      {items.map((item) => (
        <Group key={item.key} gap={6} wrap="nowrap" align="flex-start" role="listitem">
          {item.ok ? <IconCircleCheck size={16} color="var(--mantine-color-green-6)" /> : <IconCircleDashed size={16} color="var(--mantine-color-orange-6)" />}
          <Text size="xs">
            <strong>{item.label}</strong>
            {item.ok ? '' : `: ${item.detail}`}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
