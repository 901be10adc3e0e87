// The e-mail and password inputs of every account form (login, sign-up, reset), so they look and
// autocomplete alike. Labels and autocomplete hints stay per form, each worded for its form.
import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';

export function EmailField(props: TextInputProps) {
  return <TextInput type="email" placeholder="you@example.com" autoComplete="email" leftSection={<IconMail size={16} />} {...props} />;
}

export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput leftSection={<IconLock size={16} />} {...props} />;
}
