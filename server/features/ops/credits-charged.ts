// Credits charged, read from the ledger (credits/ledger.ts) at scrape time: every charge is a
// credit_transactions row with a negative amount, written in the transaction that pays for
// something; an operator's 'adjustment' is no charge. The ledger is append-only, so the total only
// grows: on SQLite each scrape adds the rows past the last one it read instead of summing the whole
// table; on PostgreSQL each scrape sums it (ledger.ts says why).
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
import { chargedBetween, lastLedgerRow, totalCharged } from '../credits/ledger';

/** Charge types known today; each is reported from the start, at 0 until a first charge. */
export const CHARGE_TYPES = ['ai_message', 'code_edit'];

export function creditsChargedReader(db: Db): () => Promise<Map<string, number>> {
  const totals = new Map<string, number>(CHARGE_TYPES.map((type) => [type, 0]));
  let readUpTo = 0;
  if (isPostgres(db)) {
    return async () => {
      const totals = new Map<string, number>(CHARGE_TYPES.map((type) => [type, 0]));
      for (const row of await totalCharged(db)) totals.set(row.type, Number(row.credits));
      return totals;
    };
  }
  return async () => {
    const last = await lastLedgerRow(db);
    if (last > readUpTo) {
      for (const row of await chargedBetween(db, readUpTo, last)) totals.set(row.type, (totals.get(row.type) ?? 0) + Number(row.credits));
      readUpTo = last;
    }
    return totals;
  };
}
