// The credits ledger (the `credit_transactions` table: every query on it): every change of a balance
// is a row written in the same transaction as the balance update (auth/users.ts moves the balance),
// so the balance always equals the sum of the rows.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { newId, type Clock } from '../../clock';
import { AppError } from '../../errors';
import { addCredits, creditsOf, takeCredits } from '../auth/users';
import { inTransaction } from '../../db/transaction';

export const SIGNUP_CREDITS = 100;

export type LedgerEntry = { userId: string; amount: number; type: string; description: string };

/** Adds a ledger row and moves the balance by its amount; call inside a transaction. */
export async function recordCredit(trx: Kysely<Database>, clock: Clock, entry: LedgerEntry): Promise<void> {
  await addCredits(trx, entry.userId, entry.amount);
  await trx
    .insertInto('credit_transactions')
    .values({
      id: newId(),
      user_id: entry.userId,
      type: entry.type,
      description: entry.description,
      amount: entry.amount,
      created_at: clock.now().toISOString(),
    })
    .execute();
}

export async function listTransactions(db: Db, userId: string) {
  const rows = await db
    .selectFrom('credit_transactions')
    .select(['id', 'type', 'description', 'amount', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({ id: r.id, type: r.type, description: r.description, amount: r.amount, createdAt: r.created_at }));
}

/**
 * Takes `cost` credits with one conditional UPDATE (never below zero) plus its ledger row; call
 * inside the transaction that stores what the credits pay for. 402 when the balance is too low.
 */
export async function chargeCredits(trx: Kysely<Database>, clock: Clock, entry: { userId: string; cost: number; type: string; description: string }): Promise<void> {
  if (!(await takeCredits(trx, entry.userId, entry.cost))) throw notEnoughCredits(entry.cost);
  await trx
    .insertInto('credit_transactions')
    .values({ id: newId(), user_id: entry.userId, type: entry.type, description: entry.description, amount: -entry.cost, created_at: clock.now().toISOString() })
    .execute();
}

/**
 * A charge for an answer that stores nothing else (a code edit proposal, AI Help): its own
 * transaction; returns the balance after it. 402 when the balance is too low.
 */
export async function spendCredits(db: Db, clock: Clock, entry: { userId: string; cost: number; type: string; description: string }): Promise<number> {
  return inTransaction(db, async (trx) => {
    await chargeCredits(trx, clock, entry);
    return balanceOf(trx, entry.userId);
  });
}

export function notEnoughCredits(cost: number): AppError {
  return new AppError('PAYMENT_REQUIRED', `Not enough credits: this costs ${cost} credits. See Usage for your balance.`);
}

/** A cheap early refusal before slow work; the charge itself is still conditional. */
export async function assertCanAfford(db: Db, userId: string, cost: number): Promise<void> {
  const credits = await creditsOf(db, userId);
  if (credits === undefined || credits < cost) throw notEnoughCredits(cost);
}

export async function balanceOf(db: Kysely<Database>, userId: string): Promise<number> {
  const credits = await creditsOf(db, userId);
  if (credits === undefined) throw new Error(`no user ${userId}`);
  return credits;
}

// For /metrics (ops/credits-charged.ts). On SQLite the ledger's rowids grow in the order rows are
// committed (one writer at a time), so rows past a rowid are the new ones. PostgreSQL numbers rows
// when they are written, not when they commit: a scrape could pass a number whose row commits
// later, so there every scrape sums the whole ledger (totalCharged).

/** The rowid of the newest ledger row (SQLite); 0 when there is none. */
export async function lastLedgerRow(db: Db): Promise<number> {
  return Number((await sql<{ last: number | null }>`SELECT max(rowid) AS last FROM credit_transactions`.execute(db)).rows[0]?.last ?? 0);
}

const CHARGES = sql`amount < 0 AND type <> 'adjustment'`;

/** Credits charged per type in the rows after `after` up to `upTo` (SQLite rowids): negative amounts, an operator's 'adjustment' excluded. */
export async function chargedBetween(db: Db, after: number, upTo: number): Promise<Array<{ type: string; credits: number }>> {
  const { rows } = await sql<{ type: string; credits: number }>`
    SELECT type, sum(-amount) AS credits FROM credit_transactions
    WHERE rowid > ${after} AND rowid <= ${upTo} AND ${CHARGES}
    GROUP BY type`.execute(db);
  return rows;
}

/** Credits charged per type over the whole ledger. */
export async function totalCharged(db: Db): Promise<Array<{ type: string; credits: number }>> {
  const { rows } = await sql<{ type: string; credits: number }>`
    SELECT type, sum(-amount) AS credits FROM credit_transactions WHERE ${CHARGES} GROUP BY type`.execute(db);
  return rows;
}
