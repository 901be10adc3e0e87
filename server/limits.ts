// Rate limits (security.md "Values"), named by procedure so that the REST path and the tRPC path
// of one call share a counter. Keys use the socket address (proxy headers only with TRUST_PROXY)
// or the signed-in user; a few add the e-mail in the body, so rotating addresses does not help.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

type Key = 'ip' | 'email' | 'ip+email' | 'session';
type Rule = { max: number; window: string; key: Key };

const RULES: Record<string, Rule[]> = {
  'auth.sendOtp': [{ max: 5, window: '1 hour', key: 'ip' }, { max: 5, window: '1 hour', key: 'email' }],
  'auth.register': [{ max: 5, window: '1 hour', key: 'ip' }, { max: 5, window: '1 hour', key: 'email' }],
  'auth.verifyOtp': [{ max: 10, window: '15 minutes', key: 'ip' }],
  'auth.forgotPassword': [{ max: 5, window: '1 hour', key: 'email' }, { max: 20, window: '1 hour', key: 'ip' }],
  'auth.resetPassword': [{ max: 10, window: '15 minutes', key: 'ip' }],
  'auth.login': [{ max: 5, window: '1 minute', key: 'ip+email' }, { max: 100, window: '1 hour', key: 'ip' }],
  'auth.google': [{ max: 20, window: '1 minute', key: 'ip' }],
  'auth.googleRedirect': [{ max: 30, window: '1 minute', key: 'ip' }],
  'ai.chat': [{ max: 20, window: '1 minute', key: 'session' }],
  'ai.modifyCode': [{ max: 20, window: '1 minute', key: 'session' }],
  'ai.assistant': [{ max: 20, window: '1 minute', key: 'session' }],
  'files.import': [{ max: 30, window: '1 minute', key: 'session' }],
  'feed.create': [{ max: 10, window: '1 hour', key: 'session' }],
  'feed.like': [{ max: 60, window: '1 minute', key: 'session' }],
  // Each may keep a worker busy for seconds on a hostile 1 MiB file.
  'runner.parseImports': [{ max: 60, window: '1 minute', key: 'session' }],
  'runner.detectEnvVars': [{ max: 60, window: '1 minute', key: 'session' }],
  // Each install holds a sandbox (up to 1 GiB, minutes) and reaches out to a package index.
  'dependencies.install': [{ max: 10, window: '1 hour', key: 'session' }],
};
/** Procedures that share another one's counter (the streamed chat is the same chat). */
const SAME_AS: Record<string, string> = { 'ai.chatStream': 'ai.chat', 'dependencies.installStream': 'dependencies.install' };
const DEFAULT_RULES: Rule[] = [{ max: 300, window: '1 minute', key: 'ip' }];

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
type CallRequest = FastifyRequest & { [CALL_EMAIL]?: string };

export type Limiter = (name: string, req: FastifyRequest) => Promise<void>;

/** Builds the named limiters once; `enforce(name, req)` throws 429 (with Retry-After) when over. */
export function createLimiter(app: FastifyInstance, enabled: boolean): Limiter {
  const checks = new Map<string, Array<(req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>>>();
  const build = (name: string, rules: Rule[]) =>
    rules.map((rule, i) =>
      app.createRateLimit({
        max: rule.max,
        timeWindow: rule.window,
        keyGenerator: (req) => {
          const id = `${name}#${i}`;
          const email = (req as CallRequest)[CALL_EMAIL] ?? '';
          if (rule.key === 'email') return `${id}|${email}`;
          if (rule.key === 'ip+email') return `${id}|${req.ip}|${email}`;
          // Per signed-in session (an unguessable token), so nobody can spend another person's budget.
          if (rule.key === 'session') return `${id}|${req.headers.authorization ?? req.ip}`;
          return `${id}|${req.ip}`;
        },
      }),
    );
  for (const [name, rules] of Object.entries(RULES)) checks.set(name, build(name, rules));
  const fallback = build('default', DEFAULT_RULES);

  return async (name, req) => {
    if (!enabled) return;
    const call = callOf(name, req);
    (req as CallRequest)[CALL_EMAIL] = call.email;
    for (const check of checks.get(SAME_AS[call.name] ?? call.name) ?? fallback) {
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
