// A bot's state as small badges: its status (Running, Running (test) for a test chat's run,
// Starting, Crashing, Refused, Stopped, each in its color), 'Silent' when a deployed bot is up but quiet for long (it may be stuck) and, when
// deployed, 'Always on'. The status badge carries data-status for tests and CSS.
import { Badge, Group, Tooltip } from '@mantine/core';
import { IconBolt, IconZzz } from '@tabler/icons-react';
import type { BotSummary } from '../../../shared/bots.schema';
import { statusLook } from './bot-format';
import classes from './Bots.module.css';

export function AlwaysOnBadge({ label = 'Always on' }: { label?: string }) {
  return (
    <Tooltip label="Deployed: started again when it ends, and when the server restarts" openDelay={300} multiline w={240}>
      <Badge size="sm" variant="light" color="violet" tt="none" leftSection={<IconBolt size={12} />} className={classes.noShrink} data-testid="always-on">
        {label}
      </Badge>
    </Tooltip>
  );
}

function SilentBadge() {
  return (
    <Tooltip label="Up, but it has printed nothing and had no network traffic for a while: it may be stuck. Restart it if it should be answering." openDelay={300} multiline w={260}>
      <Badge size="sm" variant="light" color="yellow" tt="none" leftSection={<IconZzz size={12} />} className={classes.noShrink} data-testid="bot-silent">
        Silent
      </Badge>
    </Tooltip>
  );
}

/** `stacked`: one badge under the other (a narrow table column). */
export function BotStatusBadge({ bot, stacked = false }: { bot: Pick<BotSummary, 'status' | 'deployed'> & Partial<Pick<BotSummary, 'silent' | 'testMode'>>; stacked?: boolean }) {
  const look = statusLook(bot.status, bot.testMode);
  return (
    <Group gap={stacked ? 4 : 6} wrap="wrap" style={stacked ? { flexDirection: 'column', alignItems: 'flex-start' } : undefined}>
      <Tooltip label={look.description} openDelay={300} multiline w={240}>
        <Badge
          size="sm"
          variant={bot.status === 'stopped' ? 'outline' : 'light'}
          color={look.color}
          tt="none"
          leftSection={<span className={classes.dot} data-status={bot.status} aria-hidden />}
          className={classes.noShrink}
          data-testid="bot-status"
          data-status={bot.status}
          data-test-mode={bot.testMode || undefined}
        >
          {look.label}
        </Badge>
      </Tooltip>
      {bot.silent && <SilentBadge />}
      {bot.deployed && <AlwaysOnBadge />}
    </Group>
  );
}
