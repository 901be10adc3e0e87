// Every row of every account table, as one comparable value: tests take one before a bad request
// and check the database is exactly the same after it.
import type { Db } from '../db/database';

const TABLES = ['users', 'sessions', 'verification_codes', 'credit_transactions'] as const;

export async function dbSnapshot(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}
