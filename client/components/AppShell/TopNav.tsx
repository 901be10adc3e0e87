// Top navigation bar: logo (to /builder), documentation search, the three workspace tabs,
// credits, the avatar (to /profile) and Logout.
import { ActionIcon, Avatar, Badge, Burger, Button, Group, UnstyledButton } from '@mantine/core';
import { IconCoins, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { initials } from '../../../shared/initials';
import { useAuth } from '../../lib/auth';
import { DocsSearch } from '../DocsSearch';
import { Logo } from '../Logo';
import { WorkspaceTabs } from './WorkspaceTabs';
import { Tooltip } from '../LazyTooltip';
import classes from './AppShell.module.css';

interface TopNavProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

export function TopNav({ navOpened, onToggleNav }: TopNavProps) {
  const { user, logout } = useAuth();
  const name = user?.name ?? '';

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap" className={classes.navStart}>
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
        <Logo to="/builder" size="sm" />
        <DocsSearch className={classes.headerSearch} visibleFrom="md" />
      </Group>

      <WorkspaceTabs visibleFrom="sm" />

      <Group gap="sm" wrap="nowrap" justify="flex-end" className={classes.navEnd}>
        {user && (
          <Tooltip label="Credits remaining">
            <Badge
              component={Link}
              to="/usage"
              variant="light"
              size="lg"
              leftSection={<IconCoins size={14} />}
              className={classes.creditsBadge}
              visibleFrom="lg"
            >
              {user.credits} credits
            </Badge>
          </Tooltip>
        )}
        <Tooltip label={name || 'Profile'}>
          <UnstyledButton component={Link} to="/profile" aria-label="Profile" className={classes.avatarLink}>
            <Avatar color="violet" variant="filled" radius="xl" size={36}>
              {initials(name)}
            </Avatar>
          </UnstyledButton>
        </Tooltip>
        <Button variant="default" leftSection={<IconLogout size={16} />} onClick={() => void logout()} visibleFrom="sm">
          Logout
        </Button>
        <ActionIcon variant="default" size="lg" aria-label="Logout" onClick={() => void logout()} hiddenFrom="sm">
          <IconLogout size={18} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
