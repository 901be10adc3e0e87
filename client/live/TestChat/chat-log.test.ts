import { describe, expect, it } from 'vitest';
import type { TestChatMessage } from '../../../shared/test-chat.schema';
import {
  chatsReducer,
  dayLabel,
  eventMembers,
  initialChats,
  inlineKeyboardOf,
  isOwnMessage,
  replyKeyboardOf,
  upsertMessage,
  type ChatsState,
} from './chat-log';
import { safeHref } from './telegram-format';

let nextId = 1;
function msg(overrides: Partial<TestChatMessage> = {}): TestChatMessage {
  const id = overrides.id ?? nextId++;
  return { id, from: 'bot', text: `message ${id}`, date: 1_700_000_000 + id, ...overrides };
}

describe('upsertMessage', () => {
  it('adds in id order, replaces a known id in place and removes a deleted one', () => {
    const a = msg({ id: 1 });
    const c = msg({ id: 3 });
    let list = upsertMessage(upsertMessage([], a), c);
    list = upsertMessage(list, msg({ id: 2 }));
    expect(list.map((m) => m.id)).toEqual([1, 2, 3]);
    list = upsertMessage(list, { ...a, text: 'changed', edited: true });
    expect(list.map((m) => m.text)).toEqual(['changed', 'message 2', 'message 3']);
    list = upsertMessage(list, { ...c, deleted: true });
    expect(list.map((m) => m.id)).toEqual([1, 2]);
    expect(upsertMessage(list, msg({ id: 9, deleted: true }))).toBe(list);
  });
});

describe('chatsReducer', () => {
  it('keeps live messages newer than a history that was on its way', () => {
    let state = chatsReducer(initialChats, { type: 'message', chat: 'private', message: msg({ id: 10 }) });
    state = chatsReducer(state, { type: 'loaded', chat: 'private', messages: [msg({ id: 8 }), msg({ id: 9 })], hint: 'h' });
    expect(state.private.messages.map((m) => m.id)).toEqual([8, 9, 10]);
    expect(state.private).toMatchObject({ loaded: true, hint: 'h' });
    // A reload replaces what it covers.
    state = chatsReducer(state, { type: 'loaded', chat: 'private', messages: [msg({ id: 10, text: 'fresh' })] });
    expect(state.private.messages.map((m) => m.text)).toEqual(['fresh']);
  });

  it("keeps the chats apart and ends the bot's typing with its next message", () => {
    let state = chatsReducer(initialChats, { type: 'typing', chat: 'private', until: 5000 });
    state = chatsReducer(state, { type: 'message', chat: 'group', message: msg() });
    expect(state.private.typingUntil).toBe(5000);
    state = chatsReducer(state, { type: 'message', chat: 'private', message: msg({ from: 'user' }) });
    expect(state.private.typingUntil).toBe(5000);
    state = chatsReducer(state, { type: 'message', chat: 'private', message: msg({ from: 'bot' }) });
    expect(state.private.typingUntil).toBeNull();
    expect(state.group.messages).toHaveLength(1);
    state = chatsReducer(state, { type: 'cleared', chat: 'group' });
    expect(state.group.messages).toEqual([]);
    expect(state.private.messages).toHaveLength(2);
  });

  it('follows the group members through join and leave notices, once each', () => {
    const carol = { firstName: 'Carol', username: 'carol_test' };
    const join = msg({ from: 'user', event: 'join', author: carol, chat: 'group' });
    let state: ChatsState = chatsReducer(initialChats, { type: 'message', chat: 'group', message: join });
    state = chatsReducer(state, { type: 'message', chat: 'group', message: join });
    expect(state.members.map((m) => m.firstName)).toEqual(['Alice', 'Bob', 'Carol']);
    state = chatsReducer(state, { type: 'loaded', chat: 'group', messages: [join, msg({ from: 'user', event: 'leave', author: { firstName: 'alice' } })] });
    expect(state.members.map((m) => m.firstName)).toEqual(['Bob', 'Carol']);
    // Clearing the conversation does not change who is in the group.
    state = chatsReducer(state, { type: 'cleared', chat: 'group' });
    expect(state.members.map((m) => m.firstName)).toEqual(['Bob', 'Carol']);
    // Alice left but what she wrote is still hers, not yours.
    expect(isOwnMessage(msg({ from: 'user', author: { firstName: 'Alice' } }), state.others)).toBe(false);
    expect(isOwnMessage(msg({ from: 'user', author: { firstName: 'Me' } }), state.others)).toBe(true);
    expect(isOwnMessage(msg({ from: 'user' }), state.others)).toBe(true);
    expect(isOwnMessage(msg({ from: 'bot' }), state.others)).toBe(false);
  });
});

