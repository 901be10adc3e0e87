// 'Modify with AI': describe a change, get a preview; then the banner to accept or reject it.
import '../../../mantine-styles-pages';
import type { ReactNode } from 'react';
import { Alert, Button, Group, Paper, Text, Textarea } from '@mantine/core';
import { IconCheck, IconSparkles, IconX } from '@tabler/icons-react';
import classes from './EditorPanel.module.css';

interface ModifyBoxProps {
  prompt: string;
  onPromptChange: (value: string) => void;
  onGenerate: () => void;
  onCancel: () => void;
  generating: boolean;
}

export function ModifyBox({ prompt, onPromptChange, onGenerate, onCancel, generating }: ModifyBoxProps) {
  return (
    <Paper className={classes.modifyBox} p="sm" radius="md">
      <Textarea
        label="Describe the change"
        description="The assistant proposes an edit; you review it before anything changes. Costs 5 credits, refunded if you reject it."
        placeholder="e.g. Add a /help command that lists what the bot can do"
        value={prompt}
        onChange={(e) => onPromptChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey) && prompt.trim()) onGenerate();
        }}
        autosize
        minRows={2}
        maxRows={5}
        autoFocus
        disabled={generating}
      />
      <Group justify="flex-end" gap="xs" mt="sm">
        <Button size="xs" variant="default" onClick={onCancel} disabled={generating}>
          Cancel
        </Button>
        <Button size="xs" leftSection={<IconSparkles size={14} />} onClick={onGenerate} disabled={!prompt.trim()} loading={generating}>
          Generate Preview
        </Button>
      </Group>
    </Paper>
  );
}

/** `children`: checks to run before accepting (the saved chats of a Telegram bot). */
export function PreviewBanner({
  onAccept,
  onReject,
  title = 'Preview of the AI changes',
  children,
}: {
  onAccept: () => void;
  onReject: () => void;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <Alert color="green" radius="md" icon={<IconSparkles size={18} />} title={title} className={classes.banner}>
      <Text size="sm" mb="sm">
        Green lines are added, red lines removed. Nothing changes until you accept; you can still undo with History after saving.
      </Text>
      <Group gap="xs">
        <Button size="xs" color="green" leftSection={<IconCheck size={14} />} onClick={onAccept}>
          Accept Changes
        </Button>
        <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={onReject}>
          Reject Changes
        </Button>
      </Group>
      {children}
    </Alert>
  );
}
