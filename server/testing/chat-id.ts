// Test helper: a test chat's id as a bot learns it (from the update of a message posted there); the
// conversation then starts afresh, as if the bot had just started. For bots that post on their own
// (TELEGRAM_CHAT_ID), in tests and in the understanding bench.
import type { TestChatSession } from '../features/test-chat/emulator/test-chats';

export async function chatIdOf(session: TestChatSession, chat: 'private' | 'group' = 'private'): Promise<number> {
  session.post({ text: 'hello', chat });
  const answer = await session.call('getUpdates', {}, new Map());
  if (!answer.ok) throw new Error(answer.description);
  const updates = answer.result as Array<{ update_id: number; message: { chat: { id: number } } }>;
  await session.call('getUpdates', { offset: updates.at(-1)!.update_id + 1 }, new Map());
  session.clear();
  session.botRestarted();
  return updates[0]!.message.chat.id;
}
