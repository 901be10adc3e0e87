// The avatar's menu in the top bar: who is signed in, Profile, Usage (with the balance) and Log out.
// Its own module, loaded just after the top bar paints: Mantine's Menu brings the floating-ui
// positioning library, which the first paint does not need (as BotMenu).
// Menu's stylesheet comes with the menu (the entry's stylesheet leaves it out, the first paint has no menu).
import '@mantine/core/styles/Menu.css';
import type { ReactElement } from 'react';
import { Badge, Menu, Text } from '@mantine/core';
import { IconChartBar, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { LOW_CREDITS } from '../../../shared/credit-transactions';

export interface AccountMenuProps {
  name: string;
  email: string;
  credits: number;
  /** The menu's button (the initials avatar). */
  target: ReactElement;
  /** Open at once: the avatar was clicked before this module arrived. */
  defaultOpened: boolean;
  onLogout: () => void;
}

export default function AccountMenu({ name, email, credits, target, defaultOpened, onLogout }: AccountMenuProps) {
  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown data-testid="account-menu">
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          Profile
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/usage"
          leftSection={<IconChartBar size={16} />}
          rightSection={
            <Badge size="sm" variant="light" color={credits < LOW_CREDITS ? 'red' : 'violet'} tt="none">
              {credits} credits
            </Badge>
          }
        >
          Usage
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
