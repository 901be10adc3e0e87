// The key gate: one password field and 'Unlock'. It shows no key and no hint of one; the key is
// whatever the operator set in ADMIN_KEY on the server.
import { useState, type FormEvent } from 'react';
import { Button, Center, Paper, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLockOpen, IconShieldLock } from '@tabler/icons-react';
import { useAdminSession } from './admin-session';
import classes from './Admin.module.css';

export function AdminGate() {
  const { unlock } = useAdminSession();
  const [key, setKey] = useState('');
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!key.trim() || checking) return;
    setChecking(true);
    const ok = await unlock(key.trim());
    setChecking(false);
    if (!ok) setKey('');
  };

  return (
    <Center className={classes.gate}>
      <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }} w="100%" maw={440}>
        <form onSubmit={(e) => void submit(e)}>
          <Stack gap="lg">
            <Stack gap="xs" align="center" ta="center">
              <ThemeIcon size={52} radius="xl" variant="light">
                <IconShieldLock size={28} />
              </ThemeIcon>
              <Title order={2} fz="xl">
                Admin access
              </Title>
              <Text size="sm" c="dimmed">
                Enter the admin key to open the operator dashboard.
              </Text>
            </Stack>
            <PasswordInput
              label="Admin key"
              value={key}
              onChange={(e) => setKey(e.currentTarget.value)}
              autoComplete="off"
              data-autofocus
              autoFocus
              required
            />
            <Button type="submit" fullWidth loading={checking} disabled={!key.trim()} leftSection={<IconLockOpen size={18} />}>
              Unlock
            </Button>
            <Text size="xs" c="dimmed" ta="center">
              The key is set by the server operator through the ADMIN_KEY environment setting.
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
