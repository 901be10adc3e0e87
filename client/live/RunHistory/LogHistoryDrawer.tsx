// 'History' in Console Logs: the bot's earlier output, as the server keeps it, in a drawer that reads
// like a terminal: in time order, oldest run on top and each run's lines oldest first, opening on the
// newest line at the bottom, 'Load earlier' on top (what it brings comes in above without moving the
// reader). One header per run: its file, when it started, how it ended, and its log as a download.
// The drawer's body scrolls under its title bar, so a run's header sticks right below the title
// while its lines go by.
import { useMemo, useState } from 'react';
import { Alert, Button, Center, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload, IconHistory } from '@tabler/icons-react';
import type { KeptRun } from '../../../shared/run-logs.schema';
import { errorMessage } from '../../lib/http-error';
import { notifyError } from '../../lib/notify';
import { linesOfKept } from '../runner-logs';
import { ConsoleLine } from '../ConsoleLogs/ConsoleLine';
import { downloadRunLog } from './download-run-log';
import { useBottomAnchor } from './use-bottom-anchor';
import { type RunGroup, useLogHistory } from './use-log-history';
import classes from './RunHistory.module.css';

interface LogHistoryDrawerProps {
  projectId: string | null;
  opened: boolean;
  onClose: () => void;
}

function startedAt(at: number): string {
  return new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
}

/** How a kept run ended, and the colour that says so: running, stopped (dimmed), finished, or failed (red). */
function runOutcome(run: KeptRun): { text: string; tone: 'running' | 'stopped' | 'finished' | 'failed' } {
  if (!run.endedAt || !run.exit) return { text: 'Running', tone: 'running' };
  const text = run.exit.message || (run.exit.reason === 'stopped' ? 'Stopped' : 'Ended');
  if (run.exit.reason === 'stopped') return { text, tone: 'stopped' };
  if (run.exit.reason === 'exited' && run.exit.code === 0) return { text, tone: 'finished' };
  return { text, tone: 'failed' };
}

function RunSection({ projectId, group, run }: { projectId: string; group: RunGroup; run: KeptRun | undefined }) {
  const [downloading, setDownloading] = useState(false);
  // The record knows the real start; without one (older than the kept runs) the oldest line shown says it.
  const started = startedAt(run ? Date.parse(run.startedAt) : group.lines[0].at);
  // linesOfKept reads and answers newest first (tracebacks are found in time order either way).
  const shown = useMemo(() => linesOfKept(group.lines.toReversed()).reverse(), [group.lines]);
  const outcome = run ? runOutcome(run) : null;
  const label = run && outcome ? `${run.filename}, run started ${started}: ${outcome.text}` : `Run started ${started}`;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadRunLog(projectId, group.runId);
    } catch (err) {
      notifyError('Download failed', errorMessage(err, 'Please try again.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className={classes.run} aria-label={label} data-testid="history-run" data-run-id={group.runId}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start" className={classes.runHeader} data-testid="history-run-header">
        {run && outcome ? (
          <div className={classes.runInfo}>
            <Text size="xs" className={classes.runTitle}>
              <span className={classes.runFile} data-testid="history-run-file">
                {run.filename}
              </span>
              <span className={classes.runStarted}> · started {started}</span>
            </Text>
            <Text size="xs" className={classes.runOutcome} data-tone={outcome.tone} data-testid="history-run-outcome">
              {outcome.tone === 'running' && <span className={classes.runningDot} aria-hidden />}
              {outcome.text}
            </Text>
          </div>
        ) : (
          <Text size="xs" fw={600} c="gray.3" truncate="end" className={classes.runInfo}>
            {label}
          </Text>
        )}
        <Button
          size="compact-xs"
          variant="subtle"
          className={classes.download}
          leftSection={<IconDownload size={12} />}
          loading={downloading}
          onClick={() => void download()}
          aria-label={`Download the log of the run started ${started}`}
        >
          Download
        </Button>
      </Group>
      <div className={classes.lines}>
        {shown.map((line, i) => (
          // Counted from the newest line: the keys stay when earlier lines come in above.
          <ConsoleLine key={`${line.at}-${shown.length - i}`} line={line} />
        ))}
      </div>
    </section>
  );
}

/** The history's body: 'Load earlier' on top, then the runs oldest first, the newest line last. */
function HistoryLog({ projectId, history }: { projectId: string | null; history: ReturnType<typeof useLogHistory> }) {
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        Earlier output of this bot, oldest first: the newest line is at the bottom.
      </Text>
      {history.next && !history.error && (
        // Kept in place while the page loads, so the lines below do not move.
        <Button variant="default" onClick={history.loadEarlier} loading={history.loading}>
          Load earlier
        </Button>
      )}
      {history.error && (
        <Alert color="red" variant="light" title="Could not load the history">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{history.error}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={history.next ? history.loadEarlier : history.retry}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      {history.loading && !history.loaded && (
        <Center py="sm">
          <Loader size="sm" aria-label="Loading earlier output" />
        </Center>
      )}
      {history.loaded && history.groups.length === 0 && !history.error && (
        <Text size="sm" c="dimmed" ta="center" py="xl">
          No earlier output for this bot yet.
        </Text>
      )}
      {projectId && history.groups.length > 0 && (
        <div className={classes.log} role="log" aria-label="Earlier output" aria-live="off">
          {history.groups.map((group) => (
            <RunSection key={group.key} projectId={projectId} group={group} run={history.runs.get(group.runId)} />
          ))}
        </div>
      )}
    </Stack>
  );
}

export function LogHistoryDrawer({ projectId, opened, onClose }: LogHistoryDrawerProps) {
  const history = useLogHistory(projectId, opened);
  const { scroller, onScroll } = useBottomAnchor<HTMLDivElement>(opened, history.groups);

  return (
    <Drawer.Root
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      // The body scrolls, not the whole drawer: a run's sticky header (top: 0) then sits just below the title bar.
      classNames={{ content: classes.drawerContent, header: classes.drawerHeader, body: classes.drawerBody }}
    >
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header>
          <Drawer.Title>
            <Group gap={8}>
              <IconHistory size={18} stroke={1.7} aria-hidden />
              <Text fw={700}>Log history</Text>
            </Group>
          </Drawer.Title>
          <Drawer.CloseButton aria-label="Close log history" />
        </Drawer.Header>
        <Drawer.Body ref={scroller} onScroll={onScroll}>
          <HistoryLog projectId={projectId} history={history} />
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
