// The test chat as a pure reducer over what the server says: the loaded history, live messages
// (new, edited or deleted, by id), "typing...", a clear, and the test group's members. Kept apart
// from React so it is unit-tested.
import type { TestChatKind, TestChatMember, TestChatMessage } from '../../../shared/test-chat.schema';

/** How long "typing..." shows after the bot's sendChatAction, unless a message comes first. */
export const TYPING_MS = 5000;

/** The server's simulated group members until the conversation says otherwise. */
export const DEFAULT_MEMBERS: TestChatMember[] = [{ firstName: 'Alice' }, { firstName: 'Bob' }];

export interface ChatLog {
  messages: TestChatMessage[];
  loaded: boolean;
  hint?: string;
  /** Until when (ms) the bot shows as typing. */
  typingUntil: number | null;
}

export interface ChatsState {
  private: ChatLog;
  group: ChatLog;
  members: TestChatMember[];
  /** Everyone who has been a member or been posted as: their messages are not yours. */
  others: string[];
}

export type ChatsAction =
  | { type: 'loaded'; chat: TestChatKind; messages: TestChatMessage[]; hint?: string; members?: TestChatMember[] }
  | { type: 'message'; chat: TestChatKind; message: TestChatMessage }
  | { type: 'typing'; chat: TestChatKind; until: number }
  | { type: 'cleared'; chat: TestChatKind }
  | { type: 'member'; event: 'join' | 'leave'; member: TestChatMember }
  | { type: 'postedAs'; member: TestChatMember };

const emptyLog: ChatLog = { messages: [], loaded: false, typingUntil: null };

export const initialChats: ChatsState = {
  private: emptyLog,
  group: emptyLog,
  members: DEFAULT_MEMBERS,
  others: DEFAULT_MEMBERS.map(memberKey),
};

/** Members are told apart by first name, as the chat shows them. */
export function memberKey(member: { firstName: string }): string {
  return member.firstName.trim().toLowerCase();
}

/** A message placed by id: a known id is replaced where it stands, a deleted one is removed. */
export function upsertMessage(messages: TestChatMessage[], message: TestChatMessage): TestChatMessage[] {
  const index = messages.findIndex((m) => m.id === message.id);
  if (message.deleted) return index === -1 ? messages : [...messages.slice(0, index), ...messages.slice(index + 1)];
  if (index !== -1) {
    const next = messages.slice();
    next[index] = message;
    return next;
  }
  // Ids grow with time; a late arrival still lands in order.
  let at = messages.length;
  while (at > 0 && messages[at - 1]!.id > message.id) at -= 1;
  return [...messages.slice(0, at), message, ...messages.slice(at)];
}

function applyMember(members: TestChatMember[], event: 'join' | 'leave', member: TestChatMember): TestChatMember[] {
  const key = memberKey(member);
  const rest = members.filter((m) => memberKey(m) !== key);
  if (event === 'leave') return rest.length === members.length ? members : rest;
  return rest.length === members.length ? [...members, member] : members;
}

function withOther(others: string[], member: TestChatMember): string[] {
  const key = memberKey(member);
  return others.includes(key) ? others : [...others, key];
}

/**
 * Who a join or leave notice is about: the names in its text ("Carol, Dan joined the group", "Bob
 * left the group", "Bot removed Bob"), else its author. A notice names people, not accounts, so
 * the author's username is kept when the author is one of them.
 */
export function eventMembers(message: TestChatMessage): TestChatMember[] {
  if (!message.event) return [];
  const author = message.author;
  const joined = message.event === 'join' ? /^(.+) joined the group$/.exec(message.text) : null;
  const left = message.event === 'leave' ? (/^.+ removed (.+)$/.exec(message.text) ?? /^(.+) left the group$/.exec(message.text)) : null;
  const names = joined ? joined[1]!.split(', ') : left ? [left[1]!] : [];
  if (names.length === 0) return author ? [author] : [];
  return names.map((firstName) => (author && memberKey(author) === memberKey({ firstName }) ? author : { firstName }));
}

/** Join and leave notices move the member list (applying one twice changes nothing). */
function applyEvents(state: ChatsState, messages: TestChatMessage[]): ChatsState {
  let { members, others } = state;
  for (const message of messages) {
    if (!message.event || message.deleted) continue;
    for (const member of eventMembers(message)) {
      members = applyMember(members, message.event, member);
      others = withOther(others, member);
    }
  }
  return members === state.members && others === state.others ? state : { ...state, members, others };
}

