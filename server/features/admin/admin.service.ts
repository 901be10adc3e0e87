// The operator's view: numbers over the real tables (each counted by its owner), every user with
// credits, a user's chat messages (cut at 500 characters), post moderation, and credit edits
// written to the ledger.
import type { ServiceCtx } from '../../trpc';
import { AppError } from '../../errors';
import { recordCredit } from '../credits/ledger';
import { chattersSince, countMessages, latestMessages } from '../ai/chat-messages';
import { signedInSince } from '../auth/sessions';
import { countUsers, creditsOf, findUserById, listUsers } from '../auth/users';
import { countPosts, postsForReview } from '../feed/posts';
import { inTransaction } from '../../db/transaction';

export { deleteAnyPost } from '../feed/posts';

const MESSAGE_PREVIEW = 500;

type Operator = Pick<ServiceCtx, 'deps'>;

export async function analytics({ deps }: Operator) {
  const now = deps.clock.now();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  // Signed in or wrote to the assistant this week, each person once.
  const active = await deps.db
    .selectFrom(signedInSince(deps.db, weekAgo).union(chattersSince(deps.db, weekAgo)).as('active'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const users = await listUsers(deps.db, 1000);
  return {
    totalUsers: await countUsers(deps.db),
    newUsersToday: await countUsers(deps.db, dayStart),
    totalChatMessages: await countMessages(deps.db),
    totalBotPosts: await countPosts(deps.db),
    activeUsersLast7Days: Number(active.n),
    usersByEmail: users.map((u) => ({ id: u.id, email: u.email, name: u.name, credits: u.credits, googleAuth: u.google_sub !== null, joinedDate: u.created_at })),
  };
}

export function posts({ deps }: Operator) {
  return postsForReview(deps.db, 500);
}

export async function userMessages({ deps }: Operator, input: { id: string }) {
  if (!(await findUserById(deps.db, input.id))) throw new AppError('NOT_FOUND', 'User not found');
  const rows = await latestMessages(deps.db, { userId: input.id, limit: 200 });
  return {
    totalMessages: await countMessages(deps.db, { userId: input.id }),
    messages: rows.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content.length > MESSAGE_PREVIEW ? `${m.content.slice(0, MESSAGE_PREVIEW)}…` : m.content,
      timestamp: m.created_at,
    })),
  };
}

/** Sets a balance; the difference is an adjustment row, so the balance still equals the ledger sum. */
export async function setCredits({ deps }: Operator, input: { id: string; credits: number }) {
  const { id: userId, credits } = input;
  return inTransaction(deps.db, async (trx) => {
    const current = await creditsOf(trx, userId);
    if (current === undefined) throw new AppError('NOT_FOUND', 'User not found');
    const delta = credits - current;
    if (delta !== 0) {
      await recordCredit(trx, deps.clock, { userId, amount: delta, type: 'adjustment', description: `Balance set to ${credits} by the operator` });
    }
    return { message: `Credits updated to ${credits}`, credits };
  });
}
