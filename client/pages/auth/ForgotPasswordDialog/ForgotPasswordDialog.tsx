// Password reset in two steps: email a reset code, then set a new password with
// it. Success or Cancel closes the dialog and starts over at the email step.
import { useState } from 'react';
import { Modal } from '@mantine/core';
import { useForm } from '@mantine/form';
import { forgotPasswordInput, otpField, passwordField } from '../../../../shared/auth.schema';
import { z } from 'zod';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';
import { ResetEmailStep } from './ResetEmailStep';
import { NewPasswordStep, type NewPasswordValues } from './NewPasswordStep';

const newPasswordSchema = z.object({ otp: otpField, newPassword: passwordField });

interface ForgotPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  /** After a successful reset, with the account's e-mail (the login form fills it in). */
  onReset?: (email: string) => void;
}

export function ForgotPasswordDialog({ opened, onClose, onReset }: ForgotPasswordDialogProps) {
  const [step, setStep] = useState<'email' | 'reset'>('email');
  // After a reset the focus goes to the login form's password (onReset), not back to the button
  // that opened the dialog. Set in the same update as the close, so it never changes while open.
  const [returnFocus, setReturnFocus] = useState(true);
  const forgot = trpc.auth.forgotPassword.useMutation();
  const resetPassword = trpc.auth.resetPassword.useMutation();

  const emailForm = useForm({ initialValues: { email: '' }, validate: zodValidate(forgotPasswordInput) });
  const resetForm = useForm<NewPasswordValues>({
    initialValues: { otp: '', newPassword: '' },
    validate: zodValidate(newPasswordSchema),
  });

  const close = (afterReset = false) => {
    emailForm.reset();
    resetForm.reset();
    setStep('email');
    setReturnFocus(!afterReset);
    onClose();
  };

  const sendCode = async (values: { email: string }) => {
    try {
      const res = await forgot.mutateAsync(forgotPasswordInput.parse(values));
      notifySuccess('Reset code sent!', res.message);
      resetForm.reset();
      setStep('reset');
    } catch (err) {
      notifyError('Error', errorMessage(err, 'Failed to send reset code'));
    }
  };

  const submitReset = async (values: NewPasswordValues) => {
    const { email } = forgotPasswordInput.parse(emailForm.getValues());
    try {
      await resetPassword.mutateAsync({ email, otp: values.otp, newPassword: values.newPassword });
      notifySuccess('Password reset successful!', 'You can now sign in with your new password.');
      close(true);
      onReset?.(email);
    } catch (err) {
      notifyError('Reset failed', errorMessage(err, 'Invalid or expired reset code'));
    }
  };

  return (
    <Modal.Root opened={opened} onClose={() => close()} returnFocus={returnFocus} centered size={440} radius="lg">
      <Modal.Overlay backgroundOpacity={0.45} blur={2} />
      <Modal.Content>
        <Modal.Body p="xl">
          {step === 'email' ? (
            <ResetEmailStep form={emailForm} sending={forgot.isPending} onSubmit={sendCode} onCancel={() => close()} />
          ) : (
            <NewPasswordStep
              email={emailForm.getValues().email.trim()}
              form={resetForm}
              resetting={resetPassword.isPending}
              onSubmit={submitReset}
              onBack={() => setStep('email')}
              onCancel={() => close()}
            />
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
