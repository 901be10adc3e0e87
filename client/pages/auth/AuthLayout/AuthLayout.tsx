// Frame of /login and /register: the logo above one centred card on the brand backdrop, the theme
// button in the corner.
import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack } from '@mantine/core';
import { Logo } from '../../../components/Logo';
import { ColorSchemeToggle } from '../../../components/ColorSchemeToggle';
import classes from './AuthLayout.module.css';

export function AuthLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <Box className={classes.page}>
      <div className={classes.theme}>
        <ColorSchemeToggle />
      </div>
      <Center mih="100vh" px="md" py="xl">
        <Stack w="100%" maw={460} gap="lg" align="stretch">
          <Center>
            <Logo to="/" size="lg" />
          </Center>
          <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
            {children}
          </Paper>
          {footer}
        </Stack>
      </Center>
    </Box>
  );
}
