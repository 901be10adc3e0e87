// The operator's shared key (ADMIN_KEY, header X-Admin-Key only): compared in constant time;
// failed attempts are counted per address (10 a minute, then 429) and logged without the key.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';

export type AdminGuard = { enabled: boolean; check(key: unknown, address: string): void };

const WINDOW_MS = 60_000;
const MAX_FAILURES = 10;
export const ADMIN_DISABLED_MESSAGE = 'Admin is disabled on this server: set the ADMIN_KEY environment variable (at least 16 characters) and restart.';

const digest = (s: string) => createHash('sha256').update(s).digest();

export function adminGuard(adminKey: string | null, clock: Clock, log: FastifyBaseLogger): AdminGuard {
  const expected = adminKey ? digest(adminKey) : null;
  const failures = new Map<string, number[]>();
  const recent = (address: string, now: number) => (failures.get(address) ?? []).filter((t) => now - t < WINDOW_MS);
  return {
    enabled: expected !== null,
    check(key, address) {
      if (!expected) throw new AppError('SERVICE_UNAVAILABLE', ADMIN_DISABLED_MESSAGE);
      const now = clock.now().getTime();
      const tries = recent(address, now);
      if (tries.length >= MAX_FAILURES) {
        const retryAfterSeconds = Math.max(1, Math.ceil((tries[0]! + WINDOW_MS - now) / 1000));
        throw new AppError('TOO_MANY_REQUESTS', `Too many wrong admin keys. Please try again in ${retryAfterSeconds} seconds.`, { retryAfterSeconds });
      }
      // Hashing first makes both sides the same length, so the comparison time says nothing.
      if (typeof key === 'string' && key.length > 0 && timingSafeEqual(digest(key), expected)) return;
      tries.push(now);
      failures.set(address, tries);
      log.warn({ address, failures: tries.length }, 'admin key refused');
      throw new AppError('UNAUTHORIZED', 'Invalid admin credentials');
    },
  };
}
