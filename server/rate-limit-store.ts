// The rate limits' counters in PostgreSQL (the rate_limits table), for a server whose web nodes
// share one database: a limit counts every node's requests, not one process's. Each count is one
// statement (an upsert: a new window when the last one ended, else one more hit), so nodes counting
// the same key at once never lose a hit; time is the database's, so nodes whose clocks differ agree
// on when a window ends. Same fixed windows as @fastify/rate-limit's in-memory store, which a server
// on SQLite (one process) keeps using. Rows of windows long over are deleted now and then.
import { sql, type Kysely } from 'kysely';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from './db/schema';

/** One in this many counts also deletes the counters whose window ended over an hour ago. */
const SWEEP_EVERY = 500;
const KEPT_AFTER_WINDOW_MS = 60 * 60_000;

type Count = { current: number; ttl: number };

/** Counts one hit of `key` in a window of `windowMs`; answers the hits in the window and the ms left. */
export async function countHit(db: Kysely<Database>, key: string, windowMs: number): Promise<Count> {
  const now = sql<number>`(extract(epoch from statement_timestamp()) * 1000)::bigint`;
  const { rows } = await sql<{ hits: number; window_ends: number; now: number }>`
    insert into rate_limits as r (key, hits, window_ends) values (${key}, 1, ${now} + ${windowMs}::bigint)
    on conflict (key) do update set
      hits = case when r.window_ends <= ${now} then 1 else r.hits + 1 end,
      window_ends = case when r.window_ends <= ${now} then ${now} + ${windowMs}::bigint else r.window_ends end
    returning hits, window_ends, ${now} as now`.execute(db);
  const row = rows[0]!;
  return { current: Number(row.hits), ttl: Math.max(0, Number(row.window_ends) - Number(row.now)) };
}

export function postgresRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  let counted = 0;
  const sweep = () =>
    sql`delete from rate_limits where window_ends < (extract(epoch from statement_timestamp()) * 1000)::bigint - ${KEPT_AFTER_WINDOW_MS}::bigint`
      .execute(db)
      .catch(() => {});
  class PostgresStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: Count) => void, timeWindow: number): void {
      if (++counted % SWEEP_EVERY === 0) void sweep();
      countHit(db, key, timeWindow).then((count) => callback(null, count), (err: Error) => callback(err));
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return PostgresStore;
}
