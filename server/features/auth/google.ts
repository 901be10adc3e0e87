// Signing in with Google (any OIDC issuer; its discovery and token checks are google-identity.ts). The
// sign-in rule: find by Google subject; link a verified local account with the same email; never
// link an unverified one (it is taken over and its password dropped instead).
import type { Deps } from '../../deps';
import type { ServiceCtx } from '../../trpc';
import { AppError } from '../../errors';
import type { AuthResponse } from '../../../shared/auth.schema';
import { createSession, revokeAllSessions } from './sessions';
import { findUserByEmail, findUserByGoogleSub, linkGoogle, toUserDto } from './users';
import { createUser } from './accounts';
import { voidCodes } from './codes';
import type { User } from '../../db/schema';
import type { GoogleClaims } from './google-identity';

async function userForGoogle(deps: Deps, claims: GoogleClaims): Promise<User> {
  const bySub = await findUserByGoogleSub(deps.db, claims.sub);
  if (bySub) return bySub;
  const byEmail = await findUserByEmail(deps.db, claims.email);
  if (byEmail && byEmail.google_sub === null) {
    const takeover = byEmail.email_verified !== 1;
    await linkGoogle(deps.db, byEmail.id, claims.sub, takeover);
    if (takeover) {
      await revokeAllSessions(deps.db, deps.clock, byEmail.id);
      deps.revocations.announce({ userId: byEmail.id });
    }
  } else if (!byEmail) {
    await createUser(deps.db, deps.clock, { name: claims.name, email: claims.email, passwordHash: null, googleSub: claims.sub });
  }
  const user = await findUserByGoogleSub(deps.db, claims.sub);
  // The email belongs to an account already linked to another Google subject.
  if (!user) throw new AppError('CONFLICT', 'This email is already linked to another Google account');
  return user;
}

export async function signInWithGoogle({ deps }: Pick<ServiceCtx, 'deps'>, claims: GoogleClaims): Promise<AuthResponse> {
  if (!claims.emailVerified) throw new AppError('UNAUTHORIZED', 'Your Google email address is not verified');
  const user = await userForGoogle(deps, claims);
  // A sign-up started by someone else with this address can no longer be completed.
  await voidCodes(deps.db, claims.email, 'signup');
  const token = await createSession(deps.db, deps.sessionKeys, deps.clock, user.id);
  return { token, user: toUserDto(user) };
}

export async function signInWithIdToken(ctx: Pick<ServiceCtx, 'deps'>, input: { token: string }): Promise<AuthResponse> {
  if (!ctx.deps.google) throw new AppError('BAD_REQUEST', 'Google OAuth not properly configured');
  return signInWithGoogle(ctx, await ctx.deps.google.verifyIdToken(input.token));
}
