// tRPC, initialised once. 1. context: who is calling (bearer token only, never a cookie);
// 2. init with the error shape (validation -> first human message, 5xx -> generic text);
// 3. procedures: public and authed (ctx.user is non-null inside authed handlers);
// 4. ServiceCtx: what every service takes first, so a handler passes its ctx as it is.
import { initTRPC } from '@trpc/server';
import type { FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { Deps } from './deps';
import type { User } from './db/schema';
import { AppError, GENERIC_500, zodMessage } from './errors';
import { readSession } from './features/auth/sessions';
import { findUserById } from './features/auth/users';
import type { ProcedureMeta } from './procedure-meta';

// 1. Context
export type Context = {
  deps: Deps;
  req: FastifyRequest;
  user: User | null;
  sessionId: string | null;
};

const BEARER_JWT = /^Bearer ([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/;

/**
 * The token of an Authorization header that reads exactly `Bearer <JWT>`, else null. Each part must be
 * canonical base64url (no padding, no spare bits set in its last character): otherwise one token
 * has several spellings that verify alike, and anything keyed on the text could be multiplied.
 */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? BEARER_JWT.exec(header) : null;
  if (!match) return null;
  const canonical = match.slice(1).every((part) => Buffer.from(part, 'base64url').toString('base64url') === part);
  return canonical ? match[0].slice('Bearer '.length) : null;
}

export async function createContext(deps: Deps, req: FastifyRequest): Promise<Context> {
  const token = bearerToken(req);
  // A credential that cannot be read is refused, not taken as nobody: the client sends only `Bearer <token>`.
  if (!token && req.headers.authorization !== undefined) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
  if (!token) return { deps, req, user: null, sessionId: null };
  const session = await readSession(deps.db, deps.sessionKeys, deps.clock, token);
  const user = session ? await findUserById(deps.db, session.userId) : undefined;
  return user && session ? { deps, req, user, sessionId: session.sessionId } : { deps, req, user: null, sessionId: null };
}

// 2. Init
const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  errorFormatter({ shape, error }) {
    const message =
      error.cause instanceof ZodError ? zodMessage(error.cause)
      : error.code === 'INTERNAL_SERVER_ERROR' ? GENERIC_500
      : shape.message;
    return { ...shape, message, data: { ...shape.data, stack: undefined } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

// 3. Procedures
export const publicProcedure = t.procedure;

/** The operator: the X-Admin-Key header (never a query parameter or cookie) checked by the guard. */
export const adminProcedure = t.procedure.use(({ ctx, next }) => {
  ctx.deps.adminGuard.check(ctx.req.headers['x-admin-key'], ctx.req.ip);
  return next();
});

export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.sessionId) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
  return next({ ctx: { ...ctx, user: ctx.user, userId: ctx.user.id, sessionId: ctx.sessionId } });
});

/** A signed-in call that needs a runner's parts: answered by the person's runner when a web node gets it. */
export const runnerProcedure = authedProcedure.meta({ onRunner: true });

// 4. Services
/**
 * A service is `(ctx, input)`: `ctx` is the app's deps and the person the call is for. An authed
 * handler's ctx is one already; a call made for nobody in particular (sign-in, the operator's) takes
 * `Pick<ServiceCtx, 'deps'>`, and the server acting for a person (the supervisor) builds one.
 */
export type ServiceCtx = { deps: Deps; userId: string };
