// A bot's state as two small badges: its status (Running, Starting, Crashing, Stopped, each in its
// color) and, when deployed, 'Always on'. The status badge carries data-status for tests and CSS.
import { Badge, Group, Tooltip } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
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

/** `stacked`: one badge under the other (a narrow table column). */
export function BotStatusBadge({ bot, stacked = false }: { bot: Pick<BotSummary, 'status' | 'deployed'>; stacked?: boolean }) {
  const look = statusLook(bot.status);
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
        >
          {look.label}
        </Badge>
      </Tooltip>
      {bot.deployed && <AlwaysOnBadge />}
    </Group>
  );
}
