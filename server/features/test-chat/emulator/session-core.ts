// The state of one test conversation, shared by the bot's side (Bot API methods) and the user's
// side (post): identities, both chats, members, files, updates, webhook, flood limits, commands.
// Every change goes out as a TestChatUpdateFrame through `emit`.
import type { TestChatKind, TestChatMessage, TestChatUpdateFrame } from '../../../../shared/test-chat.schema';
import { badRequest, forbidden, TELEGRAM_TEXTS } from './bot-api-errors';
import { CallbackQueries } from './callback-queries';
import { newIdentities, type Identities, type TestChatOwner } from './chat-identities';
import { ChatLog, type StoredMessage } from './chat-log';
import { FileStore } from './file-store';
import { FloodControl } from './flood-control';
import { GroupMembers } from './group-members';
import { browserMessage, telegramMessage, type ViewContext } from './message-views';
import type { TgChat, TgMessage, TgUser } from './telegram-types';
import { UpdateQueue } from './update-queue';
import { WebhookDeliverer } from './webhook-delivery';

export type BotCommand = { command: string; description: string };

export type SessionHooks = {
  now: () => number;
  /** Every frame of this session, to the owner's browser and the session's listeners. */
  emit: (frame: TestChatUpdateFrame) => void;
  /** Runs a Bot API call found in a webhook answer. */
  runReply: (method: string, params: Record<string, unknown>) => Promise<unknown>;
};

export class SessionCore {
  readonly ids: Identities;
  readonly log = new ChatLog();
  readonly files = new FileStore();
  readonly updates = new UpdateQueue();
  readonly callbacks = new CallbackQueries();
  readonly members: GroupMembers;
  readonly flood: FloodControl;
  readonly webhook: WebhookDeliverer;
  /** setMyCommands, by scope and language. */
  readonly commands = new Map<string, BotCommand[]>();
  /** Since the last botRestarted(): the bot polled, set a webhook or took a webhook delivery. */
  listening = false;
  /**
   * The test clock (getTestClock): a moment the checks set, going on from when it was set; null
   * while the bot's clock is the real one.
   */
  testClock: { at: number; setAt: number } | null = null;
  private readonly view: ViewContext;

  constructor(
    readonly owner: TestChatOwner,
    private readonly hooks: SessionHooks,
  ) {
    this.ids = newIdentities(owner);
    this.members = new GroupMembers(this.ids.defaultMembers, this.ids.nextMemberId, () => this.nowSeconds());
    this.flood = new FloodControl(hooks.now);
    this.webhook = new WebhookDeliverer(this.updates, hooks.runReply, () => this.nowSeconds(), () => (this.listening = true));
    this.view = {
      fileId: owner.fileId,
      user: this.ids.user,
      chat: (kind) => this.chat(kind),
      find: (kind, id) => this.log.find(kind, id),
    };
  }

  setTestClock(at: number | null): void {
    this.testClock = at === null ? null : { at, setAt: this.hooks.now() };
  }

  /** The time a bot in test mode goes by (milliseconds): the test clock, or the real one. */
  testNow(): number {
    const now = this.hooks.now();
    return this.testClock ? this.testClock.at + (now - this.testClock.setAt) : now;
  }

  nowSeconds(): number {
    return Math.floor(this.hooks.now() / 1000);
  }

  chat(kind: TestChatKind): TgChat {
    return kind === 'private' ? this.ids.privateChat : this.ids.group;
  }

  /** Anyone a text_mention or a member method may name. */
  lookupUser(id: number): TgUser | undefined {
    if (id === this.ids.user.id) return this.ids.user;
    if (id === this.ids.bot.id) return this.ids.bot;
    return this.members.get(id)?.user;
  }

  /** chat_id to one of the two chats, with Telegram's refusals for anything else. */
  resolveChat(value: unknown, sending = false): TestChatKind {
    if (value === undefined || value === '') throw badRequest('chat_id is empty');
    const id = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
    if (id === this.ids.privateChat.id) return 'private';
    if (id === this.ids.group.id) return 'group';
    if (sending && id === this.ids.bot.id) throw forbidden("bot can't send messages to bots");
    if (sending && this.members.get(id)) throw forbidden("bot can't initiate conversation with a user");
    throw badRequest(TELEGRAM_TEXTS.chatNotFound);
  }

  telegramMessage(m: StoredMessage): TgMessage {
    return telegramMessage(m, this.view);
  }

  browserMessage(m: StoredMessage): TestChatMessage {
    return browserMessage(m, this.view);
  }

  emit(chat: TestChatKind, change: Omit<TestChatUpdateFrame, 'type' | 'fileId' | 'chat'>): void {
    this.hooks.emit({ type: 'test_chat_update', fileId: this.owner.fileId, chat, ...change });
  }

  /** Stores a message and tells the browser; the caller decides whether the bot gets an update. */
  addMessage(message: Omit<StoredMessage, 'id'>): StoredMessage {
    const stored = this.log.add(message);
    this.emit(stored.chat, { message: this.browserMessage(stored) });
    return stored;
  }

  /** A stored message changed (edited, deleted): the browser gets it whole. */
  changed(message: StoredMessage): void {
    this.log.changed(message);
    this.emit(message.chat, { message: this.browserMessage(message) });
  }

  dispose(): void {
    this.updates.endPoll();
    this.webhook.dispose();
  }
}
