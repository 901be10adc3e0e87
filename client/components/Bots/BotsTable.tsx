// Bots as /bots and the admin dashboard show them: a table on wide screens, a card per bot on narrow
// ones (both rendered, one hidden by CSS). Name and file, status, uptime (ticking), restarts, last
// exit, memory and CPU, and (on the person's own list) the webhook address of a bot that takes
// webhooks; the buttons come from the page (the person's own, or the operator's Stop).
import '../../mantine-styles-pages';
import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Stack, Table, Text, VisuallyHidden, type MantineBreakpoint } from '@mantine/core';
import type { BotSummary } from '../../../shared/bots.schema';
import { relativeTime } from '../../../shared/relative-time';
import { formatCpu, formatMemory, NOT_MEASURED, restartsLabel, uptimeOf } from './bot-format';
import { BotStatusBadge } from './BotStatusBadge';
import { WebhookLine } from './WebhookLine';
import { useNow } from '../../lib/use-now';
import classes from './Bots.module.css';

export type BotRow = BotSummary & { userEmail?: string };

interface BotsTableProps<T extends BotRow> {
  bots: T[];
  /** What the table and the card list are called (their accessible name). */
  label: string;
  /** File names by file id: each bot names the file it runs or would deploy. */
  filenames?: ReadonlyMap<string, string>;
  /** The admin's view: the owner's email under each bot's name. */
  showOwner?: boolean;
  /** The person's own view: each bot's webhook address (an address is a secret: never the operator's). */
  showWebhooks?: boolean;
  /** The table from this breakpoint up, cards below it. */
  tableFrom?: MantineBreakpoint;
  /** A bot's buttons; in the table they go without icons, to fit beside the sidebar. */
  actions: (bot: T, layout: 'table' | 'card') => ReactNode;
}

function fullDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function BotName({ bot, filenames, showOwner, showWebhooks }: { bot: BotRow; filenames?: ReadonlyMap<string, string>; showOwner?: boolean; showWebhooks?: boolean }) {
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
function ExitMessage({ bot, message, lines }: { bot: BotRow; message: string; lines: number }) {
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

function LastExit({ bot, now }: { bot: BotRow; now: number }) {
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

function Uptime({ bot, now }: { bot: BotRow; now: number }) {
  const uptime = uptimeOf(bot, now);
  return (
    <Text size="sm" className={classes.numeric} c={uptime ? undefined : 'dimmed'} data-testid="bot-uptime" title={bot.startedAt && uptime ? `Since ${fullDate(bot.startedAt)}` : undefined}>
      {uptime ?? NOT_MEASURED}
    </Text>
  );
}

function Restarts({ bot }: { bot: BotRow }) {
  return (
    <Text size="xs" c={bot.restarts > 0 ? 'orange.8' : 'dimmed'} className={classes.numeric} data-testid="bot-restarts">
      {restartsLabel(bot.restarts)}
    </Text>
  );
}

function Resources({ bot }: { bot: BotRow }) {
  return (
    <Text size="sm" className={classes.numeric} c={bot.memoryBytes === null && bot.cpuPercent === null ? 'dimmed' : undefined}>
      {formatMemory(bot.memoryBytes)} · {formatCpu(bot.cpuPercent)}
    </Text>
  );
}

export function BotsTable<T extends BotRow>({ bots, label, filenames, showOwner, showWebhooks, tableFrom = 'lg', actions }: BotsTableProps<T>) {
  const now = useNow(bots.some((b) => b.status === 'running' && b.startedAt));

  return (
    <>
      <Table.ScrollContainer minWidth={780} visibleFrom={tableFrom}>
        <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover className={classes.table} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Bot</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Uptime</Table.Th>
              <Table.Th>Last exit</Table.Th>
              <Table.Th>Memory · CPU</Table.Th>
              <Table.Th ta="right">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bots.map((bot) => (
              // Named after its bot (not after every cell): 'the row of Sleeper Bot'.
              <Table.Tr key={bot.projectId} aria-label={bot.name} data-crashing={bot.status === 'crashing' || undefined} data-bot={bot.projectId}>
                <Table.Td maw={240}>
                  <BotName bot={bot} filenames={filenames} showOwner={showOwner} showWebhooks={showWebhooks} />
                </Table.Td>
                <Table.Td>
                  <BotStatusBadge bot={bot} stacked />
                </Table.Td>
                <Table.Td>
                  {/* Restarts under the uptime: one column fewer, so the table fits beside the sidebar. */}
                  <Uptime bot={bot} now={now} />
                  <Restarts bot={bot} />
                </Table.Td>
                <Table.Td miw={160}>
                  <LastExit bot={bot} now={now} />
                </Table.Td>
                <Table.Td>
                  <Resources bot={bot} />
                </Table.Td>
                <Table.Td>
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    {actions(bot, 'table')}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <SimpleGrid minColWidth={300} autoFlow="auto-fill" spacing="md" hiddenFrom={tableFrom} component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {bots.map((bot) => (
          <Card
            key={bot.projectId}
            component="li"
            withBorder
            radius="md"
            padding="md"
            className={classes.card}
            aria-label={bot.name}
            data-crashing={bot.status === 'crashing' || undefined}
            data-bot={bot.projectId}
          >
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <BotName bot={bot} filenames={filenames} showOwner={showOwner} />
                <BotStatusBadge bot={bot} />
              </Group>
              {/* On a card the address has a line of its own, the card's whole width. */}
              {showWebhooks && bot.webhookUrl && <WebhookLine name={bot.name} url={bot.webhookUrl} />}
              <SimpleGrid cols={2} spacing={8} verticalSpacing={8}>
                <Stat label="Uptime">
                  <Uptime bot={bot} now={now} />
                </Stat>
                <Stat label="Restarts">
                  <Text size="sm" className={classes.numeric} data-testid="bot-restarts">
                    {bot.restarts}
                  </Text>
                </Stat>
                <Stat label="Memory · CPU">
                  <Resources bot={bot} />
                </Stat>
                <Stat label="Last exit">
                  <Text size="sm" c={bot.lastExit ? undefined : 'dimmed'} className={classes.numeric}>
                    {bot.lastExit ? relativeTime(bot.lastExit.at, now) : NOT_MEASURED}
                  </Text>
                </Stat>
              </SimpleGrid>
              {bot.lastExit && (
                <ExitMessage bot={bot} message={bot.lastExit.message} lines={3} />
              )}
              <Group gap={6} wrap="wrap">
                {actions(bot, 'card')}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.cardStat}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      {children}
    </div>
  );
}
