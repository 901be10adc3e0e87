// A quiet line under the controls: the limits every run gets (a deployed bot has no wall clock), and
// (only when it is so) a warning that the host could not turn on every protection of the sandbox,
// with the missing ones listed.
import { Badge, Group, List, Popover, Text, UnstyledButton } from '@mantine/core';
import { IconShieldCheck, IconShieldExclamation } from '@tabler/icons-react';
import classes from './ExecutionControl.module.css';

export interface RunnerStatus {
  sandbox: { full: boolean; required: boolean; protections: { name: string; active: boolean; detail: string }[] };
  limits: { memoryMb: number; pids: number; maxRunsPerUser: number; wallClockMinutes: number };
}

function duration(minutes: number): string {
  if (minutes <= 0) return 'no time limit';
  if (minutes % 60 === 0) return `${minutes / 60} h per run`;
  return `${minutes} min per run`;
}

/** `deployed`: the selected file is its bot's always-on file, which runs without a wall clock. */
export function SandboxNotice({ status, deployed = false }: { status: RunnerStatus; deployed?: boolean }) {
  const { sandbox, limits } = status;
  const inactive = sandbox.protections.filter((p) => !p.active);
  return (
    <Group gap="xs" justify="space-between" wrap="wrap" className={classes.notice}>
      <Group gap={6} wrap="nowrap" c="dimmed">
        <IconShieldCheck size={14} stroke={1.7} />
        <Text size="xs">
          Limits: {limits.memoryMb} MB memory · {deployed ? 'no time limit while deployed' : duration(limits.wallClockMinutes)} · up to {limits.maxRunsPerUser} runs at once
        </Text>
      </Group>
      {!sandbox.full && (
        <Popover width={320} position="bottom-end" withArrow shadow="md">
          <Popover.Target>
            <UnstyledButton aria-label="Sandbox partly active: show details" className={classes.noticeButton}>
              <Badge
                size="sm"
                variant="light"
                color={sandbox.required ? 'red' : 'orange'}
                tt="none"
                leftSection={<IconShieldExclamation size={12} />}
              >
                {sandbox.required ? 'Sandbox unavailable' : 'Sandbox partly active'}
              </Badge>
            </UnstyledButton>
          </Popover.Target>
          <Popover.Dropdown>
            <Text size="sm" fw={600} mb={4}>
              {sandbox.required ? 'Runs are refused until every protection works' : 'Some protections are not active on this server'}
            </Text>
            <List size="xs" spacing={4}>
              {inactive.map((p) => (
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
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}
