// Accounts: sign-up by e-mailed code, login, logout, password reset and Google sign-in.
// Answers never reveal whether an address has an account, by their words or their timing.
import type { Deps } from '../../deps';
import type { ServiceCtx } from '../../trpc';
import { AppError } from '../../errors';
import {
  CODE_SENT_MESSAGE,
  RESET_SENT_MESSAGE,
  type AuthResponse,
} from '../../../shared/auth.schema';
import { assertNotCommon, hashPassword, needsRehash, verifyDummy, verifyPassword } from './passwords';
import { consumeCode, newCode, storeCode } from './codes';
import { createSession, revokeAllSessions, revokeSession } from './sessions';
import { findUserByEmail, setPasswordHash, toUserDto } from './users';
import { createUser } from './accounts';
import { alreadyRegisteredMail, resetCodeMail, signupCodeMail } from './auth-mail';
import { mailAfterAnswer } from './mail-after-answer';
import type { User } from '../../db/schema';

const INVALID_LOGIN = 'Invalid email or password';
const INVALID_SIGNUP_CODE = 'Invalid or expired verification code';
const INVALID_RESET_CODE = 'Invalid or expired reset code';

async function signIn(deps: Deps, user: User): Promise<AuthResponse> {
  const token = await createSession(deps.db, deps.sessionKeys, deps.clock, user.id);
  return { token, user: toUserDto(user) };
}

export async function sendSignupCode({ deps }: Pick<ServiceCtx, 'deps'>, input: { name: string; email: string; password: string }) {
  await assertNotCommon(input.password);
  // Hash in both branches so a taken address answers in the same time as a free one.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing) {
    await storeCode(deps.db, deps.clock, deps.codeKey, { email: input.email, purpose: 'signup', code: null });
    await deps.mailer.send(alreadyRegisteredMail(input.email, deps.config.publicUrl));
  } else {
    const code = newCode();
    await storeCode(deps.db, deps.clock, deps.codeKey, {
      email: input.email,
      purpose: 'signup',
      code,
      pendingName: input.name,
      pendingPasswordHash: passwordHash,
    });
    await deps.mailer.send(signupCodeMail(input.email, input.name, code, deps.config.publicUrl));
  }
  return { message: CODE_SENT_MESSAGE };
}

export async function verifySignupCode({ deps }: Pick<ServiceCtx, 'deps'>, input: { email: string; otp: string }): Promise<AuthResponse> {
  const row = await consumeCode(deps.db, deps.clock, deps.codeKey, {
    email: input.email,
    purpose: 'signup',
    code: input.otp,
    invalidMessage: INVALID_SIGNUP_CODE,
  });
  if (!row.pending_name || !row.pending_password_hash) throw new AppError('BAD_REQUEST', INVALID_SIGNUP_CODE);
  const user = await createUser(deps.db, deps.clock, {
    name: row.pending_name,
    email: input.email,
    passwordHash: row.pending_password_hash,
    googleSub: null,
  });
  if (!user) throw new AppError('BAD_REQUEST', INVALID_SIGNUP_CODE);
  return signIn(deps, user);
}

export async function login({ deps }: Pick<ServiceCtx, 'deps'>, input: { email: string; password: string }): Promise<AuthResponse> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user || !user.password_hash) {
    await verifyDummy(input.password);
    throw new AppError('UNAUTHORIZED', INVALID_LOGIN);
  }
  if (!(await verifyPassword(user.password_hash, input.password))) throw new AppError('UNAUTHORIZED', INVALID_LOGIN);
  if (needsRehash(user.password_hash)) {
    const rehashed = await hashPassword(input.password);
    await setPasswordHash(deps.db, user.id, rehashed);
  }
  return signIn(deps, user);
}

export async function logout({ deps }: Pick<ServiceCtx, 'deps'>, input: { sessionId: string }) {
  await revokeSession(deps.db, deps.clock, input.sessionId);
  deps.revocations.announce({ sessionId: input.sessionId });
  return { message: 'Logged out' };
}

export async function sendResetCode({ deps }: Pick<ServiceCtx, 'deps'>, input: { email: string }) {
  const user = await findUserByEmail(deps.db, input.email);
  // The same work for an unknown address, so neither the answer nor its timing tells them apart: a
  // code is made and stored (nobody ever receives it, and a reset needs an account anyway), and one
  // mail job is queued, which finds nobody to write to once the answer has gone.
  const code = newCode();
  await storeCode(deps.db, deps.clock, deps.codeKey, { email: input.email, purpose: 'reset', code });
  mailAfterAnswer(deps, 'reset', () => (user ? resetCodeMail(user.email, user.name, code, deps.config.publicUrl) : null));
  return { message: RESET_SENT_MESSAGE };
}

export async function resetPassword({ deps }: Pick<ServiceCtx, 'deps'>, input: { email: string; otp: string; newPassword: string }) {
  await assertNotCommon(input.newPassword);
  await consumeCode(deps.db, deps.clock, deps.codeKey, {
    email: input.email,
    purpose: 'reset',
    code: input.otp,
    invalidMessage: INVALID_RESET_CODE,
  });
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) throw new AppError('BAD_REQUEST', INVALID_RESET_CODE);
  const passwordHash = await hashPassword(input.newPassword);
  await setPasswordHash(deps.db, user.id, passwordHash);
  await revokeAllSessions(deps.db, deps.clock, user.id);
  deps.revocations.announce({ userId: user.id });
  return { message: 'Password reset successful. You can now sign in with your new password.' };
}
