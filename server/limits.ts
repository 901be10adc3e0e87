// Rate limits (listed in docs/security.md), declared by each procedure beside it (its `meta`) and
// named by procedure, so that the REST path and the tRPC path of one call share a counter. Keys use the socket address (proxy headers only with TRUST_PROXY)
// or the signed-in user; a few add the e-mail in the body, so rotating addresses does not help.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { readSession } from './features/auth/sessions';
import { bearerToken } from './trpc';
import type { RateRule } from './procedure-meta';
import { metaOf } from './procedure-rules';
import { clientAddress } from './client-address';

/** Calls that are not procedures, with limits of their own: Google's redirect back to us (auth/google.routes.ts). */
const ROUTE_RULES: Record<string, RateRule[]> = {
  'auth.googleRedirect': [{ max: 30, window: '1 minute', key: 'ip' }],
};
const DEFAULT_RULES: RateRule[] = [{ max: 300, window: '1 minute', key: 'ip' }];

/** The limits a call counts on: its procedure's own (procedure-meta.ts), or those of the procedure it counts as. */
function countedAs(name: string): { counted: string; rules: RateRule[] | undefined } {
  const counted = metaOf(name).countsAs ?? name;
  return { counted, rules: Object.hasOwn(ROUTE_RULES, counted) ? ROUTE_RULES[counted] : metaOf(counted).rateLimit };
}

function emailOf(input: unknown): string {
  const email = (input as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
}

/**
 * The procedure a request calls and the email of its input. REST hands over a parsed body; tRPC
 * names the procedure in the (possibly percent-encoded) path and carries its JSON body unparsed
 * (batching is off, so one request is one call): neither encoding escapes a limit.
 */
function callOf(name: string, req: FastifyRequest): { name: string; email: string } {
  if (!req.url.startsWith('/trpc/')) return { name, email: emailOf(req.body) };
  let body: unknown = req.body;
  try {
    name = decodeURIComponent(name);
    if (typeof body === 'string') body = JSON.parse(body);
  } catch {
    /* tRPC cannot read it either and will answer 400; the default rules still count it */
  }
  return { name, email: emailOf(body) };
}

const CALL_EMAIL = Symbol('rate limit email');
const CALL_USER = Symbol('rate limit user');
const COUNTED = Symbol('rate limit counted');
type CallRequest = FastifyRequest & { [CALL_EMAIL]?: string; [CALL_USER]?: string | null; [COUNTED]?: string };

/** The signed-in user's id, found as createContext finds it; null for anyone else. */
async function userOf(app: FastifyInstance, req: FastifyRequest): Promise<string | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const { db, sessionKeys, clock } = app.deps;
  return (await readSession(db, sessionKeys, clock, token))?.userId ?? null;
}

export type Limiter = (name: string, req: FastifyRequest) => Promise<void>;

/** Builds the named limiters once; `enforce(name, req)` throws 429 (with Retry-After) when over. */
export function createLimiter(app: FastifyInstance, enabled: boolean): Limiter {
  const checks = new Map<string, Array<(req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>>>();
  const build = (name: string, rules: RateRule[]) =>
    rules.map((rule, i) =>
      app.createRateLimit({
        max: rule.max,
        timeWindow: rule.window,
        keyGenerator: (req) => {
          const id = `${name}#${i}`;
          const email = (req as CallRequest)[CALL_EMAIL] ?? '';
          if (rule.key === 'email') return `${id}|${email}`;
          if (rule.key === 'ip+email') return `${id}|${clientAddress(req)}|${email}`;
          // Per person, however many sessions or spellings of a token they hold; nobody else can
          // spend it. Requests without a valid session count against their address.
          if (rule.key === 'user') {
            const user = (req as CallRequest)[CALL_USER];
            return user ? `${id}|user:${user}` : `${id}|ip:${clientAddress(req)}`;
          }
          return `${id}|${clientAddress(req)}`;
        },
      }),
    );
  const fallback = build('default', DEFAULT_RULES);
  // Built on a name's first call: the limits of every procedure are known by then.
  const checksOf = (counted: string, rules: RateRule[] | undefined) => {
    if (!rules) return fallback;
    let built = checks.get(counted);
    if (!built) checks.set(counted, (built = build(counted, rules)));
    return built;
  };

  return async (name, req) => {
    if (!enabled) return;
    // A call with a large body is counted before its body is read (body-limits.ts), and not again after.
    if ((req as CallRequest)[COUNTED] === name) return;
    (req as CallRequest)[COUNTED] = name;
    const call = callOf(name, req);
    (req as CallRequest)[CALL_EMAIL] = call.email;
    const { counted, rules } = countedAs(call.name);
    if (rules?.some((rule) => rule.key === 'user')) (req as CallRequest)[CALL_USER] = await userOf(app, req);
    for (const check of checksOf(counted, rules)) {
      const result = await check(req);
      if (!result.isAllowed && result.isExceeded) {
        const retryAfterSeconds = Math.max(1, result.ttlInSeconds ?? 60);
        throw new AppError('TOO_MANY_REQUESTS', `Too many attempts. Please try again in ${retryAfterSeconds} seconds.`, {
          retryAfterSeconds,
        });
      }
    }
  };
}
