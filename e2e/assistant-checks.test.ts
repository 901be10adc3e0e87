// The assistant's checks in real Chromium against the real app, its sandbox, a loopback npm registry
// (Telegraf as this repository installed it) and the Telegram emulator: a new account asks for a
// JavaScript Telegram bot, and without pressing Install, Start or Test chat the reply shows its plan and
// "Checked in the test chat: 4 of 4", with the exchanges behind a fold; the test chat already has the
// bot running in test mode with the checks' conversation. A Python bot on a machine with no package
// index: the reply says its packages could not be installed and what was checked instead. With a
// model (a scripted OpenAI-compatible server on loopback), a follow-up whose change breaks a rule is
// shown failing its check before Accept.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { publishPackages } from '../server/testing/node-packages';
import { startNpmRegistry, type NpmRegistry } from '../server/testing/package-index';
import { modelAnswer, startOpenAiServer, type OpenAiServer } from '../server/testing/openai-server';
import type { BotPlanInput } from '../shared/bot-plan.schema';
import { browserAvailable, startWorld, type World } from './harness';
import { loginThroughUi, openPage, pathIs, snap, uniqueEmail, type TestPage } from './helpers';

const REQUEST = `Telegram bot in JavaScript for my bakery:
- /menu should reply 'Sourdough 5€, croissant 2€'
- if someone writes hello or hi, answer 'Hi! Fresh bread every day from 7.'
- welcome new members with 'Welcome {name}, glad you are here!'`;
const CHECKED_MS = 60_000;

describe.skipIf(!browserAvailable())("the assistant's checks in the browser", () => {
  let world: World;
  let registry: NpmRegistry;
  let user: SignedUpUser;
  let tp: TestPage;
  const noWheels = mkdtempSync(path.join(tmpdir(), 'no-wheels-'));

  beforeAll(async () => {
    chmodSync(noWheels, 0o755);
    registry = await startNpmRegistry();
    publishPackages(registry, ['telegraf']);
    world = await startWorld({ ASSISTANT_CHECKS: 'on', RUNNER_STOP_GRACE_MS: '1000', RUNNER_NPM_REGISTRY: registry.url, RUNNER_PIP_FIND_LINKS: noWheels });
    user = await signUp(world.app, world.smtp, { name: 'Bea Baker', email: uniqueEmail('checks') });
    tp = await openPage(world, { viewport: { width: 1280, height: 800 } });
    await loginThroughUi(tp.page, world, user);
  });
  afterAll(async () => {
    await world?.close();
    await registry?.close();
    rmSync(noWheels, { recursive: true, force: true });
  });

  const chat = () => tp.page.getByRole('region', { name: 'Chat' });
  const pane = () => tp.page.getByRole('region', { name: 'Test chat' });

  it('a new JavaScript Telegram bot is installed, started and checked before the reply ends', async () => {
    const { page, errors } = tp;
    await page.getByRole('link', { name: 'Open Builder' }).click();
    await page.waitForURL(pathIs('/builder'));
    await chat().getByRole('textbox', { name: 'Message' }).fill(REQUEST);
    await chat().getByRole('textbox', { name: 'Message' }).press('Enter');
    const summary = chat().getByText('Checked in the test chat: 4 of 4.');
    await summary.waitFor({ timeout: CHECKED_MS });
    expect(registry.requests).toContain('/telegraf');
    // The plan card, then the summary; the exchanges stay folded until asked for.
    await chat().getByRole('group', { name: 'Plan of telegram_bot.js' }).waitFor();
    const toggle = chat().getByRole('button', { name: 'Show the 4 checks in the test chat' });
    await toggle.waitFor();
    expect(await chat().getByText('bot: Sourdough 5€, croissant 2€').count()).toBe(0);
    await snap(page, errors, 'assistant-checks-1-summary');
    await toggle.click();
    await chat().getByText('bot: Sourdough 5€, croissant 2€').waitFor();
    await chat().getByText('bot: Welcome Dana, glad you are here!').waitFor();
    await chat().getByText('bot: Sourdough 5€, croissant 2€').scrollIntoViewIfNeeded();
    await snap(page, errors, 'assistant-checks-2-open');
  }, 120_000);

  it('the test chat finds the bot already running in test mode, with the checks in its conversation', async () => {
    const { page, errors } = tp;
    // No Install to press: the server did it.
    expect(await chat().getByRole('button', { name: 'Install Dependencies' }).count()).toBe(0);
    await chat().getByRole('group', { name: 'Dependencies Installed' }).waitFor();
    await chat().getByRole('group', { name: 'Next steps' }).getByRole('button', { name: 'Test chat' }).click();
    await pane().getByTestId('test-mode-badge').waitFor({ timeout: 20_000 });
    await pane().getByRole('log', { name: 'Conversation with the bot' }).getByText('Sourdough 5€, croissant 2€').waitFor();
    await snap(page, errors, 'assistant-checks-3-test-chat');
  });

  it('the runner page: the go-live list, and Deploy refused until the token is set, with a way to set it', async () => {
    const { page, errors } = tp;
    const files = (await world.app.request('GET', '/api/files', { token: user.token })).body as Array<{ id: string; filename: string; projectId: string }>;
    const bot = files.find((f) => f.filename === 'telegram_bot.js')!;
    await page.goto(`${world.url}/runner?bot=${bot.projectId}&file=${bot.id}`);
    const list = page.getByRole('list', { name: 'Go-live list' });
    await list.getByText('Before it goes live: 2 of 3').waitFor();
    await list.getByText('Set TELEGRAM_BOT_TOKEN under Environment Variables.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Deploy' }).click();
    const needs = page.getByTestId('deploy-needs');
    await needs.getByText('Set TELEGRAM_BOT_TOKEN first: the bot cannot start without it').waitFor();
    await snap(page, errors, 'assistant-checks-5-go-live');
    await needs.getByRole('button', { name: 'Set variables' }).click();
    const dialog = page.getByRole('dialog', { name: 'Environment Variables' });
    await dialog.waitFor();
    // The token first and marked; the test chat's own variables are not offered.
    const keys = await dialog.locator('[data-env-key]').evaluateAll((inputs) => inputs.map((i) => i.getAttribute('data-env-key')));
    expect(keys[0]).toBe('TELEGRAM_BOT_TOKEN');
    expect(keys).not.toContain('TELEGRAM_API_BASE');
    expect(keys).not.toContain('TEST_CLOCK');
    await snap(page, errors, 'assistant-checks-6-variables');
    await page.keyboard.press('Escape');
  });

  it('a Python bot where no package index can be reached: the reply says it was not run, and what was checked', async () => {
    const { page, errors } = tp;
    // Back to the chat (the test chat and the editor had taken its room).
    await page.goto(`${world.url}/builder`);
    await chat().getByRole('textbox', { name: 'Message' }).fill("another bot: a telegram bot for my flower shop, /hours should reply 'Tue-Sat 9-18'");
    await chat().getByRole('textbox', { name: 'Message' }).press('Enter');
    await chat().getByText(/Not checked in the test chat:/).waitFor({ timeout: CHECKED_MS });
    await chat().getByText(/its packages could not be installed/).first().waitFor();
    await chat().getByText(/Its code was checked instead/).first().waitFor();
    // Nothing sends the person to a test chat where this bot cannot run.
    expect(await chat().getByText('Try it now').count()).toBe(0);
    await snap(page, errors, 'assistant-checks-4-python');
  }, 120_000);
});

