// The server prepares and tries the bots the assistant builds: a Telegram bot in JavaScript is started
// in test mode with no click and its plan checked in the test chat, the reply says "Checked in the
// test chat: N of N"; a bot whose code does not do what its plan says fails its check, with what came
// back; a Python bot whose packages cannot be installed (no index) is read instead, and the reply says
// it was not run. Real: app, sandbox, emulator, Telegraf (copied from this repository's packages).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testing/test-app';
import { newUser } from '../../../testing/fixtures';
import { copyPackages, publishPackages } from '../../../testing/node-packages';
import { startNpmRegistry, type NpmRegistry } from '../../../testing/package-index';
import { plansOf } from '../../ai/bot-plans';
import { planChecks } from './checks-of-plan';
import { runPlanChecks } from './run-checks';

const BAKERY = `Telegram bot in JavaScript for my bakery:
- /menu should reply 'Sourdough 5€, croissant 2€'
- if someone writes hello or hi, answer 'Hi! Fresh bread every day from 7.'
- welcome new members with 'Welcome {name}, glad you are here!'`;

const emptyWheels = mkdtempSync(path.join(tmpdir(), 'no-wheels-'));
chmodSync(emptyWheels, 0o755); // the install's sandbox reads it as another uid
let t: TestApp;
let registry: NpmRegistry;
beforeAll(async () => {
  // npm packages come from a registry on loopback holding Telegraf as this repository installed it;
  // Python packages only from an empty folder of wheels: no index can be reached from here.
  registry = await startNpmRegistry();
  publishPackages(registry, ['telegraf']);
  t = await startTestApp({ ASSISTANT_CHECKS: 'on', RUNNER_STOP_GRACE_MS: '300', RUNNER_PIP_FIND_LINKS: emptyWheels, RUNNER_NPM_REGISTRY: registry.url });
});
afterAll(async () => {
  await t?.close();
  await registry?.close();
  rmSync(emptyWheels, { recursive: true, force: true });
});

/** A person with a bot (project) whose packages already hold Telegraf. */
async function botWithTelegraf() {
  const user = await newUser(t);
  const created = await t.request('POST', '/api/projects', { token: user.token, body: { name: 'Bakery' } });
  expect(created.status).toBe(200);
  const projectId: string = created.body.id;
  const packagesDir = await t.app.deps.packageVolumes.dir(projectId, true);
  copyPackages(['telegraf'], path.join(packagesDir!, 'node_modules'));
  return { user, projectId };
}

