// Google (any OIDC issuer): discovery, ID-token verification against the issuer's JWKS, and the
// sign-in rule: find by Google subject; link a verified local account with the same email; never
// link an unverified one (it is taken over and its password dropped instead).
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Deps } from '../../deps';
import type { ServiceCtx } from '../../trpc';
import { AppError } from '../../errors';
import type { AuthResponse } from '../../../shared/auth.schema';
import { createSession, revokeAllSessions } from './sessions';
import { findUserByEmail, findUserByGoogleSub, linkGoogle, toUserDto } from './users';
import { createUser } from './accounts';
import { voidCodes } from './codes';
import type { User } from '../../db/schema';

export type IssuerMetadata = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  jwks_uri: string;
};

export type GoogleClaims = { sub: string; email: string; emailVerified: boolean; name: string };

export type GoogleIdentity = {
  clientId: string;
  metadata: IssuerMetadata;
  verifyIdToken(idToken: string): Promise<GoogleClaims>;
};

export async function discoverIssuer(issuer: string, timeoutMs = 5000): Promise<IssuerMetadata> {
  const url = issuer.replace(/\/+$/, '') + '/.well-known/openid-configuration';
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`OIDC discovery at ${url} answered ${res.status}`);
  const meta = (await res.json()) as IssuerMetadata;
  if (!meta.authorization_endpoint || !meta.token_endpoint || !meta.jwks_uri) throw new Error('OIDC discovery document is incomplete');
  return meta;
}

export function googleIdentity(clientId: string, metadata: IssuerMetadata, now: () => Date): GoogleIdentity {
  const jwks = createRemoteJWKSet(new URL(metadata.jwks_uri));
  return {
    clientId,
    metadata,
    async verifyIdToken(idToken) {
      let payload;
      try {
        ({ payload } = await jwtVerify(idToken, jwks, {
          issuer: metadata.issuer,
          audience: clientId,
          algorithms: ['RS256', 'ES256', 'PS256'],
          currentDate: now(),
          requiredClaims: ['sub', 'exp'],
        }));
      } catch {
        throw new AppError('UNAUTHORIZED', 'Invalid Google token');
      }
      const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
      if (!email) throw new AppError('UNAUTHORIZED', 'The Google account has no email address');
      const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
      const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : email.split('@')[0]!;
      return { sub: String(payload.sub), email, emailVerified, name: name.slice(0, 100) };
    },
  };
}

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
