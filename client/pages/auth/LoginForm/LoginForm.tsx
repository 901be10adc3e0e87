// E-mail and password sign-in (the Login tab of /login). Success says 'Welcome back!' and goes to
// the page that asked for a sign-in (`next`), else to /.
import { useEffect, useRef } from 'react';
import { Anchor, Button, Divider, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { loginInput } from '../../../../shared/auth.schema';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { zodValidate } from '../../../lib/zod-form';
import { EmailField, PasswordField } from '../../../components/AccountFields';
import { GoogleButton } from '../../../components/GoogleButton';

interface LoginFormProps {
  /** A same-site path to go to after signing in (already checked by next-path.ts). */
  next?: string | null;
  /** An e-mail to fill in (the address whose password was just reset); the password gets the focus. */
  email?: string | null;
  onForgotPassword: () => void;
}

export function LoginForm({ next = null, email = null, onForgotPassword }: LoginFormProps) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const login = trpc.auth.login.useMutation();
  const form = useForm({ initialValues: { email: email ?? '', password: '' }, validate: zodValidate(loginInput) });
  const passwordRef = useRef<HTMLInputElement>(null);
  // The form's setters change identity on every render: apply each handed-over e-mail once.
  const appliedEmail = useRef<string | null>(null);

  useEffect(() => {
    if (!email || appliedEmail.current === email) return;
    appliedEmail.current = email;
    form.setFieldValue('email', email);
    form.setFieldValue('password', '');
    passwordRef.current?.focus();
  });

  const submit = async (values: { email: string; password: string }) => {
    try {
      const auth = await login.mutateAsync(loginInput.parse(values));
      signIn(auth);
      notifySuccess('Welcome back!', `Signed in as ${auth.user.name}`);
      navigate(next ?? '/', { replace: next !== null });
    } catch (err) {
      notifyError('Login failed', errorMessage(err, 'Invalid email or password'));
    }
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <EmailField
          label="Email"
          {...form.getInputProps('email')}
        />
        <PasswordField
          label="Password"
          placeholder="Your password"
          autoComplete="current-password"
          ref={passwordRef}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component="button" type="button" size="sm" fw={500} onClick={onForgotPassword}>
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
        <Divider label="or" labelPosition="center" />
        <GoogleButton />
        <Button component={Link} to="/" variant="subtle" color="gray" leftSection={<IconArrowLeft size={16} />}>
          Back to Home
        </Button>
      </Stack>
    </form>
  );
}
