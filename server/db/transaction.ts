// One transaction of the app's, on either engine, with the same guarantee: it runs as if no other
// ran at the same time. SQLite gives that by itself (one connection, one transaction at a time).
// PostgreSQL runs many at once: each is SERIALIZABLE, and one the server aborts because it could
// not be placed in a serial order (40001) or that deadlocked (40P01) is run again from the start.
// So a transaction's work must only touch the database (it may run more than once).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';
import { isPostgres } from './dialect';

const RETRIES = 20;
const RETRIED_CODES = new Set(['40001', '40P01']);

export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return db.transaction().execute(work);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(work);
    } catch (err) {
      if (attempt >= RETRIES || !RETRIED_CODES.has(String((err as { code?: unknown }).code))) throw err;
      // A short random wait, growing: two that collided rarely collide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 2 ** attempt)));
    }
  }
}
