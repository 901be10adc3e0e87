// Execution Control: the run's badge, Start, Stop, Deploy, Check
// Dependencies and Environment Variables, the selected file with its created time, and its bot's
// webhook URL; above them, an alert when this server refuses runs (SandboxNotice.tsx). The badge reads the run's state as the server reports it: Connected while
// the selected file's run is live.
import { Alert, Badge, Box, Button, Group, Loader, Text } from '@mantine/core';
import { IconBrandTelegram, IconFileCode, IconListSearch, IconKey, IconPlayerPlay, IconPlayerStop, IconPointer } from '@tabler/icons-react';
import { languageLabel } from '../../../../shared/filenames';
import { clockTime } from '../../../live/runner-logs';
import type { SocketState } from '../../../live/runner-socket';
import { useNow } from '../../../lib/use-now';
import type { RunInfo } from '../../../live/use-runner';
import type { WorkspaceFile } from '../../../lib/workspace';
import { WorkspacePanel } from '../../../components/WorkspacePanel';
import { DeployButton, DeployLine } from './DeployControl';
import { GoLiveList } from './GoLiveList';
import { SandboxNotice, SandboxRefusal, type RunnerStatus } from './SandboxNotice';
import { useDeployment, type Deployment } from './use-deployment';
import { WebhookRow } from './WebhookRow';
import classes from './ExecutionControl.module.css';

interface ExecutionControlProps {
  file: WorkspaceFile | null;
  run: RunInfo | undefined;
  connection: SocketState;
  ready: boolean;
  analyzing: boolean;
  detectingEnv: boolean;
  envCount: number;
  status: RunnerStatus | undefined;
  onStart: () => void;
  onStop: () => void;
  /** Reads the file's imports again (they are read by themselves when a file is selected). */
  onCheckDependencies: () => void;
  onEnvironmentVariables: () => void;
  /** A Telegram bot: 'Test chat' beside Start runs it in test mode and opens the chat pane. */
  onTestChat?: () => void;
  /** Reads the server's runs again: a deployed bot is started by the server, not by this page. */
}

function createdAt(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
}

function elapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h > 0 ? `${h}h ${m}m` : m > 0 ? `${m}m ${sec}s` : `${sec}s`;
}


function RunBadge({ run, ready }: { run: RunInfo | undefined; ready: boolean }) {
  if (run?.status === 'starting') {
    return (
      <Badge color="blue" variant="light" tt="none" leftSection={<Loader size={10} color="blue" />} data-testid="run-badge">
        Starting...
      </Badge>
    );
  }
  if (run?.status === 'stopping') {
    return (
      <Badge color="orange" variant="light" tt="none" leftSection={<Loader size={10} color="orange" />} data-testid="run-badge">
        Stopping...
      </Badge>
    );
  }
  const connected = ready && run?.status === 'running';
  return (
    <Badge color={connected ? 'green' : 'gray'} variant={connected ? 'light' : 'outline'} tt="none" data-testid="run-badge">
      {connected ? 'Connected' : 'Disconnected'}
    </Badge>
  );
}

function RunLine({ run }: { run: RunInfo | undefined }) {
  const live = run?.status === 'running' || run?.status === 'stopping';
  const now = useNow(live);
  if (live && run?.startedAt) {
    const started = new Date(run.startedAt).getTime();
    return (
      <Group gap={8} wrap="nowrap">
        <span className={classes.livePulse} aria-hidden />
        <Text size="xs" c="green.8" fw={600}>
          {run.status === 'stopping' ? 'Stopping' : 'Running'} since {clockTime(started)} · {elapsed(now - started)}
        </Text>
      </Group>
    );
  }
  if (run?.exit) {
    return (
      <Text size="xs" className={classes.runLine} data-level={run.exit.level} c={run.exit.level === 'error' ? undefined : 'dimmed'}>
        Last run ended at {clockTime(run.exit.at)} · {run.exit.text}
      </Text>
    );
  }
  return null;
}

/** Beside the panel's title: connecting, test mode, and the run's badge. */
function ControlHeader({ run, connection, ready }: Pick<ExecutionControlProps, 'run' | 'connection' | 'ready'>) {
  const live = run !== undefined && run.status !== 'exited';
  return (
    <>
      {!ready && connection === 'connecting' && (
        <Group gap={6} wrap="nowrap" c="dimmed">
          <Loader size={12} color="gray" />
          <Text size="xs">Connecting to the runner...</Text>
        </Group>
      )}
      {live && run.mode === 'test' && (
        <Badge color="blue" variant="light" tt="none" leftSection={<IconBrandTelegram size={12} />}>
          Test mode
        </Badge>
      )}
      <RunBadge run={run} ready={ready} />
    </>
  );
}

