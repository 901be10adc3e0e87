// The plan card in real Chromium against the real app, its sandbox and the Telegram emulator: a
// sloppy Telegram request in JavaScript with one blank (/menu named without its answer), the card
// showing that blank, filling it giving a proposal in the editor, Accept and Save, and the test chat
// answering /menu with the filled text; then a rule's text edited and a rule removed, each through
// the same review; the card at phone width (390 px). The request goes through the real chat (the
// builtin assistant, which answers with a ```bot-plan block and stores the file's plan).
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { copyPackages } from '../server/testing/node-packages';
import { renderPlan } from '../server/features/ai/plan/render';
import { plansOf } from '../server/features/ai/bot-plans';
import { browserAvailable, startWorld, type World } from './harness';
import { loginThroughUi, openPage, pathIs, settle, snap, toastMark, uniqueEmail, waitForToast, type TestPage } from './helpers';

const VIEWPORT = { width: 1600, height: 1000 };
const REQUEST = "telegram bot in node for my cafe, /hours should say 'Mon-Fri 8-16' and a /menu command";
const BOT = 'telegram_bot.js';
const MENU = 'Espresso 2€, latte 3€, croissant 2.50€';
const HOURS = 'Mon-Sat 7-18';
const ANSWER_MS = 20_000;

