// The test chat beside the builder's editor: the pane with a runner connection of its own (the
// builder has no runner otherwise), a Stop, and the run's console folded under the conversation.
import '../../mantine-styles-pages';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Collapse, Group } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconTerminal2 } from '@tabler/icons-react';
import { detectPlatform } from '../../../shared/platform';
import { notifyError } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import type { LogLine } from '../runner-logs';
import { useRunner } from '../use-runner';
import { AiHelpModal } from '../AiHelpModal';
import { ConsoleLogs } from '../ConsoleLogs';
import { TestChatPane } from './TestChatPane';
import classes from './TestChat.module.css';

export function botNameOf(filename: string): string {
  return filename.replace(/\.[^.]+$/, '') || 'Bot';
}

interface TestChatPanelProps {
  fileId: string;
  /** Start the bot in test mode as soon as the runner answers (the editor's 'Test chat' button). */
  startOnOpen?: boolean;
  onClose: () => void;
  className?: string;
}

/** The run's console, folded under the conversation; its error count shows while folded. */
function FoldedConsole({ lines, onClear, onAiHelp }: { lines: LogLine[]; onClear: () => void; onAiHelp: () => void }) {
  const [open, setOpen] = useState(false);
  const errors = lines.reduce((n, l) => n + (l.level === 'error' ? 1 : 0), 0);
  return (
    <div className={classes.logsFooter}>
      <Group justify="space-between" px="sm" py={4}>
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          leftSection={<IconTerminal2 size={14} />}
          rightSection={open ? <IconChevronDown size={12} /> : <IconChevronUp size={12} />}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
        >
          {open ? 'Hide logs' : 'Show logs'}
        </Button>
        {errors > 0 && (
          <Badge size="xs" color="red" variant="light" tt="none">
            {errors} {errors === 1 ? 'error' : 'errors'}
          </Badge>
        )}
      </Group>
      <Collapse expanded={open}>
        <ConsoleLogs className={classes.logs} lines={lines} onClear={onClear} onAiHelp={onAiHelp} />
      </Collapse>
    </div>
  );
}

type Runner = ReturnType<typeof useRunner>;
type FileData = { id: string; filename: string; content: string } | undefined;

/**
 * Starting the bot in test mode: on the pane's button, and once when the panel opens for it
 * (`startOnOpen`). Only a Telegram bot has a test chat: an address naming another file closes it.
 */
function useTestStart(runner: Runner, data: FileData, startOnOpen: boolean | undefined, onClose: () => void) {
  const { start } = runner;
  const startTest = useCallback(() => {
    if (!data) return;
    // The server runs the saved file: unsaved edits in the editor are not part of the test.
    if (!start({ fileId: data.id, filename: data.filename, mode: 'test' })) {
      notifyError('Runner not connected', 'Reconnecting to the runner. Try again in a moment.');
    }
  }, [data, start]);

  const telegram = data ? detectPlatform(data.filename, data.content) === 'telegram' : null;
  useEffect(() => {
    if (telegram === false) onClose();
  }, [telegram, onClose]);

  // Once the runner has said which runs exist: a bot already in test mode keeps running.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!startOnOpen || autoStarted.current || !runner.ready || !data || !telegram) return;
    const run = runner.run;
    // A run that ended before the panel opened is attached to first, which replays its last lines
    // and its exit. A start sent before that replay is in would take those lines for the new run's
    // and the replayed exit would mark it ended while it runs: wait for the exit to arrive.
    if (run && run.status === 'exited' && !run.exit) return;
    autoStarted.current = true;
    if (!(run && run.status !== 'exited' && run.mode === 'test')) startTest();
  }, [startOnOpen, runner.ready, runner.run, data, telegram, startTest]);

  return startTest;
}

export function TestChatPanel({ fileId, startOnOpen, onClose, className }: TestChatPanelProps) {
  const file = trpc.files.get.useQuery({ id: fileId });
  const status = trpc.runner.status.useQuery();
  const runner = useRunner(fileId, status.data?.limits);
  const [aiHelpKey, setAiHelpKey] = useState<number | null>(null);
  const data = file.data;
  const startTest = useTestStart(runner, data, startOnOpen, onClose);
  const aiHelpFile = useMemo(() => (data ? { id: data.id, filename: data.filename, content: data.content } : null), [data]);

  return (
    <>
      <TestChatPane
        className={className ? `${classes.fill} ${className}` : classes.fill}
        fileId={fileId}
        botName={botNameOf(data?.filename ?? '')}
        run={runner.run}
        ready={runner.ready}
        subscribe={runner.subscribeTestChat}
        onStartTest={startTest}
        onStop={() => {
          if (!runner.stop(fileId)) notifyError('Runner not connected', 'Reconnecting to the runner. Try again in a moment.');
        }}
        onClose={onClose}
        footer={<FoldedConsole lines={runner.lines} onClear={runner.clear} onAiHelp={() => setAiHelpKey(Date.now())} />}
      />
      {aiHelpKey !== null && (
        <AiHelpModal key={aiHelpKey} opened onClose={() => setAiHelpKey(null)} lines={runner.lines} file={aiHelpFile} />
      )}
    </>
  );
}
