// Webhook mode: setWebhook's checks, getWebhookInfo, delivery of updates one at a time in order to
// a real HTTP endpoint on loopback (with the secret token header), retries with backoff and the
// recorded error, and a Bot API call in the webhook's answer. Real: emulator, HTTP server, timers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, until, type EmulatorHarness } from './emulator.fixture';
import type { WebhookDelivery } from './test-chats';

let h: EmulatorHarness;
let hook: { server: Server; port: number; received: Array<{ path: string; secret?: string; update: any }>; answer: (update: any) => { status: number; body?: string } };

beforeEach(async () => {
  h = await startEmulator();
  hook = { server: null as unknown as Server, port: 0, received: [], answer: () => ({ status: 200 }) };
  hook.server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const update = JSON.parse(body);
      hook.received.push({ path: req.url ?? '', secret: req.headers['x-telegram-bot-api-secret-token'] as string | undefined, update });
      const answer = hook.answer(update);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => hook.server.listen(0, '127.0.0.1', resolve));
  hook.port = (hook.server.address() as { port: number }).port;
});
afterEach(async () => {
  await h.close();
  hook.server.closeAllConnections();
  await new Promise((r) => hook.server.close(r));
});

/** What the engineer's side does: POST the body to the bot's own server on loopback, with the secret header. */
const toLoopback = (port: number): WebhookDelivery => async ({ url, secretToken, body }) => {
  const target = new URL(url);
  const res = await fetch(`http://127.0.0.1:${port}${target.pathname}${target.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secretToken ? { 'x-telegram-bot-api-secret-token': secretToken } : {}) },
    body,
  });
  return { status: res.status, body: await res.text() };
};

describe('setWebhook', () => {
  it("refuses what Telegram refuses: http, odd ports, bad secret tokens", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: 'http://bot.example.com/hook' }, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook'],
      [{ url: 'https://bot.example.com:3000/hook' }, 'Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443'],
      [{ url: 'https://bot.example.com/hook', secret_token: 'has space' }, 'Bad Request: secret token contains unallowed characters'],
      [{ url: 'https://bot.example.com/hook', secret_token: 'a'.repeat(257) }, 'Bad Request: secret token is too long'],
    ];
    for (const [params, description] of cases) expect((await h.api('setWebhook', params)).body).toEqual({ ok: false, error_code: 400, description });
    expect((await h.api('setWebhook', { url: 'https://bot.example.com:8443/hook', secret_token: 'Ab_9-z' })).body.ok).toBe(true);
  });

  it('getWebhookInfo tells the url, the pending count and max_connections; an empty url deletes the webhook', async () => {
    expect((await h.api('getWebhookInfo')).body.result).toEqual({ url: '', has_custom_certificate: false, pending_update_count: 0 });
    await h.api('setWebhook', { url: 'https://bot.example.com/hook', allowed_updates: ['message', 'callback_query'] });
    h.session.post({ text: 'waiting' });
    expect((await h.api('getWebhookInfo')).body.result).toEqual({
      url: 'https://bot.example.com/hook',
      has_custom_certificate: false,
      pending_update_count: 1,
      max_connections: 40,
      allowed_updates: ['message', 'callback_query'],
    });
    expect((await h.api('setWebhook', { url: 'https://bot.example.com/hook', allowed_updates: ['message', 'callback_query'] })).body.description).toBe('Webhook is already set');
    expect((await h.api('setWebhook', { url: '' })).body).toEqual({ ok: true, result: true, description: 'Webhook was deleted' });
    expect((await h.api('deleteWebhook')).body.description).toBe('Webhook is already deleted');
  });

  it('drop_pending_updates drops what waits', async () => {
    h.session.post({ text: 'old' });
    await h.api('setWebhook', { url: 'https://bot.example.com/hook', drop_pending_updates: true });
    expect((await h.api('getWebhookInfo')).body.result.pending_update_count).toBe(0);
    h.session.post({ text: 'new' });
    await h.api('deleteWebhook', { drop_pending_updates: 'true' });
    expect((await h.api('getUpdates')).body.result).toEqual([]);
  });
});

describe('delivery', () => {
  it('posts updates in order, one at a time, to the path with the secret header; waiting ones go once a delivery function is set', async () => {
    let inFlight = 0;
    let most = 0;
    hook.answer = () => ({ status: 200 });
    const slow: WebhookDelivery = async (request) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 30));
      try {
        return await toLoopback(hook.port)(request);
      } finally {
        inFlight--;
      }
    };
    await h.api('setWebhook', { url: 'https://bot.example.com/tg/hook?x=1', secret_token: 's3cret' });
    h.session.post({ text: 'one' });
    h.session.post({ text: 'two' });
    expect(hook.received).toHaveLength(0); // no bot running yet: updates wait
    expect((await h.api('getWebhookInfo')).body.result.pending_update_count).toBe(2);
    h.session.setWebhookDelivery(slow);
    expect(h.session.botListening()).toBe(true);
    h.session.post({ text: 'three' });
    await until(() => hook.received.length === 3, 5_000, 'three deliveries');
    expect(hook.received.map((r) => r.update.message.text)).toEqual(['one', 'two', 'three']);
    expect(hook.received.every((r) => r.path === '/tg/hook?x=1' && r.secret === 's3cret')).toBe(true);
    expect(most).toBe(1);
    expect((await h.api('getWebhookInfo')).body.result.pending_update_count).toBe(0);
  });

  it('a failing webhook is retried after a second and its error recorded; then delivery goes on', async () => {
    let failures = 1;
    hook.answer = () => (failures-- > 0 ? { status: 502 } : { status: 200 });
    await h.api('setWebhook', { url: 'https://bot.example.com/hook' });
    h.session.setWebhookDelivery(toLoopback(hook.port));
    const started = Date.now();
    h.session.post({ text: 'try again' });
    await until(() => hook.received.length === 1, 5_000, 'the first try');
    await until(async () => (await h.api('getWebhookInfo')).body.result.last_error_message, 2_000);
    const info = (await h.api('getWebhookInfo')).body.result;
    expect(info.last_error_message).toBe('Wrong response from the webhook: 502 Bad Gateway');
    expect(info.pending_update_count).toBe(1);
    await until(() => hook.received.length === 2, 5_000, 'the retry');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(4_000);
    expect((await h.api('getWebhookInfo')).body.result.pending_update_count).toBe(0);
  });

  it('an unreachable bot: the error is recorded, the update waits; a new delivery function (a restart) tries at once', async () => {
    await h.api('setWebhook', { url: 'https://bot.example.com/hook' });
    h.session.setWebhookDelivery(async () => {
      throw new Error('Connection refused');
    });
    h.session.post({ text: 'anyone?' });
    await until(async () => (await h.api('getWebhookInfo')).body.result.last_error_message === 'Connection refused', 3_000);
    h.session.setWebhookDelivery(toLoopback(hook.port));
    await until(() => hook.received.length === 1, 500, 'delivery right after the restart');
  });

  it('a JSON answer with a method is run as a Bot API call (replying through the webhook)', async () => {
    hook.answer = (update) => ({ status: 200, body: JSON.stringify({ method: 'sendMessage', chat_id: update.message.chat.id, text: 'Answered in the response' }) });
    await h.api('setWebhook', { url: 'https://bot.example.com/hook' });
    h.session.setWebhookDelivery(toLoopback(hook.port));
    h.session.post({ text: '/start' });
    await until(() => h.session.messages('private').some((m) => m.from === 'bot' && m.text === 'Answered in the response'), 5_000, 'the reply');
  });

  it('deleteWebhook stops delivery: later updates wait for getUpdates', async () => {
    await h.api('setWebhook', { url: 'https://bot.example.com/hook' });
    h.session.setWebhookDelivery(toLoopback(hook.port));
    await h.api('deleteWebhook');
    h.session.post({ text: 'for polling' });
    await new Promise((r) => setTimeout(r, 200));
    expect(hook.received).toHaveLength(0);
    expect((await h.api('getUpdates')).body.result[0].message.text).toBe('for polling');
  });
});