describe('the assistant checks the bots it builds', () => {
  it('a JavaScript Telegram bot: installed already, started in test mode, every rule of its plan checked', async () => {
    const { user, projectId } = await botWithTelegraf();
    const res = await t.request('POST', '/api/ai/chat', { token: user.token, body: { message: BAKERY, projectId } });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('**Checked in the test chat: 4 of 4.** The bot is running in test mode');
    expect(res.body.message).toMatch(/```bot-checks telegram_bot\.js\n✓ When someone sends \/start/);
    expect(res.body.message).toContain('  you: /menu\n  bot: Sourdough 5€, croissant 2€');
    expect(res.body.message).toContain('  Dana joins the group\n  bot: Welcome Dana, glad you are here!');
    // The checks took the place of the line that sent the person to the test chat.
    expect(res.body.message).not.toContain('**Try it now**');
    // The stored reply says it too, and the bot is left running in test mode for "Try it".
    const messages = await t.request('GET', `/api/chat/messages?projectId=${projectId}`, { token: user.token });
    expect(messages.body.messages?.[0]?.content ?? messages.body[0]?.content).toContain('Checked in the test chat: 4 of 4');
    const fileId: string = res.body.createdFile.id;
    expect(t.app.deps.runs.state(user.id, fileId)).toMatchObject({ mode: 'test', live: true });
    // Nothing was charged for the checks: one message, 5 credits.
    const me = await t.request('GET', '/api/auth/me', { token: user.token });
    expect(me.body.credits ?? me.body.user?.credits).toBe(res.body.credits);

    // The checks are kept as the bot's saved chats, and replaying them passes.
    const saved = await t.request('GET', `/api/test-chat/${fileId}/saved`, { token: user.token });
    expect(saved.body.saved.map((c: { name: string }) => c.name).sort()).toEqual(['Checked by the assistant', 'Checked by the assistant (group)']);
    const replay = await t.request('POST', `/api/test-chat/${fileId}/saved/run`, { token: user.token, body: {} });
    expect(replay.body.results.map((r: { passed: boolean }) => r.passed)).toEqual([true, true]);

    // The go-live list: the token is still to set; packages in; checked on this version; a polling bot needs no address.
    const list = await t.request('GET', `/api/files/${fileId}/go-live`, { token: user.token });
    expect(list.body.items).toEqual([
      { key: 'settings', ok: false, label: 'Token and settings saved', detail: 'Set TELEGRAM_BOT_TOKEN under Environment Variables.' },
      { key: 'packages', ok: true, label: 'Packages installed', detail: 'Everything the code imports is installed.' },
      { key: 'checks', ok: true, label: 'Checked in the test chat', detail: "The assistant's checks passed on this version." },
    ]);

    // A change is checked before it is accepted, in a run of its own.
    const change = await t.request('POST', '/api/ai/chat', { token: user.token, body: { message: "/menu should reply 'Rye bread 4€'", projectId, filename: 'telegram_bot.js' } });
    expect(change.status).toBe(200);
    expect(change.body.proposals).toHaveLength(1);
    expect(change.body.message).toContain('**Checked in the test chat, before you accept: 4 of 4.** The change does what its plan says.');
    expect(change.body.message).toContain('  you: /menu\n  bot: Rye bread 4€');
    // And held against the saved chats: what /menu answered before, and now.
    expect(change.body.message).toContain('**Saved chats, replayed on the change: 1 of 2 answer as before.**');
    expect(change.body.message).toContain('- "Checked by the assistant": it answered "Sourdough 5€, croissant 2€", now "Rye bread 4€"');
    await t.app.deps.runs.stop(user.id, fileId);
  }, 120_000);

  it('a new bot of a new account: its packages installed with no click, then its plan checked', async () => {
    const user = await newUser(t);
    const res = await t.request('POST', '/api/ai/chat', { token: user.token, body: { message: BAKERY, projectId: 'default' } });
    expect(res.status).toBe(200);
    expect(registry.requests).toContain('/telegraf');
    expect(res.body.message).toContain('**Checked in the test chat: 4 of 4.**');
    await t.app.deps.runs.stop(user.id, res.body.createdFile.id);
  }, 180_000);

  it('schedules are checked on the test clock: a post once when due, none a minute later, once when next due', async () => {
    const { user, projectId } = await botWithTelegraf();
    const message = "Telegram bot in JavaScript for our bakery group:\n- every day at 9:00 post 'Fresh bread is out!'\n- every 30 minutes post 'Order online: bakery.example'";
    const res = await t.request('POST', '/api/ai/chat', { token: user.token, body: { message, projectId } });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('**Checked in the test chat: 2 of 2.**');
    // The half-hourly post comes along whenever the clock moves half an hour or more; on a loaded
    // machine the one due at 09:00 may arrive just after the move to 09:01. The daily post must not.
    expect(res.body.message).toMatch(
      /✓ Every day at 09:00: post 'Fresh bread is out!' to the channel\n {2}the test clock moves to \w{3} 09:00\n {2}bot: Fresh bread is out!\n(?: {2}bot: Order online: bakery.example\n)? {2}the test clock moves to \w{3} 09:01\n(?: {2}bot: \(nothing\)\n| {2}bot: Order online: bakery.example\n) {2}the test clock moves to \w{3} 09:00\n {2}bot: Fresh bread is out!\n/,
    );
    expect(res.body.message).toMatch(
      /✓ Every 30 minutes: post 'Order online: bakery.example' to the channel\n {2}the test clock moves to \w{3} \d\d:\d\d\n {2}bot: Order online: bakery.example\n {2}the test clock moves to \w{3} \d\d:\d\d\n {2}bot: \(nothing\)\n/,
    );
    await t.app.deps.runs.stop(user.id, res.body.createdFile.id);
  }, 120_000);

  it('code that does not do what its plan says fails that check, showing what came back', async () => {
    const { user, projectId } = await botWithTelegraf();
    const res = await t.request('POST', '/api/ai/chat', { token: user.token, body: { message: BAKERY, projectId } });
    const fileId: string = res.body.createdFile.id;
    await t.app.deps.runs.stop(user.id, fileId);
    const plan = (await plansOf(t.app.deps.db, [fileId])).get(fileId)!.plan!;
    const file = await t.request('GET', `/api/files/${fileId}`, { token: user.token });
    const broken = String(file.body.content ?? file.body.file?.content).replace('"text": "Sourdough 5€, croissant 2€"', '"text": "Sold out"');
    expect(broken).toContain('"text": "Sold out"');
    const run = await runPlanChecks({ deps: t.app.deps, userId: user.id }, { fileId, filename: 'telegram_bot.js', checks: planChecks(plan).checks, content: broken });
    if (!('results' in run)) throw new Error(run.notStarted);
    const menu = run.results.find((r) => r.words.includes('/menu'))!;
    expect(menu.passed).toBe(false);
    expect(menu.lines).toEqual(['you: /menu', 'bot: Sold out', 'missing: "Sourdough 5€, croissant 2€"']);
    expect(run.results.filter((r) => r.passed)).toHaveLength(3);
    // A proposed version runs in a chat of its own and is stopped at the end.
    expect(t.app.deps.runs.state(user.id, fileId)?.live).toBe(false);
  }, 90_000);

  it('a Python bot whose packages cannot be installed is read instead, and the reply says it was not run', async () => {
    const user = await newUser(t);
    const res = await t.request('POST', '/api/ai/chat', {
      token: user.token,
      body: { message: "Telegram bot for my shop: /hours should reply 'Mon-Fri 9-17'", projectId: 'default' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/\*\*Not checked in the test chat:\*\* its packages could not be installed \([^)]*python-telegram-bot/);
    expect(res.body.message).toContain('Its code was checked instead: it parses, and everything it imports can be installed.');
  }, 90_000);
});
