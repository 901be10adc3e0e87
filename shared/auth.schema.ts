// Account forms and payloads, shared by the server (tRPC + REST inputs) and the client forms,
// so both sides give the same validation messages.
import { z } from 'zod';

export const messages = {
  name: 'Name must be at least 2 characters',
  nameMax: 'Name must be at most 100 characters',
  email: 'Invalid email address',
  password: 'Password must be at least 6 characters',
  passwordMax: 'Password must be at most 128 characters',
  passwordCommon: 'This password is too common. Please choose a less common one.',
  otp: 'Verification code must be 6 digits',
  required: 'Email and password are required',
  passwordMismatch: 'Passwords do not match',
  currentPassword: 'Enter your current password',
  currentPasswordWrong: 'Your current password is incorrect',
  noPasswordYet: 'This account signs in with Google and has no password. Use "Forgot password?" on the sign-in page to set one.',
} as const;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const emailField = z
  .string({ error: messages.email })
  .trim()
  .toLowerCase()
  .max(254, { error: messages.email })
  .pipe(z.email({ error: messages.email }));

export const nameField = z
  .string({ error: messages.name })
  .trim()
  .min(2, { error: messages.name })
  .max(100, { error: messages.nameMax });

export const passwordField = z
  .string({ error: messages.password })
  .min(PASSWORD_MIN, { error: messages.password })
  .max(PASSWORD_MAX, { error: messages.passwordMax });

export const otpField = z.string({ error: messages.otp }).regex(/^\d{6}$/, { error: messages.otp });

export const sendOtpInput = z.strictObject({ name: nameField, email: emailField, password: passwordField });
export const verifyOtpInput = z.strictObject({ email: emailField, otp: otpField });
export const loginInput = z.strictObject({
  email: z.string({ error: messages.required }).trim().toLowerCase().min(1, { error: messages.required }).max(254),
  password: z.string({ error: messages.required }).min(1, { error: messages.required }).max(1024),
});
export const forgotPasswordInput = z.strictObject({ email: emailField });
export const resetPasswordInput = z.strictObject({ email: emailField, otp: otpField, newPassword: passwordField });
export const googleTokenInput = z.strictObject({ token: z.string().min(1).max(8192) });

/** Profile edits: the name, and optionally a new password given with the current one. */
export const updateProfileInput = z
  .strictObject({
    name: nameField,
    currentPassword: z.string().max(1024).optional(),
    newPassword: passwordField.optional(),
  })
  .refine((v) => v.newPassword === undefined || (v.currentPassword ?? '') !== '', {
    path: ['currentPassword'],
    error: messages.currentPassword,
  });
export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

export type ProfileFormValues = { name: string; currentPassword: string; newPassword: string; confirmPassword: string };

/**
 * The profile form's errors, field by field, in the same words as the server and the sign-up form.
 * The password fields are optional together: all empty keeps the password.
 */
export function profileFormErrors(values: ProfileFormValues, hasPassword: boolean): Partial<Record<keyof ProfileFormValues, string>> {
  const errors: Partial<Record<keyof ProfileFormValues, string>> = {};
  const name = nameField.safeParse(values.name);
  if (!name.success) errors.name = name.error.issues[0]?.message ?? messages.name;
  if (!hasPassword || (values.newPassword === '' && values.confirmPassword === '' && values.currentPassword === '')) return errors;
  const password = passwordField.safeParse(values.newPassword);
  if (!password.success) errors.newPassword = password.error.issues[0]?.message ?? messages.password;
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = messages.passwordMismatch;
  if (values.currentPassword === '') errors.currentPassword = messages.currentPassword;
  return errors;
}

export const userDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  credits: z.number().int(),
  googleAuth: z.boolean(),
  /** False for an account that only signs in with Google (it can set a password by a reset). */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof userDto>;

export type AuthResponse = { token: string; user: UserDto };
export type UpdateProfileResponse = { user: UserDto; passwordChanged: boolean; message: string };

/** What send-otp, register and forgot-password answer, whatever the account state (no enumeration). */
export const CODE_SENT_MESSAGE = 'If the address can receive mail, a verification code is on its way.';
export const RESET_SENT_MESSAGE = 'If an account exists for this address, a reset code is on its way.';
