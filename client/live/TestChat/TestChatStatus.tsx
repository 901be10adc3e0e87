// What the test chat pane says about the bot's run: started in test mode or not (and why it ended,
// with the package to install when one is missing), the server's hint, and the header's mode badge.
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Loader, Text } from '@mantine/core';
import { IconInfoCircle, IconPlayerPlay } from '@tabler/icons-react';
import type { RunInfo } from '../use-runner';
import { InstallMissing } from './InstallMissing';
import classes from './TestChat.module.css';

export function RunState({ run, fileId, onStartTest }: { run: RunInfo | undefined; fileId: string; onStartTest: () => void }) {
  const live = run !== undefined && run.status !== 'exited';
  if (live && run.mode === 'test') return null;
  const elsewhere = live && run.mode !== 'test';
  // Why the last run ended, when it ended on its own: a package or a setting it needs is named.
  const ended = !live && run?.exit && run.exit.level === 'error' ? run.exit.text : null;
  const missing = ended ? /the package (\S+) is not installed/.exec(ended)?.[1] : undefined;
  return (
    <div className={classes.runState} role="status">
      <Text size="xs" className={classes.runStateText}>
        {elsewhere
          ? 'The bot is running live on Telegram. Restart it in test mode to talk to it here.'
          : ended
            ? `${ended}.`
            : 'The bot is not running. Start it in test mode to talk to it here.'}
      </Text>
      {missing ? (
        <InstallMissing fileId={fileId} packageName={missing} onInstalled={onStartTest} />
      ) : (
        <Button size="compact-xs" color="green" leftSection={<IconPlayerPlay size={12} />} onClick={onStartTest}>
          {elsewhere ? 'Restart in test mode' : 'Start test'}
        </Button>
      )}
    </div>
  );
}

/** The server's advice (e.g. the one line that makes the bot reach the test chat), two lines until opened. */
export function HintNotice({ hint, onDismiss }: { hint: string; onDismiss: () => void }) {
  const [open, setOpen] = useState(false);
  const long = hint.length > 110;
  return (
    <Alert
      color="yellow"
      variant="light"
      radius={0}
      p="xs"
      icon={<IconInfoCircle size={16} />}
      className={classes.hint}
      withCloseButton
      closeButtonLabel="Dismiss the hint"
      onClose={onDismiss}
    >
      <Text size="xs" className={classes.hintText} lineClamp={long && !open ? 2 : undefined}>
        {hint}
      </Text>
      {long && (
        <Anchor component="button" type="button" size="xs" fw={600} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Show less' : 'Show all'}
        </Anchor>
      )}
    </Alert>
  );
}

export function ModeBadge({ run }: { run: RunInfo | undefined }) {
  if (run?.mode === 'test' && run.status === 'starting') {
    return (
      <Badge size="sm" variant="light" color="blue" tt="none" leftSection={<Loader size={8} color="blue" />}>
        Starting...
      </Badge>
    );
  }
  if (run?.mode === 'test' && run.status === 'running') {
    return (
      <Badge size="sm" variant="light" color="green" tt="none" data-testid="test-mode-badge">
        Test mode
      </Badge>
    );
  }
  return null;
}
