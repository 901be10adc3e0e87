// Two-step sign-up used by the landing-page dialog and by /register: the account
// form sends an emailed code, the verify step checks it and signs the new user in.
import { useState } from 'react';
import { useForm } from '@mantine/form';
import { sendOtpInput } from '../../../shared/auth.schema';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/http-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';
import { AccountStep, type AccountValues } from './AccountStep';
import { VerifyStep } from './VerifyStep';

export interface RegistrationFormProps {
  /** Dialog flavour: Cancel buttons and the 'Reset it here' link. */
  inDialog?: boolean;
  onCancel?: () => void;
  onForgotPassword?: () => void;
  /** Called after the new user is signed in. */
  onRegistered: () => void;
}

/** Sends the emailed code for the account's details; true when it went. */
function useSendCode(onSent: (email: string) => void) {
  const sendOtp = trpc.auth.sendOtp.useMutation();
  const sendCode = async (values: AccountValues): Promise<boolean> => {
    const input = sendOtpInput.parse(values);
    try {
      const res = await sendOtp.mutateAsync(input);
      onSent(input.email);
      notifySuccess('Verification code sent!', res.message);
      return true;
    } catch (err) {
      notifyError('Error', errorMessage(err, 'Failed to send verification code'));
      return false;
    }
  };
  return { sendCode, sending: sendOtp.isPending };
}

/** Checks the emailed code and signs the new person in. */
function useVerifyCode(onVerified: () => void) {
  const { signIn } = useAuth();
  const verifyOtp = trpc.auth.verifyOtp.useMutation();
  const verify = async (email: string, otp: string) => {
    try {
      const auth = await verifyOtp.mutateAsync({ email, otp });
      notifySuccess('Registration successful!', `Welcome to Botwright, ${auth.user.name}!`);
      signIn(auth, { newAccount: true });
      onVerified();
    } catch (err) {
      notifyError('Verification failed', errorMessage(err, 'Invalid or expired verification code'));
    }
  };
  return { verify, verifying: verifyOtp.isPending };
}

export function RegistrationForm({ inDialog, onCancel, onForgotPassword, onRegistered }: RegistrationFormProps) {
  const [step, setStep] = useState<'account' | 'verify'>('account');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const { sendCode, sending } = useSendCode(setEmail);
  const { verify, verifying } = useVerifyCode(() => {
    reset();
    onRegistered();
  });

  const form = useForm<AccountValues>({
    initialValues: { name: '', email: '', password: '' },
    validate: zodValidate(sendOtpInput),
    validateInputOnBlur: true,
  });

  const submitAccount = async (values: AccountValues) => {
    if (await sendCode(values)) {
      setCode('');
      setStep('verify');
    }
  };

  const resend = async () => {
    setCode('');
    const check = form.validate();
    if (check.hasErrors) {
      setStep('account');
      return;
    }
    await sendCode(form.getValues());
  };

  const reset = () => {
    form.reset();
    setCode('');
    setEmail('');
    setStep('account');
  };

  const cancel = () => {
    reset();
    onCancel?.();
  };

  if (step === 'verify') {
    return (
      <VerifyStep
        inDialog={inDialog}
        email={email}
        code={code}
        onCodeChange={setCode}
        verifying={verifying}
        resending={sending}
        onVerify={(otp) => verify(email, otp)}
        onResend={resend}
        onBack={() => {
          setCode('');
          setStep('account');
        }}
        onCancel={inDialog ? cancel : undefined}
      />
    );
  }

  return (
    <AccountStep
      inDialog={inDialog}
      form={form}
      sending={sending}
      onSubmit={submitAccount}
      onForgotPassword={inDialog ? onForgotPassword : undefined}
      onCancel={inDialog ? cancel : undefined}
    />
  );
}
