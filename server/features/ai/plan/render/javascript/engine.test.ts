// The engine of a rendered JavaScript bot, run for real (engine.harness.ts: the rendered file loaded
// in this process, a recording adapter, a test clock, the state file on disk): every trigger,
// condition and action kind does what /work/engine-spec.md says. Real: the rendered code, the file
// system, HTTP to loopback web services (web-services.fixture.ts). Fake: the platform, the clock.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BotPlanInput } from '../../../../../../shared/bot-plan.schema';
import { newPlan } from '../plans.fixture';
import { BotHarness } from './engine.harness';
import { fetchToLoopback, startWebServices, type WebServices } from './web-services.fixture';

type Rules = Parameters<typeof newPlan>[0];

const harnesses: BotHarness[] = [];
function bot(rules: Rules, extra: Partial<BotPlanInput> = {}, custom?: Record<string, string>): BotHarness {
  const h = new BotHarness(newPlan(rules, extra), custom);
  harnesses.push(h);
  return h;
}
afterAll(() => harnesses.forEach((h) => h.close()));

let web: WebServices;
let undoFetch: () => void;
beforeAll(async () => {
  web = await startWebServices();
  undoFetch = fetchToLoopback(web.baseUrl);
  process.env.OPENAI_API_KEY = 'sk-loopback';
});
afterAll(async () => {
  undoFetch();
  delete process.env.OPENAI_API_KEY;
  await web.close();
});

const logged = () => vi.spyOn(console, 'log').mockImplementation(() => {});
const errors = () => vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => vi.restoreAllMocks());

describe('messages: commands, keywords, mentions, other messages', () => {
  const h = () =>
    bot(
      [
        { when: { kind: 'command', name: 'Order' }, do: [{ kind: 'reply', text: 'Ordered {args} for {name} {unknown}' }] },
        { when: { kind: 'keyword', words: ['price', 'opening hours'] }, do: [{ kind: 'reply', text: 'Bread is 3 euros' }] },
        { when: { kind: 'keyword', words: ['hi'], whole: true }, do: [{ kind: 'reply', text: 'Hello!' }] },
        { when: { kind: 'mention' }, do: [{ kind: 'reply', text: 'You called?' }] },
        { when: { kind: 'message' }, do: [{ kind: 'reply', text: 'Sorry, I did not get that' }] },
      ],
      { settings: { timeZone: 'UTC', prefix: '/', unknownCommand: 'I do not know /{args}that' } },
    );

  it('a command runs its rules with {args}, cut at @ and in any case; unknown {x} stays', async () => {
    const b = h();
    expect(await b.texts('/order@MyBot  two rye loaves ')).toEqual(['Ordered two rye loaves for Ann {unknown}']);
    expect(await b.texts('/ORDER')).toEqual(['Ordered  for Ann {unknown}']);
  });

  it('help and start list the commands with their first text; another command answers unknownCommand', async () => {
    const b = h();
    expect(await b.texts('/help')).toEqual(['Commands:\n/Order - Ordered … for … …']);
    expect(await b.texts('/start')).toEqual(['Commands:\n/Order - Ordered … for … …']);
    expect(await b.texts('/nope')).toEqual(['I do not know /that']);
  });

  it('keywords match at word boundaries in any case, phrases too; whole needs the whole message', async () => {
    const b = h();
    expect(await b.texts("What's the PRICE?")).toEqual(['Bread is 3 euros']);
    expect(await b.texts('your opening hours please')).toEqual(['Bread is 3 euros']);
    expect(await b.texts('priceless')).toEqual(['Sorry, I did not get that']);
    expect(await b.texts(' Hi ')).toEqual(['Hello!']);
    expect(await b.texts('hi there')).toEqual(['Sorry, I did not get that']);
  });

  it('mention rules run when mentioned, after keywords; message rules only when nothing else ran', async () => {
    const b = h();
    expect(await b.texts('@bot the price', { mentioned: true })).toEqual(['Bread is 3 euros', 'You called?']);
    expect(await b.texts('@bot hello', { mentioned: true })).toEqual(['You called?']);
    expect(await b.texts('hello')).toEqual(['Sorry, I did not get that']);
  });

  it('without unknownCommand an unknown command gets no answer, and is no message for the message rules', async () => {
    const b = bot([{ when: { kind: 'message' }, do: [{ kind: 'reply', text: 'echo {name}' }] }]);
    expect(await b.texts('/whatever')).toEqual([]);
    expect(await b.texts('/help')).toEqual(['This bot has no commands yet.']);
  });
});

