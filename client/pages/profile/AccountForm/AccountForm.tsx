// Account Information card of /profile: the name, and a new password given with the current one
// (auth.updateProfile). Checked as the sign-up form checks, with the same messages; a password change
// signs out every other device. An account that only signs in with Google has no password to give:
// it is pointed to the e-mailed reset code instead (the server refuses a first password otherwise).
import { Alert, Box, Button, Card, Divider, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconBrandGoogleFilled, IconLock } from '@tabler/icons-react';
import { messages, profileFormErrors, type ProfileFormValues, type UpdateProfileInput, type UserDto } from '../../../../shared/auth.schema';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';

const EMPTY_PASSWORDS = { currentPassword: '', newPassword: '', confirmPassword: '' };

type ProfileForm = Pick<UseFormReturnType<ProfileFormValues>, 'getInputProps'>;

/** The password fields; an account that only signs in with Google is told how to get a password instead. */
function PasswordFields({ user, form }: { user: UserDto; form: ProfileForm }) {
  if (!user.hasPassword) {
    return (
      <Alert variant="light" color="blue" icon={<IconBrandGoogleFilled size={18} />} data-testid="google-password-note">
        You sign in with Google, so this account has no password. To add one, sign out and use &lsquo;Forgot password?&rsquo; on
        the sign-in page: we e-mail you a code to set it.
      </Alert>
    );
  }
  return (
    <>
      <Text size="sm" c="dimmed" mt={-8}>
        Leave these blank to keep your password. Changing it signs out your other devices.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PasswordInput label="Current Password" autoComplete="current-password" {...form.getInputProps('currentPassword')} />
        <Box visibleFrom="sm" />
        <PasswordInput label="New Password" autoComplete="new-password" placeholder="At least 6 characters" {...form.getInputProps('newPassword')} />
        <PasswordInput label="Confirm New Password" autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
      </SimpleGrid>
    </>
  );
}

export function AccountForm({ user }: { user: UserDto }) {
  const utils = trpc.useUtils();
  const update = trpc.auth.updateProfile.useMutation();
  const form = useForm<ProfileFormValues>({
    initialValues: { name: user.name, ...EMPTY_PASSWORDS },
    // Checked on Save only: a message appearing on blur moves 'Save Changes' under the pointer
    // between press and release, and the click that caused the blur would be lost.
    validate: (values) => profileFormErrors(values, user.hasPassword),
  });

  const save = async (values: ProfileFormValues) => {
    const name = values.name.trim();
    const changingPassword = user.hasPassword && values.newPassword !== '';
    if (name === user.name && !changingPassword) {
      notifyInfo('Nothing to save', 'Your name is unchanged and no new password was given.');
      return;
    }
    const input: UpdateProfileInput = changingPassword
      ? { name, currentPassword: values.currentPassword, newPassword: values.newPassword }
      : { name };
    try {
      const res = await update.mutateAsync(input);
      utils.auth.me.setData(undefined, res.user);
      form.setValues({ name: res.user.name, ...EMPTY_PASSWORDS });
      form.resetDirty();
      notifySuccess(res.passwordChanged ? 'Password changed' : 'Profile updated', res.message);
    } catch (err) {
      const message = errorMessage(err, 'Failed to update your profile');
      if (message === messages.currentPasswordWrong) form.setFieldError('currentPassword', message);
      notifyError('Update failed', message);
    }
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
            <TextInput
              label="Email"
              type="email"
              value={user.email}
              readOnly
              variant="filled"
              title="Your sign-in address cannot be changed here"
              rightSection={<IconLock size={16} aria-hidden="true" />}
            />
          </SimpleGrid>
          <Divider label="Change password" labelPosition="left" mt="xs" />
          <PasswordFields user={user} form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
