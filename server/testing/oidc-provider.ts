// A real OpenID Connect provider on loopback (oauth2-mock-server) standing in for Google.
import { OAuth2Server } from 'oauth2-mock-server';

export type GoogleUser = { sub: string; email: string; email_verified: boolean; name: string };

export type OidcProvider = {
  issuer: string;
  server: OAuth2Server;
  /** The person who "signs in" at the provider for the next token requests. */
  signInAs(user: GoogleUser): void;
  /** An ID token for `user` signed by the provider, as Google Identity Services would give the browser. */
  idToken(user: GoogleUser, opts?: { aud?: string; expiresInSeconds?: number }): Promise<string>;
  close(): Promise<void>;
};

export const GOOGLE_CLIENT_ID = 'botwright-test-client';
export const GOOGLE_CLIENT_SECRET = 'botwright-test-secret';

export async function startOidcProvider(): Promise<OidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let current: GoogleUser = { sub: 'google-sub-1', email: 'grace@example.com', email_verified: true, name: 'Grace Hopper' };
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, current);
  });
  return {
    issuer: server.issuer.url!,
    server,
    signInAs(user) {
      current = user;
    },
    async idToken(user, opts = {}) {
      return server.issuer.buildToken({
        expiresIn: opts.expiresInSeconds ?? 3600,
        scopesOrTransform: (_header, payload) => {
          Object.assign(payload, user, { aud: opts.aud ?? GOOGLE_CLIENT_ID });
        },
      });
    },
    close: () => server.stop(),
  };
}
