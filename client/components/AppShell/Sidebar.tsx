// Left sidebar of the signed-in pages: create and import, the user's bots
// (one project per bot) and the current bot's files, account links, the announced-but-
// not-built areas (the active bots now have their own page, /bots, in the workspace tabs) and the
// version label. Import uploads for real, into the current bot.
import type { ComponentType, ReactNode } from 'react';
import { AppShell, Badge, Box, Button, FileButton, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconBox,
  IconBuildingStore,
  IconChartLine,
  IconChartBar,
  IconFileImport,
  IconPlus,
  IconUser,
  type IconProps,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { IMPORT_ACCEPT } from '../../lib/import-files';
import { useImportFiles } from '../../lib/use-import-files';
import { notifyInfo } from '../../lib/notify';
import { useCurrentBot } from '../../lib/workspace';
import { botLabel } from '../../../shared/bot-label';
import { useBotActions } from '../BotDialogs';
import { DocsSearch } from '../DocsSearch';
import { SidebarBots } from './SidebarBots';
import { SidebarFiles } from './SidebarFiles';
import { WorkspaceTabs } from './WorkspaceTabs';
import classes from './AppShell.module.css';

const accountLinks = [
  { label: 'Profile', to: '/profile', icon: IconUser },
  { label: 'Usage', to: '/usage', icon: IconChartBar },
];

const comingSoon: Array<{ label: string; icon: ComponentType<IconProps> }> = [
  { label: 'Prebuilt Bots/Agents', icon: IconBox },
  { label: 'Marketplace', icon: IconBuildingStore },
  { label: 'Analytics', icon: IconChartLine },
];

/**
 * A row of the Account and Explore lists: icon, label, something on the right; a link or a button.
 * (Mantine's NavLink would bring the code of the nested, collapsible rows these never have.)
 */
function SidebarRow({ icon: Icon, label, right, to, active, onClick }: { icon: ComponentType<IconProps>; label: string; right?: ReactNode; to?: string; active?: boolean; onClick: () => void }) {
  const content = (
    <>
      <Icon size={18} stroke={1.7} className={classes.rowIcon} />
      <span className={classes.rowLabel}>{label}</span>
      {right}
    </>
  );
  return to ? (
    <UnstyledButton component={Link} to={to} className={classes.row} data-active={active || undefined} aria-current={active ? 'page' : undefined} onClick={onClick}>
      {content}
    </UnstyledButton>
  ) : (
    <UnstyledButton className={classes.row} onClick={onClick}>
      {content}
    </UnstyledButton>
  );
}

export function Sidebar({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const botActions = useBotActions();
  const { bot } = useCurrentBot();

  const createNew = () => {
    onNavigate();
    botActions.requestCreate();
  };

  const { importFiles, importing } = useImportFiles();

  return (
    <>
      <AppShell.Section p="md" pb="xs">
        <Stack gap="xs">
          <Button fullWidth leftSection={<IconPlus size={18} />} onClick={createNew}>
            Create New Bot/Agent
          </Button>
          <FileButton onChange={(files) => void importFiles(files)} accept={IMPORT_ACCEPT} multiple>
            {(props) => (
              <Button {...props} fullWidth variant="default" loading={importing} leftSection={<IconFileImport size={18} />}>
                Import
              </Button>
            )}
          </FileButton>
          <DocsSearch hiddenFrom="md" />
        </Stack>
      </AppShell.Section>

      <AppShell.Section grow component={ScrollArea} px="md" pb="md">
        <WorkspaceTabs stacked hiddenFrom="sm" mb="md" onNavigate={onNavigate} />

        <Text className={classes.sidebarSection} mt="xs">Bots</Text>
        <SidebarBots actions={botActions} onNavigate={onNavigate} />

        {/* The runner lists the files itself (with their runs), and picks one there: one list, not two. */}
        {pathname !== '/runner' && (
          <>
            <Text className={classes.sidebarSection} mt="md" truncate="end" title={bot ? `Files of ${botLabel(bot.name)}` : undefined}>
              {bot ? `Files · ${botLabel(bot.name)}` : 'Your Files'}
            </Text>
            <SidebarFiles onNavigate={onNavigate} />
          </>
        )}

        <Text className={classes.sidebarSection} mt="md">Account</Text>
        {accountLinks.map(({ label, to, icon }) => (
          <SidebarRow key={to} icon={icon} label={label} to={to} active={pathname === to} onClick={onNavigate} />
        ))}

        <Text className={classes.sidebarSection} mt="md">Explore</Text>
        {comingSoon.map(({ label, icon }) => (
          <SidebarRow
            key={label}
            icon={icon}
            label={label}
            right={
              <Badge size="xs" variant="light" color="violet" tt="none">
                Soon
              </Badge>
            }
            onClick={() => notifyInfo('Coming soon', `${label} is coming soon`)}
          />
        ))}
      </AppShell.Section>

      {botActions.dialogs}

      <AppShell.Section className={classes.sidebarFooter} px="md" py="sm">
        <Box>
          <Text size="xs" c="dimmed">v1.0</Text>
        </Box>
      </AppShell.Section>
    </>
  );
}
