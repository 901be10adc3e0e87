// The operator's view: numbers from SQL over the real tables, every user with credits, a user's
// chat messages (cut at 500 characters), post moderation, and credit edits written to the ledger.
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { recordCredit } from '../credits/ledger';
import { deletePost } from '../feed/posts';

const MESSAGE_PREVIEW = 500;

export async function analytics(deps: Deps) {
  const now = deps.clock.now();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const count = async (table: 'users' | 'chat_messages' | 'posts', since?: string) => {
    let q = deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
    if (since) q = q.where('created_at', '>=', since);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const active = await sql<{ n: number }>`
    select count(*) as n from (
      select user_id from sessions where created_at >= ${weekAgo}
      union select user_id from chat_messages where created_at >= ${weekAgo}
    )`.execute(deps.db);
  const users = await deps.db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'credits', 'google_sub', 'created_at'])
    .orderBy('created_at', 'desc')
    .limit(1000)
    .execute();
  return {
    totalUsers: await count('users'),
    newUsersToday: await count('users', dayStart),
    totalChatMessages: await count('chat_messages'),
    totalBotPosts: await count('posts'),
    activeUsersLast7Days: Number(active.rows[0]?.n ?? 0),
    usersByEmail: users.map((u) => ({ id: u.id, email: u.email, name: u.name, credits: u.credits, googleAuth: u.google_sub !== null, joinedDate: u.created_at })),
  };
}

export async function posts(deps: Deps) {
  const rows = await deps.db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.platform', 'p.likes_count', 'p.title', 'p.description', 'p.created_at', 'u.email', 'u.name'])
    .orderBy('p.created_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    platform: r.platform,
    user: { email: r.email, name: r.name },
    likesCount: r.likes_count,
    title: r.title,
    description: r.description,
    createdAt: r.created_at,
  }));
}

export async function userMessages(deps: Deps, userId: string) {
  const user = await deps.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  const rows = await deps.db
    .selectFrom('chat_messages')
    .select(['id', 'role', 'content', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
  const total = await deps.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return {
    totalMessages: Number(total.n),
    messages: rows.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content.length > MESSAGE_PREVIEW ? `${m.content.slice(0, MESSAGE_PREVIEW)}…` : m.content,
      timestamp: m.created_at,
    })),
  };
}

/** Sets a balance; the difference is an adjustment row, so the balance still equals the ledger sum. */
export async function setCredits(deps: Deps, userId: string, credits: number) {
  return deps.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirst();
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    const delta = credits - user.credits;
    if (delta !== 0) {
      await recordCredit(trx, deps.clock, { userId, amount: delta, type: 'adjustment', description: `Balance set to ${credits} by the operator` });
    }
    return { message: `Credits updated to ${credits}`, credits };
  });
}

export const deleteAnyPost = (deps: Deps, postId: string) => deletePost(deps, postId, null);
