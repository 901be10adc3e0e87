// Shared steps of the browser tests: a page that records its errors and toasts, toast waits that
// survive a page reload, signing in through the real /login form, and reading the editor's text.
import { setTimeout as delay } from 'node:timers/promises';
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { screenshot, startWorld, watchForErrors, type World } from './harness';

/** The two sizes every page is checked at: a laptop and a phone. */
export const BOTH_SIZES = [
  { size: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
  { size: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;

/** One world for the tests of a file (or a describe): started before them, closed after them. */
export function worldForTests(extraEnv: Record<string, string> = {}): () => World {
  let world: World | undefined;
  beforeAll(async () => {
    world = await startWorld(extraEnv);
  });
  afterAll(async () => world?.close());
  return () => world!;
}

const TOAST_LOG = '__e2e_toasts';

export type Toast = { title: string; message: string };

/**
 * Records every toast (Mantine notification) the page shows into sessionStorage, so a toast that is
 * followed at once by a reload (the sign-up dialog) or replaced by the next one is still seen.
 * Read-only: it observes the DOM and never touches the app.
 */
async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript((key: string) => {
    const seen = new WeakSet<Element>();
    const record = () => {
      for (const root of Array.from(document.querySelectorAll('.mantine-Notification-root'))) {
        if (seen.has(root)) continue;
        const title = root.querySelector('.mantine-Notification-title')?.textContent ?? '';
        if (!title) continue;
        seen.add(root);
        const message = root.querySelector('.mantine-Notification-description')?.textContent ?? '';
        const log = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown[];
        log.push({ title, message });
        sessionStorage.setItem(key, JSON.stringify(log));
      }
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true });
  }, TOAST_LOG);
}

export type TestPage = { context: BrowserContext; page: Page; errors: string[] };

/**
 * A fresh browser context (own storage and cookies, 1280x800 and a light system theme unless told)
 * with one page that records errors and toasts. It asks for reduced motion, so dialogs open without a transition: a click aimed
 * at a dialog that is still sliding in can otherwise land on its overlay and close it.
 */
export async function openPage(
  world: World,
  opts: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
): Promise<TestPage> {
  const context = await world.browser.newContext({
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    colorScheme: opts.colorScheme ?? 'light',
  });
  await recordToasts(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.setDefaultNavigationTimeout(10_000);
  return { context, page, errors: watchForErrors(page) };
}

/** A second tab in the same context (shared localStorage), recording errors and toasts too. */
export async function openTab(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.setDefaultNavigationTimeout(10_000);
  return { page, errors: watchForErrors(page) };
}

export async function toasts(page: Page): Promise<Toast[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as Toast[], TOAST_LOG);
}

/** How many toasts this tab has shown so far: pass it to waitForToast to only accept newer ones. */
export async function toastMark(page: Page): Promise<number> {
  return (await toasts(page)).length;
}

/** Waits for a toast with this title (and message, when given) shown after `since` earlier toasts. */
export async function waitForToast(page: Page, title: string, opts: { message?: string | RegExp; since?: number } = {}): Promise<Toast> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const shown = (await toasts(page).catch(() => [])).slice(opts.since ?? 0);
    const hit = shown.find(
      (t) =>
        t.title === title &&
        (opts.message === undefined ||
          (typeof opts.message === 'string' ? t.message === opts.message : opts.message.test(t.message))),
    );
    if (hit) return hit;
    if (Date.now() > deadline) {
      throw new Error(`no toast '${title}'${opts.message ? ` / '${opts.message}'` : ''}; shown: ${JSON.stringify(shown)}`);
    }
    await delay(25); // a condition poll with a deadline, not a fixed wait (it must survive reloads)
  }
}

/**
 * Waits until the page's finite animations and transitions (dialogs, popovers, toasts sliding in)
 * have finished, so a screenshot shows the settled page. Two frames first: Mantine starts its
 * transitions on the frame after mounting.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Screenshot under test-results/screenshots, after checking the page logged no error (page error,
 * console error, CSP violation) so far. `viewport` shoots what is on screen: for dialogs (a full-page
 * shot stretches the page under the viewport-sized overlay) and pages opened at an anchor.
 */
export async function snap(page: Page, errors: string[], name: string, opts: { viewport?: boolean } = {}): Promise<void> {
  expect(errors, `errors on ${name}`).toEqual([]);
  await settle(page);
  await screenshot(page, name, opts);
}

export const pathIs = (path: string) => (url: URL) => url.pathname === path;

let seq = 0;
/** An address nobody used in this run. */
export function uniqueEmail(prefix: string): string {
  seq += 1;
  return `${prefix}-${Date.now().toString(36)}-${seq}@example.com`;
}

/** Signs in through the Login tab of /login and waits for the landing page to greet the user. */
export async function loginThroughUi(page: Page, world: World, user: { name: string; email: string; password: string }): Promise<void> {
  await page.goto(`${world.url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  const since = await toastMark(page);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await waitForToast(page, 'Welcome back!', { since });
  await page.waitForURL(pathIs('/'));
  await page.getByText(`Welcome back, ${user.name}!`).waitFor();
}

/** A new account (signed up by e-mail) signed in through /login in a page of its own at this size. */
export async function signedInPage(world: World, name: string, viewport: { width: number; height: number }): Promise<{ user: SignedUpUser; tp: TestPage }> {
  const user = await signUp(world.app, world.smtp, { name, email: uniqueEmail(name.toLowerCase().replace(/\W+/g, '-')) });
  const tp = await openPage(world, { viewport });
  await loginThroughUi(tp.page, world, user);
  return { user, tp };
}

/** Waits until the top bar's workspace tab for the current page (aria-current) is `label`. */
export async function waitForActiveTab(page: Page, label: 'Builder' | 'Run' | 'Publish'): Promise<void> {
  await page
    .locator('header')
    .getByRole('navigation', { name: 'Workspace' })
    .locator('a[aria-current="page"]', { hasText: label })
    .waitFor();
}

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('auth_token'));
}

/** GET /api/auth/me with a bearer token, from the test (not the page). */
export async function me(world: World, token: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${world.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** Holds requests matching `pattern` until release() (to see a pending state), then lets them through. */
export async function hold(page: Page, pattern: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let passed!: Promise<void>;
  const handler = (route: Route) => (passed = held.then(() => route.continue()));
  await page.route(pattern, handler);
  return async () => {
    release();
    await passed;
    await page.unroute(pattern, handler);
  };
}

/**
 * The top bar's documentation search box, once its results (a module of their own, loaded just
 * after the top bar paints) have replaced the box shown meanwhile (that one has no popup). Typing
 * before works; but a fill that lands on the very moment of the swap types into the box being
 * removed.
 */
export async function docsSearchBox(page: Page): Promise<Locator> {
  const box = page.locator('header').locator('input[aria-label="Search documentation"][aria-haspopup]');
  await box.waitFor();
  return box;
}

/**
 * The editor's whole text, as a person gets it: select all and copy (CodeMirror renders only the
 * lines in view), leaving the cursor at the start. The editor is focused rather than clicked: a
 * click's point can land under the gutter or a toast while the page settles.
 */
export async function editorText(page: Page): Promise<string> {
  await page.getByRole('textbox', { name: 'File content' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+C');
  await page.keyboard.press('ControlOrMeta+Home');
  return page.evaluate(() => navigator.clipboard.readText());
}
