// The runner page at phone size (390x844) and desktop size (1280x800), in real Chromium against the
// real app: the Execution Control header fits the screen whole (title, badge, file, every button
// inside it), and the test chat of a Telegram bot is in reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable } from './harness';
import { BOTH_SIZES, signedInPage, snap, worldForTests, type TestPage } from './helpers';

const BOT = 'telegram_bot.py';
const CODE = 'import time\nprint("telegram bot up", flush=True)\ntime.sleep(600)\n';

describe.skipIf(!browserAvailable())('the runner page at phone and desktop size', () => {
  const world = worldForTests();

  describe.each(BOTH_SIZES)('at $size size', ({ size, viewport }) => {
    let tp: TestPage;
    let fileId = '';
    beforeAll(async () => {
      const signedIn = await signedInPage(world(), `Rhea ${size}`, viewport);
      tp = signedIn.tp;
      const res = await world().app.request('PUT', `/api/projects/default/files/${BOT}`, { token: signedIn.user.token, body: { content: CODE } });
      expect(res.status).toBe(200);
      fileId = res.body.id;
    });
    afterAll(async () => tp?.context.close());

    /** How Execution Control's header sits: its words cut short, anything outside the panel, the page's own overflow. */
    const headerFit = () =>
      tp.page.getByRole('region', { name: 'Execution Control' }).evaluate((panel) => {
        const header = panel.firstElementChild as HTMLElement;
        const box = panel.getBoundingClientRect();
        const shown = Array.from(header.querySelectorAll<HTMLElement>('p, [class*="Badge-root"]')).filter((el) => el.getClientRects().length > 0);
        return {
          texts: shown.map((el) => el.textContent?.trim()),
          cut: Array.from(header.querySelectorAll<HTMLElement>('p, [class*="Badge-label"]'))
            .filter((el) => el.getClientRects().length > 0 && el.scrollWidth > el.clientWidth)
            .map((el) => el.textContent),
          outside: shown.filter((el) => {
            const r = el.getBoundingClientRect();
            return r.left < box.left || r.right > box.right;
          }).length,
          pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
        };
      });

    it("Execution Control's header fits whole, with the test chat's badges; the test chat opens on the first screen", async () => {
      const { page, errors } = tp;
      await page.goto(`${world().url}/runner?file=${fileId}`);
      const control = page.getByRole('region', { name: 'Execution Control' });
      await control.getByTestId('selected-file').getByText(BOT, { exact: true }).waitFor();
      await control.getByTestId('run-badge').getByText('Disconnected').waitFor();
      expect(await headerFit()).toMatchObject({ cut: [], outside: 0 });
      await snap(page, errors, `runner-sizes-${size}-1-top`, { viewport: true });

      await control.getByRole('button', { name: 'Test chat' }).click();
      const chat = page.getByRole('region', { name: 'Test chat' });
      await chat.getByTestId('test-mode-badge').waitFor({ timeout: 20_000 });
      await control.getByTestId('run-badge').getByText('Connected').waitFor();
      const fit = await headerFit();
      expect(fit).toMatchObject({ cut: [], outside: 0 });
      expect(fit.pageOverflow).toBeLessThanOrEqual(0);
      expect(fit.texts).toEqual(expect.arrayContaining(['Execution Control', 'Test mode', 'Connected']));

      // Within reach: from the top of the page, the chat and its composer are on the screen.
      await page.evaluate(() => window.scrollTo(0, 0));
      const composer = chat.getByRole('textbox', { name: /^Message/ });
      const chatBox = (await chat.boundingBox())!;
      const composerBox = (await composer.boundingBox())!;
      expect(chatBox.y).toBeLessThan(viewport.height * 0.6);
      expect(chatBox.height).toBeGreaterThanOrEqual(300);
      expect(composerBox.y).toBeGreaterThan(chatBox.y);
      expect(composerBox.y + composerBox.height).toBeLessThanOrEqual(Math.min(viewport.height, chatBox.y + chatBox.height));
      const consoleBox = (await page.getByRole('region', { name: 'Console Logs' }).boundingBox())!;
      if (size === 'desktop') {
        // Wide: the chat beside the console, as before.
        expect(chatBox.x).toBeGreaterThan(consoleBox.x + consoleBox.width - 1);
      } else {
        // Narrow: the chat first, then Execution Control, then the console, one under the other.
        const controlBox = (await control.boundingBox())!;
        expect(chatBox.y + chatBox.height).toBeLessThanOrEqual(controlBox.y);
        expect(controlBox.y + controlBox.height).toBeLessThanOrEqual(consoleBox.y);
      }
      await composer.fill('/start');
      await composer.press('Enter');
      await chat.locator('[data-testid="test-chat-message"][data-from="user"]', { hasText: '/start' }).waitFor();
      await snap(page, errors, `runner-sizes-${size}-2-chat`, { viewport: true });
      await snap(page, errors, `runner-sizes-${size}-3-chat-page`);
    });
  });
});
