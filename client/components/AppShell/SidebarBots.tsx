// 'Bots' in the sidebar: the person's bots (one project each) with their file count and platform,
// the current one marked; a click opens the bot in the builder (or the runner, when there), and each
// row's menu renames, duplicates or deletes it.
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { ActionIcon, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconBrandDiscord,
  IconBrandSlack,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconBrandX,
  IconDots,
  IconRobot,
  type IconProps,
} from '@tabler/icons-react';
import { detectPlatform, type Platform } from '../../../shared/platform';
import { extensionOf } from '../../../shared/filenames';
import { botLabel } from '../../../shared/bot-label';
import { useCurrentBot, useSelectBot, type Bot } from '../../lib/workspace';
import type { useBotActions } from '../BotDialogs';
import classes from './AppShell.module.css';

const PLATFORM_ICONS: Record<Platform, { label: string; icon: ComponentType<IconProps> }> = {
  telegram: { label: 'Telegram', icon: IconBrandTelegram },
  discord: { label: 'Discord', icon: IconBrandDiscord },
  twitter: { label: 'Twitter/X', icon: IconBrandX },
  whatsapp: { label: 'WhatsApp', icon: IconBrandWhatsapp },
  slack: { label: 'Slack', icon: IconBrandSlack },
  other: { label: 'Bot', icon: IconRobot },
};

const RUNNABLE = new Set(['py', 'js', 'mjs', 'cjs', 'ts']);

/** The platform of a bot's code files (the first that names one), else a plain robot. */
export function botPlatform(bot: Bot): Platform {
  for (const [filename, file] of Object.entries(bot.files)) {
    if (!RUNNABLE.has(extensionOf(filename))) continue;
    const platform = detectPlatform(filename, file.content);
    if (platform !== 'other') return platform;
  }
  return 'other';
}

type Actions = ReturnType<typeof useBotActions>;

const BotMenu = lazy(() => import('./BotMenu'));

/** The row's menu button; until the menu's code is here, a click on it opens the menu once it arrives. */
function BotActions({ bot, label, actions }: { bot: Bot; label: string; actions: Actions }) {
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const button = (onClick?: () => void) => (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="md"
      aria-label={`Actions for ${label}`}
      className={classes.botMenu}
      loading={actions.duplicating === bot.id}
      onClick={onClick}
    >
      <IconDots size={16} />
    </ActionIcon>
  );
  return (
    <Suspense fallback={button(() => setOpenOnArrival(true))}>
      <BotMenu
        label={label}
        target={button()}
        defaultOpened={openOnArrival}
        onRename={() => actions.requestRename(bot)}
        onDuplicate={() => actions.duplicate(bot)}
        onDelete={() => actions.requestDelete(bot)}
      />
    </Suspense>
  );
}

function BotRow({ bot, current, actions, onOpen }: { bot: Bot; current: boolean; actions: Actions; onOpen: () => void }) {
  const label = botLabel(bot.name);
  const platform = PLATFORM_ICONS[botPlatform(bot)];
  const Icon = platform.icon;
  const files = Object.keys(bot.files).length;
  return (
    <Group component="li" gap={2} wrap="nowrap" className={classes.botRow} data-active={current || undefined} data-unnamed={!bot.name || undefined}>
      <UnstyledButton className={classes.botOpen} onClick={onOpen} aria-current={current ? 'true' : undefined} aria-label={`Open bot ${label}`}>
        <Group gap={8} wrap="nowrap">
          <Icon size={18} stroke={1.7} className={classes.botIcon} aria-hidden="true" data-platform={platform.label} />
          <div className={classes.botText}>
            <Text size="sm" truncate="end" className={classes.botName}>
              {label}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {files === 0 ? 'No files yet' : `${files} ${files === 1 ? 'file' : 'files'}`}
            </Text>
          </div>
        </Group>
      </UnstyledButton>
      <BotActions bot={bot} label={label} actions={actions} />
    </Group>
  );
}

export function SidebarBots({ actions, onNavigate }: { actions: Actions; onNavigate: () => void }) {
  const { bots, botId, failed } = useCurrentBot();
  const selectBot = useSelectBot();

  if (!bots) {
    return failed ? (
      <Text size="xs" c="red.7" px="xs">
        Your bots could not be loaded.
      </Text>
    ) : (
      <Stack gap={6} aria-busy="true" aria-label="Loading bots">
        <Skeleton h={40} />
        <Skeleton h={40} />
      </Stack>
    );
  }

  if (bots.length === 0) {
    return (
      <Paper withBorder radius="md" p="sm" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))" style={{ borderStyle: 'dashed' }}>
        <Text size="xs" c="dimmed" ta="center">
          No bots yet. Describe one in the chat, or press Create New Bot/Agent.
        </Text>
      </Paper>
    );
  }

  return (
    <Stack gap={2} component="ul" aria-label="Bots" className={classes.fileList}>
      {bots.map((bot) => (
        <BotRow
          key={bot.id}
          bot={bot}
          current={bot.id === botId}
          actions={actions}
          onOpen={() => {
            onNavigate();
            selectBot(bot.id);
          }}
        />
      ))}
    </Stack>
  );
}
