// First contentful paint of the landing page `/` and of the builder `/builder` (signed in: a user
// from `newUser`, their token put in localStorage before the page loads, as a returning visitor has
// it) in headless Chromium (Debian's, the one the browser tests use) over an emulated slow link
// (Network.emulateNetworkConditions: 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency), HTTP cache
// disabled, a fresh browser context per load; read from performance.getEntriesByName('first-contentful-paint').
// The app is the real one (`startTestApp`) serving the built client (dist/client, or BENCH_CLIENT_DIR).
// Subject: the browser as it is (it accepts brotli and gzip, so it gets the precompressed files and
// compressed answers); baseline: the same page with the browser asking for no compression
// (Accept-Encoding: identity, what it got before precompression), so the ratio is what compression
// gives on this link. The goal bounds the subject: <= 2000 ms. Printed by the bench, never asserted in tests.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { newUser } from '../server/testing/fixtures';
import { startTestApp, type TestApp } from '../server/testing/test-app';
import { fmt, median, type Scenario } from './harness';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = '/usr/bin/chromium';
const LINK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
export const GOAL_MS = 2000;
const TIMEOUT_MS = 60_000;

type Load = { fcp: number; ready: number | null; requests: number; bytes: number };

/** One cold load of `urlPath`; `ready` (ms) is when `readySelector` shows, if one is given. */
async function load(browser: Browser, url: string, opts: { token?: string; identity: boolean; readySelector?: string }): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    if (opts.token) await context.addInitScript((token: string) => localStorage.setItem('auth_token', token), opts.token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    let requests = 0;
    let bytes = 0;
    cdp.on('Network.requestWillBeSent', () => (requests += 1));
    cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (bytes += e.encodedDataLength));
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
    if (opts.identity) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    const fcp = (await (
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, undefined, { timeout: TIMEOUT_MS })
    ).jsonValue()) as number;
    let ready: number | null = null;
    if (opts.readySelector) {
      await page.locator(opts.readySelector).first().waitFor({ timeout: TIMEOUT_MS });
      ready = await page.evaluate(() => performance.now());
    }
    return { fcp, ready, requests, bytes };
  } finally {
    await context.close();
  }
}

function firstPaint(name: string, urlPath: string, opts: { signedIn: boolean; readySelector?: string; readyLabel?: string }): Scenario {
  return {
    name,
    unit: 'ms',
    subjectLabel: 'compressed',
    baselineLabel: 'Accept-Encoding: identity',
    goal: { op: '<=', value: GOAL_MS },
    async prepare() {
      if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium)`);
      const clientDir = path.resolve(process.env.BENCH_CLIENT_DIR ?? path.join(ROOT, 'dist/client'));
      if (!existsSync(path.join(clientDir, 'index.html'))) throw new Error(`no built client in ${clientDir}: run \`npm run build\` first`);
      let t: TestApp | null = null;
      let browser: Browser | null = null;
      const seen = { subject: [] as Load[], baseline: [] as Load[] };
      try {
        t = await startTestApp({ LOG_LEVEL: 'warn' }, { clientDir, rateLimits: false });
        const token = opts.signedIn ? (await newUser(t)).token : undefined;
        browser = await chromium.launch({
          executablePath: CHROMIUM,
          args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
        });
        const url = t.url + urlPath;
        const app = t;
        const b = browser;
        const run = (identity: boolean) => load(b, url, { token, identity, readySelector: opts.readySelector });
        const describe = (loads: Load[]) =>
          loads.length === 0
            ? '-'
            : `${fmt(median(loads.map((l) => l.requests)))} requests, ${fmt(median(loads.map((l) => l.bytes)) / 1000)} kB on the wire` +
              (opts.readySelector ? `, ${opts.readyLabel} at ${fmt(median(loads.map((l) => l.ready ?? NaN)))} ms` : '');
        return {
          get note() {
            return (
              `GET ${urlPath}${opts.signedIn ? ' signed in' : ''}, headless Chromium, ${LINK.downloadThroughput * 8 / 1e6} Mbit/s down, ${LINK.uploadThroughput * 8 / 1e3} kbit/s up, ${LINK.latency} ms latency, cache disabled, fresh context per load; ` +
              `compressed: ${describe(seen.subject)}; identity: ${describe(seen.baseline)} (medians); client ${path.relative(ROOT, clientDir) || clientDir}`
            );
          },
          async warmUp() {
            await run(false);
          },
          async baseline() {
            const l = await run(true);
            seen.baseline.push(l);
            return l.fcp;
          },
          async subject() {
            const l = await run(false);
            seen.subject.push(l);
            return l.fcp;
          },
          async close() {
            await b.close();
            await app.close();
          },
        };
      } catch (err) {
        await browser?.close();
        await t?.close();
        throw err;
      }
    },
  };
}

export const firstPaintScenarios: Scenario[] = [
  firstPaint('first contentful paint, landing', '/', { signedIn: false }),
  firstPaint('first contentful paint, builder', '/builder', {
    signedIn: true,
    readySelector: 'textarea[aria-label="Message"]',
    readyLabel: 'the chat box shown',
  }),
];
