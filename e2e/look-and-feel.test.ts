// Look and feel in real Chromium: the dark theme, from the system and from
// the top bar's button (kept across a reload), applied before the app's script runs (no white
// flash, the inline script allowed by the CSP); a focus ring for the keyboard and none for the
// mouse; Ctrl+K's documentation search; the builder's new file, word wrap and resizable columns.
// Every page is visited in dark at desktop and phone sizes: its own title, and a screenshot.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { browserAvailable, startWorld, watchForErrors, type World } from './harness';
import { docsSearchBox, loginThroughUi, openPage, snap, toastMark, uniqueEmail, waitForToast } from './helpers';

const ADMIN_KEY = 'e2e-look-and-feel-key-0123456789';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SCHEME_KEY = 'botwright:color-scheme';

/** Every page's own title, checked on each visit of the dark sweeps below. */
const TITLES: Record<string, string> = {
  '/': 'Botwright: build chat bots without code',
  '/login': 'Sign in · Botwright',
  '/register': 'Create account · Botwright',
  '/dependencies': 'Dependencies Guide · Botwright',
  '/admin': 'Admin · Botwright',
  '/no/such/page': 'Page Not Found · Botwright',
  '/builder': 'Builder · Botwright',
  '/runner': 'Runner · Botwright',
  '/publish': 'Community Bots · Botwright',
  '/bots': 'Bots · Botwright',
  '/profile': 'Profile · Botwright',
  '/usage': 'Usage & Credits · Botwright',
};

/** Relative luminance (0 black .. 1 white) of a computed CSS colour like 'rgb(26, 27, 30)'. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
const textColor = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).color);
/** Whether the element has a solid border on top (a colour rule that failed leaves none). */
const bordered = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).borderTopStyle === 'solid' && parseFloat(getComputedStyle(el).borderTopWidth) >= 1);
const scheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

/** Whether the element draws a focus ring: an outline of 2px or more (Mantine's and the app's). */
const hasRing = (locator: Locator) =>
  locator.evaluate((el) => {
    const s = getComputedStyle(el);
    return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
  });

