// Who may read GET /metrics: the operator's admin key (X-Admin-Key, checked by the admin area's own
// guard) or METRICS_TOKEN (Authorization: Bearer), compared in constant time. Missing or wrong
// credentials answer 401 alike; wrong ones are counted per address like wrong admin keys
// (10 a minute, then 429), so neither secret can be guessed at speed.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';

const WINDOW_MS = 60_000;
const MAX_FAILURES = 10;
/** Addresses remembered at most; past it, those whose failures have all expired are forgotten. */
const MAX_ADDRESSES = 10_000;

export const METRICS_CREDENTIALS_MESSAGE = 'Metrics need the admin key (X-Admin-Key header) or the metrics token (Authorization: Bearer <METRICS_TOKEN>).';
export const METRICS_WRONG_MESSAGE = 'Invalid metrics credentials';

const digest = (s: string) => createHash('sha256').update(s).digest();

export type MetricsAccess = (req: FastifyRequest, reply: FastifyReply) => void;

export function metricsAccess(deps: Pick<Deps, 'config' | 'adminGuard' | 'clock' | 'log'>): MetricsAccess {
  const expected = deps.config.metricsToken ? digest(deps.config.metricsToken) : null;
  const failures = new Map<string, number[]>();

  const refuse = (reply: FastifyReply, message: string): never => {
    reply.header('www-authenticate', 'Bearer realm="metrics"');
    throw new AppError('UNAUTHORIZED', message);
  };

  return (req, reply) => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    const adminKey = req.headers['x-admin-key'];
    if (bearer === undefined && adminKey === undefined) refuse(reply, METRICS_CREDENTIALS_MESSAGE);

    const now = deps.clock.now().getTime();
    const recent = (failures.get(req.ip) ?? []).filter((t) => now - t < WINDOW_MS);
    if (bearer !== undefined) {
      if (recent.length >= MAX_FAILURES) {
        const retryAfterSeconds = Math.max(1, Math.ceil((recent[0]! + WINDOW_MS - now) / 1000));
        throw new AppError('TOO_MANY_REQUESTS', `Too many wrong metrics tokens. Please try again in ${retryAfterSeconds} seconds.`, { retryAfterSeconds });
      }
      // Hashing first makes both sides the same length, so the comparison time says nothing.
      if (expected && timingSafeEqual(digest(bearer), expected)) return;
    }
    // The admin area's guard: its own failure count, its 401 and 429 answers.
    if (adminKey !== undefined && deps.adminGuard.enabled) {
      deps.adminGuard.check(adminKey, req.ip);
      return;
    }
    recent.push(now);
    if (failures.size >= MAX_ADDRESSES) {
      for (const [address, times] of failures) if (times.every((t) => now - t >= WINDOW_MS)) failures.delete(address);
    }
    failures.set(req.ip, recent);
    deps.log.warn({ address: req.ip, failures: recent.length }, 'metrics credentials refused');
    refuse(reply, METRICS_WRONG_MESSAGE);
  };
}
