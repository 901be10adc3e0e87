// One file in a list of a bot's files, the row the builder's file browser and the runner's 'Your
// Files' share: icon, monospaced name with a tag beside it, a dim line under it (when the file was
// made or changed) with an optional state beside that. The selected row is marked (aria-current).
import type { ReactNode } from 'react';
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconFileCode } from '@tabler/icons-react';
import classes from './FileRow.module.css';

interface FileRowProps {
  filename: string;
  selected: boolean;
  onSelect: () => void;
  /** The dim line under the name. */
  meta: ReactNode;
  /** Beside the name: the language, or 'Selected'. */
  tag?: ReactNode;
  /** Beside the dim line: a run's state. */
  status?: ReactNode;
}

export function FileRow({ filename, selected, onSelect, meta, tag, status }: FileRowProps) {
  return (
    <UnstyledButton
      className={classes.row}
      data-selected={selected || undefined}
      aria-current={selected ? 'true' : undefined}
      aria-label={filename}
      onClick={onSelect}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconFileCode size={18} stroke={1.6} className={classes.icon} />
        <Box miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="sm" fw={500} ff="monospace" truncate="end" title={filename}>
              {filename}
            </Text>
            {tag && <span className={classes.side}>{tag}</span>}
          </Group>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="xs" c="dimmed" truncate="end">
              {meta}
            </Text>
            {status && <span className={classes.side}>{status}</span>}
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
