// The person's buttons for one bot on /bots: Open (the runner, on that bot's file), Deploy (its
// file; disabled, with the reason, when it has none) or Undeploy (after a confirmation, asked by
// the page) and Restart when it is deployed.
import type { ReactNode } from 'react';
import { Button, Tooltip } from '@mantine/core';
import { IconExternalLink, IconPlayerStop, IconRefresh, IconRocket } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { BotSummary } from '../../../shared/bots.schema';
import type { useBotControls } from './use-bot-controls';

/** The runner on this bot, with its deployed (or latest) file selected. */
export function runnerUrlOf(bot: Pick<BotSummary, 'projectId' | 'fileId'>): string {
  const params = new URLSearchParams({ bot: bot.projectId });
  if (bot.fileId) params.set('file', bot.fileId);
  return `/runner?${params.toString()}`;
}

interface BotActionsProps {
  bot: BotSummary;
  /** Without icons (a table row), or with them (a card). */
  icons?: boolean;
  controls: ReturnType<typeof useBotControls>;
  onUndeploy: (bot: BotSummary) => void;
}

export function BotActions({ bot, icons = true, controls, onUndeploy }: BotActionsProps) {
  const busy = controls.isPending(bot.projectId);
  const size = 'compact-sm';
  const icon = (node: ReactNode) => (icons ? node : undefined);
  return (
    <>
      <Button size={size} variant="default" component={Link} to={runnerUrlOf(bot)} leftSection={icon(<IconExternalLink size={14} />)} aria-label={`Open ${bot.name}`}>
        Open
      </Button>
      {bot.deployed ? (
        <>
          <Button
            size={size}
            variant="light"
            leftSection={icon(<IconRefresh size={14} />)}
            loading={controls.isPending(bot.projectId, 'restart')}
            disabled={busy && !controls.isPending(bot.projectId, 'restart')}
            onClick={() => void controls.restart(bot.projectId)}
            aria-label={`Restart ${bot.name}`}
          >
            Restart
          </Button>
          <Button
            size={size}
            variant="light"
            color="red"
            leftSection={icon(<IconPlayerStop size={14} />)}
            disabled={busy}
            onClick={() => onUndeploy(bot)}
            aria-label={`Undeploy ${bot.name}`}
          >
            Undeploy
          </Button>
        </>
      ) : bot.fileId ? (
        <Button
          size={size}
          leftSection={icon(<IconRocket size={14} />)}
          loading={controls.isPending(bot.projectId, 'deploy')}
          onClick={() => void controls.deploy(bot.projectId, bot.fileId!)}
          aria-label={`Deploy ${bot.name}`}
        >
          Deploy
        </Button>
      ) : (
        <Tooltip label="This bot has no file yet: build it first" openDelay={200}>
          {/* data-disabled, not disabled: a disabled button gets no pointer events, so no tooltip. */}
          <Button size={size} leftSection={icon(<IconRocket size={14} />)} data-disabled aria-disabled="true" onClick={(e) => e.preventDefault()} aria-label={`Deploy ${bot.name}`}>
            Deploy
          </Button>
        </Tooltip>
      )}
    </>
  );
}
