// The rendered WhatsApp bot runs for real: node and Express on a loopback port receive the Cloud
// API's webhook calls (signed with the app secret), and what the bot sends to the Graph API is
// received by a loopback server standing in for graph.facebook.com (the preload sends its address
// there). Checks texts, reply buttons, numbered buttons answered by number, reactions both ways,
// the owner as admin, scheduled posts to every recipient, and the verify and signature checks.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlan } from '../plans.fixture';
import { until } from './telegram-chat.harness';
import { startBot, startReceiver, type Receiver, type RunningBot } from './webhook-bot.harness';

const hhmm = (d: Date) => `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
const NOW = new Date();
const SECRET = 'app-secret';

const PLAN = newPlan(
  [
    { when: { kind: 'command', name: 'order' }, do: [{ kind: 'reply', text: 'One {args} for {name}, coming up' }] },
    { when: { kind: 'command', name: 'menu' }, do: [{ kind: 'buttons', text: 'What would you like?', buttons: [{ id: 'bread', label: 'Bread' }, { id: 'cake', label: 'Cake' }] }] },
    {
      when: { kind: 'command', name: 'big' },
      do: [{ kind: 'buttons', text: 'Pick a loaf', buttons: ['rye', 'spelt', 'wheat', 'oat'].map((id) => ({ id, label: id[0]!.toUpperCase() + id.slice(1) })) }],
    },
    { when: { kind: 'button', id: 'cake' }, do: [{ kind: 'reply', text: 'Cake it is, {name}' }] },
    { when: { kind: 'button', id: 'spelt' }, do: [{ kind: 'reply', text: 'Spelt it is' }] },
    { when: { kind: 'command', name: 'quiz' }, do: [{ kind: 'quiz', questions: [{ question: '1+1?', answer: '2' }], right: 'Right!', wrong: 'No: {value}', done: 'Done' }] },
    { when: { kind: 'keyword', words: ['cake'] }, do: [{ kind: 'react', emoji: '🎉' }] },
    { when: { kind: 'reaction', emoji: '❤' }, do: [{ kind: 'reply', text: 'Thanks for the heart, {name}' }] },
    { when: { kind: 'command', name: 'reset' }, if: [{ kind: 'admins' }], do: [{ kind: 'reply', text: 'Reset done' }] },
    { when: { kind: 'schedule', times: [hhmm(NOW), hhmm(new Date(NOW.getTime() + 60_000))] }, do: [{ kind: 'post', text: 'Fresh bread is ready!' }] },
  ],
  { platform: 'whatsapp' },
);

describe('the rendered WhatsApp bot answers webhook calls through the Graph API', () => {
  let graph: Receiver;
  let bot: RunningBot;
  let nextId = 1;

  beforeAll(async () => {
    graph = await startReceiver(() => ({ messages: [{ id: 'wamid.out' }] }));
    bot = await startBot(
      PLAN,
      { WHATSAPP_TOKEN: 'token', WHATSAPP_PHONE_NUMBER_ID: '1055', WHATSAPP_VERIFY_TOKEN: 'verify-me', WHATSAPP_APP_SECRET: SECRET, WHATSAPP_RECIPIENTS: '4911, 4922', OWNER_CHAT_ID: '+49 170 99' },
      { 'https://graph.facebook.com': graph.baseUrl },
    );
  }, 30_000);
  afterAll(async () => {
    await bot?.stop();
    await graph?.close();
  });

  /** Posts one incoming message of `from` the way Meta does (signed), returns its id. */
  const receive = async (from: string, message: Record<string, unknown>, signature?: string) => {
    const id = `wamid.in${nextId++}`;
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ changes: [{ field: 'messages', value: { contacts: [{ wa_id: from, profile: { name: 'Ann' } }], messages: [{ from, id, timestamp: '1', ...message }] } }] }],
    });
    const sign = signature ?? `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
    const response = await fetch(`${bot.baseUrl}/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign }, body });
    return { id, status: response.status };
  };
  const text = (from: string, body: string) => receive(from, { type: 'text', text: { body } });
  /** Waits for the bot's message to `to` matching `check`, after the ones seen before. */
  const sent = async (to: string, check: (m: Record<string, unknown>) => boolean, what: string) => {
    const found = await until(() => graph.received.find((r) => r.body.to === to && check(r.body)), 10_000, () => `${what}\n${JSON.stringify(graph.received.map((r) => r.body))}\n${bot.output()}`);
    expect(found.path).toBe('/v21.0/1055/messages');
    return found.body;
  };
  const says = (to: string, body: string) => sent(to, (m) => (m.text as { body?: string } | undefined)?.body === body, body);

  it('answers Meta\'s verify check with the challenge, only with the verify token', async () => {
    const check = (token: string) => fetch(`${bot.baseUrl}/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=42`);
    expect(await (await check('verify-me')).text()).toBe('42');
    expect((await check('wrong')).status).toBe(403);
  });

  it('answers a text with the plan\'s words, in the sender\'s chat, with the contact\'s name', async () => {
    expect((await text('4930', '/order rye')).status).toBe(200);
    expect(await says('4930', 'One rye for Ann, coming up')).toMatchObject({ messaging_product: 'whatsapp', type: 'text' });
  });

  it('refuses a call with a bad signature', async () => {
    expect((await receive('4930', { type: 'text', text: { body: '/order cake' } }, 'sha256=bad')).status).toBe(403);
  });

  it('two buttons are reply buttons b:<id>; a press runs the button rule', async () => {
    await text('4931', '/menu');
    const menu = await sent('4931', (m) => m.type === 'interactive', 'the reply buttons');
    expect(menu.interactive).toEqual({
      type: 'button',
      body: { text: 'What would you like?' },
      action: { buttons: [{ type: 'reply', reply: { id: 'b:bread', title: 'Bread' } }, { type: 'reply', reply: { id: 'b:cake', title: 'Cake' } }] },
    });
    await receive('4931', { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'b:cake', title: 'Cake' } } });
    await says('4931', 'Cake it is, Ann');
  });

  it('four buttons are numbered lines; a reply of the number presses one, and then a number is a number again', async () => {
    await text('4932', '/big');
    await says('4932', 'Pick a loaf\n1. Rye\n2. Spelt\n3. Wheat\n4. Oat\n(Reply with the number or the name.)');
    await text('4932', '2');
    await says('4932', 'Spelt it is');
    await text('4932', '/quiz');
    await says('4932', '1+1?');
    await text('4932', '2');
    await says('4932', 'Right!');
  });

  it('reacts to a keyword, and a received reaction runs the reaction rule (❤️ is the plan\'s ❤)', async () => {
    const cake = await text('4933', 'cake please');
    expect(await sent('4933', (m) => m.type === 'reaction', 'the reaction')).toMatchObject({ reaction: { message_id: cake.id, emoji: '🎉' } });
    await receive('4933', { type: 'reaction', reaction: { message_id: 'wamid.out', emoji: '❤️' } });
    await says('4933', 'Thanks for the heart, Ann');
  });

  it('the owner (OWNER_CHAT_ID, written any way) is the admin', async () => {
    await text('4934', '/reset');
    await text('4917099', '/reset');
    await says('4917099', 'Reset done');
    expect(graph.received.filter((r) => r.body.to === '4934')).toEqual([]);
  });

  it('a schedule at this minute posts to every number of WHATSAPP_RECIPIENTS', async () => {
    await says('4911', 'Fresh bread is ready!');
    await says('4922', 'Fresh bread is ready!');
  });
});
