// A bot's facts as the bots table and its cards show them (BotsTable.tsx): its name and file,
// uptime, restarts, last exit, memory and CPU.
import '../../mantine-styles-pages';
import { Stack, Text } from '@mantine/core';
import type { BotSummary } from '../../../shared/bots.schema';
import { relativeTime } from '../../../shared/relative-time';
import { formatCpu, formatMemory, NOT_MEASURED, restartsLabel, uptimeOf } from './bot-format';
import { WebhookLine } from './WebhookLine';
import classes from './Bots.module.css';

export type BotRow = BotSummary & { userEmail?: string };

/** What a list of bots shows beside each bot's name. */
export interface BotNameOptions {
  /** File names by file id: each bot names the file it runs or would deploy. */
  filenames?: ReadonlyMap<string, string>;
  /** The admin's view: the owner's email under each bot's name. */
  showOwner?: boolean;
  /** The person's own view: each bot's webhook address (an address is a secret: never the operator's). */
  showWebhooks?: boolean;
}

function fullDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export function BotName({ bot, filenames, showOwner, showWebhooks }: { bot: BotRow } & BotNameOptions) {
  const filename = bot.fileId ? filenames?.get(bot.fileId) : undefined;
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm" fw={600} truncate="end" title={bot.name}>
        {bot.name}
      </Text>
      {filenames && (
        <Text size="xs" c="dimmed" truncate="end" className={filename ? classes.fileName : undefined}>
          {bot.fileId ? (filename ?? 'bot file') : 'No file yet'}
        </Text>
      )}
      {showOwner && bot.userEmail && (
        <Text size="xs" c="dimmed" truncate="end" title={bot.userEmail}>
          {bot.userEmail}
        </Text>
      )}
      {showWebhooks && bot.webhookUrl && <WebhookLine name={bot.name} url={bot.webhookUrl} />}
    </Stack>
  );
}

/** The last exit's message; a refusal says what the server's operator must install: shown whole. */
export function ExitMessage({ bot, message, lines }: { bot: BotRow; message: string; lines: number }) {
  return (
    <Text
      size="sm"
      lineClamp={bot.status === 'refused' ? undefined : lines}
      className={classes.exit}
      data-crashing={bot.status === 'crashing' || undefined}
      data-refused={bot.status === 'refused' || undefined}
      title={message}
    >
      {message}
    </Text>
  );
}

export function LastExit({ bot, now }: { bot: BotRow; now: number }) {
  if (!bot.lastExit) {
    return (
      <Text size="sm" c="dimmed">
        {NOT_MEASURED}
      </Text>
    );
  }
  return (
    <Stack gap={0} miw={0}>
      <ExitMessage bot={bot} message={bot.lastExit.message} lines={2} />
      <Text size="xs" c="dimmed" title={fullDate(bot.lastExit.at)}>
        {relativeTime(bot.lastExit.at, now)}
      </Text>
    </Stack>
  );
}

export function Uptime({ bot, now }: { bot: BotRow; now: number }) {
  const uptime = uptimeOf(bot, now);
  return (
    <Text size="sm" className={classes.numeric} c={uptime ? undefined : 'dimmed'} data-testid="bot-uptime" title={bot.startedAt && uptime ? `Since ${fullDate(bot.startedAt)}` : undefined}>
      {uptime ?? NOT_MEASURED}
    </Text>
  );
}

export function Restarts({ bot }: { bot: BotRow }) {
  return (
    <Text size="xs" c={bot.restarts > 0 ? 'orange.8' : 'dimmed'} className={classes.numeric} data-testid="bot-restarts">
      {restartsLabel(bot.restarts)}
    </Text>
  );
}

export function Resources({ bot }: { bot: BotRow }) {
  return (
    <Text size="sm" className={classes.numeric} c={bot.memoryBytes === null && bot.cpuPercent === null ? 'dimmed' : undefined}>
      {formatMemory(bot.memoryBytes)} · {formatCpu(bot.cpuPercent)}
    </Text>
  );
}
