// Account Information card of /profile. 'Save Changes' only logs (no server call
// exists for profile edits yet); the password itself is never logged.
import { Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UserDto } from '../../../../shared/auth.schema';

export function AccountForm({ user }: { user: UserDto }) {
  const form = useForm({
    initialValues: { name: user.name, email: user.email, newPassword: '', confirmPassword: '' },
  });

  const save = (values: typeof form.values) => {
    console.log('Save Changes', {
      name: values.name,
      email: values.email,
      passwordChange: values.newPassword.length > 0,
    });
  };

  return (
    <Card withBorder radius="lg" padding="xl" shadow="xs">
      <form onSubmit={form.onSubmit(save)} noValidate>
        <Stack gap={4} mb="lg">
          <Title order={3} fz="lg">
            Account Information
          </Title>
          <Text size="sm" c="dimmed">
            Your name and sign-in details.
          </Text>
        </Stack>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Full Name" autoComplete="name" {...form.getInputProps('name')} />
            <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
            <PasswordInput label="New Password" autoComplete="new-password" placeholder="Leave blank to keep" {...form.getInputProps('newPassword')} />
            <PasswordInput label="Confirm New Password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit">Save Changes</Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
