// The credits ledger: every change of a balance is a credit_transactions row written in the same
// transaction as the balance update, so the balance always equals the sum of the rows.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { newId, type Clock } from '../../clock';
import { AppError } from '../../errors';

export const SIGNUP_CREDITS = 100;

export type LedgerEntry = { userId: string; amount: number; type: string; description: string };

/** Adds a ledger row and moves the balance by its amount; call inside a transaction. */
export async function recordCredit(trx: Kysely<Database>, clock: Clock, entry: LedgerEntry): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ credits: eb('credits', '+', entry.amount) }))
    .where('id', '=', entry.userId)
    .execute();
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
  const res = await trx
    .updateTable('users')
    .set((eb) => ({ credits: eb('credits', '-', entry.cost) }))
    .where('id', '=', entry.userId)
    .where('credits', '>=', entry.cost)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw notEnoughCredits(entry.cost);
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
  return db.transaction().execute(async (trx) => {
    await chargeCredits(trx, clock, entry);
    return balanceOf(trx, entry.userId);
  });
}

export function notEnoughCredits(cost: number): AppError {
  return new AppError('PAYMENT_REQUIRED', `Not enough credits: this costs ${cost} credits. See Usage for your balance.`);
}

/** A cheap early refusal before slow work; the charge itself is still conditional. */
export async function assertCanAfford(db: Db, userId: string, cost: number): Promise<void> {
  const row = await db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirst();
  if (!row || row.credits < cost) throw notEnoughCredits(cost);
}

export async function balanceOf(db: Kysely<Database>, userId: string): Promise<number> {
  return (await db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits;
}
