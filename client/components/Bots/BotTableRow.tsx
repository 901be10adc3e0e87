// A bot's row in the bots table (BotsTable.tsx): name and file, status, uptime with restarts under
// it, last exit, memory and CPU, and its buttons.
import '../../mantine-styles-pages';
import type { ReactNode } from 'react';
import { Group, Table } from '@mantine/core';
import { BotName, LastExit, Resources, Restarts, Uptime, type BotNameOptions, type BotRow } from './BotFacts';
import { BotStatusBadge } from './BotStatusBadge';

interface BotTableRowProps extends BotNameOptions {
  bot: BotRow;
  now: number;
  /** The bot's buttons. */
  actions: ReactNode;
}

export function BotTableRow({ bot, now, actions, ...nameOptions }: BotTableRowProps) {
  return (
    // Named after its bot (not after every cell): 'the row of Sleeper Bot'.
    <Table.Tr aria-label={bot.name} data-crashing={bot.status === 'crashing' || undefined} data-bot={bot.projectId}>
      <Table.Td maw={240}>
        <BotName bot={bot} {...nameOptions} />
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
          {actions}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