describe('join, leave, buttons and reactions', () => {
  it('run their rules: {name} is the member; a button by id; a reaction by emoji or any', async () => {
    const b = bot([
      { when: { kind: 'join' }, do: [{ kind: 'reply', text: 'Welcome {name}' }] },
      { when: { kind: 'leave' }, do: [{ kind: 'reply', text: 'Bye {name}' }] },
      { when: { kind: 'command', name: 'menu' }, do: [{ kind: 'buttons', text: 'Pick', buttons: [{ id: 'tea', label: 'Tea' }, { id: 'cake', label: 'Cake' }] }] },
      { when: { kind: 'button', id: 'cake' }, do: [{ kind: 'reply', text: 'Cake for {name}' }] },
      { when: { kind: 'reaction', emoji: '👍' }, do: [{ kind: 'reply', text: 'Thanks for the thumbs' }] },
      { when: { kind: 'reaction' }, do: [{ kind: 'reply', text: 'A reaction' }] },
    ]);
    expect(await b.texts('', { type: 'join', name: 'Dana' })).toEqual(['Welcome Dana']);
    expect(await b.texts('', { type: 'leave', name: 'Gus' })).toEqual(['Bye Gus']);
    expect(await b.send({ text: '/menu' })).toEqual([{ kind: 'send', chat: 'chat-1', text: 'Pick', buttons: [{ id: 'tea', label: 'Tea' }, { id: 'cake', label: 'Cake' }] }]);
    expect(await b.texts('Cake', { type: 'button', buttonId: 'cake' })).toEqual(['Cake for Ann']);
    expect(await b.texts('Tea', { type: 'button', buttonId: 'tea' })).toEqual([]);
    expect(await b.texts('', { type: 'reaction', emoji: '👍' })).toEqual(['Thanks for the thumbs', 'A reaction']);
    expect(await b.texts('', { type: 'reaction', emoji: '🔥' })).toEqual(['A reaction']);
  });
});

describe('conditions', () => {
  it('chat: the chat name or id, any case, with or without #', async () => {
    const b = bot([{ when: { kind: 'command', name: 'q' }, if: [{ kind: 'chat', name: '#Ask-Here' }], do: [{ kind: 'reply', text: 'ok' }] }]);
    expect(await b.texts('/q', { chatName: 'ask-here' })).toEqual(['ok']);
    expect(await b.texts('/q', { chatName: 'general' })).toEqual([]);
    expect(await b.texts('/q', { chat: 'ask-here' })).toEqual(['ok']);
  });

  it('admins: the adapter says who is one', async () => {
    const b = bot([{ when: { kind: 'command', name: 'reset' }, if: [{ kind: 'admins' }], do: [{ kind: 'reply', text: 'done' }] }]);
    b.admins.add('boss');
    expect(await b.texts('/reset')).toEqual([]);
    expect(await b.texts('/reset', { user: 'boss' })).toEqual(['done']);
  });

  it('hours: in the time zone, from <= t < to, weekdays, past midnight, outside', async () => {
    const b = bot(
      [
        { when: { kind: 'keyword', words: ['day'] }, if: [{ kind: 'hours', from: '09:00', to: '17:00', weekdays: [0, 1, 2, 3, 4] }], do: [{ kind: 'reply', text: 'open' }] },
        { when: { kind: 'keyword', words: ['night'] }, if: [{ kind: 'hours', from: '22:00', to: '02:00', weekdays: [4] }], do: [{ kind: 'reply', text: 'late' }] },
        { when: { kind: 'keyword', words: ['closed'] }, if: [{ kind: 'hours', from: '09:00', to: '17:00', outside: true }], do: [{ kind: 'reply', text: 'closed' }] },
      ],
      { settings: { timeZone: 'Europe/Berlin', prefix: '/' } },
    );
    const at = async (iso: string, text: string) => {
      b.clock = new Date(iso);
      return (await b.texts(text))[0] ?? null;
    };
    expect(await at('2025-01-06T08:00:00Z', 'day')).toBe('open'); // Monday 09:00 in Berlin (UTC+1)
    expect(await at('2025-01-06T07:59:00Z', 'day')).toBe(null); // 08:59
    expect(await at('2025-01-06T16:00:00Z', 'day')).toBe(null); // 17:00: the end is not inside
    expect(await at('2025-01-11T10:00:00Z', 'day')).toBe(null); // Saturday
    expect(await at('2025-01-10T21:30:00Z', 'night')).toBe('late'); // Friday 22:30
    expect(await at('2025-01-11T00:30:00Z', 'night')).toBe('late'); // Saturday 01:30, Friday's night
    expect(await at('2025-01-11T21:30:00Z', 'night')).toBe(null); // Saturday 22:30
    expect(await at('2025-01-06T18:00:00Z', 'closed')).toBe('closed');
    expect(await at('2025-01-06T10:00:00Z', 'closed')).toBe(null);
  });

  it('warnings: a warn rule before counts first; at the limit the sender is muted, others are not', async () => {
    const b = bot([
      { when: { kind: 'keyword', words: ['spam'] }, do: [{ kind: 'delete' }, { kind: 'warn', text: 'No spam, {name} ({count})' }] },
      { when: { kind: 'keyword', words: ['spam'] }, if: [{ kind: 'warnings', atLeast: 2 }], do: [{ kind: 'mute', minutes: 10, text: '{name} is muted' }] },
    ]);
    expect(await b.send({ text: 'spam' })).toEqual([
      { kind: 'delete', chat: 'chat-1', user: 'u1', text: 'spam' },
      { kind: 'send', chat: 'chat-1', text: 'No spam, Ann (1)' },
    ]);
    expect(await b.texts('spam', { user: 'u2', name: 'Bo' })).toEqual(['No spam, Bo (1)']);
    expect(await b.send({ text: 'more spam' })).toEqual([
      { kind: 'delete', chat: 'chat-1', user: 'u1', text: 'more spam' },
      { kind: 'send', chat: 'chat-1', text: 'No spam, Ann (2)' },
      { kind: 'mute', chat: 'chat-1', user: 'u1', minutes: 10 },
      { kind: 'send', chat: 'chat-1', text: 'Ann is muted' },
    ]);
    expect(await b.texts('spam', { chat: 'chat-2' })).toEqual(['No spam, Ann (1)']); // per chat
  });
});

