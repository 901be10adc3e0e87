// Step 1 of the reset dialog, 'Forgot Password': the account's email address.
import { Button, Group, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

import { EmailField } from '../../../components/AccountFields';
import { FormHeading } from '../../../components/FormHeading';

interface ResetEmailStepProps {
  form: UseFormReturnType<{ email: string }>;
  sending: boolean;
  onSubmit: (values: { email: string }) => void;
  onCancel: () => void;
}

export function ResetEmailStep({ form, sending, onSubmit, onCancel }: ResetEmailStepProps) {
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <FormHeading inDialog title="Forgot Password" subtitle="Enter your account's email address and we will send you a 6-digit reset code." />
      <Stack gap="md">
        <EmailField
          label="Email Address"
          data-autofocus
          {...form.getInputProps('email')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="subtle" color="gray" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={sending}>
            Send Reset Code
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
