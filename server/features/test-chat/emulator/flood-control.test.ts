// Flood limits: more than 30 messages a second, or 20 a minute in the group, answer 429 with
// retry_after; normal bots (a few replies per message) never meet them. Real: emulator, HTTP;
// a settable clock.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type EmulatorHarness } from './emulator.fixture';

let h: EmulatorHarness;
let now = 0;
beforeEach(async () => {
  now = Date.now();
  h = await startEmulator({ now: () => now });
});
afterEach(async () => h.close());

describe('flood control', () => {
  it('the 31st message within a second is refused with 429 and retry_after; a second later sending works', async () => {
    for (let i = 0; i < 30; i++) expect((await h.api('sendMessage', { chat_id: h.chatId.private, text: `m${i}` })).status).toBe(200);
    const refused = await h.api('sendMessage', { chat_id: h.chatId.private, text: 'one too many' });
    expect(refused).toEqual({ status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } } });
    expect(h.session.messages('private')).toHaveLength(30);
    now += 1_001;
    expect((await h.api('sendMessage', { chat_id: h.chatId.private, text: 'later' })).status).toBe(200);
  });

  it('the 21st message within a minute in the group is refused, with the seconds to wait', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await h.api('sendMessage', { chat_id: h.chatId.group, text: `g${i}` })).status).toBe(200);
      now += 1_100;
    }
    const refused = await h.api('sendMessage', { chat_id: h.chatId.group, text: 'too chatty' });
    expect(refused.status).toBe(429);
    expect(refused.body.parameters.retry_after).toBe(38);
    expect(refused.body.description).toBe('Too Many Requests: retry after 38');
    expect((await h.api('sendMessage', { chat_id: h.chatId.private, text: 'private is fine' })).status).toBe(200);
    now += 38_000;
    expect((await h.api('sendMessage', { chat_id: h.chatId.group, text: 'now fine' })).status).toBe(200);
  });

  it('a normal bot, three replies to each message of a chatty user, never meets the limits', async () => {
    for (let i = 0; i < 40; i++) {
      const chat = i % 2 === 0 ? 'private' : 'group';
      h.session.post({ text: `message ${i}`, chat });
      for (let r = 0; r < 3; r++) {
        expect((await h.api(r === 2 ? 'editMessageText' : 'sendMessage', r === 2 ? { chat_id: h.chatId[chat], message_id: h.session.messages(chat).at(-1)!.id, text: 'edited' } : { chat_id: h.chatId[chat], text: `reply ${r}` })).status).toBe(200);
      }
      now += 7_000;
    }
  });
});
