// The builder (/builder) in real Chromium with the builtin offline assistant (no AI configured):
// chat to a file, open, edit and save it, modify it with a previewed AI change, restore an older
// version, delete it (import and Run: builder-import.test.ts). Every step goes through the UI only;
// the tests share one signed-in page and build on each other in order.
import type { Locator, Page } from 'playwright-core';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { writeWheel } from '../server/testing/package-index';
import { browserAvailable, startWorld, type World } from './harness';
import { editorText, loginThroughUi, openPage, pathIs, settle, snap, toastMark, uniqueEmail, waitForToast, type TestPage, hold } from './helpers';

const VIEWPORT = { width: 1440, height: 900 };
const REQUEST = 'Make a Telegram bot in Python that answers /start and echoes messages';
const FILE = 'telegram_bot.py';
/** The rule the Modify box adds for "add a /price command that replies 'Bread is 3 euros'", as RULES holds it. */
const PRICE_RULE = ['{', '"id": "price",', '"when": {"kind": "command", "name": "price"},', '"if": [],', '"do": [{"kind": "reply", "text": "Bread is 3 euros"}],', '},'];
const PRICE_LINE = '"do": [{"kind": "reply", "text": "Bread is 3 euros"}],';
/** The same rule in plain words, in the file's opening comment ("What it does"). */
const PRICE_WORDS = "- When someone sends /price: reply 'Bread is 3 euros'";
const TAB_LINE = '#    tab-indented note'; // typed as '#', Tab, 'tab-indented note'
const LABELS = ['AI Assistant', 'Code Modification', 'Welcome Bonus', 'Credit Refund'];

/** The editor's text, line by line. */
const lines = async (page: Page): Promise<string[]> => (await editorText(page)).split('\n');

const sorted = (lines: string[]) => [...lines].sort();

/**
 * The lines a proposal adds and removes (trimmed, sorted: where the diff puts a rule's braces is its
 * own business), read while scrolling it through from the top as a person would: the editor draws
 * only the lines in sight.
 */
async function changes(proposal: Locator): Promise<{ added: string[]; removed: string[] }> {
  return proposal.evaluate(async (content) => {
    const scroller = content.closest('.cm-scroller')!;
    const seen = { added: new Map<number, string>(), removed: new Map<number, string>() };
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let top = 0; ; top += scroller.clientHeight / 2) {
      scroller.scrollTop = top;
      await frame();
      // Lines sit at fixed offsets in the content, whatever is drawn around them: one key per line.
      for (const line of content.querySelectorAll<HTMLElement>('.cm-changedLine')) seen.added.set(line.offsetTop, line.textContent!.trim());
      for (const line of content.querySelectorAll<HTMLElement>('.cm-deletedChunk .cm-deletedLine')) {
        seen.removed.set(line.getBoundingClientRect().top - content.getBoundingClientRect().top, line.textContent!.trim());
      }
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
    }
    return { added: [...seen.added.values()].sort(), removed: [...seen.removed.values()].sort() };
  });
}

/** The Credit Usage list of /usage as [label, signed amount] pairs, read from the page's text. */
async function ledger(page: Page): Promise<string[][]> {
  const card = page.locator('.mantine-Card-root', { hasText: 'Credit Usage' });
  await card.getByText('Welcome Bonus').waitFor();
  const text = (await card.innerText()).split('\n').map((l) => l.trim()).filter(Boolean);
  return text.flatMap((l, i) => (LABELS.includes(l) ? [[l, text[i + 2]!]] : []));
}

