// Step 2 of the reset dialog, 'Reset Password': the emailed code and the new password.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowLeft, IconKey } from '@tabler/icons-react';
import { PasswordField } from '../../../components/AccountFields';
import { FormHeading } from '../../../components/FormHeading';

export interface NewPasswordValues {
  otp: string;
  newPassword: string;
}

interface NewPasswordStepProps {
  email: string;
  form: UseFormReturnType<NewPasswordValues>;
  resetting: boolean;
  onSubmit: (values: NewPasswordValues) => void;
  onBack: () => void;
  onCancel: () => void;
}

export function NewPasswordStep({ email, form, resetting, onSubmit, onBack, onCancel }: NewPasswordStepProps) {
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <FormHeading
        inDialog
        title="Reset Password"
        subtitle={
          <>
            Enter the code we sent to{' '}
            <Text span fw={600} c="var(--mantine-color-text)">
              {email}
            </Text>{' '}
            and choose a new password.
          </>
        }
      />
      <Stack gap="md">
        <TextInput
          label="Reset Code"
          placeholder="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          leftSection={<IconKey size={16} />}
          styles={{ input: { letterSpacing: '0.3em', fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-autofocus
          {...form.getInputProps('otp')}
          onChange={(e) => form.setFieldValue('otp', e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
        />
        <PasswordField
          label="New Password"
          placeholder="At least 6 characters"
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <Group justify="space-between" gap="sm" mt="xs" wrap="wrap">
          <Button variant="subtle" color="gray" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
            Back
          </Button>
          <Group gap="sm">
            <Button variant="subtle" color="gray" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={resetting}>
              Reset Password
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
