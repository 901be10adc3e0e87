// Top navigation bar: logo (to /builder), documentation search, the three workspace tabs,
// credits (red when too few for an AI message), the theme (light, dark or the system's) and the
// initials avatar, whose menu holds Profile, Usage and Log out.
import { lazy, Suspense, useState } from 'react';
import { Badge, Burger, Group, UnstyledButton } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { LOW_CREDITS } from '../../../shared/credit-transactions';
import { initials } from '../../../shared/initials';
import { useAuth } from '../../lib/auth';
import { ColorSchemeToggle } from '../ColorSchemeToggle';
import { DocsSearch } from '../DocsSearch';
import { Logo } from '../Logo';
import { WorkspaceTabs } from './WorkspaceTabs';
import { Tooltip } from '../LazyTooltip';
import classes from './AppShell.module.css';

const AccountMenu = lazy(() => import('./AccountMenu'));

/** The avatar and its menu; until the menu's code is here, a click opens the menu once it arrives. */
function AccountButton({ name, email, credits, onLogout }: { name: string; email: string; credits: number; onLogout: () => void }) {
  const [openOnArrival, setOpenOnArrival] = useState(false);
  const avatar = (onClick?: () => void) => (
    <UnstyledButton aria-label="Account menu" title={name || undefined} className={classes.avatarLink} onClick={onClick}>
      {/* Initials in a violet circle: Mantine's Avatar (image loading, groups) would be dead weight here. */}
      <span className={classes.avatar}>{initials(name)}</span>
    </UnstyledButton>
  );
  return (
    <Suspense fallback={avatar(() => setOpenOnArrival(true))}>
      <AccountMenu name={name} email={email} credits={credits} target={avatar()} defaultOpened={openOnArrival} onLogout={onLogout} />
    </Suspense>
  );
}

interface TopNavProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

export function TopNav({ navOpened, onToggleNav }: TopNavProps) {
  const { user, logout } = useAuth();

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
              color={user.credits < LOW_CREDITS ? 'red' : undefined}
              data-low={user.credits < LOW_CREDITS || undefined}
              size="lg"
              leftSection={<IconCoins size={14} />}
              className={classes.creditsBadge}
              visibleFrom="lg"
            >
              {user.credits} credits
            </Badge>
          </Tooltip>
        )}
        <ColorSchemeToggle />
        {/* Until the profile is here (the shell paints first), its place is kept: nothing moves when it comes. */}
        {user ? <AccountButton name={user.name} email={user.email} credits={user.credits} onLogout={() => void logout()} /> : <span className={classes.avatarSlot} aria-hidden="true" />}
      </Group>
    </Group>
  );
}
