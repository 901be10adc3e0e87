// The texts of the account e-mails.
import type { Mail } from '../../mail/mailer';

export function signupCodeMail(to: string, name: string, code: string, appUrl: string): Mail {
  return {
    to,
    subject: `${code} is your Botwright verification code`,
    text: `Hi ${name},\n\nYour Botwright verification code is ${code}.\nIt is valid for 10 minutes.\n\nIf you did not try to sign up at ${appUrl}, you can ignore this e-mail.\n`,
  };
}

export function alreadyRegisteredMail(to: string, appUrl: string): Mail {
  return {
    to,
    subject: 'Your Botwright account',
    text: `Someone (maybe you) tried to create a Botwright account with this address, but it already has one.\n\nSign in at ${appUrl}/login, or reset your password there if you forgot it.\n`,
  };
}

export function resetCodeMail(to: string, name: string, code: string, appUrl: string): Mail {
  return {
    to,
    subject: `${code} is your Botwright password reset code`,
    text: `Hi ${name},\n\nYour Botwright password reset code is ${code}.\nIt is valid for 10 minutes.\n\nIf you did not ask to reset your password at ${appUrl}, you can ignore this e-mail: your password stays the same.\n`,
  };
}

export function passwordChangedMail(to: string, name: string, appUrl: string): Mail {
  return {
    to,
    subject: 'Your Botwright password was changed',
    text: `Hi ${name},\n\nThe password of your Botwright account was just changed from your profile page. Every other device signed in to the account has been signed out.\n\nIf you did not do this, reset your password now at ${appUrl}/login ("Forgot password?") and check your account.\n`,
  };
}
