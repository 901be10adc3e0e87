// A framed panel of the workspace pages: titled header with optional actions, then its content.
// The runner's columns (files, execution control, console, dependencies) are all built from it.
import type { ReactNode } from 'react';
import { Box, Group, Text } from '@mantine/core';
import classes from './WorkspacePanel.module.css';

/** The panel's frame alone, for a panel that lays out its own header (the builder's chat and editor). */
export const panelFrame = classes.panel;

interface WorkspacePanelProps {
  title: ReactNode;
  icon?: ReactNode;
  /** Right side of the header: badges, buttons. */
  actions?: ReactNode;
  /** The accessible name of the region; defaults to the title when it is a string. */
  label?: string;
  className?: string;
  children: ReactNode;
}

export function WorkspacePanel({ title, icon, actions, label, className, children }: WorkspacePanelProps) {
  return (
    <Box
      component="section"
      aria-label={label ?? (typeof title === 'string' ? title : undefined)}
      className={className ? `${classes.panel} ${className}` : classes.panel}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" className={classes.header}>
        <Group gap={8} wrap="nowrap" miw={0}>
          {icon && <span className={classes.icon}>{icon}</span>}
          <Text fw={700} size="sm" className={classes.title}>
            {title}
          </Text>
        </Group>
        {actions && (
          <Group gap={6} wrap="nowrap">
            {actions}
          </Group>
        )}
      </Group>
      <div className={classes.body}>{children}</div>
    </Box>
  );
}
