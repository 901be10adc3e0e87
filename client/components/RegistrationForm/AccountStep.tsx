// Step 1 of sign-up, 'Create Account': name, email and password, then an emailed code.
import { Anchor, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconUser } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { EmailField, PasswordField } from '../AccountFields';
import { FormHeading } from '../FormHeading';
import { GoogleButton } from '../GoogleButton';

export interface AccountValues {
  name: string;
  email: string;
  password: string;
}

interface AccountStepProps {
  inDialog?: boolean;
  form: UseFormReturnType<AccountValues>;
  sending: boolean;
  onSubmit: (values: AccountValues) => void;
  onForgotPassword?: () => void;
  onCancel?: () => void;
}

export function AccountStep({ inDialog, form, sending, onSubmit, onForgotPassword, onCancel }: AccountStepProps) {
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <FormHeading inDialog={inDialog} title="Create Account" subtitle="Start building bots in minutes. We will email you a 6-digit code to confirm your address." />
      <Stack gap="md">
        <TextInput
          label="Full Name"
          placeholder="Ada Lovelace"
          autoComplete="name"
          leftSection={<IconUser size={16} />}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <EmailField
          label="Email Address"
          {...form.getInputProps('email')}
        />
        <PasswordField
          label="Password"
          placeholder="At least 6 characters"
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth size="md" loading={sending}>
          Send Verification Code
        </Button>
        <Divider label="or" labelPosition="center" />
        <GoogleButton />
        <Text size="sm" ta="center" c="dimmed">
          Already have an account?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Sign in
          </Anchor>
        </Text>
        {onForgotPassword && (
          <Text size="sm" ta="center" c="dimmed" mt={-8}>
            Forgot your password?{' '}
            <Anchor component="button" type="button" fw={600} onClick={onForgotPassword}>
              Reset it here
            </Anchor>
          </Text>
        )}
        {onCancel && (
          <Group justify="flex-end">
            <Button variant="subtle" color="gray" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
