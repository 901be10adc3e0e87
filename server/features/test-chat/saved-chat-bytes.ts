// The bytes a person's saved test chats take, for their storage figure (workspace/storage-used.ts):
// one query on the table, apart from saving and replaying so the storage check and the figure do
// not import each other.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Bytes of the person's saved chats (their steps and names), from the size index of migration 013. */
export async function savedChatBytesOfUser(trx: Kysely<Database>, userId: string): Promise<number> {
  const row = await trx
    .selectFrom('saved_test_chats')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}
