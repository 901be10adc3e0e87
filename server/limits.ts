// Rate limits (listed in docs/security.md), named by procedure so that the REST path and the tRPC path
// of one call share a counter. Keys use the socket address (proxy headers only with TRUST_PROXY)
// or the signed-in user; a few add the e-mail in the body, so rotating addresses does not help.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { readSession } from './features/auth/sessions';
import { bearerToken } from './trpc';

type Key = 'ip' | 'email' | 'ip+email' | 'user';
type Rule = { max: number; window: string; key: Key };

const RULES: Record<string, Rule[]> = {
  'auth.sendOtp': [{ max: 5, window: '1 hour', key: 'ip' }, { max: 5, window: '1 hour', key: 'email' }],
  'auth.register': [{ max: 5, window: '1 hour', key: 'ip' }, { max: 5, window: '1 hour', key: 'email' }],
  // Per email too, so rotating addresses gives no more guesses at one person's code.
  'auth.verifyOtp': [{ max: 10, window: '15 minutes', key: 'ip' }, { max: 10, window: '1 hour', key: 'email' }],
  'auth.forgotPassword': [{ max: 5, window: '1 hour', key: 'email' }, { max: 20, window: '1 hour', key: 'ip' }],
  'auth.resetPassword': [{ max: 10, window: '15 minutes', key: 'ip' }, { max: 10, window: '1 hour', key: 'email' }],
  'auth.login': [{ max: 5, window: '1 minute', key: 'ip+email' }, { max: 100, window: '1 hour', key: 'ip' }],
  'auth.google': [{ max: 20, window: '1 minute', key: 'ip' }],
  'auth.googleRedirect': [{ max: 30, window: '1 minute', key: 'ip' }],
  // Checks the current password: a session alone gets few guesses at it.
  'auth.updateProfile': [{ max: 10, window: '15 minutes', key: 'user' }],
  'chat.send': [{ max: 20, window: '1 minute', key: 'user' }],
  'ai.modifyCode': [{ max: 20, window: '1 minute', key: 'user' }],
  'ai.rejectModification': [{ max: 30, window: '1 minute', key: 'user' }],
  // Free (no AI call), but each renders a whole bot and stores a proposal.
  'ai.editPlan': [{ max: 60, window: '1 minute', key: 'user' }],
  'ai.help': [{ max: 20, window: '1 minute', key: 'user' }],
  'files.import': [{ max: 30, window: '1 minute', key: 'user' }],
  'feed.create': [{ max: 10, window: '1 hour', key: 'user' }],
  'feed.like': [{ max: 60, window: '1 minute', key: 'user' }],
  // Each may keep a worker busy for seconds on a hostile 1 MiB file.
  'runner.parseImports': [{ max: 60, window: '1 minute', key: 'user' }],
  'runner.detectEnvVars': [{ max: 60, window: '1 minute', key: 'user' }],
  // Each install holds a sandbox (up to 1 GiB, minutes) and reaches out to a package index.
  'dependencies.install': [{ max: 5, window: '1 hour', key: 'user' }],
  // A person typing and tapping: generous, but no loop from a script floods a bot.
  'testChat.post': [{ max: 120, window: '1 minute', key: 'user' }],
  // Each replay starts a sandbox (the run-start budget applies too).
  'testChat.runSaved': [{ max: 10, window: '1 minute', key: 'user' }],
};
/** Procedures that share another one's counter (the streamed chat is the same chat). */
const SAME_AS: Record<string, string> = { 'chat.stream': 'chat.send', 'dependencies.installStream': 'dependencies.install' };
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
          // Per person, however many sessions or spellings of a token they hold; nobody else can
          // spend it. Requests without a valid session count against their address.
          if (rule.key === 'user') {
            const user = (req as CallRequest)[CALL_USER];
            return user ? `${id}|user:${user}` : `${id}|ip:${req.ip}`;
          }
          return `${id}|${req.ip}`;
        },
      }),
    );
  for (const [name, rules] of Object.entries(RULES)) checks.set(name, build(name, rules));
  const fallback = build('default', DEFAULT_RULES);

  return async (name, req) => {
    if (!enabled) return;
    // A call with a large body is counted before its body is read (body-limits.ts), and not again after.
    if ((req as CallRequest)[COUNTED] === name) return;
    (req as CallRequest)[COUNTED] = name;
    const call = callOf(name, req);
    (req as CallRequest)[CALL_EMAIL] = call.email;
    const counted = SAME_AS[call.name] ?? call.name;
    if (RULES[counted]?.some((rule) => rule.key === 'user')) (req as CallRequest)[CALL_USER] = await userOf(app, req);
    for (const check of checks.get(counted) ?? fallback) {
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
