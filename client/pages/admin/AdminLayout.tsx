// The operator area's own frame: logo and 'Admin' on a plain bar, no user app shell, because the
// admin key is not a user sign-in (a signed-out visitor holding the key can use it).
import type { ReactNode } from 'react';
import { Badge, Box, Container, Divider, Group, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Logo } from '../../components/Logo';
import classes from './Admin.module.css';

export function AdminLayout({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <Box className={classes.page}>
      <Box component="header" className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              <Logo to="/" size="sm" />
              <Divider orientation="vertical" visibleFrom="xs" />
              <Group gap={6} wrap="nowrap" visibleFrom="xs">
                <IconShieldLock size={18} color="var(--mantine-color-violet-6)" />
                <Title order={1} fz="lg" fw={700}>
                  Admin
                </Title>
              </Group>
              <Badge hiddenFrom="xs" variant="light" leftSection={<IconShieldLock size={12} />}>
                Admin
              </Badge>
            </Group>
            {actions}
          </Group>
        </Container>
      </Box>
      <Container size="xl" component="main" py={{ base: 'md', sm: 'xl' }}>
        {children}
      </Container>
    </Box>
  );
}