describe.skipIf(!browserAvailable())('the plan card in the browser', () => {
  let world: World;
  let user: SignedUpUser;
  let tp: TestPage;

  beforeAll(async () => {
    world = await startWorld({ RUNNER_STOP_GRACE_MS: '1000' });
    user = await signUp(world.app, world.smtp, { name: 'Carla Cafe', email: uniqueEmail('plancard') });
    tp = await openPage(world, { viewport: VIEWPORT });
    await loginThroughUi(tp.page, world, user);
  });
  afterAll(async () => {
    await world?.close();
  });

  const chat = () => tp.page.getByRole('region', { name: 'Chat' });
  const card = () => chat().getByRole('group', { name: `Plan of ${BOT}` });
  const rules = () => card().getByRole('list', { name: 'Rules' }).getByRole('listitem');
  const editor = () => tp.page.getByRole('region', { name: 'Code editor' });
  const pane = () => tp.page.getByRole('region', { name: 'Test chat' });
  const privateLog = () => pane().getByRole('log', { name: 'Conversation with the bot' });
  const botSaid = (text: string) => privateLog().locator('[data-testid="test-chat-message"][data-from="bot"]', { hasText: text });

  /** Accepts the proposal the editor shows and saves it; the card then shows the stored plan. */
  async function acceptAndSave(proposed: string) {
    const { page } = tp;
    await editor().getByRole('textbox', { name: 'Proposed code' }).locator('.cm-changedLine', { hasText: proposed }).first().waitFor();
    let since = await toastMark(page);
    await editor().getByRole('button', { name: 'Accept Changes' }).click();
    await waitForToast(page, 'Changes applied successfully!', { since });
    since = await toastMark(page);
    await editor().getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'File saved successfully!', { since });
  }

  const ruleWith = (text: string): Locator => rules().filter({ hasText: text });

  it('a sloppy request with one blank: the card shows its rules and asks for the /menu text', async () => {
    const { page, errors } = tp;
    await page.getByRole('link', { name: 'Open Builder' }).click();
    await page.waitForURL(pathIs('/builder'));
    const since = await toastMark(page);
    await chat().getByRole('textbox', { name: 'Message' }).fill(REQUEST);
    await chat().getByRole('textbox', { name: 'Message' }).press('Enter');
    await waitForToast(page, 'File created successfully', { since, message: `Created: ${BOT}` });

    const files = (await world.app.request('GET', '/api/files', { token: user.token })).body as Array<{ id: string; filename: string; projectId: string }>;
    const file = files.find((f) => f.filename === BOT)!;
    const built = (await plansOf(world.app.app.deps.db, [file.id])).get(file.id);
    expect(built?.plan, 'the chat stored the plan of the file it built').toBeDefined();
    // What 'Install Dependencies' would fetch from npm: the repository's own packages.
    const packagesDir = await world.app.app.deps.packageVolumes.dir(file.projectId, true);
    copyPackages(renderPlan(built!.plan!, { filename: BOT }).dependencies, path.join(packagesDir!, 'node_modules'));

    await card().getByRole('list', { name: 'Rules' }).waitFor();
    await ruleWith("When someone sends /hours: reply 'Mon-Fri 8-16'").waitFor();
    const menu = ruleWith('When someone sends /menu');
    await menu.getByText('needs your words').waitFor();
    await menu.getByRole('textbox', { name: 'What the bot says when someone sends /menu' }).waitFor();
    expect(await card().getByRole('button', { name: 'Fill' }).count()).toBe(1);
    await card().getByText('Chosen for you (1)').waitFor();
    await snap(page, errors, 'plan-card-1-blank');
    await card().screenshot({ path: '/tmp/plan-card-desktop-blank.png' });
  });

  it('filling the blank shows the proposal; Accept and Save, and the test chat answers /menu with it', async () => {
    const { page, errors } = tp;
    const menu = ruleWith('When someone sends /menu');
    await menu.getByRole('textbox', { name: 'What the bot says when someone sends /menu' }).fill(MENU);
    const since = await toastMark(page);
    await menu.getByRole('button', { name: 'Fill' }).click();
    await waitForToast(page, 'Change ready to review', { since });
    await editor().getByText(/^Preview of the plan change/).waitFor();
    await page.screenshot({ path: '/tmp/plan-card-desktop-proposal.png' });
    await acceptAndSave(MENU);

    // The saved proposal's plan is the file's now: no blank left.
    await ruleWith(`When someone sends /menu: reply '${MENU}'`).waitFor();
    expect(await card().getByText('needs your words').count()).toBe(0);
    await snap(page, errors, 'plan-card-2-filled');

    await editor().getByRole('button', { name: 'Test chat' }).click();
    await pane().getByTestId('test-mode-badge').waitFor({ timeout: ANSWER_MS });
    await pane().getByRole('textbox', { name: /^Message/ }).fill('/menu');
    await pane().getByRole('textbox', { name: /^Message/ }).press('Enter');
    await botSaid(MENU).waitFor({ timeout: ANSWER_MS });
    await page.screenshot({ path: '/tmp/plan-card-desktop-test-chat.png' });
    await pane().getByRole('button', { name: /close/i }).first().click().catch(() => undefined);
  });

  it("a rule's text edited in place and a rule removed, each reviewed as a proposal", async () => {
    const { page, errors } = tp;
    // The test chat took the assistant's column: bring the chat back.
    if (await pane().count()) {
      await page.goto(`${world.url}/builder?file=${new URL(page.url()).searchParams.get('file')}`);
    }
    const hours = ruleWith('When someone sends /hours');
    await hours.getByRole('button', { name: /^Edit: / }).click();
    await hours.getByRole('textbox', { name: 'What the bot says' }).fill(HOURS);
    let since = await toastMark(page);
    await hours.getByRole('button', { name: 'Save rule' }).click();
    await waitForToast(page, 'Change ready to review', { since });
    await acceptAndSave(HOURS);
    await ruleWith(`When someone sends /hours: reply '${HOURS}'`).waitFor();

    const start = ruleWith('When someone sends /start');
    since = await toastMark(page);
    await start.getByRole('button', { name: /^Remove: / }).click();
    await waitForToast(page, 'Change ready to review', { since });
    await editor().getByText(/^Preview of the plan change/).waitFor();
    since = await toastMark(page);
    await editor().getByRole('button', { name: 'Accept Changes' }).click();
    await waitForToast(page, 'Changes applied successfully!', { since });
    since = await toastMark(page);
    await editor().getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'File saved successfully!', { since });
    await expect.poll(() => rules().count()).toBe(2);
    expect(await ruleWith('/start').count()).toBe(0);

    // Bad input on the card (a command with a space) is refused by the server, and nothing is proposed.
    const menu = ruleWith('When someone sends /menu');
    await menu.getByRole('button', { name: /^Edit: / }).click();
    await menu.getByRole('textbox', { name: 'Command' }).fill('our menu');
    since = await toastMark(page);
    await menu.getByRole('button', { name: 'Save rule' }).click();
    await waitForToast(page, 'Could not change the plan', { since, message: /rules\[1\]\.when\.name/ });
    await menu.getByRole('button', { name: 'Cancel' }).click();
    await snap(page, errors, 'plan-card-3-edited');
    await card().screenshot({ path: '/tmp/plan-card-desktop.png' });
  });

  it('at phone width (390 px) the card, its forms and "+ rule" fit the screen', async () => {
    const { page, errors } = tp;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${world.url}/builder`);
    await card().getByRole('list', { name: 'Rules' }).waitFor();
    await card().scrollIntoViewIfNeeded();
    await settle(page);
    await page.screenshot({ path: '/tmp/plan-card-phone.png' });
    await card().getByRole('button', { name: 'rule' }).click();
    const form = card().getByRole('form', { name: 'New rule' });
    await form.getByRole('combobox', { name: 'When' }).selectOption('schedule');
    await form.getByRole('textbox', { name: 'At these times' }).fill('08:00');
    await form.getByText('Sat', { exact: true }).click();
    await form.getByRole('textbox', { name: 'What the bot posts to the channel' }).fill('Fresh croissants are out!');
    await card().scrollIntoViewIfNeeded();
    await settle(page);
    // Nothing of the card reaches past the screen's right edge.
    const box = await card().boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const widest = await card().evaluate((el) => Math.max(...[...el.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)));
    expect(widest).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/plan-card-phone-add-rule.png' });
    const since = await toastMark(page);
    await form.getByRole('button', { name: 'Add rule' }).click();
    await waitForToast(page, 'Change ready to review', { since });
    await snap(page, errors, 'plan-card-4-phone');
    await page.screenshot({ path: '/tmp/plan-card-phone-proposal.png' });
  });

  it('a follow-up for another platform makes a second bot: the answer says so and the page opens it', async () => {
    const { page, errors } = tp;
    await page.setViewportSize(VIEWPORT);
    await page.goto(`${world.url}/builder`);
    await card().getByRole('list', { name: 'Rules' }).waitFor();
    const before = (await world.app.request('GET', '/api/projects', { token: user.token })).body as Array<{ id: string }>;
    const since = await toastMark(page);
    await chat().getByRole('textbox', { name: 'Message' }).fill("now a discord bot in node where !ping replies 'pong'");
    await chat().getByRole('textbox', { name: 'Message' }).press('Enter');
    await waitForToast(page, 'A new bot', { since });
    const after = (await world.app.request('GET', '/api/projects', { token: user.token })).body as Array<{ id: string }>;
    expect(after).toHaveLength(before.length + 1);
    const files = (await world.app.request('GET', '/api/files', { token: user.token })).body as Array<{ id: string; filename: string; projectId: string }>;
    const discord = files.find((f) => f.filename === 'discord_bot.js')!;
    expect(before.map((b) => b.id)).not.toContain(discord.projectId);
    // The page is the new bot's: its file is open and its chat holds the message and the answer.
    await page.waitForURL((url) => url.searchParams.get('file') === discord.id);
    await chat().getByText(/This is a new bot, .+, with a page of its own/).waitFor();
    await chat().getByRole('group', { name: 'Plan of discord_bot.js' }).getByText("When someone sends !ping: reply 'pong'").waitFor();
    await snap(page, errors, 'plan-card-5-new-bot');
  });

  it("words of the person's own that the plan does not carry are quoted back under Not understood", async () => {
    const { page, errors } = tp;
    const since = await toastMark(page);
    await chat().getByRole('textbox', { name: 'Message' }).fill("another discord bot in node: !hours replies 'Mon-Fri 9-5', and every day at 11 post in #kitchen: Specials are up");
    await chat().getByRole('textbox', { name: 'Message' }).press('Enter');
    await waitForToast(page, 'A new bot', { since });
    const answer = chat().getByRole('log', { name: 'Conversation' }).locator('[data-role="assistant"]').last();
    await answer.getByText("When someone sends !hours: reply 'Mon-Fri 9-5'").first().waitFor();
    // The daily post and its channel (#kitchen) are in the plan: nothing is left out.
    expect(await answer.innerText()).not.toMatch(/Not understood/);
    const since2 = await toastMark(page);
    await chat().getByRole('textbox', { name: 'Message' }).fill('another discord bot in node: !menu replies "Soup 4€", and !86 <dish> should take the dish off tonight\'s menu');
    await chat().getByRole('textbox', { name: 'Message' }).press('Enter');
    await waitForToast(page, 'A new bot', { since: since2 });
    const left = chat().getByRole('log', { name: 'Conversation' }).locator('[data-role="assistant"]').last();
    await left.getByText('Not understood', { exact: false }).waitFor();
    await left.getByText("!86 <dish> should take the dish off tonight's menu", { exact: false }).waitFor();
    await left.getByText("When someone sends !menu: reply 'Soup 4€'").first().waitFor();
    await snap(page, errors, 'plan-card-6-not-understood');
  });
});
