// The signed-in person's own account: a new name, and a new password given with the current one.
// A password change ends every other session of the person (this one stays) and is mailed to them.
import type { ServiceCtx } from '../../trpc';
import { AppError } from '../../errors';
import { messages, type UpdateProfileInput, type UpdateProfileResponse } from '../../../shared/auth.schema';
import { assertNotCommon, hashPassword, verifyPassword } from './passwords';
import { revokeOtherSessions } from './sessions';
import { findUserById, toUserDto, updateAccount } from './users';
import { passwordChangedMail } from './auth-mail';
import { mailAfterAnswer } from './mail-after-answer';

export async function updateProfile(
  { deps, userId }: ServiceCtx,
  input: UpdateProfileInput,
  opts: { sessionId: string },
): Promise<UpdateProfileResponse> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
  let passwordHash: string | undefined;
  if (input.newPassword !== undefined) {
    // A Google-only account sets its first password through the e-mailed reset code: a session
    // alone (a borrowed laptop, a stolen token) must not be enough to add a way in that outlives it.
    if (user.password_hash === null) throw new AppError('BAD_REQUEST', messages.noPasswordYet);
    if (!(await verifyPassword(user.password_hash, input.currentPassword ?? ''))) {
      throw new AppError('BAD_REQUEST', messages.currentPasswordWrong);
    }
    await assertNotCommon(input.newPassword);
    passwordHash = await hashPassword(input.newPassword);
  }
  // Everything is checked before anything is written: a refusal changes nothing, not even the name.
  await updateAccount(deps.db, userId, { name: input.name, passwordHash });
  if (passwordHash !== undefined) {
    await revokeOtherSessions(deps.db, deps.clock, userId, opts.sessionId);
    deps.revocations.announce({ userId, exceptSessionId: opts.sessionId });
    mailAfterAnswer(deps, 'password changed', () => passwordChangedMail(user.email, input.name, deps.config.publicUrl));
  }
  const updated = (await findUserById(deps.db, userId))!;
  return {
    user: toUserDto(updated),
    passwordChanged: passwordHash !== undefined,
    message: passwordHash !== undefined ? 'Your profile and password were saved. Other devices were signed out.' : 'Your profile was saved.',
  };
}
