// The conversation with the assistant, the `chat_messages` table: every query on it. A chat stores
// the person's message and the assistant's reply together (ai.service.ts); the workspace shows them
// and the operator reads and counts them.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../clock';
import type { ChatTurn } from './provider';

/** The last `turns` messages of the person's chat in a project, oldest first: what the assistant reads. */
export async function chatHistory(db: Kysely<Database>, userId: string, projectId: string, turns: number): Promise<ChatTurn[]> {
  const rows = await db
    .selectFrom('chat_messages')
    .select(['role', 'content'])
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(turns)
    .execute();
  return rows.reverse() as ChatTurn[];
}

/**
 * The person's message and the assistant's reply, the reply a millisecond later so "newest first" is
 * stable; answers the reply's id.
 */
export async function addExchange(trx: Kysely<Database>, p: { userId: string; projectId: string; message: string; reply: string; at: number }): Promise<string> {
  const row = { user_id: p.userId, project_id: p.projectId };
  const replyId = newId();
  await trx
    .insertInto('chat_messages')
    .values([
      { id: newId(), ...row, role: 'user', content: p.message, created_at: new Date(p.at).toISOString() },
      { id: replyId, ...row, role: 'assistant', content: p.reply, created_at: new Date(p.at + 1).toISOString() },
    ])
    .execute();
  return replyId;
}

/** A stored reply as it ends up (with what the server found after the answer: its checks in the test chat). */
export async function rewriteReply(db: Kysely<Database>, replyId: string, content: string): Promise<void> {
  await db.updateTable('chat_messages').set({ content }).where('id', '=', replyId).where('role', '=', 'assistant').execute();
}

/** The person's newest messages first, of one project or all. */
export function latestMessages(db: Kysely<Database>, p: { userId: string; projectId?: string; limit: number }) {
  let q = db
    .selectFrom('chat_messages')
    .select(['id', 'role', 'content', 'created_at'])
    .where('user_id', '=', p.userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(p.limit);
  if (p.projectId) q = q.where('project_id', '=', p.projectId);
  return q.execute();
}

/** How many messages there are: all, since a moment, one person's, or only the person's or the assistant's. */
export async function countMessages(db: Kysely<Database>, p: { since?: string; userId?: string; role?: 'user' | 'assistant' } = {}): Promise<number> {
  let q = db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<number>().as('n'));
  if (p.since) q = q.where('created_at', '>=', p.since);
  if (p.userId) q = q.where('user_id', '=', p.userId);
  if (p.role) q = q.where('role', '=', p.role);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Who wrote to the assistant since a moment, as a subquery (the operator's count of active people). */
export const chattersSince = (db: Kysely<Database>, since: string) => db.selectFrom('chat_messages').select('user_id').where('created_at', '>=', since);

/** Deletes a project's chat (with the bot); answers how many messages. */
export async function deleteProjectMessages(trx: Kysely<Database>, projectId: string): Promise<number> {
  return Number((await trx.deleteFrom('chat_messages').where('project_id', '=', projectId).executeTakeFirstOrThrow()).numDeletedRows);
}
