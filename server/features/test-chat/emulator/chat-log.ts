// The two conversations of a session (private chat and test group) as stored messages: per-chat
// message ids from 1, the last 500 messages of each chat kept, and no more than 4 MiB of them
// (a bot's keyboards and texts can be large). A stored message knows enough to be shown as a Bot
// API Message (to the bot) and as a TestChatMessage (to the browser).
import type { TestChatKind } from '../../../../shared/test-chat.schema';
import type { StoredFile } from './file-store';
import type { MessageEntity, ParseMode, TgUser } from './telegram-types';

export const MAX_MESSAGES_PER_CHAT = 500;
/** What one chat's messages may take, measured as their text and JSON; the oldest go past it. */
export const MAX_BYTES_PER_CHAT = 4 * 1024 * 1024;
/** What a message costs besides its text and JSON (ids, dates, the object itself). */
const MESSAGE_OVERHEAD = 200;

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

function sizeOf(message: StoredMessage): number {
  const json = (value: unknown) => (value === undefined ? 0 : JSON.stringify(value).length);
  const media = message.media ? message.media.file.name.length + (message.media.file.url?.length ?? 0) : 0;
  return MESSAGE_OVERHEAD + Buffer.byteLength(message.text) + json(message.entities) + json(message.replyMarkup) + json(message.service) + media;
}

export class ChatLog {
  private readonly chats: Record<TestChatKind, StoredMessage[]> = { private: [], group: [] };
  private readonly lastId: Record<TestChatKind, number> = { private: 0, group: 0 };
  private readonly bytes: Record<TestChatKind, number> = { private: 0, group: 0 };
  private readonly sizes = new WeakMap<StoredMessage, number>();

  add(message: Omit<StoredMessage, 'id'>): StoredMessage {
    const stored = { ...message, id: ++this.lastId[message.chat] } as StoredMessage;
    this.chats[message.chat].push(stored);
    this.count(stored);
    return stored;
  }

  /** A message changed (an edit may make it larger): counted again, the oldest dropped for room. */
  changed(message: StoredMessage): void {
    if (this.sizes.has(message)) this.count(message);
  }

  private count(message: StoredMessage): void {
    const chat = message.chat;
    const size = sizeOf(message);
    this.bytes[chat] += size - (this.sizes.get(message) ?? 0);
    this.sizes.set(message, size);
    const list = this.chats[chat];
    // The newest message always stays, however large (its request was already held to a limit).
    while (list.length > 1 && (list.length > MAX_MESSAGES_PER_CHAT || this.bytes[chat] > MAX_BYTES_PER_CHAT)) {
      const oldest = list.shift()!;
      this.bytes[chat] -= this.sizes.get(oldest) ?? 0;
      this.sizes.delete(oldest);
    }
  }

  /** What the chat's messages take now (for tests and the conversation's bound). */
  bytesOf(chat: TestChatKind): number {
    return this.bytes[chat];
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
    this.bytes[chat] = 0;
  }
}
