// The boxes under an assistant reply: green 'Files Created' with the files its code
// blocks made (click to open) and blue 'Dependencies Required' with 'Install Dependencies', which
// installs them on the server for the reply's bot and toasts the outcome; orange
// 'Change to review' with the files it proposes to change.
import { ActionIcon, Badge, Button, Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCircleCheck, IconCopy, IconFileCode, IconGitCompare, IconPackage } from '@tabler/icons-react';
import type { ProposedChange } from '../../../../shared/proposals';
import { languageLabel } from '../../../../shared/filenames';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { offerChange } from '../../../lib/offered-changes';
import { trpc } from '../../../lib/trpc';
import { botOrFirst, type WorkspaceFile } from '../../../lib/workspace';
import { copyText } from '../../../components/CopyCommand/copy-text';
import { installCommand, installRequestCommand } from './install-command';
import { Tooltip } from '../../../components/LazyTooltip';
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

interface ProposedChangesProps {
  changes: ProposedChange[];
  /** The reply's code blocks: each holds the proposed text of its file. */
  blocks: ReadonlyArray<{ filename: string; code: string }>;
  files: WorkspaceFile[];
  onOpenFile: (id: string) => void;
}

/** The files a reply proposes to change: 'Review change' opens the diff in the editor again. */
export function ProposedChangesBox({ changes, blocks, files, onOpenFile }: ProposedChangesProps) {
  return (
    <Paper className={classes.changesBox} p="sm" radius="md" role="group" aria-label="Proposed changes">
      <Group gap={6} mb={6}>
        <IconGitCompare size={16} />
        <Text size="sm" fw={700}>
          Change to review
        </Text>
      </Group>
      <Stack gap={6}>
        {changes.map((change) => {
          const file = files.find((f) => f.filename === change.filename);
          const code = blocks.find((b) => b.filename === change.filename)?.code;
          const review = () => {
            if (!file || code === undefined) return;
            offerChange({ fileId: file.id, proposalId: change.proposalId, code });
            onOpenFile(file.id);
          };
          return (
            <Group key={change.proposalId} gap="xs" wrap="nowrap" justify="space-between">
              <Group gap={6} wrap="nowrap" miw={0}>
                <IconFileCode size={14} />
                <Text size="sm" ff="monospace" truncate="end">
                  {change.filename}
                </Text>
              </Group>
              <Button size="compact-xs" variant="white" color="orange" disabled={!file || code === undefined} onClick={review}>
                {file ? 'Review change' : 'File deleted'}
              </Button>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}

/** One install per reply, shared by its box and its 'Install dependencies' next step. */
export function useDependencyInstall(dependencies: readonly string[], filename?: string, projectId?: string | null) {
  const mutation = trpc.dependencies.install.useMutation({
    onSuccess: (result) => notifySuccess('Dependencies installed', result.message),
    onError: (err) => notifyError('Failed to install dependencies', errorMessage(err, 'Please try again, or install them from the Runner.')),
  });
  return {
    install: () => mutation.mutate({ command: installRequestCommand(dependencies, filename), projectId: botOrFirst(projectId) }),
    isPending: mutation.isPending,
  };
}

export type DependencyInstall = ReturnType<typeof useDependencyInstall>;

interface DependenciesBoxProps {
  dependencies: string[];
  filename?: string;
  install: DependencyInstall;
  /** The server installed them already (before checking the bot): nothing to press. */
  installed?: boolean;
}

export function DependenciesBox({ dependencies, filename, install, installed = false }: DependenciesBoxProps) {
  const title = installed ? 'Dependencies Installed' : 'Dependencies Required';
  return (
    <Paper className={classes.depsBox} p="sm" radius="md" role="group" aria-label={title}>
      <Group gap={6} mb={6}>
        <IconPackage size={16} />
        <Text size="sm" fw={700}>
          {title}
        </Text>
      </Group>
      <Group gap={6} mb="sm">
        {dependencies.map((dep) => (
          <Badge key={dep} variant="white" color="blue" tt="none" ff="monospace" size="md" radius="sm">
            {dep}
          </Badge>
        ))}
      </Group>
      <Group gap={6}>
        {!installed && (
          <Button
            size="xs"
            color="blue"
            leftSection={install.isPending ? <Loader size={12} color="gray" /> : <IconPackage size={14} />}
            disabled={install.isPending}
            onClick={install.install}
          >
            {install.isPending ? 'Installing...' : 'Install Dependencies'}
          </Button>
        )}
        <Tooltip label="Copy install command (to run the bot on your own machine)" openDelay={300}>
          <ActionIcon
            variant="subtle"
            color="blue"
            aria-label="Copy install command"
            onClick={() => void copyText(installCommand(dependencies, filename))}
          >
            <IconCopy size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}
