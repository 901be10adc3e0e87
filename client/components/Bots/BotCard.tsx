// A bot's card in the narrow bots list (BotsTable.tsx): name and status, its webhook address on a
// line of its own, uptime, restarts, memory and CPU and the last exit as small tiles, the last exit's
// message, and its buttons.
import '../../mantine-styles-pages';
import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { relativeTime } from '../../../shared/relative-time';
import { NOT_MEASURED } from './bot-format';
import { BotName, ExitMessage, Resources, Uptime, type BotNameOptions, type BotRow } from './BotFacts';
import { BotStatusBadge } from './BotStatusBadge';
import { WebhookLine } from './WebhookLine';
import classes from './Bots.module.css';

interface BotCardProps extends BotNameOptions {
  bot: BotRow;
  now: number;
  /** The bot's buttons. */
  actions: ReactNode;
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

export function BotCard({ bot, now, actions, filenames, showOwner, showWebhooks }: BotCardProps) {
  return (
    <Card
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
        {bot.lastExit && <ExitMessage bot={bot} message={bot.lastExit.message} lines={3} />}
        <Group gap={6} wrap="wrap">
          {actions}
        </Group>
      </Stack>
    </Card>
  );
}
