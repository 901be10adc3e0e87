// The landing page's real figures, the feed's image picker, secret check and image-less cards, and
// the operator's messages drawer, credit limit and users table, in real Chromium at desktop
// (1280x800) and phone (390x844) sizes. The tests build on each other in order.
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addExchange } from '../server/features/ai/chat-messages';
import { findSecrets } from '../server/features/feed/secret-scan';
import { newUser } from '../server/testing/fixtures';
import { feedMessages } from '../shared/feed.schema';
import { LANDING_MIN_BOTS } from '../shared/landing-figures';
import { browserAvailable, startWorld, type World } from './harness';
import { openPage, snap, toastMark, waitForToast } from './helpers';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const ADMIN_KEY = 'e2e-operator-key-landing-feed-admin-01';
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const REPLIES = 1_234; // the assistant's replies: the banner writes 1.2K
const MARKDOWN_MESSAGE = [
  'Please make **my shop bot** with:',
  '- a `/start` greeting',
  '- opening hours',
  '<img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script>',
  '```python',
  "print('hello from the shop')",
  '```',
].join('\n');

/** A Telegram token whose secret is 34 characters (the shorter form), made at run time, never a literal. */
function telegramToken34(): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  for (;;) {
    const token = `${randomInt(100_000_000, 999_999_999)}:AA${Array.from({ length: 32 }, () => chars[randomInt(chars.length)]).join('')}`;
    if (findSecrets([{ where: 'x', text: token }]).length === 1) return token;
  }
}