describe('keyboards', () => {
  it('reads inline buttons: callbacks, safe links, and the rest as unsupported', () => {
    const rows = inlineKeyboardOf(
      {
        inline_keyboard: [
          [{ text: 'Yes', callback_data: 'yes' }, { text: 'Site', url: 'https://example.com' }],
          [{ text: 'Evil', url: 'javascript:alert(1)' }, { text: 'Pay', pay: true }, 'junk'],
          'not a row',
        ],
      },
      safeHref,
    );
    expect(rows).toEqual([
      [
        { text: 'Yes', action: { kind: 'callback', data: 'yes' } },
        { text: 'Site', action: { kind: 'url', href: 'https://example.com/' } },
      ],
      [
        { text: 'Evil', action: { kind: 'unsupported' } },
        { text: 'Pay', action: { kind: 'unsupported' } },
      ],
    ]);
    expect(inlineKeyboardOf(undefined, safeHref)).toEqual([]);
  });

  it('takes the reply keyboard from the newest bot message that sets or removes one', () => {
    const set = msg({ id: 1, replyMarkup: { keyboard: [[{ text: 'Menu' }, 'Help'], []], one_time_keyboard: true, input_field_placeholder: 'Pick' } });
    expect(replyKeyboardOf([set, msg({ id: 2 }), msg({ id: 3, from: 'user', replyMarkup: { remove_keyboard: true } })])).toEqual({
      messageId: 1,
      rows: [['Menu', 'Help']],
      oneTime: true,
      placeholder: 'Pick',
    });
    expect(replyKeyboardOf([set, msg({ id: 4, replyMarkup: { remove_keyboard: true } })])).toBeNull();
    expect(replyKeyboardOf([set, msg({ id: 5, replyMarkup: { inline_keyboard: [] } })])?.messageId).toBe(1);
    expect(replyKeyboardOf([])).toBeNull();
  });
});

describe('dayLabel', () => {
  it('says Today, Yesterday, or the date', () => {
    const now = new Date(2025, 2, 5, 12).getTime();
    const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
    expect(dayLabel(seconds(new Date(2025, 2, 5, 0, 1)), now)).toBe('Today');
    expect(dayLabel(seconds(new Date(2025, 2, 4, 23, 59)), now)).toBe('Yesterday');
    expect(dayLabel(seconds(new Date(2025, 1, 20)), now)).toBe('February 20');
    expect(dayLabel(seconds(new Date(2024, 1, 20)), now)).toBe('February 20, 2024');
  });
});

describe('eventMembers', () => {
  it('reads who a notice is about from its text, else from its author', () => {
    const carol = { firstName: 'Carol', username: 'carol_test' };
    expect(eventMembers(msg({ event: 'join', text: 'Carol, Dan joined the group', author: carol }))).toEqual([carol, { firstName: 'Dan' }]);
    expect(eventMembers(msg({ event: 'leave', text: 'my_bot removed Bob' }))).toEqual([{ firstName: 'Bob' }]);
    expect(eventMembers(msg({ event: 'leave', text: 'Bob left the group' }))).toEqual([{ firstName: 'Bob' }]);
    expect(eventMembers(msg({ event: 'join', text: '', author: carol }))).toEqual([carol]);
    expect(eventMembers(msg({ text: 'Carol joined the group' }))).toEqual([]);
  });

  it('moves the members when the bot removes someone', () => {
    const state = chatsReducer(initialChats, { type: 'message', chat: 'group', message: msg({ event: 'leave', text: 'my_bot removed Bob' }) });
    expect(state.members.map((m) => m.firstName)).toEqual(['Alice']);
  });
});
