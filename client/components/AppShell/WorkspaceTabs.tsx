// The Builder / Run / Publish / Bots tabs; the one matching the current page is highlighted.
import { Box, Group, type BoxProps } from '@mantine/core';
import { IconActivity, IconHammer, IconPlayerPlay, IconWorldUpload } from '@tabler/icons-react';
import { NavLink } from 'react-router-dom';
import classes from './AppShell.module.css';

export const workspaceTabs = [
  { label: 'Builder', to: '/builder', icon: IconHammer },
  { label: 'Run', to: '/runner', icon: IconPlayerPlay },
  { label: 'Publish', to: '/publish', icon: IconWorldUpload },
  { label: 'Bots', to: '/bots', icon: IconActivity },
] as const;

export function WorkspaceTabs({ stacked = false, onNavigate, ...others }: BoxProps & { stacked?: boolean; onNavigate?: () => void }) {
  return (
    <Box component="nav" aria-label="Workspace" {...others}>
      <Group gap={4} wrap="nowrap" className={stacked ? classes.tabsStacked : classes.tabs}>
        {workspaceTabs.map(({ label, to, icon: Icon }) => (
          <NavLink key={to} to={to} className={classes.tab} onClick={onNavigate}>
            <Icon size={16} stroke={1.8} />
            <span>{label}</span>
          </NavLink>
        ))}
      </Group>
    </Box>
  );
}
