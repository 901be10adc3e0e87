// The runner as a new user meets it, at desktop (1280x800) and phone (390x844) size, in real
// Chromium against the real app and sandbox: one file list (a click selects in place, the sidebar
// elsewhere still opens the builder), imports checked by themselves and again after a reload so
// Install Dependencies works at once, the installer's output in the console, a Console Logs header
// that fits, and a return to /runner that re-opens the running file with its live logs.
// Packages come from a local wheel directory (pip --find-links), never from a public index.
// Each size has its own user and page; its tests build on each other in order.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { writeWheel } from '../server/testing/package-index';
import { browserAvailable, startWorld, type World } from './harness';
import { hold, loginThroughUi, openPage, pathIs, snap, toastMark, toasts, uniqueEmail, waitForToast, type TestPage } from './helpers';

const SIZES = [
  { size: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
  { size: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;

const GREETER = 'greeter.py';
const SLEEPER = 'sleeper.py';
const BROKEN = 'broken_bot.py';
const tickingBot = (name: string) => `import time

try:
    import requests  # found by the dependency check; the bot runs without it
except ImportError:
    requests = None

print("${name} up", flush=True)
n = 0
while True:
    n += 1
    print(f"${name} tick {n}", flush=True)
    time.sleep(0.4)
`;
const BROKEN_CODE = `import os

print("Broken bot starting", flush=True)
print("first problem", file=os.sys.stderr, flush=True)
token = os.environ['MISSING_BOT_TOKEN']
`;

describe.skipIf(!browserAvailable())('the runner, as a new user meets it', () => {
  let world: World;
  const wheels = mkdtempSync(path.join(tmpdir(), 'botwright-e2e-wheels-'));
  chmodSync(wheels, 0o755); // the installer's own uid reads it, like an operator's wheel dir

  beforeAll(async () => {
    writeWheel(wheels, { name: 'requests', version: '2.99.0', files: { 'requests/__init__.py': '__version__ = "2.99.0"\n' } });
    world = await startWorld({ RUNNER_PIP_FIND_LINKS: wheels });
  });
  afterAll(async () => {
    await world?.close();
    rmSync(wheels, { recursive: true, force: true });
  });

  describe.each(SIZES)('at $size size', ({ size, viewport, phone }) => {
    let user: SignedUpUser;
    let tp: TestPage;
    const ids: Record<string, string> = {};
    const shot = (name: string, opts?: { viewport?: boolean }) => snap(tp.page, tp.errors, `runner-flows-${size}-${name}`, opts);

    beforeAll(async () => {
      user = await signUp(world.app, world.smtp, { name: `Ada ${size}`, email: uniqueEmail(`runner-flows-${size}`) });
      for (const [name, content] of [[GREETER, tickingBot('greeter')], [SLEEPER, tickingBot('sleeper')], [BROKEN, BROKEN_CODE]] as const) {
        const res = await world.app.request('PUT', `/api/projects/default/files/${name}`, { token: user.token, body: { content } });
        expect(res.status).toBe(200);
        ids[name] = res.body.id;
      }
      tp = await openPage(world, { viewport });
      await loginThroughUi(tp.page, world, user);
    });
    afterAll(async () => {
      await tp?.context.close();
    });

    const page = () => tp.page;
    const files = () => page().getByRole('region', { name: 'Your Files' });
    const fileButton = (name: string) => files().getByRole('button', { name, exact: true });
    const control = () => page().getByRole('region', { name: 'Execution Control' });
    const button = (name: string | RegExp) => control().getByRole('button', { name, exact: typeof name === 'string' });
    const selected = () => control().getByTestId('selected-file');
    const badge = () => control().getByTestId('run-badge');
    const consoleLog = () => page().getByRole('region', { name: 'Console Logs' });
    const output = () => consoleLog().getByRole('log', { name: 'Console output' });
    const deps = () => page().getByRole('region', { name: 'Dependencies' });
    const imports = () => deps().getByRole('list', { name: 'Detected imports' });
    const sidebar = () => page().locator('nav.mantine-AppShell-navbar');
    const line = (text: string | RegExp): Locator => output().locator('[data-level]', { has: page().getByText(text, { exact: true }) });
    /** Waits for a console line; a timeout says what the console held instead. */
    const waitForLine = async (text: string | RegExp, timeout = 15_000) => {
      await line(text)
        .first()
        .waitFor({ timeout })
        .catch(async (err) => {
          const shown = await output().innerText().catch(() => '(no console output)');
          throw new Error(`${(err as Error).message}\nconsole:\n${shown.slice(-3000)}`);
        });
    };
    const selectedParam = () => new URL(page().url()).searchParams.get('file');
    /**
     * Waits until the page shows `name` as the selected file, not only the address: the router
     * renders a navigation as a transition, so on a busy machine the address changes first and a
     * click meanwhile would still reach the previous file's buttons.
     */
    const shownSelected = async (name: string) => {
      await expect.poll(selectedParam, { timeout: 10_000 }).toBe(ids[name]);
      await selected().getByText(name, { exact: true }).waitFor();
      await fileButton(name).getByText('Selected', { exact: true }).waitFor();
    };
    /** Selects a file in the page's list, as a person would, and waits until the page shows it. */
    const selectFile = async (name: string) => {
      await fileButton(name).click();
      await shownSelected(name);
    };

    /** On a phone the sidebar (with the workspace tabs) is a drawer behind the burger. */
    const openSidebar = async () => {
      if (!phone) return;
      await page().getByRole('button', { name: 'Toggle navigation' }).click();
      await sidebar().getByRole('button', { name: 'Create New Bot/Agent' }).waitFor();
      await expect.poll(async () => (await sidebar().boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
    };
    /** Follows a workspace tab within the app (no page load), as a person would. */
    const goTab = async (label: 'Builder' | 'Run') => {
      await openSidebar();
      const nav = phone ? sidebar() : page().locator('header');
      await nav.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: label }).click();
      await page().waitForURL(pathIs(label === 'Run' ? '/runner' : '/builder'));
    };

    it('one file list on /runner: a click there selects the file and stays; elsewhere the sidebar list still opens the builder', async () => {
      await page().goto(`${world.url}/runner`);
      await fileButton(GREETER).waitFor();
      // Nothing runs and nothing was selected before: no file yet.
      await control().getByText('No file selected').waitFor();
      // The page's list is the only one: the sidebar's (drawer on a phone) is not there on /runner.
      await openSidebar();
      await sidebar().getByRole('button', { name: 'Create New Bot/Agent' }).waitFor();
      expect(await sidebar().getByRole('list', { name: 'Your Files' }).count()).toBe(0);
      expect(await page().getByRole('button', { name: new RegExp(GREETER.replace('.', '\\.')) }).count()).toBe(1);
      if (phone) {
        await shot('sidebar-drawer', { viewport: true });
        await page().getByRole('button', { name: 'Toggle navigation' }).click();
      }

      await selectFile(SLEEPER);
      expect(new URL(page().url()).pathname).toBe('/runner');
      expect(await selected().textContent()).toBe(SLEEPER);
      expect(await fileButton(SLEEPER).getAttribute('aria-current')).toBe('true');
      await shot('one-list');

      // On the builder the sidebar lists the files again, and a click opens the file there. The
      // builder's file browser draws its rows with the runner's row (FileRow): name and language.
      await goTab('Builder');
      await page().getByRole('region', { name: 'File browser' }).getByRole('button', { name: GREETER, exact: true }).getByText('Python', { exact: true }).waitFor();
      await shot('builder-browser');
      await openSidebar();
      await sidebar().getByRole('list', { name: 'Your Files' }).getByRole('button', { name: `Open ${GREETER}` }).click();
      await page().waitForURL((url) => url.pathname === '/builder' && url.searchParams.get('file') === ids[GREETER]);
      await page().getByRole('region', { name: 'Code editor' }).getByText(GREETER, { exact: true }).waitFor();
      await shot('builder-list');
    });

    it("the selected file's imports are checked by themselves, and again after a reload; 'Check Dependencies' reads them again", async () => {
      await page().goto(`${world.url}/runner?file=${ids[GREETER]}`);
      const item = imports().getByRole('listitem').filter({ hasText: 'requests' });
      await item.getByText('Python', { exact: true }).waitFor();
      await deps().getByLabel('Install command').getByText('pip install requests').waitFor();
      await page().reload();
      await item.getByText('Python', { exact: true }).waitFor();
      expect(await imports().getByRole('listitem').count()).toBe(1); // time is built in

      const release = await hold(page(), '**/trpc/runner.parseImports**');
      await button('Check Dependencies').click();
      await button('Checking...').waitFor();
      await deps().getByLabel('Analyzing imports').waitFor();
      await release();
      await item.getByText('Python', { exact: true }).waitFor();
      await button('Check Dependencies').waitFor();
      await shot('dependencies');
    });

    it("Install Dependencies right after a reload installs (no 'click first'), and the installer's output streams into the console", async () => {
      await page().reload();
      await imports().getByRole('listitem').filter({ hasText: 'requests' }).waitFor();
      const since = await toastMark(page());
      await deps().getByRole('button', { name: 'Install Dependencies' }).click();
      await waitForLine('Starting installation of: requests', 5_000);
      expect(await line('Starting installation of: requests').getAttribute('data-level')).toBe('info');
      // pip's own lines, as they come, in the console as well as in the panel's log.
      await waitForLine(/^Successfully installed requests-2\.99\.0$/, 90_000);
      await waitForToast(page(), 'Dependencies installed successfully!', { since, message: 'Installed: requests' });
      expect(await line(/^Successfully installed requests/).getAttribute('data-level')).toBe('output');
      await deps().getByRole('log', { name: 'Installation log' }).getByText(/^Successfully installed requests/).waitFor();
      expect((await toasts(page())).slice(since).map((t) => t.title)).not.toContain('No dependencies detected');
      await consoleLog().scrollIntoViewIfNeeded();
      await shot('install-in-console', { viewport: phone });
    }, 120_000);

    it('the Console Logs header fits, with an error count, every action whole and inside the panel', async () => {
      await selectFile(BROKEN);
      await button('Start').click();
      await output().getByText(/^KeyError: 'MISSING_BOT_TOKEN'$/).waitFor({ timeout: 15_000 });
      await badge().getByText('Disconnected', { exact: true }).waitFor({ timeout: 15_000 });
      await consoleLog().getByText(/^\d+ errors?$/).waitFor();

      /** How the header sits: overflow, actions outside the panel, the actions shown and the page's own overflow. */
      const measure = () =>
        consoleLog().evaluate((panel) => {
          const header = panel.firstElementChild as HTMLElement;
          const box = panel.getBoundingClientRect();
          const shown = Array.from(header.querySelectorAll<HTMLElement>('button, [class*="Badge-root"]')).filter((el) => el.getClientRects().length > 0);
          return {
            headerOverflow: header.scrollWidth - header.clientWidth,
            outside: shown
              .filter((el) => {
                const r = el.getBoundingClientRect();
                return r.left < box.left || r.right > box.right || r.width === 0;
              })
              .map((el) => el.getAttribute('aria-label') ?? el.textContent),
            names: shown.map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim()),
            // A label cut short by an ellipsis (a badge squeezed by its neighbours).
            cut: Array.from(header.querySelectorAll<HTMLElement>('[class*="Badge-label"], [class*="Button-label"], p'))
              .filter((el) => el.getClientRects().length > 0 && el.scrollWidth > el.clientWidth)
              .map((el) => el.textContent),
            pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
          };
        });
      const expectFit = async (names: string[]) => {
        const fit = await measure();
        expect(fit.headerOverflow).toBeLessThanOrEqual(0);
        expect(fit.outside).toEqual([]);
        expect(fit.cut).toEqual([]);
        expect(fit.pageOverflow).toBeLessThanOrEqual(0);
        for (const name of names) expect(fit.names).toContain(name);
        expect(fit.names).not.toContain('Console actions');
      };
      await expectFit(['Clear console', 'History', 'AI Help']);
      await consoleLog().scrollIntoViewIfNeeded();
      await shot('console-header', { viewport: true });

      if (phone) {
        // A smaller phone still: Clear and History share a menu, AI Help keeps its button.
        await page().setViewportSize({ width: 320, height: 700 });
        const actions = consoleLog().getByRole('button', { name: 'Console actions' });
        await actions.waitFor();
        const fit = await measure();
        expect(fit.headerOverflow).toBeLessThanOrEqual(0);
        expect(fit.outside).toEqual([]);
        expect(fit.cut).toEqual([]);
        expect(fit.pageOverflow).toBeLessThanOrEqual(0);
        expect(fit.names).toContain('AI Help');
        expect(fit.names).not.toContain('History');
        await actions.click();
        for (const name of ['Clear console', 'History']) await page().getByRole('menuitem', { name }).waitFor();
        await shot('console-header-320-menu', { viewport: true });
        await page().getByRole('menuitem', { name: 'Clear console' }).click();
        await consoleLog().getByText('No logs yet').waitFor();
        await page().setViewportSize(viewport);
        await actions.waitFor({ state: 'hidden' });
        await expectFit(['Clear console', 'History', 'AI Help']);
      }
    });

    it('returning to /runner re-opens the running file with its live logs: the last selected one if it runs, else the newest run', async () => {
      // Two running files: sleeper, then greeter (the newest).
      for (const name of [SLEEPER, GREETER]) {
        await selectFile(name);
        await button('Start').click();
        await waitForLine(`${name.replace('.py', '')} tick 1`);
      }
      // The last one looked at does not run: the newest run is opened.
      await selectFile(BROKEN);
      await goTab('Builder');
      await goTab('Run');
      await shownSelected(GREETER);
      await badge().getByText('Connected', { exact: true }).waitFor();
      await waitForLine('greeter up'); // replayed
      const ticks = async () => Number((await output().getByText(/^greeter tick \d+$/).last().textContent())!.split(' ').pop());
      const before = await ticks();
      await expect.poll(ticks, { timeout: 10_000 }).toBeGreaterThan(before + 1); // and live
      await fileButton(GREETER).getByText('Running').waitFor();
      await shot('returned-running');

      // The last selected one runs: it is the one opened, after a page load too.
      await selectFile(SLEEPER);
      await goTab('Builder');
      await page().goto(`${world.url}/runner`);
      await shownSelected(SLEEPER);
      await waitForLine('sleeper up');
      await badge().getByText('Connected', { exact: true }).waitFor();

      for (const name of [SLEEPER, GREETER]) {
        await selectFile(name);
        await badge().getByText('Connected', { exact: true }).waitFor();
        await button('Stop').click();
        await badge().getByText('Disconnected', { exact: true }).waitFor({ timeout: 15_000 });
      }
    }, 90_000);
  });
});