/** The selected file: its name and language, when it was made, its run and its deployment. */
function SelectedFile({ file, run, deployment }: Pick<ExecutionControlProps, 'file' | 'run'> & { deployment: Deployment }) {
  return (
    <Box className={classes.fileBox}>
      {file ? (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconFileCode size={22} stroke={1.6} className={classes.fileIcon} />
          <Box miw={0} style={{ flex: 1 }}>
            <Group gap={8} wrap="nowrap">
              <Text fw={700} ff="monospace" truncate="end" title={file.filename} data-testid="selected-file">
                {file.filename}
              </Text>
              <Badge size="sm" variant="light" tt="none" className={classes.noShrink}>
                {languageLabel(file.filename)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              Created {createdAt(file.createdAt)}
            </Text>
            <RunLine run={run} />
            <DeployLine deployment={deployment} live={run !== undefined && run.status !== 'exited'} />
          </Box>
        </Group>
      ) : (
        <Group gap="sm" wrap="nowrap">
          <IconPointer size={20} stroke={1.6} className={classes.fileIcon} />
          <div>
            <Text fw={600} size="sm">
              No file selected
            </Text>
            <Text size="xs" c="dimmed">
              Choose a file from Your Files to run it.
            </Text>
          </div>
        </Group>
      )}
    </Box>
  );
}

/** Start, Test chat, Deploy and Stop; the dependency check and the environment variables. */
function ControlButtons(props: ExecutionControlProps & { live: boolean; deployment: Deployment }) {
  const { file, run, live, deployment, analyzing, detectingEnv, envCount } = props;
  return (
    <Group gap="xs" justify="space-between">
      <Group gap="xs">
        <Button color="green" leftSection={<IconPlayerPlay size={16} />} onClick={props.onStart} disabled={live}>
          Start
        </Button>
        {props.onTestChat && (
          <Button variant="light" color="blue" leftSection={<IconBrandTelegram size={16} />} onClick={props.onTestChat}>
            Test chat
          </Button>
        )}
        <DeployButton deployment={deployment} hasFile={file !== null} />
        <Button color="red" variant="light" leftSection={<IconPlayerStop size={16} />} onClick={props.onStop} disabled={run?.status !== 'running'}>
          Stop
        </Button>
      </Group>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={analyzing ? <Loader size={14} /> : <IconListSearch size={16} />}
          onClick={props.onCheckDependencies}
          disabled={analyzing}
        >
          {analyzing ? 'Checking...' : 'Check Dependencies'}
        </Button>
        <Button
          variant="default"
          leftSection={detectingEnv ? <Loader size={14} /> : <IconKey size={16} />}
          rightSection={
            envCount > 0 ? (
              <Badge size="sm" circle aria-label={`${envCount} saved`}>
                {envCount}
              </Badge>
            ) : undefined
          }
          onClick={props.onEnvironmentVariables}
          disabled={detectingEnv}
        >
          Environment Variables
        </Button>
      </Group>
    </Group>
  );
}

export function ExecutionControl(props: ExecutionControlProps) {
  const { file, run, connection, ready, status } = props;
  const live = run !== undefined && run.status !== 'exited';
  const deployment = useDeployment(file, run);

  return (
    <WorkspacePanel
      title="Execution Control"
      icon={<IconPlayerPlay size={18} stroke={1.7} />}
      actions={
        <ControlHeader run={run} connection={connection} ready={ready} />
      }
    >
      <div className={classes.content}>
        {status && <SandboxRefusal sandbox={status.sandbox} />}
        <SelectedFile file={file} run={run} deployment={deployment} />

        <ControlButtons {...props} live={live} deployment={deployment} />

        {deployment.needs && (
          <Alert color="orange" variant="light" p="xs" data-testid="deploy-needs">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm">{deployment.needs}</Text>
              <Button size="compact-sm" variant="light" color="orange" leftSection={<IconKey size={14} />} onClick={props.onEnvironmentVariables}>
                Set variables
              </Button>
            </Group>
          </Alert>
        )}

        {file && !deployment.deployedHere && <GoLiveList fileId={file.id} />}

        {file && <WebhookRow projectId={file.projectId} />}

        {status && <SandboxNotice status={status} deployed={deployment.deployedHere} />}
      </div>
    </WorkspacePanel>
  );
}
