// The boxes under an assistant reply (spec section 2): green 'Files Created' with the files its code
// blocks made (click to open) and blue 'Dependencies Required' with 'Install Dependencies'.
import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCircleCheck, IconFileCode, IconPackage } from '@tabler/icons-react';
import { languageLabel } from '../../../shared/filenames';
import type { WorkspaceFile } from '../../lib/workspace';
import { InstallDependenciesModal } from './InstallDependenciesModal';
import classes from './ChatPanel.module.css';

interface FilesCreatedProps {
  filenames: string[];
  files: WorkspaceFile[];
  onOpenFile: (id: string) => void;
}

export function FilesCreatedBox({ filenames, files, onOpenFile }: FilesCreatedProps) {
  return (
    <Paper className={classes.filesBox} p="sm" radius="md" role="group" aria-label="Files Created">
      <Group gap={6} mb={6}>
        <IconCircleCheck size={16} />
        <Text size="sm" fw={700}>
          Files Created
        </Text>
      </Group>
      <Stack gap={4}>
        {filenames.map((name) => {
          // Files are matched by name; a newer reply may have rewritten the same file, which is fine.
          const file = files.find((f) => f.filename === name);
          return (
            <UnstyledButton
              key={name}
              className={classes.fileLink}
              disabled={!file}
              onClick={() => file && onOpenFile(file.id)}
              aria-label={file ? `Open ${name}` : `${name} (deleted)`}
            >
              <Group gap={6} wrap="nowrap">
                <IconFileCode size={14} />
                <Text size="sm" ff="monospace" truncate="end">
                  {name}
                </Text>
                <Badge size="xs" variant="white" color="green" tt="none">
                  {file ? languageLabel(name) : 'deleted'}
                </Badge>
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>
    </Paper>
  );
}

export function DependenciesBox({ dependencies, filename }: { dependencies: string[]; filename?: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <Paper className={classes.depsBox} p="sm" radius="md" role="group" aria-label="Dependencies Required">
      <Group gap={6} mb={6}>
        <IconPackage size={16} />
        <Text size="sm" fw={700}>
          Dependencies Required
        </Text>
      </Group>
      <Group gap={6} mb="sm">
        {dependencies.map((dep) => (
          <Badge key={dep} variant="white" color="blue" tt="none" ff="monospace" size="md" radius="sm">
            {dep}
          </Badge>
        ))}
      </Group>
      <Button size="xs" color="blue" leftSection={<IconPackage size={14} />} onClick={() => setOpened(true)}>
        Install Dependencies
      </Button>
      <InstallDependenciesModal opened={opened} onClose={() => setOpened(false)} dependencies={dependencies} filename={filename} />
    </Paper>
  );
}
