// The rendered HTTP webhook bot answers for real: started with node on a loopback port, it is sent
// every rule kind it can do over HTTP and must answer {replies} with the plan's own words; posts to
// the owner and the channel (and the schedule) reach POST_WEBHOOK_URL, a loopback receiver. Real:
// node, the bot's http server, a loopback model; other web calls fail (weather says sorry).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlan } from '../plans.fixture';
import { until } from './telegram-chat.harness';
import { startWebServices, type WebServices } from './web-services.fixture';
import { startBot, startReceiver, type Receiver, type RunningBot } from './webhook-bot.harness';

const hhmm = (d: Date) => `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
const NOW = new Date();

const PLAN = newPlan(
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
    { when: { kind: 'command', name: 'lunch' }, do: [{ kind: 'poll', question: 'Lunch?', options: ['Pizza', 'Soup'] }] },
    { when: { kind: 'command', name: 'tell' }, do: [{ kind: 'post', to: 'owner', text: 'Note: {args}' }, { kind: 'reply', text: 'Told' }] },
    { when: { kind: 'command', name: 'announce' }, do: [{ kind: 'post', to: 'channel', text: 'News: {args}' }] },
    { when: { kind: 'command', name: 'weather' }, do: [{ kind: 'data', source: { kind: 'weather', city: 'Berlin' } }] },
    { when: { kind: 'command', name: 'ask' }, do: [{ kind: 'data', source: { kind: 'ai', instructions: 'You are a baker' } }] },
    { when: { kind: 'command', name: 'magic' }, do: [{ kind: 'custom', name: 'magic', description: 'a trick' }, { kind: 'reply', text: 'Ta-da' }] },
    { when: { kind: 'command', name: 'reset' }, if: [{ kind: 'admins' }], do: [{ kind: 'reply', text: 'Reset done' }] },
    { when: { kind: 'command', name: 'where' }, if: [{ kind: 'chat', name: 'kitchen' }], do: [{ kind: 'reply', text: 'In the kitchen' }] },
    { when: { kind: 'keyword', words: ['darn'] }, do: [{ kind: 'warn', text: 'Please be polite, {name} (warning {count})' }] },
    { when: { kind: 'keyword', words: ['darn'] }, if: [{ kind: 'warnings', atLeast: 2 }], do: [{ kind: 'reply', text: 'Last warning, {name}' }] },
    { when: { kind: 'keyword', words: ['cake'] }, do: [{ kind: 'react', emoji: '🎉' }] },
    { when: { kind: 'mention' }, do: [{ kind: 'forward' }] },
    { when: { kind: 'schedule', times: [hhmm(NOW), hhmm(new Date(NOW.getTime() + 60_000))] }, do: [{ kind: 'post', text: 'Fresh bread is ready!' }] },
    { when: { kind: 'message' }, do: [{ kind: 'reply', text: 'Sorry {name}, I only know bread' }] },
  ],
  { platform: 'generic', settings: { timeZone: 'UTC', prefix: '/', unknownCommand: 'I do not know that command' } },
);

describe('the rendered HTTP webhook bot answers over HTTP', () => {
  let web: WebServices;
  let outgoing: Receiver;
  let bot: RunningBot;

  beforeAll(async () => {
    web = await startWebServices();
    outgoing = await startReceiver();
    bot = await startBot(PLAN, { OPENAI_API_KEY: 'sk-loopback', OPENAI_BASE_URL: `${web.baseUrl}/v1`, POST_WEBHOOK_URL: `${outgoing.baseUrl}/posts`, OWNER_CHAT_ID: 'boss', WEBHOOK_SECRET: 's3cret' });
  }, 30_000);
  afterAll(async () => {
    await bot?.stop();
    await outgoing?.close();
    await web?.close();
  });

  const call = async (path: string, body: unknown, secret = 's3cret') => {
    const response = await fetch(`${bot.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-secret': secret }, body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { replies?: unknown[]; reactions?: string[]; error?: string } };
  };
  /** What the bot answers to a message of Ann (or whoever `as` says) in her chat. */
  const say = async (text: string, as: Record<string, unknown> = {}) => {
    const answer = await call('/message', { chat: 'ann-chat', user: 'ann', name: 'Ann', text, ...as });
    expect(answer.status, `${text}\n${bot.output()}`).toBe(200);
    return answer.body.replies;
  };

  it('commands with {args} and {name}, keywords, hours, replies in turn, unknown commands, help and other messages', async () => {
    expect(await say('/order rye loaf')).toEqual(['One rye loaf for Ann, coming up']);
    expect(await say('what is the price?')).toEqual(['Bread is 3 euros']);
    expect(await say('are you open')).toEqual(['We are open']);
    expect(await say('/tip')).toEqual(['Rye keeps longest']);
    expect(await say('/tip')).toEqual(['Spelt is nutty']);
    expect(await say('/nothing')).toEqual(['I do not know that command']);
    expect(((await say('/help')) as string[])[0]).toMatch(/^Commands:\n\/order - One … for …, coming up\n\/tip - Rye keeps longest/);
    expect(await say('tell me a joke', { mentioned: false })).toEqual(['Sorry Ann, I only know bread']);
  });

  it('buttons come back as {text, buttons}; a press by /button or by a buttonId runs the button rule', async () => {
    expect(await say('/menu')).toEqual([{ text: 'What would you like?', buttons: [{ id: 'bread', label: 'Bread' }, { id: 'cake', label: 'Cake' }] }]);
    expect((await call('/button', { chat: 'ann-chat', user: 'ann', name: 'Ann', buttonId: 'cake' })).body).toEqual({ replies: ['Cake it is, Ann'] });
    expect((await call('/message', { chat: 'ann-chat', name: 'Bo', buttonId: 'cake' })).body).toEqual({ replies: ['Cake it is, Bo'] });
  });

  it('ask sends the answers to the owner at POST_WEBHOOK_URL; quiz; lists, counters and top; convert; polls as text', async () => {
    expect(await say('/apply')).toEqual(['What is your name?']);
    expect(await say('Ann Baker')).toEqual(['Thanks, we got it']);
    const answers = { path: '/posts', body: { text: 'New answers from Ann:\nWhat is your name?: Ann Baker', to: 'owner' } };
    await until(() => outgoing.received.find((r) => r.body.text === answers.body.text), 5_000, () => 'the answers at POST_WEBHOOK_URL');
    expect(outgoing.received).toContainEqual(answers);
    expect(await say('/quiz')).toEqual(['Which grain is in rye bread?']);
    expect(await say('RYE')).toEqual(['Right!', 'You got 1 of 1']);
    expect(await say('/add')).toEqual(['Write what to add after the command, e.g. /add milk']);
    expect(await say('/add flour')).toEqual(['Added flour']);
    expect(await say('/list')).toEqual(['To buy:\n- flour']);
    expect(await say('/list', { chat: 'other-chat' })).toEqual(['The list is empty.']);
    expect(await say('/visit')).toEqual(['Visit number 1']);
    expect(await say('/visit')).toEqual(['Visit number 2']);
    expect(await say('/top')).toEqual(['Top visitors:\n1. Ann: 2']);
    expect(await say('/ctof 100')).toEqual(['That is 212 F']);
    expect(await say('/poll Pizza or burgers?')).toEqual(['📊 Pizza or burgers?\n1. Pizza\n2. burgers']);
    expect(await say('/lunch')).toEqual(['📊 Lunch?\n1. Pizza\n2. Soup']);
  });

  it('posts to the owner and the channel go to POST_WEBHOOK_URL; a mention is forwarded there', async () => {
    expect(await say('/tell buy yeast')).toEqual(['Told']);
    expect(await say('/announce we open at 8')).toEqual([]);
    // Addressed to the bot (the default): the mention rule forwards it, so the message rule does not answer.
    expect(await say('hello bakers', { chat: 'kitchen' })).toEqual([]);
    await until(() => outgoing.received.some((r) => r.body.text === 'Ann wrote in a private chat: hello bakers'), 5_000, () => 'the forwarded mention');
    expect(outgoing.received.map((r) => r.body)).toEqual(
      expect.arrayContaining([
        { text: 'Note: buy yeast', to: 'owner' },
        { text: 'News: we open at 8', to: 'channel' },
        { text: 'Ann wrote in a private chat: hello bakers', to: 'owner' },
      ]),
    );
  });

  it('weather without internet says sorry, the model answers, custom code logs, admins and chat conditions', async () => {
    expect(await say('/weather')).toEqual(['Sorry, I could not get that right now.']);
    expect(await say('/ask is rye healthy?')).toEqual(['Model: is rye healthy?']);
    expect(web.modelRequests.at(-1)![0]).toEqual({ role: 'system', content: 'You are a baker' });
    expect(await say('/magic')).toEqual(['Ta-da']);
    expect(bot.output()).toContain('custom code magic is not written yet');
    expect(await say('/reset')).toEqual([]);
    expect(await say('/reset', { user: 'boss', name: 'Boss' })).toEqual(['Reset done']);
    expect(await say('/where')).toEqual([]);
    expect(await say('/where', { chat: 'kitchen' })).toEqual(['In the kitchen']);
  });

  it('warnings count per person; reactions come back beside the replies', async () => {
    expect(await say('darn it', { mentioned: false })).toEqual(['Please be polite, Ann (warning 1)']);
    expect(await say('darn again', { mentioned: false })).toEqual(['Please be polite, Ann (warning 2)', 'Last warning, Ann']);
    expect(await say('darn', { user: 'bo', name: 'Bo', mentioned: false })).toEqual(['Please be polite, Bo (warning 1)']);
    expect((await call('/message', { chat: 'ann-chat', user: 'ann', text: 'cake for everyone', mentioned: false })).body).toEqual({ replies: [], reactions: ['🎉'] });
  });

  it('a schedule at this minute posts to POST_WEBHOOK_URL', async () => {
    await until(() => outgoing.received.find((r) => r.body.text === 'Fresh bread is ready!'), 10_000, () => `the scheduled post\n${bot.output()}`);
    expect(outgoing.received.filter((r) => r.body.text === 'Fresh bread is ready!')).toEqual([{ path: '/posts', body: { text: 'Fresh bread is ready!', to: 'channel' } }]);
  });

  it('refuses callers without WEBHOOK_SECRET, messages without text and other paths', async () => {
    expect(await call('/message', { text: 'hi' }, 'wrong')).toEqual({ status: 401, body: { error: 'Unauthorized' } });
    expect((await call('/message', { user: 'ann' })).status).toBe(400);
    expect((await call('/nowhere', { text: 'hi' })).status).toBe(404);
    expect(await (await fetch(`${bot.baseUrl}/health`)).json()).toEqual({ status: 'ok', bot: 'Test bot' });
  });
});
