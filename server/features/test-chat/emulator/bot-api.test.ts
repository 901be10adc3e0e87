// The Bot API methods over real HTTP (fetch against the emulator on loopback): answers and
// refusals in Telegram's shape and words, messages as the bot and the browser see them.
// Real: emulator, HTTP, sessions. Fake: nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type EmulatorHarness } from './emulator.fixture';

let h: EmulatorHarness;
beforeEach(async () => {
  h = await startEmulator({ botName: 'weather-helper.py' });
});
afterEach(async () => h.close());

const keyboard = (data: string) => ({ inline_keyboard: [[{ text: 'Tap', callback_data: data }]] });

describe('identity and routing', () => {
  it('getMe answers the bot: is_bot, a username ending in _bot, the name from the file', async () => {
    const me = await h.api('getMe');
    expect(me.status).toBe(200);
    expect(me.body.ok).toBe(true);
    expect(me.body.result).toMatchObject({ is_bot: true, first_name: 'weather-helper', username: 'weather_helper_bot' });
    expect(String(me.body.result.id)).toBe(h.session.token.split(':')[0]);
  });

  it('the token has the shape of a real one, and differs per session', () => {
    expect(h.session.token).toMatch(/^\d{8,10}:[A-Za-z0-9_-]{35}$/);
    const other = h.chats.session({ userId: 'someone', fileId: 'else' });
    expect(other.token).not.toBe(h.session.token);
    expect(h.chats.session(h.owner).token).toBe(h.session.token);
  });

  it('method names are case-insensitive; unknown methods answer 404 Not Found; a wrong token 401', async () => {
    expect((await h.api('GETME')).body.ok).toBe(true);
    expect((await h.api('sendmessage', { chat_id: h.chatId.private, text: 'x' })).body.ok).toBe(true);
    expect(await h.api('sendSticker', { chat_id: h.chatId.private })).toEqual({ status: 404, body: { ok: false, error_code: 404, description: 'Not Found' } });
    // The last character changed (to one it is not: a token ending in 'x' stayed right 1 time in 64).
    const last = h.session.token.at(-1) === 'x' ? 'y' : 'x';
    const wrong = await h.api('getMe', {}, { token: `${h.session.token.slice(0, -1)}${last}` });
    expect(wrong).toEqual({ status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } });
  });

  it("getTestClock (Botwright's own): the real time until the checks move it, then the moment set, going on; a restart ends it", async () => {
    const before = Date.now();
    const real = (await h.api('getTestClock')).body;
    expect(real.ok).toBe(true);
    expect(real.result.now).toBeGreaterThanOrEqual(before);
    expect(real.result.now).toBeLessThanOrEqual(Date.now());
    const moment = Date.UTC(2027, 0, 4, 9, 0, 10);
    h.session.setTestClock(moment);
    const moved = (await h.api('getTestClock')).body.result.now;
    expect(moved - moment).toBeGreaterThanOrEqual(0);
    expect(moved - moment).toBeLessThan(1000);
    h.session.botRestarted();
    expect(Math.abs((await h.api('getTestClock')).body.result.now - Date.now())).toBeLessThan(1000);
  });

  it('logOut and close answer true', async () => {
    expect((await h.api('logOut')).body).toEqual({ ok: true, result: true });
    expect((await h.api('close')).body).toEqual({ ok: true, result: true });
  });
});

