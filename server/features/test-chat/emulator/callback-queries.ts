// Button taps waiting for the bot's answerCallbackQuery: each id can be answered once. The last
// 1,000 are remembered; an unknown or answered id is "query is too old", as Telegram says.
import { randomInt } from 'node:crypto';
import type { TestChatKind } from '../../../../shared/test-chat.schema';

const REMEMBERED = 1_000;

export class CallbackQueries {
  private readonly open = new Map<string, { chat: TestChatKind; messageId: number }>();
  private next = BigInt(randomInt(1, 2 ** 47)) * 10_000n;

  create(chat: TestChatKind, messageId: number): string {
    const id = String(this.next++);
    this.open.set(id, { chat, messageId });
    if (this.open.size > REMEMBERED) this.open.delete(this.open.keys().next().value!);
    return id;
  }

  /** The tap being answered, once; undefined for unknown or already answered ids. */
  answer(id: string): { chat: TestChatKind; messageId: number } | undefined {
    const query = this.open.get(id);
    this.open.delete(id);
    return query;
  }
}
