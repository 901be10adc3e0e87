// Rendered Telegram bots answer in the test chat: two bots (one talked to in the private chat, one
// in the group) hold a rule of every kind, are started with node against the Bot API emulator
// (telegram-chat.harness.ts) and must answer each message, press, join, leave and reaction with
// the plan's own words. Real: node, Telegraf, the emulator over loopback HTTP, a loopback model.
// Web calls other than to loopback fail, so weather answers with the spec's sorry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlan } from '../plans.fixture';
import { TelegramBots, until, waitForBot, type RunningBot } from './telegram-chat.harness';
import { startWebServices, type WebServices } from './web-services.fixture';

const hhmm = (d: Date) => `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
const NOW = new Date();

const PRIVATE = newPlan(
  [
    { when: { kind: 'command', name: 'order' }, do: [{ kind: 'reply', text: 'One {args} for {name}, coming up' }] },
    { when: { kind: 'keyword', words: ['price'] }, do: [{ kind: 'reply', text: 'Bread is 3 euros' }] },
    { when: { kind: 'keyword', words: ['open'] }, if: [{ kind: 'hours', from: '00:00', to: '00:00' }], do: [{ kind: 'reply', text: 'We are open' }] },
    { when: { kind: 'command', name: 'tip' }, do: [{ kind: 'replyOneOf', texts: ['Rye keeps longest', 'Spelt is nutty'], order: 'inTurn' }] },
    { when: { kind: 'command', name: 'menu' }, do: [{ kind: 'buttons', text: 'What would you like?', buttons: [{ id: 'bread', label: 'Bread' }, { id: 'cake', label: 'Cake' }] }] },
    { when: { kind: 'button', id: 'cake' }, do: [{ kind: 'reply', text: 'Cake it is, {name}' }] },
    { when: { kind: 'command', name: 'apply' }, do: [{ kind: 'ask', questions: ['What is your name?'], done: 'Thanks, we got it' }] },
    { when: { kind: 'command', name: 'quiz' }, do: [{ kind: 'quiz', questions: [{ question: 'Which grain is in rye bread?', answer: 'rye' }], right: 'Right!', wrong: 'No: {value}', done: 'You got {count} of {total}' }] },
    { when: { kind: 'command', name: 'add' }, do: [{ kind: 'list', list: 'shopping', op: 'add', text: 'Added {item}' }] },
    { when: { kind: 'command', name: 'list' }, do: [{ kind: 'list', list: 'shopping', op: 'show', text: 'To buy:\n{list}' }] },
    { when: { kind: 'command', name: 'visit' }, do: [{ kind: 'count', counter: 'visits' }, { kind: 'reply', text: 'Visit number {count}' }] },
    { when: { kind: 'command', name: 'top' }, do: [{ kind: 'top', counter: 'visits', text: 'Top visitors:\n{top}' }] },
    { when: { kind: 'command', name: 'ctof' }, do: [{ kind: 'convert', from: 'c', to: 'f', text: 'That is {value} F' }] },
    { when: { kind: 'command', name: 'poll' }, do: [{ kind: 'poll', question: null, fromArgument: true }] },
    { when: { kind: 'command', name: 'tell' }, do: [{ kind: 'post', to: 'owner', text: 'Note: {args}' }] },
    { when: { kind: 'command', name: 'weather' }, do: [{ kind: 'data', source: { kind: 'weather', city: 'Berlin' } }] },
    { when: { kind: 'command', name: 'ask' }, do: [{ kind: 'data', source: { kind: 'ai', instructions: 'You are a baker' } }] },
    { when: { kind: 'command', name: 'magic' }, do: [{ kind: 'custom', name: 'magic', description: 'a trick' }, { kind: 'reply', text: 'Ta-da' }] },
    { when: { kind: 'schedule', times: [hhmm(NOW), hhmm(new Date(NOW.getTime() + 60_000))] }, do: [{ kind: 'post', text: 'Fresh bread is ready!' }] },
    { when: { kind: 'message' }, do: [{ kind: 'reply', text: 'Sorry {name}, I only know bread' }] },
  ],
  { settings: { timeZone: 'UTC', prefix: '/', unknownCommand: 'I do not know that command' } },
);

const GROUP = newPlan([
  { when: { kind: 'join' }, do: [{ kind: 'reply', text: 'Welcome to the bakery, {name}!' }] },
  { when: { kind: 'leave' }, do: [{ kind: 'reply', text: 'So long, {name}' }] },
  { when: { kind: 'keyword', words: ['darn'] }, do: [{ kind: 'delete' }, { kind: 'warn', text: 'Please be polite, {name} (warning {count})' }] },
  { when: { kind: 'keyword', words: ['darn'] }, if: [{ kind: 'warnings', atLeast: 2 }], do: [{ kind: 'mute', minutes: 5, text: '{name} is muted for 5 minutes' }] },
  { when: { kind: 'command', name: 'reset' }, if: [{ kind: 'admins' }], do: [{ kind: 'reply', text: 'Reset done' }] },
  { when: { kind: 'command', name: 'where' }, if: [{ kind: 'chat', name: 'Test group' }], do: [{ kind: 'reply', text: 'In the group' }] },
  { when: { kind: 'command', name: 'leave' }, do: [{ kind: 'kick', text: '{name} was shown the door' }] },
  { when: { kind: 'command', name: 'banme' }, do: [{ kind: 'ban', text: '{name} is banned' }] },
  { when: { kind: 'command', name: 'lunch' }, do: [{ kind: 'poll', question: 'Lunch?', options: ['Pizza', 'Soup'] }] },
  { when: { kind: 'keyword', words: ['cake'] }, do: [{ kind: 'react', emoji: '🎉' }] },
  { when: { kind: 'reaction', emoji: '👍' }, do: [{ kind: 'reply', text: 'Thanks for the thumbs up, {name}' }] },
  { when: { kind: 'reaction', emoji: '🚩' }, do: [{ kind: 'forward' }] },
  { when: { kind: 'mention' }, do: [{ kind: 'forward' }, { kind: 'reply', text: 'I told the owner' }] },
]);

describe('rendered Telegram bots answer in the test chat', () => {
  const bots = new TelegramBots();
  let web: WebServices;
  let solo: RunningBot;
  let group: RunningBot;

  beforeAll(async () => {
    web = await startWebServices();
    [solo, group] = await bots.start([
      { name: 'private chat bot', plan: PRIVATE, channel: 'private', env: { OPENAI_API_KEY: 'sk-loopback', OPENAI_BASE_URL: `${web.baseUrl}/v1` } },
      { name: 'group bot', plan: GROUP, channel: 'group' },
    ]);
  }, 45_000);
  afterAll(async () => {
    await bots.close();
    await web?.close();
  });

  const say = (bot: RunningBot, text: string, expected: string | ((t: string) => boolean), chat: 'private' | 'group' = 'private', as?: { firstName: string }) =>
    bots.expectAnswer(bot, { text, chat, ...(as ? { as } : {}) }, expected);

  it('commands with {args} and {name}, keywords, hours, replies in turn, unknown commands, help and other messages', async () => {
    await say(solo, '/order rye loaf', 'One rye loaf for Test user, coming up');
    await say(solo, 'what is the price?', 'Bread is 3 euros');
    await say(solo, 'are you open', 'We are open');
    await say(solo, '/tip', 'Rye keeps longest');
    await say(solo, '/tip', 'Spelt is nutty');
    await say(solo, '/nothing', 'I do not know that command');
    await say(solo, '/help', (t) => t.startsWith('Commands:\n/order - One … for …, coming up\n/tip - Rye keeps longest'));
    await say(solo, 'tell me a joke', 'Sorry Test user, I only know bread');
  });

  it('buttons: the menu as an inline keyboard, a press runs the button rule', async () => {
    const shown = await bots.post(solo, { text: '/menu' });
    await waitForBot(solo, 'private', shown.id, 'What would you like?');
    const menu = solo.session.messages('private', shown.id).find((m) => m.from === 'bot')!;
    const rows = (menu.replyMarkup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> }).inline_keyboard;
    expect(rows.map((row) => [row[0]!.text, row[0]!.callback_data])).toEqual([['Bread', 'b:bread'], ['Cake', 'b:cake']]);
    await bots.expectAnswer(solo, { callbackData: 'b:cake', messageId: menu.id }, 'Cake it is, Test user');
  });

  it('ask sends the answers to the owner; quiz checks answers; lists, counters and top', async () => {
    await say(solo, '/apply', 'What is your name?');
    const answered = await bots.post(solo, { text: 'Test Baker' });
    await waitForBot(solo, 'private', answered.id, 'Thanks, we got it');
    await waitForBot(solo, 'private', answered.id, 'New answers from Test user:\nWhat is your name?: Test Baker');
    await say(solo, '/quiz', 'Which grain is in rye bread?');
    const quizzed = await bots.post(solo, { text: 'RYE' });
    await waitForBot(solo, 'private', quizzed.id, 'Right!');
    await waitForBot(solo, 'private', quizzed.id, 'You got 1 of 1');
    await say(solo, '/add', 'Write what to add after the command, e.g. /add milk');
    await say(solo, '/add flour', 'Added flour');
    await say(solo, '/list', 'To buy:\n- flour');
    await say(solo, '/visit', 'Visit number 1');
    await say(solo, '/visit', 'Visit number 2');
    await say(solo, '/top', 'Top visitors:\n1. Test user: 2');
  });

  it('convert, poll from the argument, post to the owner, weather (no internet: sorry), the model, custom code', async () => {
    await say(solo, '/ctof 100', 'That is 212 F');
    await say(solo, '/poll Pizza or burgers?', '📊 Pizza or burgers?\n○ Pizza\n○ burgers');
    await say(solo, '/tell buy yeast', 'Note: buy yeast');
    await say(solo, '/weather', 'Sorry, I could not get that right now.');
    expect(solo.output()).toMatch(/Getting the weather failed: no internet in tests/);
    await say(solo, '/ask is rye healthy?', 'Model: is rye healthy?');
    expect(web.modelRequests.at(-1)![0]).toEqual({ role: 'system', content: 'You are a baker' });
    await say(solo, '/magic', 'Ta-da');
    expect(solo.output()).toContain('custom code magic is not written yet');
  });

  it('a schedule at this minute posts to TELEGRAM_CHAT_ID once connected', async () => {
    await until(() => solo.session.messages('private').some((m) => m.from === 'bot' && m.text === 'Fresh bread is ready!'), 10_000, () => `the scheduled post\n${solo.output()}`);
  });

  it('joins and leaves are welcomed and seen off', async () => {
    await bots.expectAnswer(group, { event: 'join', member: { firstName: 'Dana' }, chat: 'group' }, 'Welcome to the bakery, Dana!');
    await bots.expectAnswer(group, { event: 'leave', member: { firstName: 'Dana' }, chat: 'group' }, 'So long, Dana');
  });

  it('warnings delete the message, count per person, then mute at the limit', async () => {
    const first = await bots.post(group, { text: 'darn it', chat: 'group', as: { firstName: 'Alice' } });
    await waitForBot(group, 'group', first.id, 'Please be polite, Alice (warning 1)');
    await until(() => group.session.messages('group').find((m) => m.id === first.id)?.deleted, 10_000, () => `the message deleted\n${group.output()}`);
    const second = await bots.post(group, { text: 'darn again', chat: 'group', as: { firstName: 'Alice' } });
    await waitForBot(group, 'group', second.id, 'Please be polite, Alice (warning 2)');
    await waitForBot(group, 'group', second.id, 'Alice is muted for 5 minutes');
    expect(() => group.session.post({ text: 'may I speak?', chat: 'group', as: { firstName: 'Alice' } })).toThrow(/muted/);
  });

  it('admins and chat conditions; kick lets them come back, ban does not', async () => {
    await say(group, '/reset', 'Reset done', 'group');
    const notAdmin = await bots.post(group, { text: '/reset', chat: 'group', as: { firstName: 'Bob' } });
    await say(group, '/where', 'In the group', 'group', { firstName: 'Bob' });
    expect(group.session.messages('group', notAdmin.id).filter((m) => m.text === 'Reset done')).toEqual([]);
    const inPrivate = await bots.post(group, { text: '/where' });
    await bots.post(group, { text: '/leave', chat: 'group', as: { firstName: 'Bob' } }).then((m) => waitForBot(group, 'group', m.id, 'Bob was shown the door'));
    expect(group.session.messages('private', inPrivate.id).filter((m) => m.from === 'bot')).toEqual([]);
    await bots.expectAnswer(group, { event: 'join', member: { firstName: 'Bob' }, chat: 'group' }, 'Welcome to the bakery, Bob!');
    await bots.expectAnswer(group, { event: 'join', member: { firstName: 'Lou' }, chat: 'group' }, 'Welcome to the bakery, Lou!');
    await say(group, '/banme', 'Lou is banned', 'group', { firstName: 'Lou' });
    expect(() => group.session.post({ event: 'join', member: { firstName: 'Lou' }, chat: 'group' })).toThrow(/banned/);
  });

  it('a poll of the plan, a reaction to a keyword, a rule on a reaction, a mention forwarded to the owner, and a flagged message copied to the owner', async () => {
    await say(group, '/lunch', '📊 Lunch?\n○ Pizza\n○ Soup', 'group');
    const cake = await bots.post(group, { text: 'cake for everyone', chat: 'group' });
    await until(() => group.reactions.find((r) => r.message_id === cake.id), 10_000, () => `a reaction to the cake\n${group.output()}`);
    expect(group.reactions.at(-1)).toMatchObject({ chat_id: String(group.groupChatId), message_id: cake.id, reaction: [{ type: 'emoji', emoji: '🎉' }] });
    bots.react(group, cake.id, '👍', { firstName: 'Alice' });
    await waitForBot(group, 'group', cake.id, 'Thanks for the thumbs up, Alice');
    const me = ((await group.session.call('getMe', {}, new Map())) as { result: { username: string } }).result;
    const mention = await bots.post(group, { text: `@${me.username} do you have rye?`, chat: 'group' });
    await waitForBot(group, 'group', mention.id, 'I told the owner');
    await waitForBot(group, 'private', 0, `Test user wrote in Test group: @${me.username} do you have rye?`);
    // A flag on a message the bot saw: the owner gets its words (Telegram names only the message's id).
    const pills = await bots.post(group, { text: 'cheap pills here', chat: 'group' });
    bots.react(group, pills.id, '🚩', { firstName: 'Alice' });
    await waitForBot(group, 'private', 0, 'Alice reacted 🚩 to a message in Test group: cheap pills here');
  });
});
