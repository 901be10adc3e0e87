// The `users` table: every query on it (the credits ledger moves balances through here), and the DTO.
// A new account, with its sign-up credits, is made by accounts.ts.
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, User } from '../../db/schema';
import { newId, type Clock } from '../../clock';
import type { UserDto } from '../../../shared/auth.schema';

export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    credits: user.credits,
    googleAuth: user.google_sub !== null,
    hasPassword: user.password_hash !== null,
    createdAt: user.created_at,
  };
}

export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByGoogleSub(db: Db, sub: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
}

/** Inserts a verified user with no credits yet; null when the email (or Google subject) is taken. */
export async function insertUser(
  trx: Kysely<Database>,
  clock: Clock,
  input: { name: string; email: string; passwordHash: string | null; googleSub: string | null },
): Promise<string | null> {
  const id = newId();
  const inserted = await trx
    .insertInto('users')
    .values({
      id,
      name: input.name,
      email: input.email,
      password_hash: input.passwordHash,
      email_verified: 1,
      google_sub: input.googleSub,
      credits: 0,
      created_at: clock.now().toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1 ? id : null;
}

/** Sets the name and, when given, the password hash, in one statement. */
export async function updateAccount(db: Db, userId: string, change: { name: string; passwordHash?: string }): Promise<void> {
  const set = change.passwordHash === undefined ? { name: change.name } : { name: change.name, password_hash: change.passwordHash };
  await db.updateTable('users').set(set).where('id', '=', userId).execute();
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/**
 * Links a Google subject to an account that has none yet. `takeover`: the account was never
 * verified, so it is verified now and its password dropped (whoever set it did not own the address).
 */
export async function linkGoogle(db: Db, userId: string, sub: string, takeover: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set(takeover ? { google_sub: sub, password_hash: null, email_verified: 1 } : { google_sub: sub })
    .where('id', '=', userId)
    .where('google_sub', 'is', null)
    .execute();
}

/** The newest accounts first (the operator's list). */
export function listUsers(db: Db, limit: number) {
  return db.selectFrom('users').select(['id', 'email', 'name', 'credits', 'google_sub', 'created_at']).orderBy('created_at', 'desc').limit(limit).execute();
}

/** How many accounts there are, or were made since a moment. */
export async function countUsers(db: Db, since?: string): Promise<number> {
  let q = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  if (since) q = q.where('created_at', '>=', since);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

// Balances. Only the ledger (credits/ledger.ts) moves them, each move with its ledger row in the
// same transaction, so a balance always equals the sum of its rows.

/** The person's balance; undefined when there is no such user. */
export async function creditsOf(db: Kysely<Database>, userId: string): Promise<number | undefined> {
  return (await db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirst())?.credits;
}

/** Moves the balance by `amount` (negative to take). */
export async function addCredits(trx: Kysely<Database>, userId: string, amount: number): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ credits: eb('credits', '+', amount) }))
    .where('id', '=', userId)
    .execute();
}

/** Takes `cost` with one conditional UPDATE, never below zero; false (nothing taken) when the balance is too low. */
export async function takeCredits(trx: Kysely<Database>, userId: string, cost: number): Promise<boolean> {
  const res = await trx
    .updateTable('users')
    .set((eb) => ({ credits: eb('credits', '-', cost) }))
    .where('id', '=', userId)
    .where('credits', '>=', cost)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
