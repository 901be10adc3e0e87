// Google (any OIDC issuer): discovery, and ID-token verification against the issuer's JWKS. What the
// app holds in deps.google; signing in with the verified claims is google.ts.
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { AppError } from '../../errors';

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
