// Credits charged, read from the ledger (credits/ledger.ts) at scrape time: every charge is a
// credit_transactions row with a negative amount, written in the transaction that pays for
// something; an operator's 'adjustment' is no charge. The ledger is append-only, so the total only
// grows: each scrape adds the rows past the last one it read instead of summing the whole table.
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Charge types known today; each is reported from the start, at 0 until a first charge. */
export const CHARGE_TYPES = ['ai_message', 'code_edit'];

export function creditsChargedReader(db: Db): () => Promise<Map<string, number>> {
  const totals = new Map<string, number>(CHARGE_TYPES.map((type) => [type, 0]));
  let readUpTo = 0;
  return async () => {
    const last = Number((await sql<{ last: number | null }>`SELECT max(rowid) AS last FROM credit_transactions`.execute(db)).rows[0]?.last ?? 0);
    if (last > readUpTo) {
      const { rows } = await sql<{ type: string; credits: number }>`
        SELECT type, sum(-amount) AS credits FROM credit_transactions
        WHERE rowid > ${readUpTo} AND rowid <= ${last} AND amount < 0 AND type <> 'adjustment'
        GROUP BY type`.execute(db);
      for (const row of rows) totals.set(row.type, (totals.get(row.type) ?? 0) + Number(row.credits));
      readUpTo = last;
    }
    return totals;
  };
}
