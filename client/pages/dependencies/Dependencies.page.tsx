// /dependencies: the static guide, open to everyone; inside the app shell for signed-in users.
// It is usually opened in its own tab, hence 'Close Tab'; a tab the browser will not let a script
// close (one the person opened themselves) goes back instead, or home when there is no way back.
import { Button, Container, Group, Stack } from '@mantine/core';
import { IconPackages, IconX } from '@tabler/icons-react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { AppShell } from '../../components/AppShell';
import { DependencyGuide } from './DependencyGuide';
import { LandingFooter } from '../../components/LandingFooter';
import { Logo } from '../../components/Logo';
import { ColorSchemeToggle } from '../../components/ColorSchemeToggle';
import { PageHeader } from '../../components/PageHeader';
import { useAuth } from '../../lib/auth';
import { usePageTitle } from '../../lib/page-title';

/** How long to wait for window.close() to take effect before deciding it was refused. */
const CLOSE_GRACE_MS = 150;

function closeTab(navigate: NavigateFunction) {
  window.close();
  // Refused (not opened by a script): the tab is still here a moment later. react-router numbers
  // its history entries: an index above 0 means there is a page of this app to go back to.
  window.setTimeout(() => {
    if (window.closed) return;
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/', { replace: true });
  }, CLOSE_GRACE_MS);
}

function GuideContent() {
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        icon={<IconPackages size={24} />}
        title="Dependencies Guide"
        description="Packages and setup steps your bots need, with commands ready to copy."
        actions={
          <Button variant="default" leftSection={<IconX size={16} />} onClick={() => closeTab(navigate)}>
            Close Tab
          </Button>
        }
      />
      <DependencyGuide />
    </Stack>
  );
}

export function DependenciesPage() {
  usePageTitle('Dependencies Guide');
  const { isSignedIn, user } = useAuth();

  if (isSignedIn && user) {
    return (
      <AppShell>
        <GuideContent />
      </AppShell>
    );
  }

  return (
    <>
      <Container size="lg" py="md">
        <Group justify="space-between">
          <Logo to="/" />
          <ColorSchemeToggle />
        </Group>
      </Container>
      <Container size="lg" py="lg">
        <GuideContent />
      </Container>
      <LandingFooter />
    </>
  );
}
