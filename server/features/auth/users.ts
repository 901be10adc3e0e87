// Users: creation (with the sign-up credits as a ledger row, in one transaction) and the DTO.
import type { Db } from '../../db/database';
import type { User } from '../../db/schema';
import { newId, type Clock } from '../../clock';
import { recordCredit, SIGNUP_CREDITS } from '../credits/ledger';
import type { UserDto } from '../../../shared/auth.schema';

export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    credits: user.credits,
    googleAuth: user.google_sub !== null,
    createdAt: user.created_at,
  };
}

export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Creates a verified user with the sign-up credits, or returns null when the email (or Google
 * subject) is already taken: parallel attempts for one person create one user, credited once.
 */
export async function createUser(
  db: Db,
  clock: Clock,
  input: { name: string; email: string; passwordHash: string | null; googleSub: string | null },
): Promise<User | null> {
  return db.transaction().execute(async (trx) => {
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
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return null;
    await recordCredit(trx, clock, { userId: id, amount: SIGNUP_CREDITS, type: 'signup_bonus', description: 'Welcome credits for new accounts' });
    return (await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as User;
  });
}
