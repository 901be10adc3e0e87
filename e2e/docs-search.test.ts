// The documentation search and the docs page it opens, at desktop (1280x800) and phone (390x844)
// size in real Chromium: the words people use for the test chat, deploying, /bots, webhooks and the
// bot plan find their entries first, and each opens its own section of /docs.html.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, watchForErrors } from './harness';
import { BOTH_SIZES, pathIs, signedInPage, snap, worldForTests, type TestPage } from './helpers';

/** Query, the entry it must find first, and the section it opens. */
const FINDS = [
  ['test chat', 'Test Chat', 'test-chat'],
  ['deploy', 'Deploying Bots', 'deploying'],
  ['always on', 'Deploying Bots', 'deploying'],
  ['webhook', 'Webhooks', 'webhooks'],
  ['plan', 'The Bot Plan', 'bot-plan'],
  ['/bots', 'Your Bots (/bots)', 'bots-page'],
] as const;

describe.skipIf(!browserAvailable())('the documentation search at desktop and phone size', () => {
  const world = worldForTests();

  describe.each(BOTH_SIZES)('at $size size', ({ size, viewport, phone }) => {
    let tp: TestPage;
    beforeAll(async () => {
      ({ tp } = await signedInPage(world(), `Dora ${size}`, viewport));
    });
    afterAll(async () => tp?.context.close());

    /** The search box: the top bar's, or on a phone the one in the navigation drawer. */
    async function searchBox(page: Page): Promise<Locator> {
      const box = page.locator(phone ? '.mantine-AppShell-navbar' : 'header').locator('input[aria-label="Search documentation"][aria-haspopup]');
      // A closed drawer is slid off the screen, not hidden: open it when the box is not on the screen.
      const onScreen = async () => ((await box.boundingBox()) ?? { x: -1 }).x >= 0;
      if (phone && !(await onScreen())) await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await box.waitFor();
      await expect.poll(onScreen).toBe(true);
      return box;
    }
    const titles = (page: Page) => page.getByLabel('Documentation results').getByRole('link').evaluateAll((as) => as.map((a) => a.querySelector('p')?.textContent));

    it('finds the test chat, deploying, always on, webhooks, the plan and /bots first', async () => {
      const { page, errors } = tp;
      await page.goto(`${world().url}/builder`);
      await page.waitForURL(pathIs('/builder'));
      const box = await searchBox(page);
      for (const [query, title] of FINDS) {
        await box.fill(query);
        await expect.poll(async () => (await titles(page))[0], { message: query }).toBe(title);
        if (query === 'test chat') await snap(page, errors, `docs-search-${size}-test-chat`, { viewport: true });
      }
    });

    it("a result opens its section of the docs page, readable at this size", async () => {
      const { page, context, errors } = tp;
      const box = await searchBox(page);
      for (const [query, title, slug] of FINDS.filter(([q]) => q === 'webhook' || q === 'test chat')) {
        await box.fill(query);
        const first = page.getByLabel('Documentation results').getByRole('link').first();
        await first.getByText(title, { exact: true }).waitFor();
        const [docs] = await Promise.all([context.waitForEvent('page'), first.click()]);
        const docsErrors = watchForErrors(docs);
        await docs.waitForLoadState('load');
        expect(new URL(docs.url()).hash).toBe(`#${slug}`);
        const heading = docs.getByRole('heading', { name: title, exact: true });
        await heading.waitFor();
        await docs.waitForFunction((id) => {
          const top = document.getElementById(id)?.getBoundingClientRect().top ?? -1;
          return top >= 0 && top <= 100;
        }, slug);
        // Nothing of the section runs off the side of the screen.
        expect(await docs.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await snap(docs, docsErrors, `docs-search-${size}-page-${slug}`, { viewport: true });
        await docs.close();
        await page.bringToFront();
        await searchBox(page);
      }
      expect(errors).toEqual([]);
    });
  });
});