const figuresAnswer = (page: Page) => page.waitForResponse((res) => new URL(res.url()).pathname === '/trpc/landing.figures');
const banner = (page: Page) => page.getByRole('region', { name: 'Platform statistics' });
const shareDialog = (page: Page) => page.getByRole('dialog', { name: /Share Your Bot/ });
/** The page is no wider than the screen (nothing sticks out sideways). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function signIn(page: Page, world: World, token: string): Promise<void> {
  await page.goto(`${world.url}/dependencies`);
  await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
}

async function unlockAdmin(page: Page, world: World): Promise<void> {
  await page.goto(`${world.url}/admin`);
  await page.getByLabel('Admin key').fill(ADMIN_KEY);
  const since = await toastMark(page);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await waitForToast(page, 'Admin access granted!', { since });
  await page.getByRole('heading', { name: 'Operator dashboard' }).waitFor();
}

describe.skipIf(!browserAvailable())('landing figures, the feed and the operator area in the browser', () => {
  let world: World;
  let dir: string;
  let maker: { id: string; token: string };
  let chatter: { id: string; token: string };

  beforeAll(async () => {
    world = await startWorld({ ADMIN_KEY });
    dir = mkdtempSync(path.join(tmpdir(), 'lfa-e2e-'));
    writeFileSync(path.join(dir, 'bot.png'), Buffer.from(PNG_1X1, 'base64'));
    writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    maker = await newUser(world.app, { name: 'Maker Molly' });
    chatter = await newUser(world.app, { name: 'Chatty Charlie' });
  });
  afterAll(async () => {
    await world?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the landing page hides the figures while the server has fewer than ten bots', async () => {
    const { context, page, errors } = await openPage(world, { viewport: DESKTOP });
    const answer = figuresAnswer(page);
    await page.goto(world.url);
    expect(await (await answer).json()).toEqual({ result: { data: null } });
    await page.getByRole('heading', { name: 'From idea to running bot in minutes' }).waitFor();
    expect(await banner(page).count()).toBe(0);
    expect(await page.getByText(/10K\+|5M\+|99\.9%/).count()).toBe(0);
    await snap(page, errors, 'lfa-landing-hidden-desktop');
    await context.close();
  });

  it("shows this server's figures once it has enough bots: bots built, the assistant's replies (1.2K), uptime", async () => {
    for (let i = 0; i < LANDING_MIN_BOTS + 2; i++) {
      const projectId = (await world.app.request('POST', '/api/projects', { token: maker.token, body: { name: `Shop bot ${i}` } })).body.id as string;
      expect((await world.app.request('PUT', `/api/projects/${projectId}/files/bot.py`, { token: maker.token, body: { content: `print(${i})\n` } })).status).toBe(200);
    }
    // An empty project is not a bot built.
    await world.app.request('POST', '/api/projects', { token: maker.token, body: { name: 'Not started' } });
    const { db, clock } = world.app.app.deps;
    const projectId = (await world.app.request('GET', '/api/projects', { token: chatter.token })).body[0]?.id ?? null;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < REPLIES; i++) {
        const message = i === REPLIES - 1 ? MARKDOWN_MESSAGE : `Question ${i}`;
        await addExchange(trx, { userId: chatter.id, projectId, message, reply: `Answer ${i}`, at: clock.now().getTime() - (REPLIES - i) * 1000 });
      }
    });
    // The count is kept a minute (the unit tests cover that); here the next visit counts afresh.
    world.app.app.deps.landing.counted = null;

    for (const [viewport, name] of [
      [DESKTOP, 'lfa-landing-figures-desktop'],
      [PHONE, 'lfa-landing-figures-phone'],
    ] as const) {
      const { context, page, errors } = await openPage(world, { viewport });
      const answer = figuresAnswer(page);
      await page.goto(world.url);
      const data = (await (await answer).json()).result.data;
      expect(data).toMatchObject({ botsBuilt: LANDING_MIN_BOTS + 2, assistantReplies: REPLIES });
      const stats = banner(page);
      await stats.waitFor();
      await stats.getByText(String(LANDING_MIN_BOTS + 2), { exact: true }).waitFor();
      await stats.getByText('Bots built', { exact: true }).waitFor();
      expect(await stats.getByText('1.2K', { exact: true }).getAttribute('title')).toBe('1,234 replies');
      await stats.getByText('AI assistant replies', { exact: true }).waitFor();
      await stats.getByText(/^(Just started|\d+ minutes?)$/).waitFor();
      await stats.getByText('Uptime since last restart', { exact: true }).waitFor();
      expect(await stats.innerText()).not.toMatch(/10K\+|5M\+|99\.9%/);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await snap(page, errors, name); // the whole page, from the top (the header is sticky)
      await stats.scrollIntoViewIfNeeded();
      await snap(page, errors, `${name}-banner`, { viewport: true });
      await context.close();
    }
  });

  it("the feed: a card without an image has no image block; 'Share Your Bot' takes only PNG/JPEG/GIF/WebP and refuses SVG under the field", async () => {
    const image = `data:image/png;base64,${PNG_1X1}`;
    for (const body of [
      { title: 'Picture Bot', description: 'Has an image.', platform: 'telegram', imageUrl: image },
      { title: 'Plain Bot', description: 'Has no image.', platform: 'discord' },
    ]) {
      expect((await world.app.request('POST', '/api/bot-posts', { token: maker.token, body })).status).toBe(200);
    }

    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { context, page, errors } = await openPage(world, { viewport });
      await signIn(page, world, maker.token);
      await page.goto(`${world.url}/publish`);
      const withImage = page.getByRole('article', { name: 'Picture Bot' });
      const plain = page.getByRole('article', { name: 'Plain Bot' });
      await withImage.getByRole('img', { name: 'Picture Bot' }).waitFor();
      await plain.getByRole('heading', { name: 'Plain Bot' }).waitFor();
      // No image, no frame: the card opens with its platform badge.
      expect(await plain.locator('img, .mantine-AspectRatio-root, [class*="AspectRatio"]').count()).toBe(0);
      const badgeTop = await plain.getByText('Discord', { exact: true }).evaluate((el) => el.getBoundingClientRect().top);
      const cardTop = await plain.evaluate((el) => el.getBoundingClientRect().top);
      expect(badgeTop - cardTop).toBeLessThan(40);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await snap(page, errors, `lfa-feed-cards-${suffix}`);

      await page.getByRole('button', { name: 'Share Your Bot' }).first().click();
      const dialog = shareDialog(page);
      await dialog.getByRole('textbox', { name: 'Bot Name' }).waitFor();
      const fileInput = dialog.getByLabel('Bot image file');
      expect(await fileInput.getAttribute('accept')).toBe('image/png,image/jpeg,image/gif,image/webp,.png,.jpg,.jpeg,.gif,.webp');
      // One help text for the image, which says what the picker takes.
      const text = await dialog.innerText();
      expect(text.match(/PNG, JPEG, GIF or WebP/g)).toHaveLength(1);
      expect(text).not.toMatch(/any image/i);

      const choose = async (name: string, trigger: string) => {
        const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: trigger }).click()]);
        await chooser.setFiles(path.join(dir, name));
      };
      await choose('logo.svg', 'Click to upload or drop an image');
      const refusal = dialog.getByRole('alert').filter({ hasText: feedMessages.imageSvg });
      await refusal.waitFor();
      expect(await fileInput.evaluate((el: HTMLInputElement) => [el.value, el.files?.length ?? 0])).toEqual(['', 0]);
      expect(await dialog.getByRole('img', { name: 'Selected bot image preview' }).count()).toBe(0);
      await refusal.scrollIntoViewIfNeeded();
      await snap(page, errors, `lfa-share-svg-refused-${suffix}`, { viewport: true });

      await choose('bot.png', 'Click to upload or drop an image');
      await dialog.getByRole('img', { name: 'Selected bot image preview' }).waitFor();
      expect(await refusal.count()).toBe(0);

      if (suffix === 'desktop') {
        // The 34-character form of a Telegram token is refused like the 35-character one.
        await dialog.getByRole('textbox', { name: 'Bot Name' }).fill('Token Leaker');
        await dialog.getByRole('combobox', { name: 'Platform' }).click();
        await page.getByRole('option', { name: 'Telegram', exact: true }).click();
        await dialog.getByRole('textbox', { name: 'Description' }).fill(`Try it, my token is ${telegramToken34()}`);
        const since = await toastMark(page);
        await dialog.getByRole('button', { name: 'Share', exact: true }).click();
        await waitForToast(page, 'Failed to post bot', { since, message: /^This looks like a Telegram bot token in the description \(line 1\)\./ });
        await snap(page, errors, 'lfa-share-token34-refused-desktop', { viewport: true });
      }
      await context.close();
    }
  });

  it('the operator reads messages as safe markdown, sees why an oversized credit value cannot be confirmed, and the users table scrolls sideways on a phone', async () => {
    for (let i = 0; i < 3; i++) await newUser(world.app, { name: `Extra User With A Rather Long Name ${i}`, email: `extra-user-with-long-address-${i}-${Date.now()}@example.com` });
    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { context, page, errors } = await openPage(world, { viewport });
      await unlockAdmin(page, world);
      const email = (await world.app.request('GET', '/api/auth/me', { token: chatter.token })).body.email as string;
      const row = page.getByRole('row', { name: new RegExp(email) });

      // The users table: the page does not overflow; the table scrolls inside its card.
      await row.waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      if (suffix === 'phone') {
        const scroller = page.locator('table').first().locator('xpath=ancestor::*[contains(@class, "ScrollArea-viewport") or contains(@class, "Table-scrollContainer")][1]');
        const [scrollWidth, clientWidth] = await scroller.evaluate((el) => [el.scrollWidth, el.clientWidth]);
        expect(scrollWidth).toBeGreaterThan(clientWidth);
        expect(clientWidth).toBeLessThanOrEqual(PHONE.width);
        await scroller.evaluate((el) => el.scrollBy({ left: 400 }));
        await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
        await page.getByRole('heading', { name: 'Users' }).scrollIntoViewIfNeeded();
        await snap(page, errors, 'lfa-admin-users-scrolled-phone', { viewport: true });
        await scroller.evaluate((el) => el.scrollTo({ left: 0 }));
      } else {
        await snap(page, errors, 'lfa-admin-users-desktop');
      }

      // Credits over the limit: Confirm is off and the field says why.
      await row.getByRole('button', { name: `Edit credits of ${email}` }).click();
      const input = row.getByRole('textbox', { name: `New credits for ${email}` });
      const confirm = row.getByRole('button', { name: 'Confirm credits' });
      await input.fill('2000000');
      const why = row.getByRole('alert').filter({ hasText: 'At most 1,000,000 credits' });
      await why.waitFor();
      expect(await confirm.isDisabled()).toBe(true);
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      await input.press('Enter'); // refused too
      expect(await input.isVisible()).toBe(true);
      await why.scrollIntoViewIfNeeded();
      await snap(page, errors, `lfa-admin-credits-too-many-${suffix}`, { viewport: true });
      await input.fill('1000000');
      await why.waitFor({ state: 'detached' });
      expect(await confirm.isEnabled()).toBe(true);
      await row.getByRole('button', { name: 'Cancel editing credits' }).click();

      // The messages drawer: markdown as elements, the HTML a person typed as plain text.
      await row.getByRole('button', { name: `Messages of ${email}` }).click();
      const drawer = page.getByRole('dialog', { name: /Chat messages/ });
      const newest = drawer.locator('.mantine-Paper-root', { hasText: 'my shop bot' });
      await newest.waitFor();
      expect(await newest.locator('strong').first().textContent()).toBe('my shop bot');
      expect(await newest.getByRole('listitem').allTextContents()).toEqual(['a /start greeting', 'opening hours']);
      await newest.getByText(/<img src="x" onerror=/).waitFor();
      expect(await newest.locator('code', { hasText: '/start' }).count()).toBe(1);
      await newest.locator('pre').getByText("print('hello from the shop')").waitFor();
      await newest.getByText(/<script>window\.__xss = 2<\/script>/).waitFor();
      expect(await drawer.locator('img, script').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      await drawer.getByText(`${(REPLIES * 2).toLocaleString('en-US')} messages`).waitFor();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await snap(page, errors, `lfa-admin-messages-${suffix}`, { viewport: true });
      await context.close();
    }
  });
});