/** Presses Tab until `target` has the focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

describe.skipIf(!browserAvailable())('look and feel in the browser', () => {
  let world: World;
  let user: SignedUpUser;

  beforeAll(async () => {
    world = await startWorld({ ADMIN_KEY });
    user = await signUp(world.app, world.smtp, { name: 'Grace Hopper', email: uniqueEmail('look') });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('a dark system gets the dark theme before the app has run (no white flash), a stored choice wins over the system', async () => {
    const dark = await openPage(world, { colorScheme: 'dark' });
    const { page, errors } = dark;
    // Without the app's script, only index.html's inline script and the stylesheet act: already dark.
    const entry = '**/assets/index-*.js';
    await page.route(entry, (route) => route.abort());
    await page.goto(`${world.url}/`);
    expect(await scheme(page)).toBe('dark');
    expect(luminance(await background(page.locator('body')))).toBeLessThan(0.05);
    await page.unroute(entry);

    // With the app: Mantine's dark colours, light text on dark cards.
    await page.goto(`${world.url}/`);
    const card = page.getByRole('link', { name: 'Build Bot/Agent' });
    await card.waitFor();
    expect(await scheme(page)).toBe('dark');
    expect(luminance(await background(page.locator('body')))).toBeLessThan(0.05);
    expect(luminance(await textColor(page.locator('body')))).toBeGreaterThan(0.5);

    // An explicit light choice is applied before the first paint even on a dark system.
    await page.evaluate((key) => localStorage.setItem(key, 'light'), SCHEME_KEY);
    await page.route(entry, (route) => route.abort());
    await page.goto(`${world.url}/login`);
    expect(await scheme(page)).toBe('light');
    expect(luminance(await background(page.locator('body')))).toBeGreaterThan(0.8);
    await page.unroute(entry);
    // No CSP violation (a blocked inline script would log one), no other error.
    expect(errors).toEqual([]);
    await dark.context.close();

    const light = await openPage(world, { colorScheme: 'light' });
    await light.page.goto(`${world.url}/`);
    await light.page.getByRole('link', { name: 'Build Bot/Agent' }).waitFor();
    expect(await scheme(light.page)).toBe('light');
    expect(luminance(await background(light.page.locator('body')))).toBeGreaterThan(0.8);
    expect(light.errors).toEqual([]);
    await light.context.close();
  });

  it("the top bar's theme button goes dark, a reload keeps it, and it comes back to the system's", async () => {
    const { context, page, errors } = await openPage(world, { colorScheme: 'light' });
    await loginThroughUi(page, world, user);
    await page.goto(`${world.url}/builder`);
    const header = page.locator('header');
    const files = page.getByRole('region', { name: 'File browser' });
    await files.waitFor();
    expect(await scheme(page)).toBe('light');
    // The colours chosen per scheme (light-dark()) apply in light too: bordered panels, grey tabs.
    const tabs = header.getByRole('navigation', { name: 'Workspace' }).locator(':scope > div');
    const lightPanel = luminance(await background(files));
    expect(lightPanel).toBeGreaterThan(0.8);
    expect(await bordered(files)).toBe(true);
    expect(await background(tabs)).not.toBe('rgba(0, 0, 0, 0)');
    expect(luminance(await background(tabs))).toBeGreaterThan(0.8);

    await header.getByRole('button', { name: 'Theme: System. Switch to Dark' }).click();
    await header.getByRole('button', { name: 'Theme: Dark. Switch to Light' }).waitFor();
    expect(await scheme(page)).toBe('dark');
    expect(await page.evaluate((key) => localStorage.getItem(key), SCHEME_KEY)).toBe('dark');
    // No white panel left: the file browser, the chat and the top bar are dark, their text light.
    for (const region of [files, page.getByRole('region', { name: 'Chat' }), header]) {
      expect(luminance(await background(region))).toBeLessThan(0.05);
    }
    expect(await bordered(files)).toBe(true);
    expect(luminance(await background(tabs))).toBeLessThan(0.05);
    expect(luminance(await textColor(page.getByText('How can I help you today?')))).toBeGreaterThan(0.5);
    await snap(page, errors, 'look-theme-button-dark');

    await page.reload();
    await header.getByRole('button', { name: 'Theme: Dark. Switch to Light' }).waitFor();
    expect(await scheme(page)).toBe('dark');

    await header.getByRole('button', { name: 'Theme: Dark. Switch to Light' }).click();
    await header.getByRole('button', { name: 'Theme: Light. Switch to System' }).click();
    await header.getByRole('button', { name: 'Theme: System. Switch to Dark' }).waitFor();
    expect(await scheme(page)).toBe('light');
    await page.reload();
    await header.getByRole('button', { name: 'Theme: System. Switch to Dark' }).waitFor();
    expect(await scheme(page)).toBe('light');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the keyboard focus is always ringed, a mouse click draws no ring', async () => {
    const { context, page, errors } = await openPage(world);
    // The landing page: the first Tab lands on a link with a ring.
    await page.goto(`${world.url}/`);
    await page.getByRole('link', { name: 'Build Bot/Agent' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await hasRing(page.locator(':focus'))).toBe(true);

    await loginThroughUi(page, world, user);
    await page.goto(`${world.url}/builder`);
    const header = page.locator('header');
    const files = page.getByRole('region', { name: 'File browser' });
    await files.waitFor();
    // A plain link styled by the app, a Mantine button, a resize handle, a workspace tab.
    const targets = [
      header.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Publish' }),
      header.getByRole('button', { name: /^Theme:/ }),
      files.getByRole('button', { name: 'New file' }),
      page.getByRole('separator', { name: 'Resize the file list' }),
    ];
    await page.mouse.click(640, 790); // somewhere neutral, so Tab starts from the page
    for (const target of targets) {
      await tabTo(page, target);
      expect(await hasRing(target), String(target)).toBe(true);
    }
    await snap(page, errors, 'look-focus-ring');

    // The mouse: a click focuses without a ring.
    const builderTab = header.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Builder' });
    await builderTab.click();
    expect(await builderTab.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await hasRing(builderTab)).toBe(false);
    const fold = files.getByRole('button', { name: 'Hide files' });
    await fold.click();
    const unfold = files.getByRole('button', { name: 'Show files' });
    expect(await hasRing(unfold)).toBe(false);
    await unfold.click();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Ctrl+K opens the documentation search from any page, even while typing; Enter opens the first match', async () => {
    const { context, page, errors } = await openPage(world);
    const dialog = page.getByRole('dialog', { name: 'Search documentation' });

    // Signed out, on the landing page.
    await page.goto(`${world.url}/`);
    await page.getByRole('link', { name: 'Build Bot/Agent' }).waitFor();
    await page.keyboard.press('Control+K');
    await dialog.waitFor();
    const box = dialog.getByRole('textbox', { name: 'Search documentation' });
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('getting started');
    await dialog.getByLabel('Documentation results').getByRole('link').first().getByText('Getting Started').waitFor();
    await snap(page, errors, 'look-ctrl-k-dialog', { viewport: true });
    const [docs] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await docs.waitForLoadState('load');
    expect(new URL(docs.url()).pathname + new URL(docs.url()).hash).toBe('/docs.html#getting-started');
    await docs.close();
    await dialog.waitFor({ state: 'detached' }).catch(() => dialog.waitFor({ state: 'hidden' }));

    // Signed in, with the focus in the chat's message box: Ctrl+K still opens it; Escape closes it.
    await loginThroughUi(page, world, user);
    await page.goto(`${world.url}/builder`);
    const message = page.getByRole('region', { name: 'Chat' }).getByRole('textbox', { name: 'Message' });
    await message.click();
    await page.keyboard.type('hello');
    await page.keyboard.press('Control+K');
    await dialog.waitFor();
    await page.keyboard.type('api');
    const [apiDocs] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await apiDocs.waitForLoadState('load');
    expect(new URL(apiDocs.url()).hash).toBe('#api-documentation');
    await apiDocs.close();
    expect(await message.inputValue()).toBe('hello');

    await page.keyboard.press('Control+K');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The top bar's own box: Enter opens its first match too.
    const search = await docsSearchBox(page);
    await search.fill('mission');
    await page.getByLabel('Documentation results').waitFor();
    const [missionDocs] = await Promise.all([context.waitForEvent('page'), search.press('Enter')]);
    await missionDocs.waitForLoadState('load');
    expect(new URL(missionDocs.url()).hash).toBe('#our-mission');
    await missionDocs.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the builder: a new file, word wrap kept across reloads, columns resized by drag and by keyboard and remembered', async () => {
    const { context, page, errors } = await openPage(world, { viewport: { width: 1440, height: 900 } });
    await loginThroughUi(page, world, user);
    await page.goto(`${world.url}/builder`);
    const files = page.getByRole('region', { name: 'File browser' });
    const editor = page.getByRole('region', { name: 'Code editor' });
    const chat = page.getByRole('region', { name: 'Chat' });
    const listHandle = page.getByRole('separator', { name: 'Resize the file list' });
    await files.waitFor();

    // The file list: keyboard first (arrows step 16px, Home and End to the bounds)...
    expect(await listHandle.getAttribute('aria-valuenow')).toBe('320');
    expect(Math.round((await box(files)).width)).toBe(320);
    await tabTo(page, listHandle);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await listHandle.getAttribute('aria-valuenow')).toBe('352');
    expect(Math.round((await box(files)).width)).toBe(352);
    await page.keyboard.press('End');
    expect(await listHandle.getAttribute('aria-valuenow')).toBe('480');
    await page.keyboard.press('Home');
    expect(await listHandle.getAttribute('aria-valuenow')).toBe('200');
    // ...then a drag of 60px to the right.
    const grip = await box(listHandle);
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + grip.width / 2 + 30, grip.y + 200, { steps: 3 });
    await page.mouse.move(grip.x + grip.width / 2 + 60, grip.y + 220, { steps: 3 });
    await page.mouse.up();
    expect(await listHandle.getAttribute('aria-valuenow')).toBe('260');
    expect(Math.round((await box(files)).width)).toBe(260);

    // A new file: the name is checked, the file made and opened.
    await files.getByRole('button', { name: 'New file' }).click();
    const dialog = page.getByRole('dialog', { name: /^New file/ });
    const name = dialog.getByRole('textbox', { name: 'File name' });
    await name.waitFor();
    await dialog.getByRole('button', { name: 'Create file' }).click();
    await dialog.getByText('Give the file a name, e.g. bot.py').waitFor();
    await name.fill('notes');
    await dialog.getByRole('button', { name: 'Create file' }).click();
    await dialog.getByText(/allowed extension/).waitFor();
    await name.fill('notes.md');
    await snap(page, errors, 'look-new-file-dialog', { viewport: true });
    let since = await toastMark(page);
    await page.keyboard.press('Enter');
    await waitForToast(page, 'File created', { since, message: 'notes.md' });
    await editor.getByText('notes.md', { exact: true }).waitFor();
    await editor.getByText('Markdown', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('file')).toMatch(/^[A-Za-z0-9]+$/);
    // The list folded to a rail to make room for the editor; unfolded, it has the new file.
    await files.getByRole('button', { name: 'Show files' }).click();
    await files.getByRole('button', { name: 'notes.md', exact: true }).waitFor();
    // The same name again is refused before anything is sent.
    await files.getByRole('button', { name: 'New file' }).click();
    await name.fill('notes.md');
    await page.keyboard.press('Enter');
    await dialog.getByText('This bot already has a file named notes.md').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await files.getByRole('button', { name: 'Hide files' }).click();

    // Rename, from the editor's header: the name is checked, the same file (same address) takes it.
    const fileInAddress = new URL(page.url()).searchParams.get('file');
    await editor.getByRole('button', { name: 'Rename file' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename notes.md' });
    const newName = renameDialog.getByRole('textbox', { name: 'File name' });
    await newName.waitFor();
    expect(await newName.inputValue()).toBe('notes.md');
    await newName.fill('read me');
    await renameDialog.getByRole('button', { name: 'Rename' }).click();
    await renameDialog.getByText(/allowed extension/).waitFor();
    await newName.fill('readme.md');
    since = await toastMark(page);
    await page.keyboard.press('Enter');
    await waitForToast(page, 'File renamed', { since, message: 'notes.md is now readme.md' });
    await editor.getByText('readme.md', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('file')).toBe(fileInAddress);
    await snap(page, errors, 'look-file-renamed', { viewport: true });
    // And back, for what follows.
    await editor.getByRole('button', { name: 'Rename file' }).click();
    await page.getByRole('dialog', { name: 'Rename readme.md' }).getByRole('textbox', { name: 'File name' }).fill('notes.md');
    since = await toastMark(page);
    await page.keyboard.press('Enter');
    await waitForToast(page, 'File renamed', { since, message: 'readme.md is now notes.md' });
    await editor.getByText('notes.md', { exact: true }).waitFor();

    // Word wrap: off at first, on with the toolbar's switch, still on after a reload.
    const wrap = editor.getByRole('button', { name: 'Wrap long lines' });
    const content = editor.locator('.cm-content');
    expect(await wrap.getAttribute('aria-pressed')).toBe('false');
    await content.click();
    await page.keyboard.type(`A long line: ${'lorem ipsum dolor sit amet '.repeat(12)}`);
    const line = editor.locator('.cm-line').first();
    const oneLine = (await box(line)).height;
    // Unwrapped, the long line runs past the editor's edge: the editor scrolls sideways.
    const scroller = editor.locator('.cm-scroller');
    expect(await content.evaluate((el) => el.classList.contains('cm-lineWrapping'))).toBe(false);
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await wrap.click();
    expect(await wrap.getAttribute('aria-pressed')).toBe('true');
    expect(await content.evaluate((el) => el.classList.contains('cm-lineWrapping'))).toBe(true);
    expect((await box(line)).height).toBeGreaterThan(oneLine * 2);
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);
    await snap(page, errors, 'look-editor-wrapped');
    since = await toastMark(page);
    await editor.getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'File saved successfully!', { since });

    // Chat and editor: the file list folded itself for the editor; the handle between them splits
    // 50/50, a drag of 100px to the left gives the editor more, the keyboard moves 2% a step.
    const split = page.getByRole('separator', { name: 'Resize the chat and the editor' });
    expect(await split.getAttribute('aria-valuenow')).toBe('50');
    const before = { chat: (await box(chat)).width, editor: (await box(editor)).width };
    expect(Math.abs(before.chat - before.editor)).toBeLessThan(2);
    const s = await box(split);
    await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
    await page.mouse.down();
    await page.mouse.move(s.x + s.width / 2 - 100, s.y + s.height / 2, { steps: 4 });
    await page.mouse.up();
    const dragged = Number(await split.getAttribute('aria-valuenow'));
    expect(dragged).toBeLessThan(50);
    expect((await box(chat)).width).toBeLessThan(before.chat - 80);
    expect((await box(editor)).width).toBeGreaterThan(before.editor + 80);
    await split.focus();
    await page.keyboard.press('ArrowLeft');
    expect(Number(await split.getAttribute('aria-valuenow'))).toBe(dragged - 2);
    expect(await split.getAttribute('aria-valuetext')).toBe(`Chat ${dragged - 2}%, editor ${100 - dragged + 2}%`);
    await snap(page, errors, 'look-builder-resized');

    // A reload keeps the widths and the wrapping.
    const kept = { chat: (await box(chat)).width, editor: (await box(editor)).width };
    await page.reload();
    await editor.getByText('notes.md', { exact: true }).waitFor();
    expect(Number(await split.getAttribute('aria-valuenow'))).toBe(dragged - 2);
    expect(Math.abs((await box(chat)).width - kept.chat)).toBeLessThan(2);
    expect(Math.abs((await box(editor)).width - kept.editor)).toBeLessThan(2);
    expect(await wrap.getAttribute('aria-pressed')).toBe('true');
    expect(await content.evaluate((el) => el.classList.contains('cm-lineWrapping'))).toBe(true);
    // Unfolded, the file list has the width it was given.
    await files.getByRole('button', { name: 'Show files' }).click();
    expect(await listHandle.getAttribute('aria-valuenow')).toBe('260');
    expect(Math.round((await box(files)).width)).toBe(260);
    // Unwrapped again for the other tests' sake.
    await wrap.click();
    expect(await wrap.getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`every page in dark on a ${size} (${viewport.width}x${viewport.height}), each with its own title`, async () => {
      const { context, page, errors } = await openPage(world, { viewport, colorScheme: 'dark' });
      const shot = async (name: string, opts?: { viewport?: boolean }) => {
        const path = new URL(page.url()).pathname;
        await expect.poll(() => page.title(), { message: path }).toBe(TITLES[path]);
        await snap(page, errors, `dark-${size}-${name}`, opts);
      };
      /** Signed out too, the theme can be switched from the page. */
      const themeButton = async () => expect(await page.getByRole('button', { name: /^Theme: / }).isVisible(), new URL(page.url()).pathname).toBe(true);

      await page.goto(`${world.url}/`);
      await page.getByRole('link', { name: 'Build Bot/Agent' }).waitFor();
      await themeButton();
      // The header keeps one row: the logo, the theme button, Login and Sign Up side by side.
      const header = page.locator('header');
      const logoTop = (await box(header.getByRole('link', { name: 'Botwright' }))).y;
      expect(Math.abs((await box(header.getByRole('button', { name: 'Sign Up' }))).y - logoTop)).toBeLessThan(12);
      await shot('landing');
      await page.goto(`${world.url}/login`);
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      await themeButton();
      await shot('login');
      await page.goto(`${world.url}/register`);
      await page.getByRole('heading', { level: 2 }).waitFor();
      await themeButton();
      await shot('register');
      await page.goto(`${world.url}/dependencies`);
      await page.getByRole('heading', { name: 'Dependencies Guide' }).waitFor();
      await themeButton();
      await shot('dependencies');
      await page.goto(`${world.url}/no/such/page`);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      await shot('not-found');
      await page.goto(`${world.url}/admin`);
      await page.getByLabel('Admin key').fill(ADMIN_KEY);
      await page.getByRole('button', { name: 'Unlock' }).click();
      await page.getByRole('heading', { name: 'Operator dashboard' }).waitFor();
      await page.getByRole('row', { name: new RegExp(user.email) }).waitFor();
      await shot('admin');

      await loginThroughUi(page, world, user);
      await shot('landing-signed-in');
      await page.goto(`${world.url}/builder`);
      await page.getByText('How can I help you today?').waitFor();
      await shot('builder');
      // The avatar menu is styled on a page that loads no other menu (its stylesheet comes with it):
      // Mantine's dropdown padding and item height, not the browser's defaults.
      await page.locator('header').getByRole('button', { name: 'Account menu' }).click();
      const menu = page.getByTestId('account-menu');
      await menu.getByRole('menuitem', { name: 'Profile' }).waitFor();
      expect(await menu.evaluate((el) => getComputedStyle(el).paddingTop)).toBe('4px');
      expect((await box(menu.getByRole('menuitem', { name: 'Profile' }))).height).toBeGreaterThanOrEqual(30);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      // Moving between pages inside the app changes the title too (no reload).
      if (size === 'phone') await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page.getByRole('link', { name: 'Publish', exact: true }).filter({ visible: true }).click();
      await expect.poll(() => page.title()).toBe(TITLES['/publish']);
      await page.goBack();
      await page.getByText('How can I help you today?').waitFor();
      // A Python file: the editor shows its sample bot, highlighted.
      const files = page.getByRole('region', { name: 'File browser' });
      const name = `bot_${size}.py`;
      await files.getByRole('button', { name: 'New file' }).click();
      await page.getByRole('dialog', { name: /^New file/ }).getByRole('textbox', { name: 'File name' }).fill(name);
      await page.keyboard.press('Enter');
      const editor = page.getByRole('region', { name: 'Code editor' });
      await editor.getByText(name, { exact: true }).waitFor();
      await editor.locator('.cm-content').waitFor();
      await shot('builder-editor');
      await editor.getByRole('button', { name: 'Modify' }).click();
      await editor.getByLabel('Describe the change').waitFor();
      await shot('builder-modify');
      await editor.getByRole('button', { name: 'Cancel' }).click();

      await page.goto(`${world.url}/runner`);
      await page.getByText('Select a file and click Start to see its output here.').waitFor();
      await shot('runner');
      await page.goto(`${world.url}/publish`);
      await page.getByRole('heading', { name: 'Community Feed' }).waitFor();
      await shot('publish');
      await page.goto(`${world.url}/bots`);
      await page.getByRole('heading', { name: 'Bots', exact: true }).waitFor();
      await shot('bots');
      await page.goto(`${world.url}/profile`);
      await page.getByText('Account Information').first().waitFor();
      await shot('profile');
      await page.goto(`${world.url}/usage`);
      await page.getByRole('heading', { name: 'Usage & Credits' }).waitFor();
      await page.getByTestId('credits-remaining').waitFor();
      await shot('usage');
      await page.goto(`${world.url}/dependencies`);
      await page.getByRole('heading', { name: 'Dependencies Guide' }).waitFor();
      await shot('dependencies-signed-in');
      await page.keyboard.press('Control+K');
      await page.getByRole('dialog', { name: 'Search documentation' }).waitFor();
      await page.keyboard.type('bot');
      await page.getByLabel('Documentation results').waitFor();
      await shot('docs-search', { viewport: true });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('the docs page opened from the search is readable in dark too', async () => {
    const { context, page } = await openPage(world, { colorScheme: 'dark' });
    await page.goto(`${world.url}/docs.html#getting-started`);
    await page.getByRole('heading', { name: 'Getting Started' }).waitFor();
    const errors = watchForErrors(page);
    await snap(page, errors, 'dark-docs-page', { viewport: true });
    await context.close();
  });
});
