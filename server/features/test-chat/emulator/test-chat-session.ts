// One file's test conversation: the user's side (post, messages, clear), the bot's side (call: one
// Bot API call), the files the bot sent, how webhook updates reach the running bot, and change
// events. Made and kept by TestChats (test-chats.ts).
import type { PostTestChatMessageInput, TestChatKind, TestChatMember, TestChatMessage, TestChatUpdateFrame } from '../../../../shared/test-chat.schema';
import { BotApiError, Described, NOT_FOUND, type BotApiAnswer } from './bot-api-errors';
import { normalizeParams } from './bot-api-params';
import type { UploadedFile } from './bot-method';
import { botNames, type TestChatOwner } from './chat-identities';
import { findMethod } from './methods';
import { SessionCore, type BotCommand } from './session-core';
import { postAsUser } from './user-side';
import type { WebhookDelivery } from './webhook-delivery';

export type { BotApiAnswer } from './bot-api-errors';
export type { UploadedFile } from './bot-method';
export type { TestChatOwner } from './chat-identities';
export type { WebhookDelivery } from './webhook-delivery';

export type CallOptions = { signal?: AbortSignal };

export class TestChatSession {
  readonly owner: TestChatOwner;
  readonly token: string;
  private readonly core: SessionCore;
  private readonly listeners = new Set<(frame: TestChatUpdateFrame) => void>();

  /** `emitToUser` reaches the owner's subscribers (TestChats.subscribe). */
  constructor(owner: TestChatOwner, options: { now: () => number; emitToUser: (frame: TestChatUpdateFrame) => void }) {
    this.owner = { ...owner };
    this.core = new SessionCore(this.owner, {
      now: options.now,
      emit: (frame) => {
        options.emitToUser(frame);
        for (const listener of this.listeners) safely(listener, frame);
      },
      runReply: (method, params) => this.call(method, params, new Map()),
    });
    this.token = this.core.ids.token;
  }

  /** How the bot has polled: getUpdates calls, and those a newer one ended (two copies at once). */
  polling(): { polls: number; conflicts: number } {
    return { polls: this.core.updates.polls.calls, conflicts: this.core.updates.polls.conflicts };
  }

  /** Messages of one chat, oldest first; `after` a message id. Deleted messages are included, marked `deleted`. */
  messages(chat: TestChatKind, after?: number): TestChatMessage[] {
    return this.core.log.list(chat, after).map((m) => this.core.browserMessage(m));
  }

  /** The user's side; throws AppError('BAD_REQUEST') with a text for people. */
  post(input: PostTestChatMessageInput): TestChatMessage {
    return postAsUser(this.core, input);
  }

  /** Both chats when omitted. Message ids keep counting (a bot may still hold old ones). */
  clear(chat?: TestChatKind): void {
    for (const kind of chat ? [chat] : (['private', 'group'] as const)) {
      this.core.log.clear(kind);
      this.core.emit(kind, { cleared: true });
    }
  }

  /** One Bot API call of the bot; `signal` ends a held getUpdates when the client goes away. */
  async call(method: string, params: Record<string, unknown>, files: Map<string, UploadedFile>, options: CallOptions = {}): Promise<BotApiAnswer> {
    const found = findMethod(method);
    if (!found) return NOT_FOUND;
    try {
      const result = await found.method({ core: this.core, params: normalizeParams(params), files, signal: options.signal });
      if (result instanceof Described) return { ok: true, result: result.result, description: result.description };
      return { ok: true, result };
    } catch (err) {
      if (err instanceof BotApiError) return err.answer();
      throw err;
    }
  }

  /** A file the bot sent, by Telegram file_id, while its bytes are kept. */
  file(fileId: string): { bytes: Buffer; mimeType: string; name: string } | undefined {
    const file = this.core.files.get(fileId);
    return file?.bytes ? { bytes: file.bytes, mimeType: file.mimeType, name: file.name } : undefined;
  }

  /** The same, by the file_path getFile gave (the /file/bot<token>/<path> download). */
  fileAtPath(filePath: string): { bytes: Buffer; mimeType: string; name: string } | undefined {
    const file = this.core.files.atPath(filePath);
    return file?.bytes ? { bytes: file.bytes, mimeType: file.mimeType, name: file.name } : undefined;
  }

  /** The command menu the bot set for a chat (setMyCommands), most specific scope first, as Telegram picks it. */
  commands(chat: TestChatKind = 'private'): BotCommand[] {
    const scopes = chat === 'private' ? ['chat', 'all_private_chats', 'default'] : ['chat', 'chat_administrators', 'all_chat_administrators', 'all_group_chats', 'default'];
    const chatId = this.core.chat(chat).id;
    for (const type of scopes) {
      const key = JSON.stringify([type, type.startsWith('chat') ? chatId : null, null, '']);
      const list = this.core.commands.get(key);
      if (list) return list;
    }
    return [];
  }

  /** How webhook updates reach the running bot; null while no bot runs (updates wait). */
  setWebhookDelivery(deliver: WebhookDelivery | null): void {
    this.core.webhook.setDelivery(deliver);
  }

  /** Every change of this session (user and bot messages, edits, deletions, typing, toasts, clears); replay runners filter on message.from. */
  onChange(listener: (frame: TestChatUpdateFrame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The id the bot sees for the private chat with the tester or for the test group. */
  chatId(chat: TestChatKind): number {
    return this.core.chat(chat).id;
  }

  /**
   * A new run of the bot: pending long polls end (they belong to the old process); the chat and
   * unconfirmed updates stay; the clock is the real one again.
   */
  botRestarted(): void {
    this.core.updates.endPoll();
    this.core.listening = false;
    this.core.setTestClock(null);
  }

  /** Moves the bot's clock (getTestClock) to this moment, from which it goes on; null: the real time. */
  setTestClock(at: number | null): void {
    this.core.setTestClock(at);
  }

  /**
   * The bot of the current run listens for updates: it has called getUpdates or setWebhook since
   * botRestarted(), or a webhook is set and the running bot can be reached (setWebhookDelivery).
   */
  /** The test group's members now (the user and the bot aside): for the pane's member list. */
  members(): TestChatMember[] {
    return this.core.members.present().map(({ user }) => (user.username ? { firstName: user.first_name, username: user.username } : { firstName: user.first_name }));
  }

  botListening(): boolean {
    return this.core.listening || this.core.updates.polling || this.core.webhook.deliverable;
  }

  /** A getUpdates call of the bot is being held open right now. */
  pollHeld(): boolean {
    return this.core.updates.polling;
  }

  /** A new display name (the file was renamed): getMe shows it from now on. */
  rename(botName: string | undefined): void {
    if (botName === undefined || botName === this.owner.botName) return;
    this.owner.botName = botName;
    Object.assign(this.core.ids.bot, botNames(botName));
  }

  /** The session ends: polls answered, webhook retries stopped. */
  dispose(): void {
    this.core.dispose();
    this.listeners.clear();
  }
}

function safely(listener: (frame: TestChatUpdateFrame) => void, frame: TestChatUpdateFrame): void {
  try {
    listener(frame);
  } catch {
    // One failing listener must not break the bot's call or the other listeners.
  }
}
