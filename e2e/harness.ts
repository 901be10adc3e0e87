// Browser tests drive Debian's Chromium (never a downloaded browser) against the real app serving
// the built client, with a real SMTP sink and a real OIDC provider standing in for Google.
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '../server/testing/smtp-sink';
import { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, startOidcProvider, type OidcProvider } from '../server/testing/oidc-provider';
import { startTestApp, type TestApp } from '../server/testing/test-app';
import { CLIENT_DIR } from '../server/static-client';

export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

/** True when the browser tests can run; otherwise says why in one line (and fails under E2E_REQUIRED=1). */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const line = `Chromium not found at ${CHROMIUM}: browser tests skipped (apt-get install chromium).`;
  if (process.env.E2E_REQUIRED === '1') throw new Error(line + ' E2E_REQUIRED=1 makes this a failure.');
  console.warn(line);
  return false;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Debian's Chromium, headless, reaching nothing but what a test opens. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-sync', '--disable-component-update'],
  });
}

export type World = { app: TestApp; smtp: SmtpSink; oidc: OidcProvider; browser: Browser; url: string; close(): Promise<void> };

/** The worlds started and not yet closed in this worker (their server log is printed when a test fails). */
export const runningWorlds = new Set<World>();

/** `extraEnv` is merged into the app's environment (e.g. ADMIN_KEY for the operator dashboard). */
export async function startWorld(extraEnv: Record<string, string> = {}): Promise<World> {
  if (!existsSync(path.join(CLIENT_DIR, 'index.html'))) throw new Error('The client is not built: run `npx vite build` first.');
  const smtp = await startSmtpSink();
  const oidc = await startOidcProvider();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await startTestApp({
    PORT: String(port),
    PUBLIC_URL: url,
    SMTP_URL: smtp.url,
    GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET,
    GOOGLE_ISSUER: oidc.issuer,
    ...extraEnv,
  });
  const browser = await launchChromium();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const world: World = {
    app,
    smtp,
    oidc,
    browser,
    url,
    async close() {
      runningWorlds.delete(world);
      await browser.close();
      await app.close();
      await oidc.close();
      await smtp.close();
    },
  };
  runningWorlds.add(world);
  return world;
}

/**
 * Saves `name`.png: the whole page, or what is on screen (`viewport`). E2E_SCREENSHOTS=0 skips the
 * files (CI sets it: nobody looks at them there, and they cost a tenth of the browser tests' time).
 */
export async function screenshot(page: Page, name: string, opts: { viewport?: boolean } = {}): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: !opts.viewport });
}

/** Fails the test on any page error or failed same-origin request (a broken page must not pass). */
export function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/401|Failed to load resource/.test(msg.text())) errors.push(`console: ${msg.text()}`);
  });
  return errors;
}