describe.skipIf(!browserAvailable())('the builder in the browser', () => {
  let world: World;
  let maker: SignedUpUser;
  let tp: TestPage;
  let fileUrl: string;

  // 'Install Dependencies' gets python-telegram-bot from here (pip --find-links), never from PyPI.
  const wheels = mkdtempSync(path.join(tmpdir(), 'botwright-e2e-wheels-'));
  chmodSync(wheels, 0o755); // the installer's own uid reads it, like an operator's wheel dir

  beforeAll(async () => {
    writeWheel(wheels, { name: 'python-telegram-bot', version: '21.0', files: { 'telegram/__init__.py': '__version__ = "21.0"\n' } });
    world = await startWorld({ RUNNER_PIP_FIND_LINKS: wheels });
    maker = await signUp(world.app, world.smtp, { name: 'Ada Builder', email: uniqueEmail('builder') });
    tp = await openPage(world, { viewport: VIEWPORT });
    await tp.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.url });
    await loginThroughUi(tp.page, world, maker);
    await tp.page.getByRole('link', { name: 'Open Builder' }).click();
    await tp.page.waitForURL(pathIs('/builder'));
  });
  afterAll(async () => {
    await world?.close();
    rmSync(wheels, { recursive: true, force: true });
  });

  const chat = () => tp.page.getByRole('region', { name: 'Chat' });
  const editor = () => tp.page.getByRole('region', { name: 'Code editor' });
  const browserRow = () => tp.page.getByRole('region', { name: 'File browser' }).getByRole('button', { name: FILE, exact: true });
  const sidebarOpen = () => tp.page.getByRole('list', { name: 'Your Files' }).getByRole('button', { name: `Open ${FILE}` });

  it('Shift+Enter adds a line instead of sending; an empty or blank message cannot be sent', async () => {
    const { page, errors } = tp;
    let chatCalls = 0;
    const count = (r: { url(): string }) => void (/\/trpc\/ai\.chat/.test(r.url()) && chatCalls++);
    page.on('request', count);
    const input = chat().getByRole('textbox', { name: 'Message' });
    const send = chat().getByRole('button', { name: 'Send message' });
    await chat().getByText("Hi! I'm your Botwright assistant.", { exact: false }).waitFor();
    expect(await send.isDisabled()).toBe(true);
    const before = (await input.boundingBox())!.height;
    expect(before).toBeGreaterThanOrEqual(48);

    await input.click();
    await page.keyboard.type('first line');
    for (let i = 2; i <= 8; i++) {
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type(`line ${i}`);
    }
    expect(await input.inputValue()).toBe(['first line', ...[2, 3, 4, 5, 6, 7, 8].map((i) => `line ${i}`)].join('\n'));
    expect(await send.isEnabled()).toBe(true);
    // It grew with the lines, up to its 128px cap.
    await expect.poll(async () => (await input.boundingBox())!.height).toBe(128);
    await snap(page, errors, 'builder-chat-multiline-draft');

    await input.fill('   \n  ');
    expect(await send.isDisabled()).toBe(true);
    await page.keyboard.press('Enter');
    await send.click({ force: true }); // a click on the disabled button does nothing either
    expect(await input.inputValue()).toBe('   \n  ');
    expect(await chat().locator('[data-role="user"]').count()).toBe(0);
    expect(chatCalls).toBe(0);
    page.off('request', count);
    await input.fill('');
  });

  it("chats to a file: message at once, typing dots, code block, 'Files Created' and 'Dependencies Required', 5 credits", async () => {
    const { page, errors } = tp;
    const header = page.locator('header');
    await header.getByText('100 credits').waitFor();
    const input = chat().getByRole('textbox', { name: 'Message' });
    await input.fill(REQUEST);
    const release = await hold(page, '**/trpc/chat.stream**');
    const since = await toastMark(page);
    await input.press('Enter');
    // Before any answer: the message shows, the input is cleared and locked, the dots pulse.
    const conversation = chat().getByRole('log', { name: 'Conversation' });
    await conversation.locator('[data-role="user"]', { hasText: REQUEST }).waitFor();
    await conversation.getByRole('status', { name: 'Assistant is typing' }).waitFor();
    expect(await input.inputValue()).toBe('');
    expect(await input.isDisabled()).toBe(true);
    await snap(page, errors, 'builder-chat-typing');
    await release();

    await waitForToast(page, 'File created successfully', { since, message: `Created: ${FILE}` });
    const reply = conversation.locator('[data-role="assistant"]').last();
    // The plan first (a line per rule), then the file: its rules are the RULES list.
    const rules = reply.getByRole('group', { name: `Plan of ${FILE}` }).getByRole('list', { name: 'Rules' });
    await rules.getByRole('listitem').filter({ hasText: "When someone sends /start: reply 'Hi! I am Telegram Bot." }).waitFor();
    await rules.getByRole('listitem').filter({ hasText: "When any other message arrives: reply '{text}'" }).waitFor();
    await reply.locator('pre code', { hasText: 'RULES = [' }).waitFor();
    await reply.getByText(FILE, { exact: true }).first().waitFor(); // the code block's header
    await conversation.getByRole('status', { name: 'Assistant is typing' }).waitFor({ state: 'detached' });
    const created = reply.getByRole('group', { name: 'Files Created' });
    await created.getByRole('button', { name: `Open ${FILE}` }).waitFor();
    const deps = reply.getByRole('group', { name: 'Dependencies Required' });
    await deps.getByText('python-telegram-bot', { exact: true }).waitFor();
    // In the sidebar and the file browser without a reload; the balance went down by 5.
    await sidebarOpen().waitFor();
    await browserRow().waitFor();
    await header.getByText('95 credits').waitFor();
    expect(await input.isEnabled()).toBe(true);
    await snap(page, errors, 'builder-chat-reply');

    // 'Install Dependencies' installs them on the server for the default project,
    // here from a local wheel directory, and toasts the server's message.
    const releaseInstall = await hold(page, '**/trpc/dependencies.install**');
    const installSince = await toastMark(page);
    await deps.getByRole('button', { name: 'Install Dependencies' }).click();
    await deps.getByRole('button', { name: 'Installing...' }).waitFor();
    await releaseInstall();
    await deps.getByRole('button', { name: 'Install Dependencies' }).waitFor({ timeout: 90_000 });
    await waitForToast(page, 'Dependencies installed', { since: installSince, message: 'Dependencies installed successfully: python-telegram-bot' });
    await snap(page, errors, 'builder-install-dependencies');

    // The charge is in the ledger on /usage (the balance badge links there).
    await header.getByRole('link', { name: /credits/ }).click();
    await page.waitForURL(pathIs('/usage'));
    expect(await page.getByTestId('credits-remaining').textContent()).toBe('95');
    expect(await ledger(page)).toEqual([['AI Assistant', '-5'], ['Welcome Bonus', '+100']]);
    await snap(page, errors, 'builder-usage-after-chat');
    await page.locator('header').getByRole('link', { name: 'Builder' }).click();
    await page.waitForURL(pathIs('/builder'));
  });

  it("opens the file, edits it (Tab inserts 4 spaces) and saves: 'Saving...', 'File saved successfully!', kept on the server", async () => {
    const { page, errors } = tp;
    await sidebarOpen().click();
    await editor().getByText(FILE, { exact: true }).waitFor();
    await editor().getByText('Python', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('file')).toMatch(/^[A-Za-z0-9]+$/);
    fileUrl = page.url();
    await snap(page, errors, 'builder-editor-open');
    const original = await lines(page);
    expect(original[0]).toMatch(/^"""Telegram Bot/);

    await editor().locator('.cm-content').focus();
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.type('#');
    await page.keyboard.press('Tab');
    await page.keyboard.type('tab-indented note');
    await page.keyboard.press('Enter');
    expect(await lines(page)).toEqual([TAB_LINE, ...original]);
    await editor().getByLabel('Unsaved changes').waitFor();
    await snap(page, errors, 'builder-editor-edited');

    const release = await hold(page, '**/trpc/files.save**');
    const since = await toastMark(page);
    await editor().getByRole('button', { name: 'Save' }).click();
    expect(await editor().getByRole('button', { name: 'Saving...' }).isDisabled()).toBe(true);
    await release();
    await waitForToast(page, 'File saved successfully!', { since });
    await editor().getByLabel('Unsaved changes').waitFor({ state: 'detached' });

    // A fresh page load, the file opened again from the file browser: the server has the text.
    await page.goto(`${world.url}/builder`);
    await browserRow().click();
    await editor().getByText('Python', { exact: true }).waitFor();
    await expect.poll(() => lines(page)).toEqual([TAB_LINE, ...original]);
    expect(errors).toEqual([]);
  });

  it('modifies with a previewed AI change: accept then save, reject leaves the text, an unsupported edit fails free of charge', async () => {
    const { page, errors } = tp;
    const header = page.locator('header');
    const modify = async (prompt: string) => {
      await editor().getByRole('button', { name: 'Modify' }).click();
      await editor().getByLabel('Describe the change').fill(prompt);
      const since = await toastMark(page);
      await editor().getByRole('button', { name: 'Generate Preview' }).click();
      return since;
    };

    // Generate Preview needs a description.
    await editor().getByRole('button', { name: 'Modify' }).click();
    expect(await editor().getByRole('button', { name: 'Generate Preview' }).isDisabled()).toBe(true);
    await snap(page, errors, 'builder-modify-box');
    await editor().getByRole('button', { name: 'Cancel' }).click();
    await editor().getByLabel('Describe the change').waitFor({ state: 'detached' });

    let since = await modify("add a /price command that replies 'Bread is 3 euros'");
    await waitForToast(page, 'Code modification preview ready!', { since });
    const proposal = editor().getByRole('textbox', { name: 'Proposed code' });
    await proposal.locator('.cm-changedLine', { hasText: PRICE_WORDS }).waitFor(); // the first change, scrolled into sight
    // Only the new rule and its line in the opening comment are added; nothing is removed or rewritten.
    expect(await changes(proposal)).toEqual({ added: sorted([PRICE_WORDS, ...PRICE_RULE]), removed: [] });
    expect(await editor().getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await header.getByText('90 credits').waitFor();
    await snap(page, errors, 'builder-modify-preview');
    since = await toastMark(page);
    await editor().getByRole('button', { name: 'Accept Changes' }).click();
    await waitForToast(page, 'Changes applied successfully!', { since });
    expect(await lines(page)).toContain(`        ${PRICE_LINE}`);
    await editor().getByLabel('Unsaved changes').waitFor();
    since = await toastMark(page);
    await editor().getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'File saved successfully!', { since });
    await snap(page, errors, 'builder-modify-accepted');

    const before = await lines(page);
    since = await modify("add a /hours command that replies 'We open at 9'");
    await waitForToast(page, 'Code modification preview ready!', { since });
    // It builds on the accepted /price rule: only the /hours rule is added, the /price rule stays as it is.
    expect(await changes(proposal)).toEqual({
      added: sorted([PRICE_WORDS, ...PRICE_RULE].map((l) => l.replace(/price/g, 'hours').replace('Bread is 3 euros', 'We open at 9'))),
      removed: [],
    });
    await header.getByText('85 credits').waitFor();
    since = await toastMark(page);
    await editor().getByRole('button', { name: 'Reject Changes' }).click();
    await waitForToast(page, 'Changes rejected', { since });
    await proposal.waitFor({ state: 'detached' });
    // The rejected preview's charge comes back, and the header shows it.
    await waitForToast(page, 'Credits refunded', { since });
    await header.getByText('90 credits').waitFor();
    expect(await lines(page)).toEqual(before);
    expect(await editor().getByLabel('Unsaved changes').count()).toBe(0);

    since = await modify('rewrite it in Rust');
    await waitForToast(page, 'Failed to modify code', { since, message: /OPENAI_API_KEY/ });
    expect(await proposal.count()).toBe(0);
    // The long reason fits in its toast (no title spilling out of the box, no last line cut off).
    const failure = page.locator('.mantine-Notification-root', { hasText: 'Failed to modify code' });
    await settle(page);
    expect(await failure.evaluate((el) => [el.querySelector('.mantine-Notification-body')!.scrollHeight, el.clientHeight])).toSatisfy(
      ([content, box]: number[]) => content! <= box!,
    );
    await snap(page, errors, 'builder-modify-failed');
    await editor().getByRole('button', { name: 'Cancel' }).click();
    expect(await lines(page)).toEqual(before);

    // Two previews were charged as code edits, the rejected one refunded, the refused edit never
    // charged (a reload reads the ledger afresh).
    await header.getByRole('link', { name: /credits/ }).click();
    await page.waitForURL(pathIs('/usage'));
    await page.reload();
    expect(await page.getByTestId('credits-remaining').textContent()).toBe('90');
    expect(await ledger(page)).toEqual([
      ['Credit Refund', '+5'],
      ['Code Modification', '-5'],
      ['Code Modification', '-5'],
      ['AI Assistant', '-5'],
      ['Welcome Bonus', '+100'],
    ]);
    expect(errors).toEqual([]);
  });

  it("restores the oldest version from History: the editor and the server have the chat's text again", async () => {
    const { page, errors } = tp;
    await page.goto(fileUrl);
    await expect.poll(() => lines(page)).toContain(`        ${PRICE_LINE}`);
    await editor().getByRole('button', { name: 'History' }).click();
    const drawer = page.getByRole('dialog', { name: /Version history/ });
    const versions = drawer.getByRole('list', { name: 'Versions' }).getByRole('listitem');
    // Newest first: the text the AI change replaced, then the chat's original text.
    await expect.poll(() => versions.allTextContents()).toEqual([
      expect.stringContaining('Replaced by an AI change'),
      expect.stringContaining('Replaced by a save'),
    ]);
    await versions.last().getByRole('button').click();
    await drawer.getByRole('textbox', { name: 'Version preview' }).waitFor();
    await snap(page, errors, 'builder-history', { viewport: true });

    const since = await toastMark(page);
    await drawer.getByRole('button', { name: 'Restore this version' }).click();
    await waitForToast(page, 'Version restored', { since });
    await drawer.waitFor({ state: 'detached' });
    const restored = await lines(page);
    expect(restored[0]).toMatch(/^"""Telegram Bot/);
    expect(restored).not.toContain(TAB_LINE);
    expect(restored).not.toContain(`        ${PRICE_LINE}`);
    expect(restored).not.toContain(PRICE_WORDS);
    await snap(page, errors, 'builder-restored');

    await page.reload();
    await editor().getByText('Python', { exact: true }).waitFor();
    await expect.poll(() => lines(page)).toEqual(restored);
    expect(errors).toEqual([]);
  });

  it("deletes the file from the editor after the confirmation: 'File deleted successfully!', gone everywhere", async () => {
    const { page, errors } = tp;
    await editor().getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete file' });
    await dialog.getByText('Are you sure you want to delete this file?').waitFor();
    await dialog.getByText(FILE, { exact: true }).waitFor();
    await snap(page, errors, 'builder-delete-dialog', { viewport: true });
    const since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Delete file' }).click();
    await waitForToast(page, 'File deleted successfully!', { since });
    await editor().waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('file')).toBeNull();
    await page.getByText('No files yet. Create your first bot to get started!').waitFor();
    expect(await browserRow().count()).toBe(0);
    // The chat's box still names the file, now marked as deleted.
    await chat().getByRole('group', { name: 'Files Created' }).getByRole('button', { name: `${FILE} (deleted)` }).waitFor();
    await snap(page, errors, 'builder-after-delete');
  });
});
