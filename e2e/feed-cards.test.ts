// The community feed at desktop (1280x800) and phone (390x844) size in real Chromium: the Share
// dialog lists a person's files under their bots (two bots, each with a telegram_bot.py, told
// apart), a card without an image is compact (no empty block where an image would be), and a
// remix becomes a bot named after the post, never 'New bot'. Each size has its own two people.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUpUser } from '../server/testing/fixtures';
import { browserAvailable } from './harness';
import { BOTH_SIZES, pathIs, signedInPage, snap, toastMark, waitForToast, worldForTests, type TestPage } from './helpers';
const FILE = 'telegram_bot.py';
const GIF_1X1 = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

/** How far a card's content stops short of its footer: the empty block an image-less card must not have. */
const emptyBelowContent = (article: Locator) =>
  article.evaluate((el) => {
    const footer = el.lastElementChild!;
    const body = footer.previousElementSibling!;
    const last = body.lastElementChild!;
    return footer.getBoundingClientRect().top - last.getBoundingClientRect().bottom;
  });

describe.skipIf(!browserAvailable())('feed cards, sharing and remix at desktop and phone size', () => {
  const world = worldForTests();

  describe.each(BOTH_SIZES)('at $size size', ({ size, viewport, phone }) => {
    const titles = { shared: `Bakery helper ${size}`, pictured: `Pictured bot ${size}`, plain: `Plain bot ${size}` };
    let owner: SignedUpUser;
    let fan: SignedUpUser;
    let op: TestPage;
    let fp: TestPage;
    const shot = (tp: TestPage, name: string, opts?: { viewport?: boolean }) => snap(tp.page, tp.errors, `feed-cards-${size}-${name}`, opts);

    beforeAll(async () => {
      [{ user: owner, tp: op }, { user: fan, tp: fp }] = await Promise.all([signedInPage(world(), `Olga ${size}`, viewport), signedInPage(world(), `Finn ${size}`, viewport)]);
      // Two bots of the owner's, each with a telegram_bot.py of its own.
      for (const [name, content] of [['Weather Buddy', 'print("weather")\n'], ['Bakery Bot', 'print("bakery")\n']]) {
        const bot = await world().app.request('POST', '/api/projects', { token: owner.token, body: { name } });
        const file = await world().app.request('PUT', `/api/projects/${bot.body.id}/files/${FILE}`, { token: owner.token, body: { content } });
        expect(file.status).toBe(200);
      }
      // A post with an image, and one without: side by side on a wide feed.
      for (const [title, imageUrl] of [[titles.pictured, GIF_1X1], [titles.plain, undefined]] as const) {
        const post = await world().app.request('POST', '/api/bot-posts', {
          token: fan.token,
          body: { title, description: 'A bot for the feed.', platform: 'discord', ...(imageUrl ? { imageUrl } : {}) },
        });
        expect(post.status).toBe(200);
      }
    });
    afterAll(async () => {
      await op?.context.close();
      await fp?.context.close();
    });

    it("the Share dialog lists each bot's telegram_bot.py under the bot's name; the one picked is the one shared", async () => {
      const { page } = op;
      await page.goto(`${world().url}/publish`);
      await page.getByRole('button', { name: 'Share Your Bot' }).click();
      const dialog = page.getByRole('dialog', { name: /Share Your Bot/ });
      const picker = dialog.getByRole('combobox', { name: 'Attach a bot file (optional)' });
      await picker.click();
      const groups = page.getByRole('listbox', { name: 'Attach a bot file (optional)' }).locator('.mantine-Select-group');
      await expect
        .poll(() => groups.evaluateAll((gs) => gs.map((g) => [g.querySelector('.mantine-Select-groupLabel')?.textContent, Array.from(g.querySelectorAll('[role="option"]')).map((o) => o.textContent)])))
        .toEqual([
          ['Weather Buddy', [FILE]],
          ['Bakery Bot', [FILE]],
        ]);
      await shot(op, 'share-files-by-bot', { viewport: true });
      await groups.filter({ hasText: 'Bakery Bot' }).getByRole('option', { name: FILE }).click();
      expect(await picker.inputValue()).toBe(`${FILE} (Bakery Bot)`);

      await dialog.getByRole('textbox', { name: 'Bot Name' }).fill(titles.shared);
      await dialog.getByRole('combobox', { name: 'Platform' }).click();
      await page.getByRole('option', { name: 'Telegram', exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Description' }).fill('Tells you what is fresh today.');
      await shot(op, 'share-filled', { viewport: true });
      const since = await toastMark(page);
      await dialog.getByRole('button', { name: 'Share', exact: true }).click();
      await waitForToast(page, 'Bot posted successfully!', { since, message: titles.shared });
      await dialog.waitFor({ state: 'detached' });
      await card(page, titles.shared).getByText(FILE).first().waitFor();
    });

    it('a card without an image has no empty block: its content runs down to its footer', async () => {
      const { page } = fp;
      await page.goto(`${world().url}/publish`);
      const plain = card(page, titles.plain);
      const pictured = card(page, titles.pictured);
      await plain.waitFor();
      await pictured.locator('img').waitFor();
      expect(await plain.locator('img').count()).toBe(0);
      // The body's own padding, and nothing more (a card stretched to an image card's height had an image's worth).
      expect(await emptyBelowContent(plain)).toBeLessThanOrEqual(20);
      expect(await emptyBelowContent(card(page, titles.shared))).toBeLessThanOrEqual(20);
      if (!phone) {
        // Side by side in one row, the image-less card is shorter than the pictured one, not stretched to it.
        const [a, b] = [(await plain.boundingBox())!, (await pictured.boundingBox())!];
        expect(Math.abs(a.y - b.y)).toBeLessThan(2);
        expect(a.height).toBeLessThan(b.height - 40);
      }
      await plain.scrollIntoViewIfNeeded();
      await shot(fp, 'cards', { viewport: true });
    });

    it("a remix is a new bot named after the post, with the post's file", async () => {
      const { page } = fp;
      const since = await toastMark(page);
      await card(page, titles.shared).getByRole('button', { name: `Remix ${FILE}` }).click();
      await waitForToast(page, 'Bot remixed', { since, message: `Remixed into a new bot, ${titles.shared}` });
      await page.waitForURL(pathIs('/builder'));
      await page.getByRole('region', { name: 'Code editor' }).getByText(FILE, { exact: true }).waitFor();
      const bots = (await world().app.request('GET', '/api/projects', { token: fan.token })).body as Array<{ name: string; files: Record<string, { content: string }> }>;
      expect(bots.map((b) => [b.name, b.files[FILE]?.content])).toEqual([[titles.shared, 'print("bakery")\n']]);
      if (phone) await page.getByRole('button', { name: 'Toggle navigation' }).click();
      const botList = page.locator('.mantine-AppShell-navbar').getByRole('list', { name: 'Bots' });
      await botList.getByRole('button', { name: `Open bot ${titles.shared}`, exact: true }).waitFor();
      expect(await botList.getByRole('button', { name: 'Open bot New bot', exact: true }).count()).toBe(0);
      await shot(fp, 'remixed', { viewport: true });
    });
  });
});
