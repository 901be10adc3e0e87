// 'History' in Console Logs: the bot's earlier output, as the server keeps it, in a drawer, newest
// first, one header per run (its file, when it started, how it ended, and its log as a download),
// 'Load earlier' below. The drawer's body scrolls under its title bar, so a run's header sticks
// right below the title while its lines go by.
import { useState } from 'react';
import { Alert, Button, Center, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload, IconHistory } from '@tabler/icons-react';
import type { KeptRun } from '../../../shared/run-logs.schema';
import { errorMessage } from '../../lib/http-error';
import { notifyError } from '../../lib/notify';
import { linesOfKept } from '../runner-logs';
import { ConsoleLine } from '../ConsoleLogs/ConsoleLine';
import { downloadRunLog } from './download-run-log';
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
  const first = group.lines[group.lines.length - 1];
  // The record knows the real start; without one (older than the kept runs) the oldest line shown says it.
  const started = startedAt(run ? Date.parse(run.startedAt) : first.at);
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
        {linesOfKept(group.lines).map((line, i) => (
          <ConsoleLine key={`${line.at}-${i}`} line={line} />
        ))}
      </div>
    </section>
  );
}

export function LogHistoryDrawer({ projectId, opened, onClose }: LogHistoryDrawerProps) {
  const history = useLogHistory(projectId, opened);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Group gap={8}>
          <IconHistory size={18} stroke={1.7} aria-hidden />
          <Text fw={700}>Log history</Text>
        </Group>
      }
      closeButtonProps={{ 'aria-label': 'Close log history' }}
      // The body scrolls, not the whole drawer: a run's sticky header (top: 0) then sits just below the title bar.
      classNames={{ content: classes.drawerContent, header: classes.drawerHeader, body: classes.drawerBody }}
    >
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          Earlier output of this bot, newest first.
        </Text>
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
        {history.loaded && history.groups.length === 0 && !history.error && (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            No earlier output for this bot yet.
          </Text>
        )}
        {projectId && history.groups.length > 0 && (
          <div className={classes.log} role="log" aria-label="Earlier output" aria-live="off">
            {history.groups.map((group, i) => (
              <RunSection key={`${group.runId}-${i}`} projectId={projectId} group={group} run={history.runs.get(group.runId)} />
            ))}
          </div>
        )}
        {history.loading ? (
          <Center py="sm">
            <Loader size="sm" aria-label="Loading earlier output" />
          </Center>
        ) : (
          history.next && (
            <Button variant="default" onClick={history.loadEarlier}>
              Load earlier
            </Button>
          )
        )}
      </Stack>
    </Drawer>
  );
}