describe.skipIf(!browserAvailable())('a change checked before Accept, with a model', () => {
  let world: World;
  let registry: NpmRegistry;
  let llm: OpenAiServer;
  let tp: TestPage;
  const menu = (extra: BotPlanInput['rules'][number]['do'] = []): BotPlanInput => ({
    name: 'Bakery Bot',
    platform: 'telegram',
    language: 'javascript',
    rules: [{ id: 'menu', when: { kind: 'command', name: 'menu' }, do: [...extra, { kind: 'reply', text: 'Sourdough 5€' }] }],
  });

  beforeAll(async () => {
    registry = await startNpmRegistry();
    publishPackages(registry, ['telegraf']);
    llm = await startOpenAiServer();
    world = await startWorld({ ASSISTANT_CHECKS: 'on', RUNNER_STOP_GRACE_MS: '1000', RUNNER_NPM_REGISTRY: registry.url, OPENAI_API_KEY: 'sk-loopback', OPENAI_BASE_URL: llm.baseUrl, OPENAI_MODEL: 'test-model' });
    const user = await signUp(world.app, world.smtp, { name: 'Max Model', email: uniqueEmail('checks-model') });
    tp = await openPage(world, { viewport: { width: 1280, height: 800 } });
    await loginThroughUi(tp.page, world, user);
  });
  afterAll(async () => {
    await world?.close();
    await registry?.close();
    await llm?.close();
  });

  const chat = () => tp.page.getByRole('region', { name: 'Chat' });

  it('a follow-up that breaks /menu: the reply shows its check failing, before Accept', async () => {
    const { page, errors } = tp;
    await page.getByRole('link', { name: 'Open Builder' }).click();
    await page.waitForURL(pathIs('/builder'));
    llm.queue.push({ reply: modelAnswer({ reply: 'Here is your bakery bot.', plan: menu() }) });
    await chat().getByRole('textbox', { name: 'Message' }).fill('a telegram bot in node for my bakery: /menu says Sourdough 5€');
    await chat().getByRole('textbox', { name: 'Message' }).press('Enter');
    await chat().getByText('Checked in the test chat: 1 of 1.').waitFor({ timeout: CHECKED_MS });

    // The change: /menu counts its visits first, with code that fails ('use strict': visits is not declared).
    const broken = menu([{ kind: 'custom', name: 'count-visit', description: 'Counts the visits of the menu' }]);
    const code = 'async function custom_count_visit(event, vars, say) {\n  visits += 1;\n}';
    llm.queue.push({ reply: modelAnswer({ reply: 'Now /menu counts its visits.', plan: broken, target: 'telegram_bot.js', custom: [{ name: 'count-visit', code }] }) });
    await chat().getByRole('textbox', { name: 'Message' }).fill('count the visits of /menu');
    await chat().getByRole('textbox', { name: 'Message' }).press('Enter');
    await chat().getByText('Checked in the test chat, before you accept: 0 of 1.').waitFor({ timeout: CHECKED_MS });
    await chat().getByText(/missing: "Sourdough 5€"/).first().waitFor();
    // The change waits in the editor for Accept or Reject, beside the failing check.
    await page.getByRole('region', { name: 'Code editor' }).getByRole('button', { name: 'Accept Changes' }).waitFor();
    await chat().getByText('Checked in the test chat, before you accept: 0 of 1.').scrollIntoViewIfNeeded();
    await snap(page, errors, 'assistant-checks-7-change-fails');
  }, 120_000);
});
