// A new account: the users row and its sign-up credits (a ledger row) in one transaction.
import type { Db } from '../../db/database';
import type { User } from '../../db/schema';
import type { Clock } from '../../clock';
import { recordCredit, SIGNUP_CREDITS } from '../credits/ledger';
import { findUserById, insertUser } from './users';
import { inTransaction } from '../../db/transaction';

/**
 * Creates a verified user with the sign-up credits, or returns null when the email (or Google
 * subject) is already taken: parallel attempts for one person create one user, credited once.
 */
export async function createUser(
  db: Db,
  clock: Clock,
  input: { name: string; email: string; passwordHash: string | null; googleSub: string | null },
): Promise<User | null> {
  return inTransaction(db, async (trx) => {
    const id = await insertUser(trx, clock, input);
    if (id === null) return null;
    await recordCredit(trx, clock, { userId: id, amount: SIGNUP_CREDITS, type: 'signup_bonus', description: 'Welcome credits for new accounts' });
    return (await findUserById(trx, id))!;
  });
}
