// Google sign-in by redirect (OAuth2 code flow with state + PKCE through @fastify/oauth2).
// GET /api/auth/google starts it; the callback signs the person in, hands the session to the
// client in short-lived `token` and `user` cookies and lands on /?google_auth=success. Every
// failure lands on /login?error=<code>.
import type { OAuth2Namespace } from '@fastify/oauth2';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../deps';
import type { Limiter } from '../../limits';
import { signInWithGoogle } from './google';

type GoogleError = 'config_missing' | 'oauth_failed' | 'no_code' | 'token_exchange_failed' | 'user_info_failed' | 'auth_failed';

const fail = (reply: FastifyReply, code: GoogleError) => reply.redirect(`/login?error=${code}`);

export async function registerGoogleRedirect(app: FastifyInstance, deps: Deps, limit: Limiter, unavailable: GoogleError | null) {
  const google = deps.google;
  const preHandler = async (req: Parameters<Limiter>[1]) => limit('auth.googleRedirect', req);
  if (!google || unavailable) {
    const code = unavailable ?? 'config_missing';
    app.get('/api/auth/google', { preHandler }, async (_req, reply) => fail(reply, code));
    app.get('/api/auth/google/callback', { preHandler }, async (_req, reply) => fail(reply, code));
    return;
  }
  const authorize = new URL(google.metadata.authorization_endpoint);
  const token = new URL(google.metadata.token_endpoint);
  const secure = deps.config.publicUrl.startsWith('https:');
  // Loaded only when Google is configured: it is one of the slowest modules to load at boot.
  const { default: oauth2 } = await import('@fastify/oauth2');
  await app.register(oauth2, {
    name: 'googleOAuth2',
    scope: ['openid', 'email', 'profile'],
    credentials: {
      client: { id: google.clientId, secret: deps.config.google!.clientSecret },
      auth: {
        authorizeHost: authorize.origin,
        authorizePath: authorize.pathname,
        tokenHost: token.origin,
        tokenPath: token.pathname,
      },
      options: { authorizationMethod: 'body' },
    },
    callbackUri: `${deps.config.publicUrl}/api/auth/google/callback`,
    pkce: 'S256',
    cookie: { secure, sameSite: 'lax', httpOnly: true, path: '/api/auth/google' },
  });
  const flow = () => (app as unknown as { googleOAuth2: OAuth2Namespace }).googleOAuth2;

  app.get('/api/auth/google', { preHandler }, async (req, reply) => {
    try {
      return reply.redirect(await flow().generateAuthorizationUri(req, reply));
    } catch (err) {
      deps.log.warn({ err: String(err) }, 'google sign-in could not start');
      return fail(reply, 'oauth_failed');
    }
  });

  app.get<{ Querystring: { code?: string; error?: string; state?: string } }>(
    '/api/auth/google/callback',
    { preHandler },
    async (req, reply) => {
      if (req.query.error) return fail(reply, 'oauth_failed');
      if (!req.query.code) return fail(reply, 'no_code');
      let idToken: unknown;
      try {
        const result = await flow().getAccessTokenFromAuthorizationCodeFlow(req, reply);
        idToken = (result.token as { id_token?: unknown }).id_token;
      } catch (err) {
        const stateMismatch = err instanceof Error && /state/i.test(err.message);
        deps.log.warn({ reason: stateMismatch ? 'state' : 'token' }, 'google code exchange failed');
        return fail(reply, stateMismatch ? 'oauth_failed' : 'token_exchange_failed');
      }
      let claims;
      try {
        if (typeof idToken !== 'string') throw new Error('no id_token');
        claims = await google.verifyIdToken(idToken);
      } catch {
        return fail(reply, 'user_info_failed');
      }
      try {
        const session = await signInWithGoogle({ deps }, claims);
        const cookie = { path: '/', maxAge: 60, sameSite: 'lax' as const, secure, httpOnly: false };
        reply.setCookie('token', session.token, cookie);
        reply.setCookie('user', JSON.stringify(session.user), cookie);
        return reply.redirect('/?google_auth=success');
      } catch {
        return fail(reply, 'auth_failed');
      }
    },
  );
}