describe('actions', () => {
  it('replyOneOf in turn goes round, and the turn survives a restart; at random picks one of them', async () => {
    const b = bot([
      { when: { kind: 'command', name: 'tip' }, do: [{ kind: 'replyOneOf', texts: ['one', 'two', 'three'], order: 'inTurn' }] },
      { when: { kind: 'command', name: 'any' }, do: [{ kind: 'replyOneOf', texts: ['a', 'b'] }] },
    ]);
    expect([...(await b.texts('/tip')), ...(await b.texts('/tip'))]).toEqual(['one', 'two']);
    b.restart();
    expect([...(await b.texts('/tip')), ...(await b.texts('/tip'))]).toEqual(['three', 'one']);
    for (let i = 0; i < 5; i++) expect(['a', 'b']).toContain((await b.texts('/any'))[0]);
  });

  it('lists: add, remove (any case), show, clear, per chat; they survive a restart; the file is replaced atomically', async () => {
    const b = bot([
      { when: { kind: 'command', name: 'add' }, do: [{ kind: 'list', list: 'shopping', op: 'add', text: 'Added {item}:\n{list}' }] },
      { when: { kind: 'command', name: 'remove' }, do: [{ kind: 'list', list: 'shopping', op: 'remove', text: 'Removed {item}' }] },
      { when: { kind: 'command', name: 'list' }, do: [{ kind: 'list', list: 'shopping', op: 'show', text: 'To buy:\n{list}', empty: 'Nothing to buy' }] },
      { when: { kind: 'command', name: 'clear' }, do: [{ kind: 'list', list: 'shopping', op: 'clear', text: 'Cleared' }] },
      { when: { kind: 'command', name: 'signup' }, do: [{ kind: 'list', list: 'players', op: 'add', item: 'sender', text: '{list}' }] },
      { when: { kind: 'command', name: 'players' }, do: [{ kind: 'list', list: 'players', op: 'show', text: '{list}' }] },
    ]);
    expect(await b.texts('/add')).toEqual(['Write what to add after the command, e.g. /add milk']);
    expect(await b.texts('/add Milk')).toEqual(['Added Milk:\n- Milk']);
    const first = statSync(b.dataFile).ino;
    expect(await b.texts('/add eggs')).toEqual(['Added eggs:\n- Milk\n- eggs']);
    expect(statSync(b.dataFile).ino).not.toBe(first); // a new file renamed over the old one, not written in place
    expect(readdirSync(b.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(JSON.parse(readFileSync(b.dataFile, 'utf8')).lists['chat-1'].shopping).toEqual(['Milk', 'eggs']);
    expect(await b.texts('/signup', { name: 'Bo', user: 'u2' })).toEqual(['- Bo']);
    b.restart();
    expect(await b.texts('/list')).toEqual(['To buy:\n- Milk\n- eggs']);
    expect(await b.texts('/players')).toEqual(['- Bo']);
    expect(await b.texts('/list', { chat: 'chat-2' })).toEqual(['Nothing to buy']);
    expect(await b.texts('/remove MILK')).toEqual(['Removed MILK']);
    expect(await b.texts('/clear')).toEqual(['Cleared']);
    expect(await b.texts('/list')).toEqual(['Nothing to buy']);
  });

  it('count and top: per user in the chat, highest first, N of them; empty says so', async () => {
    const b = bot([
      { when: { kind: 'message' }, do: [{ kind: 'count', counter: 'messages' }] },
      { when: { kind: 'command', name: 'mine' }, do: [{ kind: 'count', counter: 'visits' }, { kind: 'reply', text: 'Visit {count}' }] },
      { when: { kind: 'command', name: 'top' }, do: [{ kind: 'top', counter: 'messages', n: 2, text: 'Top:\n{top}' }] },
      { when: { kind: 'command', name: 'top3' }, do: [{ kind: 'top', counter: 'messages', n: 3, text: '{top}', empty: 'No one yet' }] },
    ]);
    expect(await b.texts('/top')).toEqual(['Nobody has any yet.']);
    expect(await b.texts('/top3')).toEqual(['No one yet']);
    for (const [user, name, n] of [['u1', 'Ann', 1], ['u2', 'Bo', 3], ['u3', 'Cy', 2]] as const) {
      for (let i = 0; i < n; i++) expect(await b.texts('hello', { user, name })).toEqual([]);
    }
    expect(await b.texts('/top')).toEqual(['Top:\n1. Bo: 3\n2. Cy: 2']);
    expect(await b.texts('/mine')).toEqual(['Visit 1']);
    expect(await b.texts('/mine')).toEqual(['Visit 2']);
  });

  it('ask: one question at a time, then done with {answers}, and the answers to the owner; a command drops it', async () => {
    const b = bot([
      { when: { kind: 'command', name: 'apply' }, do: [{ kind: 'ask', questions: ['Your name?', 'Your age?'], done: 'Thanks {name}!\n{answers}' }, { kind: 'reply', text: 'We will call you' }] },
      { when: { kind: 'command', name: 'ping' }, do: [{ kind: 'reply', text: 'pong' }] },
    ]);
    expect(await b.texts('/apply')).toEqual(['Your name?']);
    expect(await b.texts('hello', { user: 'u2' })).toEqual([]); // someone else's message is no answer
    expect(await b.texts('Ann Smith')).toEqual(['Your age?']);
    b.restart(); // the conversation is in the state file
    expect(await b.send({ text: '33' })).toEqual([
      { kind: 'send', chat: 'chat-1', text: 'Thanks Ann!\nYour name?: Ann Smith\nYour age?: 33' },
      { kind: 'send', chat: 'owner-1', text: 'New answers from Ann:\nYour name?: Ann Smith\nYour age?: 33' },
      { kind: 'send', chat: 'chat-1', text: 'We will call you' },
    ]);
    expect(await b.texts('/apply')).toEqual(['Your name?']);
    expect(await b.texts('/ping')).toEqual(['pong']);
    expect(await b.texts('Bo')).toEqual([]); // the conversation was dropped
  });

  it('quiz: right and wrong answers (any case), {value} the right answer, then {count} of {total}', async () => {
    const b = bot([
      {
        when: { kind: 'command', name: 'quiz' },
        do: [{ kind: 'quiz', questions: [{ question: 'Capital of France?', answer: 'Paris' }, { question: '2 + 2?', answer: '4' }], right: 'Right!', wrong: 'No, it is {value}', done: '{count} of {total}' }],
      },
    ]);
    expect(await b.texts('/quiz')).toEqual(['Capital of France?']);
    expect(await b.texts('  paris ')).toEqual(['Right!', '2 + 2?']);
    expect(await b.texts('5')).toEqual(['No, it is 4', '1 of 2']);
    expect(await b.texts('4')).toEqual([]);
  });

  it('convert: units both ways rounded to 2 decimals, currencies at the day rate; no number asks for one', async () => {
    const b = bot([
      { when: { kind: 'command', name: 'ctof' }, do: [{ kind: 'convert', from: 'C', to: 'F', text: '{args} C is {value} F' }] },
      { when: { kind: 'command', name: 'mi' }, do: [{ kind: 'convert', from: 'mi', to: 'km', text: '{value} km' }] },
      { when: { kind: 'command', name: 'usd' }, do: [{ kind: 'convert', from: 'eur', to: 'usd', text: '{value} USD' }] },
    ]);
    expect(await b.texts('/ctof 20')).toEqual(['20 C is 68 F']);
    expect(await b.texts('/ctof -3,5')).toEqual(['-3,5 C is 25.7 F']);
    expect(await b.texts('/mi 10')).toEqual(['16.09 km']);
    expect(await b.texts('/usd 10 euros')).toEqual(['11 USD']);
    expect(web.requests).toContain('GET /v6/latest/EUR');
    expect(await b.texts('/ctof')).toEqual(['Write a number after the command, e.g. /ctof 20']);
  });

  it('post, forward: to the channel or the owner; without the setting a log line names it and nothing is sent', async () => {
    const b = bot([
      { when: { kind: 'command', name: 'announce' }, do: [{ kind: 'post', text: 'News: {args}' }] },
      { when: { kind: 'command', name: 'tell' }, do: [{ kind: 'post', to: 'owner', text: '{name} says {args}' }] },
      { when: { kind: 'mention' }, do: [{ kind: 'forward' }] },
    ]);
    expect(await b.send({ text: '/announce open at 9' })).toEqual([{ kind: 'send', chat: 'channel-1', text: 'News: open at 9' }]);
    expect(await b.send({ text: '/tell hi' })).toEqual([{ kind: 'send', chat: 'owner-1', text: 'Ann says hi' }]);
    expect(await b.send({ text: '@bot help', mentioned: true, chatName: 'Bakery' })).toEqual([{ kind: 'send', chat: 'owner-1', text: 'Ann wrote in Bakery: @bot help' }]);
    b.channel = null;
    b.owner = null;
    const log = logged();
    expect(await b.send({ text: '/announce x' })).toEqual([]);
    expect(await b.send({ text: '/tell y' })).toEqual([]);
    expect(log.mock.calls.map((c) => c.slice(1).join(' '))).toEqual([
      'Rule r1 (message from Ann)',
      'Not sent (set TEST_CHANNEL_ID to send it): News: x',
      'Rule r2 (message from Ann)',
      'Not sent (set OWNER_CHAT_ID to send it): Ann says y',
    ]);
  });

  it("react, delete, kick, ban: the adapter's, then the text; a failing one is logged and ends the rule", async () => {
    const b = bot([
      { when: { kind: 'keyword', words: ['cake'] }, do: [{ kind: 'react', emoji: '🎂' }] },
      { when: { kind: 'command', name: 'out' }, do: [{ kind: 'kick', text: '{name} was removed' }, { kind: 'ban' }, { kind: 'reply', text: 'after' }] },
    ]);
    expect(await b.send({ text: 'cake!' })).toEqual([{ kind: 'react', chat: 'chat-1', user: 'u1', emoji: '🎂' }]);
    expect(await b.send({ text: '/out' })).toEqual([
      { kind: 'kick', chat: 'chat-1', user: 'u1' },
      { kind: 'send', chat: 'chat-1', text: 'Ann was removed' },
      { kind: 'ban', chat: 'chat-1', user: 'u1' },
      { kind: 'send', chat: 'chat-1', text: 'after' },
    ]);
    const error = errors();
    b.failing.add('ban');
    expect(await b.send({ text: '/out' })).toEqual([
      { kind: 'kick', chat: 'chat-1', user: 'u1' },
      { kind: 'send', chat: 'chat-1', text: 'Ann was removed' },
    ]);
    expect(error.mock.calls.flat().join(' ')).toContain('ban is not allowed here');
  });

  it('poll: from the argument ("A or B?", "Q? a, b, c") or the plan\'s question and options', async () => {
    const b = bot([
      { when: { kind: 'command', name: 'poll' }, do: [{ kind: 'poll', question: null, fromArgument: true }] },
      { when: { kind: 'command', name: 'lunch' }, do: [{ kind: 'poll', question: 'Lunch, {name}?', options: ['Pizza', 'Soup'] }] },
    ]);
    expect(await b.send({ text: '/poll Pizza or burgers?' })).toEqual([{ kind: 'poll', chat: 'chat-1', question: 'Pizza or burgers?', options: ['Pizza', 'burgers'] }]);
    expect(await b.send({ text: '/poll Where? park, beach, pool' })).toEqual([{ kind: 'poll', chat: 'chat-1', question: 'Where?', options: ['park', 'beach', 'pool'] }]);
    expect(await b.texts('/poll')).toEqual(['Write a question and its options after the command, e.g. /poll Pizza or burgers?']);
    expect(await b.send({ text: '/lunch' })).toEqual([{ kind: 'poll', chat: 'chat-1', question: 'Lunch, Ann?', options: ['Pizza', 'Soup'] }]);
  });

  it('data: weather, price, news, ai and translate from the web (loopback here); a failure says sorry and is logged', async () => {
    const b = bot([
      { when: { kind: 'command', name: 'weather' }, do: [{ kind: 'data', source: { kind: 'weather' }, text: 'Now: {value}' }] },
      { when: { kind: 'command', name: 'btc' }, do: [{ kind: 'data', source: { kind: 'price', coin: 'btc' } }] },
      { when: { kind: 'command', name: 'news' }, do: [{ kind: 'data', source: { kind: 'news', feedUrl: 'https://news.example.com/feed.xml', count: 2 } }] },
      { when: { kind: 'command', name: 'ask' }, do: [{ kind: 'data', source: { kind: 'ai', instructions: 'Answer as a baker' } }] },
      { when: { kind: 'message' }, do: [{ kind: 'data', source: { kind: 'translate', to: 'German' } }] },
    ]);
    expect(await b.texts('/weather Berlin')).toEqual(['Now: Berlin, Germany: partly cloudy, 12.5°C, wind 8 km/h']);
    expect(await b.texts('/weather Nowhere')).toEqual(['I could not find a place called Nowhere.']);
    expect(await b.texts('/weather')).toEqual(['Write a city after the command, e.g. /weather Paris']);
    expect(await b.texts('/btc')).toEqual(['64,123.46 USD']);
    expect(await b.texts('/news')).toEqual(['Fresh rye & spelt\nhttps://example.com/1\n\nOpen on Sunday\nhttps://example.com/2']);
    expect(await b.texts('/ask Is rye healthy?')).toEqual(['Model: Is rye healthy?']);
    expect(web.modelRequests.at(-1)).toEqual([{ role: 'system', content: 'Answer as a baker' }, { role: 'user', content: 'Is rye healthy?' }]);
    expect(await b.texts('Good morning')).toEqual(['Model: Good morning']);
    expect(web.modelRequests.at(-1)![0]!.content).toBe("Translate the user's message into German. Answer with the translation only.");
    web.bitcoinUsd = null;
    const error = errors();
    expect(await b.texts('/btc')).toEqual(['Sorry, I could not get that right now.']);
    expect(error.mock.calls[0]!.slice(1).join(' ')).toMatch(/^Getting the price failed: HTTP 500 from https:\/\/api\.coingecko\.com/);
    web.bitcoinUsd = 64123.456;
  });

  it('custom: an unwritten region logs that it is not written; written code runs with event, vars and say', async () => {
    const rules: Rules = [{ when: { kind: 'command', name: 'magic' }, do: [{ kind: 'custom', name: 'magic-trick', description: 'Does a trick' }, { kind: 'reply', text: 'after {trick}' }] }];
    const log = logged();
    expect(await bot(rules).texts('/magic')).toEqual(['after {trick}']);
    expect(log.mock.calls.map((c) => c[1])).toEqual(['Rule r1 (message from Ann)', 'custom code magic-trick is not written yet']);
    const written = "async function custom_magic_trick(event, vars, say) {\n  vars.trick = 'done';\n  await say('A trick for ' + event.name + ' with ' + vars.args);\n}";
    expect(await bot(rules, {}, { 'magic-trick': written }).texts('/magic cards')).toEqual(['A trick for Ann with cards', 'after done']);
  });
});

describe('schedules (tick with a test clock)', () => {
  it('times on weekdays fire once at their minute in the time zone, also across a restart in that minute', async () => {
    const b = bot([{ when: { kind: 'schedule', times: ['09:00', '18:30'], weekdays: [0, 2] }, do: [{ kind: 'post', text: 'Fresh bread!' }, { kind: 'reply', text: 'In the channel' }] }], {
      settings: { timeZone: 'Europe/Berlin', prefix: '/' },
    });
    expect(await b.tickAt('2025-01-06T07:59:40Z')).toEqual([]); // Monday 08:59 in Berlin
    expect(await b.tickAt('2025-01-06T08:00:05Z')).toEqual([
      { kind: 'send', chat: 'channel-1', text: 'Fresh bread!' },
      { kind: 'send', chat: 'channel-1', text: 'In the channel' },
    ]);
    expect(await b.tickAt('2025-01-06T08:00:25Z')).toEqual([]);
    b.restart();
    expect(await b.tickAt('2025-01-06T08:00:45Z')).toEqual([]);
    expect(await b.tickAt('2025-01-06T17:30:10Z')).toHaveLength(2); // 18:30
    expect(await b.tickAt('2025-01-07T08:00:10Z')).toEqual([]); // Tuesday
    expect(await b.tickAt('2025-01-08T08:00:10Z')).toHaveLength(2); // Wednesday
  });

  it('an offset moves the time, across midnight to the day before', async () => {
    const b = bot([
      { when: { kind: 'schedule', times: ['21:00'], weekdays: [3], offsetMinutes: -30 }, do: [{ kind: 'post', text: 'Game night in 30 minutes' }] },
      { when: { kind: 'schedule', times: ['00:10'], weekdays: [0], offsetMinutes: -30 }, do: [{ kind: 'post', text: 'Monday soon' }] },
    ]);
    expect(await b.tickAt('2025-01-09T21:00:00Z')).toEqual([]); // Thursday 21:00
    expect(await b.tickAt('2025-01-09T20:30:00Z')).toEqual([{ kind: 'send', chat: 'channel-1', text: 'Game night in 30 minutes' }]);
    expect(await b.tickAt('2025-01-13T00:10:00Z')).toEqual([]); // Monday 00:10
    expect(await b.tickAt('2025-01-12T23:40:00Z')).toEqual([{ kind: 'send', chat: 'channel-1', text: 'Monday soon' }]); // Sunday 23:40
    expect(await b.tickAt('2025-01-11T23:40:00Z')).toEqual([]); // Saturday 23:40: Sunday is no Monday
  });

  it('everyMinutes: one period after start, then each period; without a channel a log line says which setting', async () => {
    const b = bot([{ when: { kind: 'schedule', everyMinutes: 10 }, do: [{ kind: 'reply', text: 'Tick' }] }]);
    expect(await b.tickAt('2025-01-06T08:39:50Z')).toEqual([]); // started 08:30:00
    expect(await b.tickAt('2025-01-06T08:40:00Z')).toEqual([{ kind: 'send', chat: 'channel-1', text: 'Tick' }]);
    expect(await b.tickAt('2025-01-06T08:45:00Z')).toEqual([]);
    b.channel = null;
    const log = logged();
    expect(await b.tickAt('2025-01-06T08:50:00Z')).toEqual([]);
    expect(log.mock.calls.map((c) => c[1])).toEqual(['Rule r1 (schedule from the clock)', 'Not posted (set TEST_CHANNEL_ID to post it): Tick']);
  });

  it('threshold: runs once per crossing, with {value}', async () => {
    const b = bot([
      { when: { kind: 'schedule', everyMinutes: 1 }, if: [{ kind: 'threshold', source: { kind: 'price', coin: 'bitcoin' }, below: 50000 }], do: [{ kind: 'post', text: 'Bitcoin is cheap: {value}' }] },
    ]);
    const minute = async (n: number, usd: number) => {
      web.bitcoinUsd = usd;
      return (await b.tickAt(new Date(Date.parse('2025-01-06T08:30:00Z') + n * 60_000).toISOString())).map((c) => c.text);
    };
    expect(await minute(1, 60000)).toEqual([]);
    expect(await minute(2, 49000)).toEqual(['Bitcoin is cheap: 49,000.00 USD']);
    expect(await minute(3, 48000)).toEqual([]);
    expect(await minute(4, 51000)).toEqual([]);
    expect(await minute(5, 40000)).toEqual(['Bitcoin is cheap: 40,000.00 USD']);
    web.bitcoinUsd = 64123.456;
  });
});
