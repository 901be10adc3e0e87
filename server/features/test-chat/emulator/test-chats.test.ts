// The registry and a session's own bookkeeping, without HTTP: one session per owner with a stable
// token, change frames to the owner's subscribers only (and to the session's listeners), bounded
// memory (500 messages a chat, 1,000 pending updates), forget. Real: sessions; calls made directly.
import { describe, expect, it } from 'vitest';
import type { TestChatUpdateFrame } from '../../../../shared/test-chat.schema';
import { MAX_SESSIONS, MAX_SESSIONS_PER_USER, TestChats } from './test-chats';

const none = new Map();

describe('TestChats', () => {
  it('one session per {userId, fileId}, a stable token; byToken finds it; forget ends it', () => {
    const chats = new TestChats();
    const a = chats.session({ userId: 'u', fileId: 'f', botName: 'a.py' });
    expect(chats.session({ userId: 'u', fileId: 'f' })).toBe(a);
    expect(chats.existing({ userId: 'u', fileId: 'f' })).toBe(a);
    expect(chats.existing({ userId: 'u', fileId: 'g' })).toBeUndefined();
    expect(chats.session({ userId: 'v', fileId: 'f' }).token).not.toBe(a.token);
    expect(chats.byToken(a.token)).toBe(a);
    chats.forget({ userId: 'u', fileId: 'f' });
    expect(chats.byToken(a.token)).toBeUndefined();
    expect(chats.session({ userId: 'u', fileId: 'f' }).token).not.toBe(a.token);
  });

  it('keeps at most MAX_SESSIONS_PER_USER a person and MAX_SESSIONS in all: the one used longest ago goes', () => {
    const chats = new TestChats();
    const first = chats.session({ userId: 'u', fileId: 'f0' });
    for (let i = 1; i < MAX_SESSIONS_PER_USER; i++) chats.session({ userId: 'u', fileId: `f${i}` });
    // Using the first (a bot polling) makes the second the oldest.
    chats.existing({ userId: 'u', fileId: 'f0' });
    chats.session({ userId: 'u', fileId: 'new' });
    expect(chats.existing({ userId: 'u', fileId: 'f0' })).toBe(first);
    expect(chats.existing({ userId: 'u', fileId: 'f1' })).toBeUndefined();
    for (let i = 0; i < MAX_SESSIONS; i++) chats.session({ userId: `user${i}`, fileId: 'f' });
    expect(chats.existing({ userId: 'u', fileId: 'new' })).toBeUndefined();
    expect(chats.existing({ userId: `user${MAX_SESSIONS - 1}`, fileId: 'f' })).toBeDefined();
    expect(chats.byToken(first.token)).toBeUndefined();
  });

  it("a user's subscribers hear every change of that user's sessions and nobody else's", async () => {
    const chats = new TestChats();
    const mine: TestChatUpdateFrame[] = [];
    const theirs: TestChatUpdateFrame[] = [];
    const stop = chats.subscribe('me', (f) => mine.push(f));
    chats.subscribe('them', (f) => theirs.push(f));
    chats.subscribe('me', () => {
      throw new Error('a broken socket');
    });
    const one = chats.session({ userId: 'me', fileId: 'one' });
    const two = chats.session({ userId: 'me', fileId: 'two' });
    one.post({ text: 'hi' });
    two.post({ text: 'hi', chat: 'group' });
    expect(mine.map((f) => [f.fileId, f.chat, f.message?.text])).toEqual([
      ['one', 'private', 'hi'],
      ['two', 'group', 'hi'],
    ]);
    expect(theirs).toEqual([]);
    stop();
    one.post({ text: 'again' });
    expect(mine).toHaveLength(2);
  });

  it("a session's onChange hears user and bot messages, edits, typing and toasts", async () => {
    const chats = new TestChats();
    const session = chats.session({ userId: 'me', fileId: 'x' });
    const frames: TestChatUpdateFrame[] = [];
    const stop = session.onChange((f) => frames.push(f));
    session.post({ text: 'hello' });
    const chatId = ((await session.call('getUpdates', {}, none)) as any).result[0].message.chat.id;
    await session.call('sendChatAction', { chat_id: chatId, action: 'typing' }, none);
    await session.call('sendMessage', { chat_id: chatId, text: 'hi!', reply_markup: { inline_keyboard: [[{ text: 'ok', callback_data: 'ok' }]] } }, none);
    await session.call('editMessageText', { chat_id: chatId, message_id: 2, text: 'hi again' }, none);
    expect(frames.map((f) => (f.typing ? 'typing' : `${f.message!.from}:${f.message!.text}${f.message!.edited ? ' (edited)' : ''}`))).toEqual([
      'user:hello',
      'typing',
      'bot:hi!',
      'bot:hi again (edited)',
    ]);
    stop();
    session.post({ text: 'unheard' });
    expect(frames).toHaveLength(4);
  });

  it('keeps the last 500 messages of a chat and the last 1,000 pending updates', async () => {
    const chats = new TestChats();
    const session = chats.session({ userId: 'me', fileId: 'busy' });
    for (let i = 1; i <= 1_010; i++) session.post({ text: `m${i}` });
    const kept = session.messages('private');
    expect(kept).toHaveLength(500);
    expect(kept[0]!.text).toBe('m511');
    expect(session.messages('private', 1_005).map((m) => m.text)).toEqual(['m1006', 'm1007', 'm1008', 'm1009', 'm1010']);
    const info = (await session.call('getWebhookInfo', {}, none)) as any;
    expect(info.result.pending_update_count).toBe(1_000);
    const first = (await session.call('getUpdates', { limit: 1 }, none)) as any;
    expect(first.result[0].message.text).toBe('m11');
  });

  it('getMe follows the file name: "Weather Bot.py" becomes weather_bot; a rename shows after', async () => {
    const chats = new TestChats();
    const session = chats.session({ userId: 'me', fileId: 'w', botName: 'Weather Bot.py' });
    expect(((await session.call('getMe', {}, none)) as any).result).toMatchObject({ first_name: 'Weather Bot', username: 'weather_bot' });
    chats.session({ userId: 'me', fileId: 'w', botName: 'forecast.js' });
    expect(((await session.call('getMe', {}, none)) as any).result).toMatchObject({ first_name: 'forecast', username: 'forecast_bot' });
    const unnamed = chats.session({ userId: 'me', fileId: 'n' });
    expect(((await unnamed.call('getMe', {}, none)) as any).result).toMatchObject({ first_name: 'Test bot', username: 'test_bot' });
  });

  it('dates are Unix seconds from the clock it was given', async () => {
    const chats = new TestChats({ now: () => 1_700_000_000_500 });
    const session = chats.session({ userId: 'me', fileId: 'clock' });
    expect(session.post({ text: 'when?' }).date).toBe(1_700_000_000);
  });
});
