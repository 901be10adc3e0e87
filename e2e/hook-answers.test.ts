// A bot's webhook answers come from Botwright's own origin, which the app's CSP trusts for scripts
// ('self'). In real Chromium: a page on that origin under the app's real CSP (as if markup had been
// slipped into one of its pages) loads a bot's answers as a classic script, a module, a worker and a
// stylesheet. None may run or apply; a script of the app's own on the same page does run.
// No built client is needed: the page is handed to the browser, the bot's answers come from the app.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnsweringBot, type AnsweringBot } from '../server/testing/answering-bot';
import { startTestApp, type TestApp } from '../server/testing/test-app';
import { browserAvailable, launchChromium } from './harness';

const JS = { 'content-type': 'text/javascript' };
let t: TestApp;
let bot: AnsweringBot;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!browserAvailable()) return;
  t = await startTestApp({ RUNNER_MEMORY_MB: '256', RUNNER_STOP_GRACE_MS: '300' });
  bot = await startAnsweringBot(t);
  browser = await launchChromium();
  page = await browser.newPage();
  // The app's own CSP, as every answer of the app carries it.
  const csp = (await fetch(`${t.url}/`)).headers.get('content-security-policy')!;
  expect(csp).toContain("script-src 'self'");
  await page.route(`${t.url}/injected`, (route) => route.fulfill({ status: 200, headers: { 'content-type': 'text/html', 'content-security-policy': csp }, body: '<!doctype html><title>injected</title>' }));
  await page.route(`${t.url}/assets/own.js`, (route) => route.fulfill({ status: 200, headers: JS, body: "window.ran.push('own')" }));
  await page.goto(`${t.url}/injected`);
  await page.evaluate(() => ((window as unknown as { ran: string[] }).ran = []));
});

afterAll(async () => {
  await browser?.close();
  await bot?.stop();
  await t?.close();
});

/** Adds <script src> (classic or module) and says whether it loaded; what it ran is in window.ran. */
function script(src: string, type = 'text/javascript'): Promise<'load' | 'error'> {
  return page.evaluate(
    ([src, type]) =>
      new Promise<'load' | 'error'>((resolve) => {
        const el = document.createElement('script');
        el.type = type!;
        el.src = src!;
        el.onload = () => resolve('load');
        el.onerror = () => resolve('error');
        document.head.append(el);
      }),
    [src, type],
  );
}

describe.skipIf(!browserAvailable())("a bot's webhook answer on Botwright's origin", () => {
  it("runs as no script of the app's: classic, module, without a type, with the bot's nosniff off, or as a worker", async () => {
    expect(await script('/assets/own.js')).toBe('load');
    const ran = (name: string) => `window.ran.push('${name}')`;
    await script(bot.asking('/classic.js', { headers: JS, body: ran('classic') }));
    await script(bot.asking('/module.js', { headers: JS, body: ran('module') }), 'module');
    await script(bot.asking('/untyped.js', { body: ran('untyped') }));
    await script(bot.asking('/sniffed.js', { headers: { 'content-type': 'text/plain', 'x-content-type-options': 'none' }, body: ran('sniffed') }));
    const worker = await page.evaluate(
      (src) =>
        new Promise<string>((resolve) => {
          const w = new Worker(src);
          w.onmessage = (e) => resolve(String(e.data));
          w.onerror = () => resolve('error');
        }),
      bot.asking('/worker.js', { headers: JS, body: "postMessage('worker ran')" }),
    );
    expect({ ran: await page.evaluate(() => (window as unknown as { ran: string[] }).ran), worker }).toEqual({ ran: ['own'], worker: 'error' });
  });

  it("applies no stylesheet of a bot's to the app's page", async () => {
    const href = bot.asking('/style.css', { headers: { 'content-type': 'text/css' }, body: 'body { background-color: rgb(1, 2, 3) }' });
    const loaded = await page.evaluate(
      (href) =>
        new Promise<string>((resolve) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = href;
          link.onload = () => resolve('load');
          link.onerror = () => resolve('error');
          document.head.append(link);
        }),
      href,
    );
    expect({ loaded, background: await page.evaluate(() => getComputedStyle(document.body).backgroundColor) }).toEqual({ loaded: 'error', background: 'rgba(0, 0, 0, 0)' });
  });
});
