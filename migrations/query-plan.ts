// Test helper: how the database means to run a query, as one text, on either engine. PostgreSQL
// is told not to scan whole tables (a test's few rows would make a scan the cheaper plan), so the
// plan shows whether an index can serve the query at all. An index made just after rows were
// updated in place serves only transactions newer than every one running when it was made (other
// test files' transactions run on the same server): the plan is asked again, for a few seconds,
// until it is the one wanted.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from '../server/db/dialect';

export async function queryPlan(db: Kysely<any>, query: RawBuilder<unknown>, wanted: RegExp): Promise<string> {
  if (!isPostgres(db)) {
    return (await sql<{ detail: string }>`explain query plan ${query}`.execute(db)).rows.map((r) => r.detail).join(' ');
  }
  for (let attempt = 0; ; attempt++) {
    const plan = await db.connection().execute(async (conn) => {
      await sql`set enable_seqscan = off`.execute(conn);
      try {
        return (await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(conn)).rows.map((r) => r['QUERY PLAN']).join(' ');
      } finally {
        await sql`reset enable_seqscan`.execute(conn);
      }
    });
    if (wanted.test(plan) || attempt >= 60) return plan;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A plan that can answer from the named index alone. SQLite says so (COVERING INDEX); PostgreSQL
 * reads the index and, for rows it cannot yet tell are visible to all, the table too: how often
 * it expects to decides between its index scans, so any scan of that index is taken.
 */
export const indexOnly = (db: Kysely<any>, index: string): RegExp =>
  isPostgres(db) ? new RegExp(`(Index Only Scan|Index Scan|Bitmap Index Scan) (using|on) ${index}\\b`) : new RegExp(`COVERING INDEX ${index}\\b`);
