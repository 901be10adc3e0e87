// /dependencies: the static guide, open to everyone; inside the app shell for signed-in users.
// It is usually opened in its own tab, hence 'Close Tab'.
import { Button, Container, Group, Stack } from '@mantine/core';
import { IconPackages, IconX } from '@tabler/icons-react';
import { AppShell } from '../../components/AppShell';
import { DependencyGuide } from './DependencyGuide';
import { LandingFooter } from '../../components/LandingFooter';
import { Logo } from '../../components/Logo';
import { PageHeader } from '../../components/PageHeader';
import { useAuth } from '../../lib/auth';

function GuideContent() {
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        icon={<IconPackages size={24} />}
        title="Dependencies Guide"
        description="Packages and setup steps your bots need, with commands ready to copy."
        actions={
          <Button variant="default" leftSection={<IconX size={16} />} onClick={() => window.close()}>
            Close Tab
          </Button>
        }
      />
      <DependencyGuide />
    </Stack>
  );
}

export function DependenciesPage() {
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
        </Group>
      </Container>
      <Container size="lg" py="lg">
        <GuideContent />
      </Container>
      <LandingFooter />
    </>
  );
}
