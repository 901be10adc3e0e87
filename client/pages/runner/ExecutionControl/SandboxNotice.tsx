// What the server's sandbox means for runs. When the server refuses runs (its sandbox is missing
// a protection and HOST or RUNNER_SANDBOX ask for all of them), an alert at the top of Execution
// Control says so, with what its operator must install. Otherwise a quiet line under the controls:
// the limits every run gets (a deployed bot has no wall clock) and (only when it is so) a warning
// that the host could not turn on every protection, with the missing ones listed.
import '../../../mantine-styles-pages';
import { Alert, Badge, Group, List, Popover, Text, UnstyledButton } from '@mantine/core';
import { IconShieldCheck, IconShieldExclamation, IconShieldX } from '@tabler/icons-react';
import classes from './ExecutionControl.module.css';

type Protection = { name: string; active: boolean; detail: string };

export interface RunnerStatus {
  sandbox: {
    full: boolean;
    mode: 'auto' | 'off' | 'required';
    runs: 'allowed' | 'refused';
    /** What applies and why (RUNNER_SANDBOX, HOST). */
    reason: string;
    /** What a run or install is told when refused: what is missing and what to do. */
    refusal: string | null;
    protections: Protection[];
  };
  limits: { memoryMb: number; pids: number; maxRunsPerUser: number; wallClockMinutes: number };
}

function duration(minutes: number): string {
  if (minutes <= 0) return 'no time limit';
  if (minutes % 60 === 0) return `${minutes / 60} h per run`;
  return `${minutes} min per run`;
}

function MissingProtections({ protections }: { protections: Protection[] }) {
  return (
    <List size="xs" spacing={4}>
      {protections
        .filter((p) => !p.active)
        .map((p) => (
          <List.Item key={p.name}>
            <Text span size="xs" fw={600}>
              {p.name}
            </Text>
            {p.detail && (
              <Text span size="xs" c="dimmed">
                {' '}
                — {p.detail}
              </Text>
            )}
          </List.Item>
        ))}
    </List>
  );
}

/** Shown only when the server refuses every run and install: why, and what its operator must do. */
export function SandboxRefusal({ sandbox }: { sandbox: RunnerStatus['sandbox'] }) {
  if (sandbox.runs !== 'refused') return null;
  return (
    <Alert color="red" variant="light" icon={<IconShieldX size={18} />} title="This server does not run bots now" data-testid="sandbox-refused">
      <Text size="sm">{sandbox.refusal}.</Text>
      <Text size="xs" c="dimmed" mt={6}>
        Why: {sandbox.reason}. Starting a bot, deploying it and installing its dependencies are refused until then.
      </Text>
    </Alert>
  );
}

/** `deployed`: the selected file is its bot's always-on file, which runs without a wall clock. */
export function SandboxNotice({ status, deployed = false }: { status: RunnerStatus; deployed?: boolean }) {
  const { sandbox, limits } = status;
  const refused = sandbox.runs === 'refused';
  return (
    <Group gap="xs" justify="space-between" wrap="wrap" className={classes.notice}>
      <Group gap={6} wrap="nowrap" c="dimmed">
        <IconShieldCheck size={14} stroke={1.7} />
        <Text size="xs">
          Limits: {limits.memoryMb} MB memory · {deployed ? 'no time limit while deployed' : duration(limits.wallClockMinutes)} · up to {limits.maxRunsPerUser} runs at once
        </Text>
      </Group>
      {!sandbox.full && (
        <Popover width={340} position="bottom-end" withArrow shadow="md">
          <Popover.Target>
            <UnstyledButton aria-label={refused ? 'Runs refused: show details' : 'Sandbox partly active: show details'} className={classes.noticeButton}>
              <Badge size="sm" variant="light" color={refused ? 'red' : 'orange'} tt="none" leftSection={<IconShieldExclamation size={12} />}>
                {refused ? 'Runs refused' : 'Sandbox partly active'}
              </Badge>
            </UnstyledButton>
          </Popover.Target>
          <Popover.Dropdown>
            <Text size="sm" fw={600} mb={4}>
              {refused ? 'Runs are refused until every protection works' : 'Some protections are not active on this server'}
            </Text>
            <Text size="xs" c="dimmed" mb={6}>
              {sandbox.reason}.
            </Text>
            <MissingProtections protections={sandbox.protections} />
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}
