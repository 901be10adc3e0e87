// One chat turn: the person's messages on the right, the assistant's on the left with its avatar;
// a finished assistant reply carries its Files Created / Dependencies Required boxes and, when it
// made files, the next-step buttons.
import type { ReactNode } from 'react';
import { Avatar, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh, IconRobot } from '@tabler/icons-react';
import { parseAssistantReply } from '../../../shared/code-blocks';
import { proposalsIn, withoutProposalLines } from '../../../shared/proposals';
import type { WorkspaceFile } from '../../lib/workspace';
import { AssistantContent } from './AssistantContent';
import { NextStepsRow, type NextStepActions } from './NextSteps';
import { nextSteps } from './next-steps';
import { DependenciesBox, FilesCreatedBox, ProposedChangesBox, useDependencyInstall } from './ReplyBoxes';
import type { ChatMessage } from './use-chat';
import classes from './ChatPanel.module.css';

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

export function UserBubble({ message, onRetry }: { message: ChatMessage; onRetry?: () => void }) {
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

interface AssistantMessageProps extends NextStepActions<WorkspaceFile> {
  content: string;
  files: WorkspaceFile[];
}

export function AssistantMessage({ content, files, ...actions }: AssistantMessageProps) {
  const reply = parseAssistantReply(content);
  const { blocks, dependencies } = reply;
  const proposed = proposalsIn(content);
  const created = blocks.filter((b) => !proposed.some((p) => p.filename === b.filename));
  const steps = nextSteps({ blocks: created, dependencies }, files);
  // The main file decides pip or npm; without one, the first block does, as before.
  const install = useDependencyInstall(dependencies, steps?.file.filename ?? blocks[0]?.filename, steps?.file.projectId ?? files[0]?.projectId);
  return (
    <AssistantBubble>
      <AssistantContent content={withoutProposalLines(content)} />
      {(blocks.length > 0 || dependencies.length > 0) && (
        <Stack gap="xs" mt="sm">
          {proposed.length > 0 && <ProposedChangesBox changes={proposed} blocks={blocks} files={files} onOpenFile={actions.onOpenFile} />}
          {created.length > 0 && <FilesCreatedBox filenames={created.map((b) => b.filename)} files={files} onOpenFile={actions.onOpenFile} />}
          {dependencies.length > 0 && (
            <DependenciesBox dependencies={dependencies} filename={steps?.file.filename ?? blocks[0]?.filename} install={install} />
          )}
        </Stack>
      )}
      {steps && <NextStepsRow steps={steps} install={install} {...actions} />}
    </AssistantBubble>
  );
}
