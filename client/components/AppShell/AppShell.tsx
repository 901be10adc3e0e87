// Frame of every signed-in page: top navigation bar, left sidebar (a drawer on phones), content.
import type { ReactNode } from 'react';
import { AppShell as MantineAppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLocation } from 'react-router-dom';
import { Sidebar } from './Sidebar';
import { TopNav } from './TopNav';
import { SIDEBAR_WIDTH } from './sizes';

export { SIDEBAR_WIDTH };

export function AppShell({ children }: { children: ReactNode }) {
  const [navOpened, nav] = useDisclosure(false);
  // The builder and the runner are full-height workspaces of side-by-side panels: every pixel counts.
  const { pathname } = useLocation();
  const dense = pathname === '/builder' || pathname === '/runner';

  return (
    <MantineAppShell
      header={{ height: 60 }}
      navbar={{ width: SIDEBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={dense ? 'md' : { base: 'md', sm: 'xl' }}
    >
      <MantineAppShell.Header>
        <TopNav navOpened={navOpened} onToggleNav={nav.toggle} />
      </MantineAppShell.Header>
      <MantineAppShell.Navbar>
        <Sidebar onNavigate={nav.close} />
      </MantineAppShell.Navbar>
      <MantineAppShell.Main bg="var(--bw-page-bg)">{children}</MantineAppShell.Main>
    </MantineAppShell>
  );
}
