// What /admin shows when the server runs without ADMIN_KEY: admin is off, and how to turn it on.
import { Center, Code, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLockOff } from '@tabler/icons-react';
import classes from './Admin.module.css';

export function AdminDisabled() {
  return (
    <Center className={classes.gate}>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }} w="100%" maw={560}>
        <Stack gap="md">
          <Stack gap="xs" align="center" ta="center">
            <ThemeIcon size={52} radius="xl" variant="light" color="gray">
              <IconLockOff size={28} />
            </ThemeIcon>
            <Title order={2} fz="xl">
              Admin is disabled on this server
            </Title>
            <Text size="sm" c="dimmed">
              The operator dashboard only runs when the server has an admin key.
            </Text>
          </Stack>
          <Text size="sm" fw={600}>
            To enable it:
          </Text>
          <List type="ordered" size="sm" spacing="xs">
            <List.Item>
              Set the <Code>ADMIN_KEY</Code> environment variable to a secret of at least 16 characters, for example one made
              with <Code>openssl rand -hex 24</Code>.
            </List.Item>
            <List.Item>Restart the server.</List.Item>
            <List.Item>Come back to this page and unlock it with that key.</List.Item>
          </List>
        </Stack>
      </Paper>
    </Center>
  );
}
