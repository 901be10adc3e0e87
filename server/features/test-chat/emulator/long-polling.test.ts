// getUpdates long polling over real HTTP: held until an update or the timeout, offsets confirm,
// one poller at a time (409 for the one that waited), none while a webhook is set, and a poll whose
// client went away leaves no timer behind. Real: emulator, HTTP, timers.
import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, until, type EmulatorHarness } from './emulator.fixture';

let h: EmulatorHarness;
beforeEach(async () => {
  h = await startEmulator();
});
afterEach(async () => h.close());

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('getUpdates', () => {
  it('holds the request and answers as soon as an update arrives', async () => {
    const started = Date.now();
    const poll = h.api('getUpdates', { timeout: 20 });
    await new Promise((r) => setTimeout(r, 300));
    h.session.post({ text: 'wake up' });
    const answer = await poll;
    const took = Date.now() - started;
    expect(answer.body.result).toHaveLength(1);
    expect(answer.body.result[0].message.text).toBe('wake up');
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(3_000);
  });

  it('an idle poll with timeout=1 is held about a second and answers []; timeout=0 answers at once', async () => {
    let started = Date.now();
    expect((await h.api('getUpdates', { timeout: 1 })).body).toEqual({ ok: true, result: [] });
    const held = Date.now() - started;
    expect(held).toBeGreaterThanOrEqual(950);
    expect(held).toBeLessThan(2_500);
    started = Date.now();
    expect((await h.api('getUpdates', { timeout: 0 })).body.result).toEqual([]);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('an idle bot polling with timeout=50 makes no request in between: its one poll is still held after 2 s', async () => {
    let answered = false;
    const controller = new AbortController();
    const poll = h.api('getUpdates', { timeout: 50 }, { signal: controller.signal }).then(
      () => (answered = true),
      () => undefined,
    );
    await new Promise((r) => setTimeout(r, 2_000));
    expect(answered).toBe(false);
    controller.abort();
    await poll;
  });

  it('update ids increase; an offset confirms earlier updates, a negative one keeps the last ones; limit caps', async () => {
    for (const text of ['a', 'b', 'c']) h.session.post({ text });
    const all = (await h.api('getUpdates')).body.result;
    expect(all.map((u: any) => u.message.text)).toEqual(['a', 'b', 'c']);
    expect(all[1].update_id).toBe(all[0].update_id + 1);
    expect((await h.api('getUpdates')).body.result).toHaveLength(3); // nothing confirmed yet
    expect((await h.api('getUpdates', { limit: 2 })).body.result).toHaveLength(2);
    const rest = (await h.api('getUpdates', { offset: all[1].update_id })).body.result;
    expect(rest.map((u: any) => u.message.text)).toEqual(['b', 'c']);
    expect((await h.api('getUpdates', { offset: -1 })).body.result.map((u: any) => u.message.text)).toEqual(['c']);
    expect((await h.api('getUpdates', { offset: all[2].update_id + 1 })).body.result).toEqual([]);
    h.session.post({ text: 'd' });
    const next = (await h.api('getUpdates')).body.result;
    expect(next[0].update_id).toBeGreaterThan(all[2].update_id);
  });

  it('offset and timeout as strings (a form) work the same', async () => {
    h.session.post({ text: 'x' });
    const id = (await h.api('getUpdates')).body.result[0].update_id;
    const res = await fetch(`${h.baseUrl}/bot${h.session.token}/getUpdates`, { method: 'POST', body: new URLSearchParams({ offset: String(id + 1), timeout: '0' }) });
    expect((await res.json()).result).toEqual([]);
  });

  it('a second poller ends the waiting one with 409 Conflict; the second proceeds; the session counts both polls and the conflict', async () => {
    const before = h.session.polling();
    const first = h.api('getUpdates', { timeout: 20 });
    await new Promise((r) => setTimeout(r, 200));
    const second = h.api('getUpdates', { timeout: 20 });
    const ended = await first;
    expect(ended).toEqual({
      status: 409,
      body: { ok: false, error_code: 409, description: 'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running' },
    });
    h.session.post({ text: 'for the second' });
    expect((await second).body.result[0].message.text).toBe('for the second');
    expect(h.session.polling()).toEqual({ polls: before.polls + 2, conflicts: before.conflicts + 1 });
  });

  it('while a webhook is set getUpdates answers 409; deleteWebhook makes it work again', async () => {
    expect((await h.api('setWebhook', { url: 'https://bot.example.com/hook' })).body).toEqual({ ok: true, result: true, description: 'Webhook was set' });
    expect(await h.api('getUpdates')).toEqual({
      status: 409,
      body: { ok: false, error_code: 409, description: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first" },
    });
    expect((await h.api('deleteWebhook')).body).toEqual({ ok: true, result: true, description: 'Webhook was deleted' });
    expect((await h.api('getUpdates')).body.ok).toBe(true);
  });

  it('allowed_updates is remembered: callback_query left out stays out until allowed again', async () => {
    const sent = (await h.api('sendMessage', { chat_id: h.chatId.private, text: 'Pick', reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] } })).body.result;
    await h.api('getUpdates', { allowed_updates: ['message'] });
    h.session.post({ callbackData: 'a', messageId: sent.message_id });
    h.session.post({ text: 'a message' });
    expect((await h.api('getUpdates')).body.result.map((u: any) => Object.keys(u)[1])).toEqual(['message']);
    await h.api('getUpdates', { allowed_updates: JSON.stringify([]) });
    h.session.post({ callbackData: 'a', messageId: sent.message_id });
    expect((await h.api('getUpdates')).body.result.map((u: any) => Object.keys(u)[1])).toEqual(['message', 'callback_query']);
  });

  it('a poll whose client went away ends at once and leaves no timer', async () => {
    const before = timers();
    const controller = new AbortController();
    const call = h.session.call('getUpdates', { timeout: 50 }, new Map(), { signal: controller.signal });
    expect(timers()).toBe(before + 1);
    controller.abort();
    expect(await call).toEqual({ ok: true, result: [] });
    expect(timers()).toBe(before);
  });

  it('over HTTP: closing the connection of a held poll ends it on the server', async () => {
    const url = new URL(`${h.baseUrl}/bot${h.session.token}/getUpdates?timeout=50`);
    const req = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, agent: false });
    req.on('error', () => undefined);
    req.end();
    await until(() => h.session.pollHeld(), 5_000, 'the poll to be held');
    req.destroy();
    await until(() => !h.session.pollHeld(), 5_000, 'the poll to end');
  });

  it("botRestarted ends the old process's poll with [] and keeps the conversation and unconfirmed updates", async () => {
    h.session.post({ text: 'before' });
    const id = (await h.api('getUpdates')).body.result[0].update_id;
    const held = h.api('getUpdates', { timeout: 20, offset: id + 1 });
    await until(() => h.session.botListening(), 5_000, 'the poll');
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    h.session.botRestarted();
    expect(h.session.botListening()).toBe(false);
    expect(await held).toEqual({ status: 200, body: { ok: true, result: [] } });
    expect(Date.now() - started).toBeLessThan(1_000);
    h.session.post({ text: 'unconfirmed' });
    h.session.botRestarted();
    expect((await h.api('getUpdates')).body.result.map((u: any) => u.message.text)).toEqual(['unconfirmed']);
    expect(h.session.messages('private').map((m) => m.text)).toEqual(['before', 'unconfirmed']);
  });
});