describe('parameters in every encoding', () => {
  it('a query string (GET), a form body and string values (chat_id, reply_markup JSON text) all work', async () => {
    const viaGet = await fetch(`${h.baseUrl}/bot${h.session.token}/sendMessage?chat_id=${h.chatId.private}&text=from%20GET`);
    expect(viaGet.status).toBe(200);
    const form = new URLSearchParams({ chat_id: String(h.chatId.private), text: 'from a form', reply_markup: JSON.stringify(keyboard('f')), disable_notification: 'true' });
    const viaForm = await fetch(`${h.baseUrl}/bot${h.session.token}/sendMessage`, { method: 'POST', body: form });
    const answer = await viaForm.json();
    expect(answer.result.reply_markup).toEqual(keyboard('f'));
    expect(h.session.messages('private').map((m) => m.text)).toEqual(['from GET', 'from a form']);
  });

  it('bad JSON in a form field and a bad JSON body are 400s in Telegram words', async () => {
    const form = new URLSearchParams({ chat_id: String(h.chatId.private), text: 'x', reply_markup: '{not json' });
    const res = await fetch(`${h.baseUrl}/bot${h.session.token}/sendMessage`, { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).description).toBe("Bad Request: can't parse reply keyboard markup JSON object");
    const raw = await fetch(`${h.baseUrl}/bot${h.session.token}/getMe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    expect(raw.status).toBe(400);
    expect((await raw.json()).ok).toBe(false);
  });
});

describe('sendMessage', () => {
  it('answers the Message with from (the bot), chat, date in seconds, text, entities and the inline keyboard', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await h.api('sendMessage', { chat_id: h.chatId.private, text: 'See /help or https://example.com', reply_markup: keyboard('a') });
    const m = res.body.result;
    expect(m).toMatchObject({ message_id: 1, chat: { id: h.chatId.private, type: 'private' }, text: 'See /help or https://example.com', reply_markup: keyboard('a') });
    expect(m.from.is_bot).toBe(true);
    expect(Number.isInteger(m.date) && m.date >= before && m.date <= before + 5).toBe(true);
    expect(m.entities).toEqual([
      { type: 'bot_command', offset: 4, length: 5 },
      { type: 'url', offset: 13, length: 19 },
    ]);
    const shown = h.session.messages('private')[0]!;
    expect(shown).toMatchObject({ id: 1, from: 'bot', text: 'See /help or https://example.com', replyMarkup: keyboard('a'), chat: 'private' });
    expect(h.frames.at(-1)).toMatchObject({ type: 'test_chat_update', fileId: h.owner.fileId, chat: 'private', message: { id: 1, from: 'bot' } });
  });

  it('message ids count per chat from 1, user and bot messages alike', async () => {
    h.session.post({ text: 'one' });
    const a = await h.api('sendMessage', { chat_id: h.chatId.private, text: 'two' });
    const b = await h.api('sendMessage', { chat_id: h.chatId.group, text: 'first in group' });
    expect(a.body.result.message_id).toBe(2);
    expect(b.body.result.message_id).toBe(1);
    expect(b.body.result.chat).toEqual({ id: h.chatId.group, type: 'supergroup', title: 'Test group' });
    expect(String(h.chatId.group)).toMatch(/^-100\d{10}$/);
  });

  it('refuses what Telegram refuses, with its texts', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ chat_id: h.chatId.private, text: '' }, 400, 'Bad Request: message text is empty'],
      [{ chat_id: h.chatId.private, text: '   ' }, 400, 'Bad Request: message text is empty'],
      [{ chat_id: h.chatId.private, text: 'x'.repeat(4097) }, 400, 'Bad Request: message is too long'],
      [{ chat_id: 12345, text: 'x' }, 400, 'Bad Request: chat not found'],
      [{ chat_id: '@somechannel', text: 'x' }, 400, 'Bad Request: chat not found'],
      [{ text: 'x' }, 400, 'Bad Request: chat_id is empty'],
      [{ chat_id: h.chatId.private, text: 'x', reply_markup: keyboard('d'.repeat(65)) }, 400, 'Bad Request: BUTTON_DATA_INVALID'],
      [{ chat_id: h.chatId.private, text: 'x', reply_markup: { inline_keyboard: [[{ text: 'no action' }]] } }, 400, "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard"],
      [{ chat_id: h.chatId.private, text: 'x', parse_mode: 'Markdown2' }, 400, 'Bad Request: unsupported parse_mode'],
      [{ chat_id: h.chatId.private, text: 'x', reply_to_message_id: 99 }, 400, 'Bad Request: message to be replied not found'],
    ];
    for (const [params, status, description] of cases) {
      const res = await h.api('sendMessage', params);
      expect({ params, status: res.status, body: res.body }).toEqual({ params, status, body: { ok: false, error_code: status, description } });
    }
    expect((await h.api('sendMessage', { chat_id: h.chatId.private, text: 'x'.repeat(4096) })).body.ok).toBe(true);
    expect((await h.api('sendMessage', { chat_id: h.chatId.private, text: 'x', reply_markup: keyboard('d'.repeat(64)) })).body.ok).toBe(true);
  });

  it('a simulated member or the bot itself as chat_id: 403 as on Telegram', async () => {
    const alice = (await h.api('getChatAdministrators', { chat_id: h.chatId.group })).body.result;
    expect(alice.map((m: any) => m.status)).toEqual(['creator', 'administrator']);
    h.session.post({ text: 'hi', chat: 'group', as: { firstName: 'Alice' } });
    const aliceId = (await h.api('getUpdates')).body.result.at(-1).message.from.id;
    const res = await h.api('sendMessage', { chat_id: aliceId, text: 'psst' });
    expect(res.body).toEqual({ ok: false, error_code: 403, description: "Forbidden: bot can't initiate conversation with a user" });
  });

  it('MarkdownV2 and HTML mistakes are the errors Telegram gives; correct markup becomes entities', async () => {
    const v2 = await h.api('sendMessage', { chat_id: h.chatId.private, text: 'Done!', parse_mode: 'MarkdownV2' });
    expect(v2.body.description).toBe("Bad Request: can't parse entities: Character '!' is reserved and must be escaped with the preceding '\\'");
    const html = await h.api('sendMessage', { chat_id: h.chatId.private, text: 'line<br>next', parse_mode: 'HTML' });
    expect(html.body.description).toBe('Bad Request: can\'t parse entities: Unsupported start tag "br" at byte offset 4');
    const legacy = await h.api('sendMessage', { chat_id: h.chatId.private, text: 'user_name', parse_mode: 'Markdown' });
    expect(legacy.body.description).toBe("Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 4");
    const good = await h.api('sendMessage', { chat_id: h.chatId.private, text: '<b>Bold</b> and <a href="https://example.com">link</a>', parse_mode: 'HTML' });
    expect(good.body.result.text).toBe('Bold and link');
    expect(good.body.result.entities).toEqual([
      { type: 'bold', offset: 0, length: 4 },
      { type: 'text_link', offset: 9, length: 4, url: 'https://example.com/' },
    ]);
    expect(h.session.messages('private').at(-1)).toMatchObject({ text: 'Bold and link', parseMode: 'HTML' });
  });

  it('reply_parameters and reply_to_message_id quote the message replied to', async () => {
    h.session.post({ text: 'question?' });
    const a = await h.api('sendMessage', { chat_id: h.chatId.private, text: 'answer', reply_parameters: { message_id: 1 } });
    expect(a.body.result.reply_to_message).toMatchObject({ message_id: 1, text: 'question?' });
    const b = await h.api('sendMessage', { chat_id: h.chatId.private, text: 'again', reply_to_message_id: 42, allow_sending_without_reply: true });
    expect(b.body.ok).toBe(true);
    expect(b.body.result.reply_to_message).toBeUndefined();
  });
});

describe('edits and deletions', () => {
  it('editMessageText changes the text and drops the keyboard unless given again; the browser gets the whole message, edited', async () => {
    const sent = (await h.api('sendMessage', { chat_id: h.chatId.private, text: 'Pick one', reply_markup: keyboard('a') })).body.result;
    const edited = await h.api('editMessageText', { chat_id: h.chatId.private, message_id: sent.message_id, text: 'Picked' });
    expect(edited.body.result).toMatchObject({ message_id: sent.message_id, text: 'Picked' });
    expect(edited.body.result.edit_date).toBeGreaterThan(0);
    expect(edited.body.result.reply_markup).toBeUndefined();
    expect(h.frames.at(-1)!.message).toMatchObject({ id: sent.message_id, text: 'Picked', edited: true });
    expect(h.frames.at(-1)!.message!.replyMarkup).toBeUndefined();
  });

  it('the same content and markup again: "message is not modified"', async () => {
    const sent = (await h.api('sendMessage', { chat_id: h.chatId.private, text: 'Same', reply_markup: keyboard('a') })).body.result;
    const again = await h.api('editMessageText', { chat_id: h.chatId.private, message_id: sent.message_id, text: 'Same', reply_markup: keyboard('a') });
    expect(again.body.description).toBe(
      'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
    );
    const markupOnly = await h.api('editMessageReplyMarkup', { chat_id: h.chatId.private, message_id: sent.message_id, reply_markup: keyboard('b') });
    expect(markupOnly.body.result.reply_markup).toEqual(keyboard('b'));
    const sameMarkup = await h.api('editMessageReplyMarkup', { chat_id: h.chatId.private, message_id: sent.message_id, reply_markup: keyboard('b') });
    expect(sameMarkup.body.ok).toBe(false);
  });

  it('edits of missing, deleted or the user\'s messages are refused', async () => {
    h.session.post({ text: 'mine' });
    expect((await h.api('editMessageText', { chat_id: h.chatId.private, message_id: 9, text: 'x' })).body.description).toBe('Bad Request: message to edit not found');
    expect((await h.api('editMessageText', { chat_id: h.chatId.private, message_id: 1, text: 'x' })).body.description).toBe("Bad Request: message can't be edited");
    const sent = (await h.api('sendMessage', { chat_id: h.chatId.private, text: 'temp' })).body.result;
    expect((await h.api('editMessageCaption', { chat_id: h.chatId.private, message_id: sent.message_id, caption: 'c' })).body.description).toBe(
      'Bad Request: there is no caption in the message to edit',
    );
    expect((await h.api('deleteMessage', { chat_id: h.chatId.private, message_id: sent.message_id })).body).toEqual({ ok: true, result: true });
    expect(h.frames.at(-1)!.message).toMatchObject({ id: sent.message_id, deleted: true });
    expect(h.session.messages('private').find((m) => m.id === sent.message_id)?.deleted).toBe(true);
    expect((await h.api('editMessageText', { chat_id: h.chatId.private, message_id: sent.message_id, text: 'x' })).body.description).toBe('Bad Request: message to edit not found');
    expect((await h.api('deleteMessage', { chat_id: h.chatId.private, message_id: sent.message_id })).body.description).toBe('Bad Request: message to delete not found');
  });

  it("the bot deletes users' messages only in the group, where it is an administrator", async () => {
    h.session.post({ text: 'private words' });
    h.session.post({ text: 'spam spam', chat: 'group', as: { firstName: 'Bob' } });
    expect((await h.api('deleteMessage', { chat_id: h.chatId.private, message_id: 1 })).body.description).toBe("Bad Request: message can't be deleted");
    expect((await h.api('deleteMessage', { chat_id: h.chatId.group, message_id: 1 })).body.ok).toBe(true);
    expect(h.session.messages('group')[0]).toMatchObject({ text: 'spam spam', deleted: true, author: { firstName: 'Bob', username: 'bob_test' } });
  });
});

describe('buttons, typing and toasts', () => {
  it('a tap on a button becomes a callback_query; answerCallbackQuery with text is a toast, answering twice is refused', async () => {
    const sent = (await h.api('sendMessage', { chat_id: h.chatId.private, text: 'Pick', reply_markup: keyboard('pick:1') })).body.result;
    h.session.post({ callbackData: 'pick:1', messageId: sent.message_id });
    const update = (await h.api('getUpdates')).body.result[0];
    expect(update.callback_query).toMatchObject({ data: 'pick:1', message: { message_id: sent.message_id, text: 'Pick' }, from: { first_name: 'Test user', username: 'test_user' } });
    expect(typeof update.callback_query.id).toBe('string');
    expect(typeof update.callback_query.chat_instance).toBe('string');
    const answered = await h.api('answerCallbackQuery', { callback_query_id: update.callback_query.id, text: 'Saved!' });
    expect(answered.body).toEqual({ ok: true, result: true });
    expect(h.frames.at(-1)).toEqual({ type: 'test_chat_update', fileId: h.owner.fileId, chat: 'private', toast: 'Saved!' });
    const twice = await h.api('answerCallbackQuery', { callback_query_id: update.callback_query.id });
    expect(twice.body.description).toBe('Bad Request: query is too old and response timeout expired or query ID is invalid');
  });

  it('a tap on data the message does not carry, or on a user message, is a 400 for the user', async () => {
    const sent = (await h.api('sendMessage', { chat_id: h.chatId.private, text: 'Pick', reply_markup: keyboard('yes') })).body.result;
    expect(() => h.session.post({ callbackData: 'no', messageId: sent.message_id })).toThrow('That button is not on this message');
    expect(() => h.session.post({ callbackData: 'yes', messageId: 99 })).toThrow('That button is not on this message');
    expect(() => h.session.post({ callbackData: 'yes', messageId: sent.message_id, chat: 'group' })).toThrow('That button is not on this message');
  });

  it('sendChatAction shows typing; an unknown action is refused', async () => {
    expect((await h.api('sendChatAction', { chat_id: h.chatId.group, action: 'typing' })).body).toEqual({ ok: true, result: true });
    expect(h.frames.at(-1)).toEqual({ type: 'test_chat_update', fileId: h.owner.fileId, chat: 'group', typing: true });
    expect((await h.api('sendChatAction', { chat_id: h.chatId.group, action: 'dancing' })).body.description).toBe('Bad Request: wrong parameter action in request');
  });
});

describe('user messages', () => {
  it('commands (also /cmd@bot), mentions, hashtags and URLs become entities of the update', async () => {
    h.session.post({ text: '/start@weather_helper_bot hi @alice_test #news see example.org' });
    const message = (await h.api('getUpdates')).body.result[0].message;
    expect(message.entities).toEqual([
      { type: 'bot_command', offset: 0, length: 25 },
      { type: 'mention', offset: 29, length: 11 },
      { type: 'hashtag', offset: 41, length: 5 },
      { type: 'url', offset: 51, length: 11 },
    ]);
    expect(h.frames[0]!.message).toMatchObject({ from: 'user', text: message.text });
  });

  it('text over 4096 characters, or a member in the private chat, is a 400 for the user', () => {
    expect(() => h.session.post({ text: 'x'.repeat(4097) })).toThrow(/4096/);
    expect(() => h.session.post({ text: 'hi', as: { firstName: 'Alice' } })).toThrow(/private chat/);
  });

  it('clear empties one chat or both, and says so', async () => {
    h.session.post({ text: 'a' });
    h.session.post({ text: 'b', chat: 'group' });
    h.session.clear('group');
    expect(h.session.messages('group')).toEqual([]);
    expect(h.session.messages('private')).toHaveLength(1);
    h.session.clear();
    expect(h.session.messages('private')).toEqual([]);
    expect(h.frames.filter((f) => f.cleared).map((f) => f.chat)).toEqual(['group', 'private', 'group']);
  });
});

describe('commands', () => {
  it('setMyCommands, getMyCommands and deleteMyCommands by scope; bad commands are refused', async () => {
    const commands = [{ command: 'start', description: 'Start' }, { command: 'help', description: 'Help' }];
    expect((await h.api('setMyCommands', { commands })).body.result).toBe(true);
    expect((await h.api('getMyCommands')).body.result).toEqual(commands);
    expect((await h.api('getMyCommands', { scope: { type: 'all_group_chats' } })).body.result).toEqual([]);
    expect(h.session.commands('private')).toEqual(commands);
    expect((await h.api('setMyCommands', { commands: [{ command: 'Bad Command', description: 'x' }] })).body.description).toBe('Bad Request: BOT_COMMAND_INVALID');
    expect((await h.api('deleteMyCommands')).body.result).toBe(true);
    expect((await h.api('getMyCommands')).body.result).toEqual([]);
  });
});