export function chatsReducer(state: ChatsState, action: ChatsAction): ChatsState {
  switch (action.type) {
    case 'loaded': {
      const log = state[action.chat];
      // Messages that came live while the history was on its way are newer than it: keep them.
      const newest = action.messages.reduce((max, m) => Math.max(max, m.id), 0);
      let messages = action.messages.filter((m) => !m.deleted);
      for (const live of log.messages) if (live.id > newest) messages = upsertMessage(messages, live);
      const next = { ...state, [action.chat]: { ...log, messages, loaded: true, hint: action.hint } };
      // The server's member list is the truth; without one, the notices in the history tell it.
      if (action.members) return { ...next, members: action.members, others: action.members.reduce(withOther, next.others) };
      return action.chat === 'group' ? applyEvents(next, action.messages) : next;
    }
    case 'message': {
      const log = state[action.chat];
      const messages = upsertMessage(log.messages, action.message);
      // The bot's message ends its "typing...".
      const typingUntil = action.message.from === 'bot' ? null : log.typingUntil;
      const next = { ...state, [action.chat]: { ...log, messages, typingUntil } };
      return action.chat === 'group' ? applyEvents(next, [action.message]) : next;
    }
    case 'typing':
      return { ...state, [action.chat]: { ...state[action.chat], typingUntil: action.until } };
    case 'cleared':
      return { ...state, [action.chat]: { ...state[action.chat], messages: [], typingUntil: null } };
    case 'member': {
      const members = applyMember(state.members, action.event, action.member);
      return { ...state, members, others: withOther(state.others, action.member) };
    }
    case 'postedAs':
      return { ...state, others: withOther(state.others, action.member) };
  }
}

/** Yours (right side) or someone else's (left): the bot's, or a simulated member's in the group. */
export function isOwnMessage(message: TestChatMessage, others: readonly string[]): boolean {
  if (message.from !== 'user' || message.event) return false;
  return !message.author || !others.includes(memberKey(message.author));
}

// ---------------------------------------------------------------------------------------------
// Keyboards (Telegram's reply_markup, as the bot sent it).

export interface InlineButton {
  text: string;
  action: { kind: 'callback'; data: string } | { kind: 'url'; href: string } | { kind: 'unsupported' };
}

export interface ReplyKeyboard {
  /** The bot message that set it. */
  messageId: number;
  rows: string[][];
  oneTime: boolean;
  placeholder?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function inlineKeyboardOf(markup: Record<string, unknown> | undefined, safe: (href: string) => string | null): InlineButton[][] {
  const rows = markup?.inline_keyboard;
  if (!Array.isArray(rows)) return [];
  const out: InlineButton[][] = [];
  for (const row of rows) {
    if (!Array.isArray(row)) continue;
    const buttons: InlineButton[] = [];
    for (const button of row) {
      if (!isRecord(button) || typeof button.text !== 'string') continue;
      const href = typeof button.url === 'string' ? safe(button.url) : null;
      const action: InlineButton['action'] =
        typeof button.callback_data === 'string'
          ? { kind: 'callback', data: button.callback_data }
          : href
            ? { kind: 'url', href }
            : { kind: 'unsupported' };
      buttons.push({ text: button.text, action });
    }
    if (buttons.length > 0) out.push(buttons);
  }
  return out;
}

/** The reply keyboard in force: set by the newest bot message that sets or removes one. */
export function replyKeyboardOf(messages: readonly TestChatMessage[]): ReplyKeyboard | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    const markup = message.replyMarkup;
    if (message.from !== 'bot' || !markup) continue;
    if (markup.remove_keyboard === true) return null;
    if (!Array.isArray(markup.keyboard)) continue;
    const rows: string[][] = [];
    for (const row of markup.keyboard) {
      if (!Array.isArray(row)) continue;
      // A button is a KeyboardButton object, or (as the Bot API allows) a plain string.
      const texts = row
        .map((b: unknown) => (typeof b === 'string' ? b : isRecord(b) && typeof b.text === 'string' ? b.text : null))
        .filter((b): b is string => b !== null && b.length > 0);
      if (texts.length > 0) rows.push(texts);
    }
    if (rows.length === 0) return null;
    const placeholder = typeof markup.input_field_placeholder === 'string' ? markup.input_field_placeholder : undefined;
    return { messageId: message.id, rows, oneTime: markup.one_time_keyboard === true, ...(placeholder ? { placeholder } : {}) };
  }
  return null;
}

// Telegram colours names in groups by person; these are its hues, darkened for contrast on white.
const NAME_COLORS = ['#c03d33', '#4fad2d', '#d09306', '#168acd', '#8544d6', '#cd4073', '#2996ad', '#ce671b'];

/** The colour of a name in the group (the same name always gets the same colour). */
export function nameColor(name: string): string {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  return NAME_COLORS[h % NAME_COLORS.length]!;
}

// ---------------------------------------------------------------------------------------------
// Times, as Telegram shows them.

/** '14:05' in the reader's time zone, from Unix seconds. */
export function messageTime(date: number, locale?: string): string {
  return new Date(date * 1000).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
}

/** The calendar day of a message (for the date chips between days), in the reader's time zone. */
export function messageDay(date: number): string {
  const d = new Date(date * 1000);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

/** 'Today', 'Yesterday' or 'March 5' (with the year when it is not this one). */
export function dayLabel(date: number, now: number, locale = 'en-US'): string {
  const day = new Date(date * 1000);
  const today = new Date(now);
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const diff = Math.round((startOf(today) - startOf(day)) / 86_400_000);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Yesterday';
  return day.toLocaleDateString(locale, {
    month: 'long',
    day: 'numeric',
    ...(day.getFullYear() === today.getFullYear() ? {} : { year: 'numeric' }),
  });
}
