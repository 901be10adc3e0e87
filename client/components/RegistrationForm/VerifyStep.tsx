// Step 2 of sign-up, 'Verify Your Email': the six-digit code sent to the remembered address.
import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { otpField } from '../../../shared/auth.schema';
import { FormHeading } from '../FormHeading';
import { OtpInput } from '../OtpInput';

interface VerifyStepProps {
  inDialog?: boolean;
  email: string;
  code: string;
  onCodeChange: (code: string) => void;
  verifying: boolean;
  resending: boolean;
  onVerify: (otp: string) => void;
  onResend: () => void;
  onBack: () => void;
  onCancel?: () => void;
}

export function VerifyStep(props: VerifyStepProps) {
  const { inDialog, email, code, onCodeChange, verifying, resending, onVerify, onResend, onBack, onCancel } = props;
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = otpField.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Verification code must be 6 digits');
      return;
    }
    setError(null);
    onVerify(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormHeading
        inDialog={inDialog}
        title="Verify Your Email"
        subtitle={
          <>
            We sent a 6-digit code to{' '}
            <Text span fw={600} c="var(--mantine-color-text)">
              {email}
            </Text>
            . It expires in 10 minutes.
          </>
        }
      />
      <Stack gap="lg">
        <Group justify="center">
          <IconMailCheck size={44} stroke={1.4} color="var(--mantine-color-violet-6)" />
        </Group>
        <OtpInput
          value={code}
          onChange={(value) => {
            setError(null);
            onCodeChange(value);
          }}
          error={error}
          disabled={verifying}
          autoFocus
        />
        <Button type="submit" fullWidth size="md" loading={verifying}>
          Verify Email
        </Button>
        <Text size="sm" ta="center" c="dimmed">
          Didn&apos;t get it? Check your spam folder or{' '}
          <Anchor component="button" type="button" fw={600} onClick={onResend} disabled={resending}>
            Resend Code
          </Anchor>
        </Text>
        <Group justify="space-between">
          <Button variant="subtle" color="gray" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
            Back to Registration
          </Button>
          {onCancel && (
            <Button variant="subtle" color="gray" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
