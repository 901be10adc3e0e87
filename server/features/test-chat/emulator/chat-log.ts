// The two conversations of a session (private chat and test group) as stored messages: per-chat
// message ids from 1, the last 500 messages of each chat kept. A stored message knows enough to be
// shown as a Bot API Message (to the bot) and as a TestChatMessage (to the browser).
import type { TestChatKind } from '../../../../shared/test-chat.schema';
import type { StoredFile } from './file-store';
import type { MessageEntity, ParseMode, TgUser } from './telegram-types';

export const MAX_MESSAGES_PER_CHAT = 500;

export type ServiceEvent =
  | { kind: 'join'; members: TgUser[] }
  | { kind: 'leave'; member: TgUser; by?: TgUser };

export type StoredMessage = {
  chat: TestChatKind;
  id: number;
  side: 'user' | 'bot';
  from: TgUser;
  date: number;
  /** The text, or the caption of a photo/document. */
  text: string;
  entities: MessageEntity[];
  parseMode?: ParseMode;
  /** As the bot sent it (any kind of keyboard). */
  replyMarkup?: Record<string, unknown>;
  media?: { kind: 'photo' | 'document'; file: StoredFile };
  service?: ServiceEvent;
  replyTo?: number;
  editDate?: number;
  deleted?: boolean;
};

export class ChatLog {
  private readonly chats: Record<TestChatKind, StoredMessage[]> = { private: [], group: [] };
  private readonly lastId: Record<TestChatKind, number> = { private: 0, group: 0 };

  add(message: Omit<StoredMessage, 'id'>): StoredMessage {
    const stored = { ...message, id: ++this.lastId[message.chat] } as StoredMessage;
    const list = this.chats[message.chat];
    list.push(stored);
    if (list.length > MAX_MESSAGES_PER_CHAT) list.splice(0, list.length - MAX_MESSAGES_PER_CHAT);
    return stored;
  }

  find(chat: TestChatKind, id: number): StoredMessage | undefined {
    const list = this.chats[chat];
    // Ids grow with position: search from the end, where bots usually edit.
    for (let i = list.length - 1; i >= 0; i--) {
      const message = list[i]!;
      if (message.id === id) return message;
      if (message.id < id) return undefined;
    }
    return undefined;
  }

  list(chat: TestChatKind, after = 0): StoredMessage[] {
    return this.chats[chat].filter((m) => m.id > after);
  }

  clear(chat: TestChatKind): void {
    this.chats[chat] = [];
  }
}
