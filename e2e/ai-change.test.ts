// An AI change in the builder's editor at desktop (1280x800) and phone (390x844) size, in real
// Chromium with the builtin assistant and the real sandbox: 'Check with saved chats' on the preview
// shows a failed replay whose long replies wrap inside their card (none runs out of it), and once
// the change is accepted and saved, the version history shows the request that made it; so does a
// change the chat proposed, with the chat message that asked for it.
// Telegraf comes from the repository's own node_modules, never from a registry.
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUpUser } from '../server/testing/fixtures';
import { copyPackages } from '../server/testing/node-packages';
import { storeSavedChat } from '../server/features/test-chat/saved-chats';
import { browserAvailable } from './harness';
import { BOTH_SIZES, signedInPage, snap, toastMark, waitForToast, worldForTests, type TestPage } from './helpers';

const REQUEST = 'Make a Telegram bot in JavaScript with Telegraf that answers /start and echoes messages';
const BOT = 'telegram_bot.js';
const CHANGE = "add a /price command that replies 'Bread is 3 euros'";
const FOLLOW_UP = "also add a /hours command that replies 'We open at 9'";
// What the saved chat expects /start to answer: one long line, a link with no place to break.
const SAVED_REPLY = `Welcome to the bakery! Our full menu, prices and opening hours are at https://bakery.example/${'menu-and-prices-'.repeat(12)}today and we answer every question within the hour.`;

/** Whatever of the element's descendants runs out of it on the right (their text), and whether any part of it scrolls sideways. */
const spill = (box: Locator) =>
  box.evaluate((el) => {
    const right = el.getBoundingClientRect().right;
    const out = Array.from(el.querySelectorAll<HTMLElement>('*')).filter((d) => d.getClientRects().length > 0 && d.getBoundingClientRect().right > right + 1);
    const scrolls = [el, ...Array.from(el.querySelectorAll<HTMLElement>('*'))].some(
      (d) => d.scrollWidth > d.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(d).overflowX),
    );
    return { out: out.map((d) => d.textContent?.slice(0, 40)), scrolls };
  });

describe.skipIf(!browserAvailable())('an AI change in the editor at desktop and phone size', () => {
  const world = worldForTests({ RUNNER_STOP_GRACE_MS: '1000' });

  describe.each(BOTH_SIZES)('at $size size', ({ size, viewport }) => {
    let user: SignedUpUser;
    let tp: TestPage;
    let fileId = '';
    const editor = () => tp.page.getByRole('region', { name: 'Code editor' });
    /** Accept Changes on the preview, then Save, each waited for by its toast. */
    const acceptAndSave = async () => {
      let since = await toastMark(tp.page);
      await editor().getByRole('button', { name: 'Accept Changes' }).click();
      await waitForToast(tp.page, 'Changes applied successfully!', { since });
      since = await toastMark(tp.page);
      await editor().getByRole('button', { name: 'Save' }).click();
      await waitForToast(tp.page, 'File saved successfully!', { since });
    };

    beforeAll(async () => {
      ({ user, tp } = await signedInPage(world(), `Ines ${size}`, viewport));
      const chat = await world().app.request('POST', '/api/ai/chat', { token: user.token, body: { message: REQUEST } });
      expect(chat.status, JSON.stringify(chat.body)).toBe(200);
      const file = (chat.body.createdFiles as Array<{ id: string; filename: string }>).find((f) => f.filename === BOT)!;
      fileId = file.id;
      const packagesDir = await world().app.app.deps.packageVolumes.dir(chat.body.projectId, true);
      copyPackages(['telegraf'], path.join(packagesDir!, 'node_modules'));
      await storeSavedChat({ deps: world().app.app.deps, userId: user.id }, { fileId, name: 'Start greets with the menu', chat: 'private', steps: [{ input: { text: '/start' }, replies: [SAVED_REPLY] }] });
    });
    afterAll(async () => tp?.context.close());

    it("'Check with saved chats' on the preview: the failed replay's long replies wrap inside the card", async () => {
      const { page, errors } = tp;
      await page.goto(`${world().url}/builder?file=${fileId}`);
      await editor().getByText(BOT, { exact: true }).waitFor();
      await editor().getByRole('button', { name: 'Modify' }).click();
      await editor().getByLabel('Describe the change').fill(CHANGE);
      const since = await toastMark(page);
      await editor().getByRole('button', { name: 'Generate Preview' }).click();
      await waitForToast(page, 'Code modification preview ready!', { since });
      await editor().getByRole('button', { name: 'Check with saved chats' }).click();
      const results = editor().getByTestId('test-chat-results');
      await results.waitFor({ timeout: 60_000 });
      await results.getByText('1 of 1 failed', { exact: true }).waitFor();
      const row = results.getByRole('row').filter({ hasText: 'bakery.example' });
      await row.waitFor();

      const banner = editor().getByRole('alert').filter({ has: page.getByTestId('test-chat-results') });
      expect(await spill(banner)).toEqual({ out: [], scrolls: false });
      // Wrapped: the saved reply takes several lines of its row, all of it readable.
      const lineHeight = await row.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect((await row.boundingBox())!.height).toBeGreaterThan(lineHeight * 2);
      expect(await row.textContent()).toContain(SAVED_REPLY);
      await results.scrollIntoViewIfNeeded();
      await snap(page, errors, `ai-change-${size}-check-failed`, { viewport: true });
    });

    it('accepted and saved, the change shows its request in the version history', async () => {
      const { page, errors } = tp;
      await acceptAndSave();

      await editor().getByRole('button', { name: 'History' }).click();
      const drawer = page.getByRole('dialog', { name: /Version history/ });
      const versions = drawer.getByRole('list', { name: 'Versions' }).getByRole('listitem');
      await expect.poll(() => versions.count()).toBe(1);
      await versions.first().getByText('Replaced by an AI change').waitFor();
      expect(await versions.first().getByTestId('version-prompt').textContent()).toBe(`“${CHANGE}”`);
      expect(await spill(versions.first())).toEqual({ out: [], scrolls: false });
      await snap(page, errors, `ai-change-${size}-history`, { viewport: true });
      // The server keeps it with the version.
      const listed = (await world().app.request('GET', `/api/files/${fileId}/versions`, { token: user.token })).body as Array<{ reason: string; prompt: string | null }>;
      expect(listed.map((v) => [v.reason, v.prompt])).toEqual([['ai_change', CHANGE]]);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
    });

    it("a change the chat proposed keeps the chat's request once accepted and saved", async () => {
      const { page, errors } = tp;
      const message = page.getByRole('region', { name: 'Chat' }).getByRole('textbox', { name: 'Message' });
      await message.fill(FOLLOW_UP);
      await message.press('Enter');
      // The editor takes the proposed change as its preview.
      await editor().getByRole('button', { name: 'Accept Changes' }).waitFor({ timeout: 30_000 });
      await acceptAndSave();

      await editor().getByRole('button', { name: 'History' }).click();
      const versions = page.getByRole('dialog', { name: /Version history/ }).getByRole('list', { name: 'Versions' }).getByRole('listitem');
      await expect.poll(() => versions.count()).toBe(2);
      expect(await versions.first().getByTestId('version-prompt').textContent()).toBe(`“${FOLLOW_UP}”`);
      expect(await versions.last().getByTestId('version-prompt').textContent()).toBe(`“${CHANGE}”`);
      await snap(page, errors, `ai-change-${size}-history-chat`, { viewport: true });
    });
  });
});
