// The landing page's figures through the real app (fake clock, real tables): hidden below ten bots,
// bots are projects with a file, replies are the assistant's only, the count is kept a minute,
// uptime runs from the app's start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../../testing/fake-clock';
import { newUser } from '../../testing/fixtures';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { FIGURES_TTL_MS } from './landing-figures';

const clock = fakeClock();
let t: TestApp;
let started: number;
beforeAll(async () => {
  started = clock.now().getTime();
  t = await startTestApp({ LOG_LEVEL: 'warn' }, { clock });
});
afterAll(() => t.close());

/** Signed out, as the landing page asks. */
const figures = async () => {
  const res = await t.request('GET', '/trpc/landing.figures');
  expect(res.status).toBe(200);
  return res.body.result.data;
};
const nextMinute = () => clock.advance(FIGURES_TTL_MS + 1);

async function buildBots(token: string, n: number, withFile = true): Promise<void> {
  for (let i = 0; i < n; i++) {
    const projectId = (await t.request('POST', '/api/projects', { token, body: { name: `Bot ${i}` } })).body.id as string;
    if (withFile) {
      const saved = await t.request('PUT', `/api/projects/${projectId}/files/bot.py`, { token, body: { content: `print(${i})\n` } });
      expect(saved.status).toBe(200);
    }
  }
}

describe('landing.figures', () => {
  it('is null below ten bots; empty projects are not bots; the count is kept a minute, then taken again', async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    expect(await figures()).toBeNull();

    await buildBots(a.token, 5);
    await buildBots(b.token, 4);
    await buildBots(b.token, 3, false); // projects without a file: not built yet
    nextMinute();
    expect(await figures()).toBeNull(); // 9 bots

    await buildBots(b.token, 1);
    // Still the count of a moment ago: the database is not asked again within the minute.
    expect(await figures()).toBeNull();
    clock.advance(FIGURES_TTL_MS - 1_000);
    expect(await figures()).toBeNull();
    clock.advance(2_000);
    expect(await figures()).toMatchObject({ botsBuilt: 10, assistantReplies: 0 });
  });

  it("counts the assistant's replies only (not the person's messages), and another file in a bot is still one bot", async () => {
    const { token } = await newUser(t);
    const before = await figures();
    // One chat: the person's message and the assistant's reply (which writes a file into a new default bot).
    const chat = await t.request('POST', '/api/ai/chat', { token, body: { message: 'Make a Telegram bot that echoes', projectId: 'default' } });
    expect(chat.status).toBe(200);
    await t.request('PUT', '/api/projects/default/files/extra.py', { token, body: { content: 'print(2)\n' } });
    expect(await figures()).toMatchObject({ botsBuilt: before.botsBuilt, assistantReplies: before.assistantReplies }); // within the minute
    nextMinute();
    const after = await figures();
    expect(after.assistantReplies).toBe(before.assistantReplies + 1);
    expect(after.botsBuilt).toBe(before.botsBuilt + 1);
  });

  it('uptime counts from the start of the app, also while the counts are kept', async () => {
    const first = await figures();
    clock.advance(5_000);
    const later = await figures();
    expect(later.uptimeSeconds - first.uptimeSeconds).toBeGreaterThanOrEqual(5);
    expect(later.uptimeSeconds - first.uptimeSeconds).toBeLessThanOrEqual(7);
    // The fake clock moved minutes since the app started: the uptime follows it.
    const sinceStart = (clock.now().getTime() - started) / 1000;
    expect(sinceStart).toBeGreaterThan(180);
    expect(Math.abs(later.uptimeSeconds - sinceStart)).toBeLessThanOrEqual(2);
  });

  it('many requests at once share one count and agree', async () => {
    nextMinute();
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.request('GET', '/trpc/landing.figures')));
    const bodies = answers.map((r) => r.body.result.data);
    expect(new Set(bodies.map((b) => `${b.botsBuilt}/${b.assistantReplies}`)).size).toBe(1);
  });
});
