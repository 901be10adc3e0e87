// Bots as /bots and the admin dashboard show them: a table on wide screens, a card per bot on narrow
// ones (both rendered, one hidden by CSS). Name and file, status, uptime (ticking), restarts, last
// exit, memory and CPU, and (on the person's own list) the webhook address of a bot that takes
// webhooks; the buttons come from the page (the person's own, or the operator's Stop).
// A row is BotTableRow.tsx, a card BotCard.tsx, the facts both show BotFacts.tsx.
import '../../mantine-styles-pages';
import type { ReactNode } from 'react';
import { SimpleGrid, Table, VisuallyHidden, type MantineBreakpoint } from '@mantine/core';
import { BotCard } from './BotCard';
import type { BotNameOptions, BotRow } from './BotFacts';
import { BotTableRow } from './BotTableRow';
import { useNow } from '../../lib/use-now';
import classes from './Bots.module.css';

export type { BotRow };

interface BotsTableProps<T extends BotRow> extends BotNameOptions {
  bots: T[];
  /** What the table and the card list are called (their accessible name). */
  label: string;
  /** The table from this breakpoint up, cards below it. */
  tableFrom?: MantineBreakpoint;
  /** A bot's buttons; in the table they go without icons, to fit beside the sidebar. */
  actions: (bot: T, layout: 'table' | 'card') => ReactNode;
}

export function BotsTable<T extends BotRow>({ bots, label, filenames, showOwner, showWebhooks, tableFrom = 'lg', actions }: BotsTableProps<T>) {
  const now = useNow(bots.some((b) => b.status === 'running' && b.startedAt));
  const nameOptions = { filenames, showOwner, showWebhooks };

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
              <BotTableRow key={bot.projectId} bot={bot} now={now} actions={actions(bot, 'table')} {...nameOptions} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <SimpleGrid minColWidth={300} autoFlow="auto-fill" spacing="md" hiddenFrom={tableFrom} component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {bots.map((bot) => (
          <BotCard key={bot.projectId} bot={bot} now={now} actions={actions(bot, 'card')} {...nameOptions} />
        ))}
      </SimpleGrid>
    </>
  );
}
