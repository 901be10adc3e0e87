// Deploy beside Start: makes the selected file its bot's always-on file; when it is, the button is
// Undeploy, and the file box shows 'Always on' with the restarts and, while it crashes or the
// server refuses to start it, the last error in red.
import { Button, Group, Text, Tooltip } from '@mantine/core';
import { IconRocket, IconRocketOff } from '@tabler/icons-react';
import { relativeTime } from '../../../../shared/relative-time';
import { AlwaysOnBadge, restartsLabel } from '../../../components/Bots';
import { useFiles } from '../../../lib/workspace';
import type { Deployment } from './use-deployment';
import classes from './ExecutionControl.module.css';

export function DeployButton({ deployment, hasFile }: { deployment: Deployment; hasFile: boolean }) {
  const files = useFiles();
  if (deployment.deployedHere) {
    return (
      <Button
        variant="light"
        color="violet"
        leftSection={<IconRocketOff size={16} />}
        onClick={() => void deployment.undeploy()}
        loading={deployment.undeploying}
      >
        Undeploy
      </Button>
    );
  }
  const other = deployment.deployedOther ? files.data?.find((f) => f.id === deployment.deployedOther)?.filename : undefined;
  return (
    <Tooltip
      label={deployment.deployedOther ? `Makes this file the always-on one instead of ${other ?? 'the deployed file'}` : 'Keep this bot always on: started again when it ends'}
      openDelay={400}
      multiline
      w={260}
    >
      <Button variant="light" color="violet" leftSection={<IconRocket size={16} />} onClick={() => void deployment.deploy()} loading={deployment.deploying} disabled={!hasFile}>
        Deploy
      </Button>
    </Tooltip>
  );
}

/** `live`: the page follows a live run of the file, which is the bot started again: no 'Starting again...'. */
export function DeployLine({ deployment, live }: { deployment: Deployment; live: boolean }) {
  const bot = deployment.bot;
  if (!bot) return null;
  return (
    <Group gap={8} wrap="wrap" mt={6} data-testid="deploy-line">
      <AlwaysOnBadge label={bot.restarts > 0 ? `Always on · ${restartsLabel(bot.restarts)}` : 'Always on'} />
      {bot.status === 'crashing' && bot.lastExit ? (
        <Text size="xs" c="red.7" className={classes.deployError} title={bot.lastExit.message}>
          Crashing: {bot.lastExit.message} · {relativeTime(bot.lastExit.at)}
        </Text>
      ) : bot.status === 'refused' && bot.lastExit ? (
        <Text size="xs" c="red.7" className={classes.deployError} title={bot.lastExit.message}>
          {bot.lastExit.message}
        </Text>
      ) : bot.status === 'starting' && !live ? (
        <Text size="xs" c="dimmed">
          Starting again...
        </Text>
      ) : null}
    </Group>
  );
}
