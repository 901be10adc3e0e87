// The runner (/runner) in real Chromium against the real app and its real sandbox: a Python bot
// saved through the API is handed over by the builder's Run button, its imports are detected at once, its
// environment variable is saved (and masked in the output), it starts and streams its lines, stops,
// and a page reloaded during a second run re-attaches and replays. Then AI Help on a failing bot.
// Packages come from a local wheel directory (pip --find-links), never from a public index.
// The tests share one signed-in page and build on each other in order.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { writeWheel } from '../server/testing/package-index';
import { browserAvailable, startWorld, type World } from './harness';
import { hold, loginThroughUi, openPage, pathIs, snap, toastMark, uniqueEmail, waitForToast, type TestPage } from './helpers';

const VIEWPORT = { width: 1600, height: 1000 };
const SECRET = 'gr33ting-Secret-Value-42';
const GREETER = 'greeter.py';
const GREETER_CODE = `import os
import sys
import time

try:
    import requests  # found by the dependency check; the bot runs without it
except ImportError:
    requests = None

token = os.environ['GREETING_TOKEN']
style = os.environ.get('GREETING_STYLE', 'plain')
print(f"Greeter started with token {token} ({style})", flush=True)
print("INFO:greeter:ready to greet", file=sys.stderr, flush=True)
print('HTTP Request: GET https://example.invalid/ping "HTTP/1.1 200 OK"', file=sys.stderr, flush=True)
n = 0
while True:
    n += 1
    print(f"tick {n}", flush=True)
    time.sleep(0.4)
`;
const BROKEN = 'broken_bot.py';
const BROKEN_CODE = `import os

print("Broken bot starting", flush=True)
token = os.environ['MISSING_BOT_TOKEN']
print(token)
`;

describe.skipIf(!browserAvailable())('the runner in the browser', () => {
  let world: World;
  let user: SignedUpUser;
  let tp: TestPage;
  const ids: Record<string, string> = {};

  const wheels = mkdtempSync(path.join(tmpdir(), 'botwright-e2e-wheels-'));
  chmodSync(wheels, 0o755); // the installer's own uid reads it, like an operator's wheel dir

  beforeAll(async () => {
    writeWheel(wheels, { name: 'requests', version: '2.99.0', files: { 'requests/__init__.py': '__version__ = "2.99.0"\n' } });
    world = await startWorld({ RUNNER_PIP_FIND_LINKS: wheels });
    user = await signUp(world.app, world.smtp, { name: 'Grace Runner', email: uniqueEmail('runner') });
    for (const [name, content] of [[GREETER, GREETER_CODE], [BROKEN, BROKEN_CODE]] as const) {
      const res = await world.app.request('PUT', `/api/projects/default/files/${name}`, { token: user.token, body: { content } });
      expect(res.status).toBe(200);
      ids[name] = res.body.id;
    }
    tp = await openPage(world, { viewport: VIEWPORT });
    await loginThroughUi(tp.page, world, user);
  });
  afterAll(async () => {
    await world?.close();
    rmSync(wheels, { recursive: true, force: true });
  });

  const files = () => tp.page.getByRole('region', { name: 'Your Files' });
  const control = () => tp.page.getByRole('region', { name: 'Execution Control' });
  const consoleLog = () => tp.page.getByRole('region', { name: 'Console Logs' });
  const output = () => consoleLog().getByRole('log', { name: 'Console output' });
  const deps = () => tp.page.getByRole('region', { name: 'Dependencies' });
  const badge = () => control().getByTestId('run-badge');
  const line = (text: string): Locator => output().locator('[data-level]', { has: tp.page.getByText(text, { exact: true }) });
  /** Waits for a console line; a timeout says what the console held instead. */
  const waitForLine = async (text: string, timeout = 10_000) => {
    await line(text)
      .waitFor({ timeout })
      .catch(async (err) => {
        const shown = await output().innerText().catch(() => '(no console output)');
        throw new Error(`${(err as Error).message}\nconsole:\n${shown.slice(-3000)}`);
      });
  };
  const button = (name: string | RegExp) => control().getByRole('button', { name, exact: typeof name === 'string' });

  it("lists the files with their created date; with none selected, Start and Check Dependencies say 'No file selected'", async () => {
    const { page, errors } = tp;
    await page.getByRole('link', { name: 'Run Your Bot/Agent' }).click();
    await page.waitForURL(pathIs('/runner'));
    for (const name of [GREETER, BROKEN]) await files().getByRole('button', { name, exact: true }).waitFor();
    expect(await files().getByText(/^Created /).count()).toBe(2);
    await consoleLog().getByText('Select a file and click Start to see its output here.').waitFor();
    await control().getByText('No file selected').waitFor();

    let since = await toastMark(page);
    await button('Start').click();
    await waitForToast(page, 'No file selected', { since, message: 'Please select a file to run' });
    since = await toastMark(page);
    await button('Check Dependencies').click();
    await waitForToast(page, 'No file selected', { since });
    since = await toastMark(page);
    await button(/^Environment Variables/).click();
    await waitForToast(page, 'No file selected', { since });
    await snap(page, errors, 'runner-no-file');
  });

  it("the builder's Run hands its file over: the runner opens with it selected", async () => {
    const { page, errors } = tp;
    await page.goto(`${world.url}/builder?file=${ids[GREETER]}`);
    const since = await toastMark(page);
    await page.getByRole('region', { name: 'Code editor' }).getByRole('button', { name: 'Run', exact: true }).click();
    await waitForToast(page, 'Redirecting to runner...', { since });
    await page.waitForURL((url) => url.pathname === '/runner' && url.searchParams.get('file') === ids[GREETER]);
    const row = files().getByRole('button', { name: GREETER, exact: true });
    await row.getByText('Selected', { exact: true }).waitFor();
    expect(await row.getAttribute('aria-current')).toBe('true');
    expect(await control().getByTestId('selected-file').textContent()).toBe(GREETER);
    await control().getByText(/^Created /).waitFor();
    expect(await badge().textContent()).toBe('Disconnected');
    await snap(page, errors, 'runner-selected');
  });

  it("the selected file's imports are listed by themselves, tagged Python; Check Dependencies reads them again ('Checking...')", async () => {
    const { page, errors } = tp;
    const imports = deps().getByRole('list', { name: 'Detected imports' });
    const item = imports.getByRole('listitem').filter({ hasText: 'requests' });
    await item.getByText('Python', { exact: true }).waitFor();
    expect(await imports.getByRole('listitem').count()).toBe(1); // os, sys and time are built in
    await deps().getByLabel('Install command').getByText('pip install requests').waitFor();

    const release = await hold(page, '**/trpc/runner.parseImports**');
    await button('Check Dependencies').click();
    await button('Checking...').waitFor();
    await release();
    await item.getByText('Python', { exact: true }).waitFor();
    await button('Check Dependencies').waitFor();
    await snap(page, errors, 'runner-dependencies');
  });

  it("Install Dependencies streams the installer's output into the installation log, then the banner and toast", async () => {
    const { page, errors } = tp;
    const since = await toastMark(page);
    const release = await hold(page, '**/trpc/dependencies.installStream**');
    await deps().getByRole('button', { name: 'Install Dependencies' }).click();
    const log = deps().getByRole('log', { name: 'Installation log' });
    await log.getByText('Starting installation of: requests', { exact: true }).waitFor();
    await deps().getByRole('button', { name: 'Installing...' }).waitFor();
    await release();
    // A fresh venv, then pip: this takes a few seconds (the toast log survives the wait).
    const done = deps().getByRole('status').getByText('Dependencies installed', { exact: true });
    await done.waitFor({ timeout: 90_000 }).catch(async (err) => {
      throw new Error(`${(err as Error).message}\ninstallation log:\n${await log.innerText()}`);
    });
    await waitForToast(page, 'Dependencies installed successfully!', { since, message: 'Installed: requests' });
    expect((await log.innerText()).split('\n').length).toBeGreaterThan(2);
    await deps().getByRole('button', { name: 'Install Dependencies' }).waitFor();
    await snap(page, errors, 'runner-installed');
  }, 120_000);

  it("Environment Variables: password fields, '(Optional)', Save toasts and counts; a saved value shows as saved", async () => {
    const { page, errors } = tp;
    await button(/^Environment Variables/).click();
    const dialog = page.getByRole('dialog', { name: 'Environment Variables' });
    // A required variable's label carries the required mark.
    const token = dialog.getByLabel(/^Greeting Token\s*\*$/);
    const style = dialog.getByLabel('Greeting Style (Optional)', { exact: true });
    await token.waitFor();
    expect(await token.getAttribute('type')).toBe('password');
    expect(await style.getAttribute('type')).toBe('password');
    await token.fill(SECRET);
    await snap(page, errors, 'runner-env-vars', { viewport: true });
    const since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Environment variables saved', { since, message: '1 variable configured' });
    await dialog.waitFor({ state: 'detached' });
    await button(/^Environment Variables 1/).waitFor();

    // Opened again: the saved value is never sent back, the field says it is there.
    await button(/^Environment Variables/).click();
    await token.waitFor();
    expect(await token.inputValue()).toBe('');
    expect(await token.getAttribute('placeholder')).toBe('Saved — leave blank to keep');
    await dialog.getByText('A value is saved').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(SECRET);
  });

  it('Start streams the output within seconds with the secret masked; Stop ends the run and says so', async () => {
    const { page, errors } = tp;
    await button('Start').click();
    await waitForLine('Starting execution');
    await waitForLine('tick 2', 15_000);
    expect(await badge().textContent()).toBe('Connected');
    await waitForLine('Greeter started with token ******** (plain)');
    expect(await line('tick 2').getAttribute('data-level')).toBe('output');
    // stderr: a logging INFO record reads as info, HTTP client chatter as debug.
    expect(await line('INFO:greeter:ready to greet').getAttribute('data-level')).toBe('info');
    expect(await line('HTTP Request: GET https://example.invalid/ping "HTTP/1.1 200 OK"').getAttribute('data-level')).toBe('debug');
    expect(await output().innerText()).toMatch(/\[\d\d:\d\d:\d\d\]\s+OUTPUT\s+tick 1/);
    expect(await page.content()).not.toContain(SECRET);
    await files().getByRole('button', { name: GREETER, exact: true }).getByText('Running').waitFor();
    await snap(page, errors, 'runner-running');

    await button('Stop').click();
    await waitForLine('Stopping execution...');
    await output().getByText(/^Execution stopped/).waitFor({ timeout: 15_000 });
    await badge().getByText('Disconnected', { exact: true }).waitFor();
    await control().getByText(/^Last run ended at \d\d:\d\d:\d\d · Execution stopped/).waitFor();
    expect(await button('Start').isEnabled()).toBe(true);
    await snap(page, errors, 'runner-stopped');
  });

  it('a reload during a run re-attaches: the recent lines are replayed and new ones keep coming', async () => {
    const { page, errors } = tp;
    await button('Start').click();
    await waitForLine('tick 3', 15_000);
    await page.reload();
    await badge().getByText('Connected', { exact: true }).waitFor();
    // Replayed from the server's ring: lines printed before the reload.
    await waitForLine('Starting execution');
    await waitForLine('tick 1');
    await waitForLine('Greeter started with token ******** (plain)');
    // And live again.
    const ticks = async () => Number((await output().getByText(/^tick \d+$/).last().textContent())!.split(' ')[1]);
    const before = await ticks();
    await expect.poll(ticks, { timeout: 10_000 }).toBeGreaterThan(before + 1);
    await snap(page, errors, 'runner-reattached');
    await button('Stop').click();
    await badge().getByText('Disconnected', { exact: true }).waitFor({ timeout: 15_000 });
  });

  it("AI Help: healthy logs get 'seems to run without major errors'; a failing bot's errors are analysed at once", async () => {
    const { page, errors } = tp;
    await consoleLog().getByRole('button', { name: 'AI Help' }).click();
    let dialog = page.getByRole('dialog', { name: /AI Assistant/ });
    await dialog.getByText(/seems to run without major errors/).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await files().getByRole('button', { name: BROKEN, exact: true }).click();
    await consoleLog().getByText('Select a file and click Start to see its output here.').waitFor();
    await button('Start').click();
    await output().getByText(/^KeyError: 'MISSING_BOT_TOKEN'$/).waitFor({ timeout: 15_000 });
    await control().getByText(/^Last run ended at .* · The bot exited with exit code 1/).waitFor({ timeout: 15_000 });
    await badge().getByText('Disconnected', { exact: true }).waitFor();

    const release = await hold(page, '**/trpc/ai.help**');
    await consoleLog().getByRole('button', { name: 'AI Help' }).click();
    dialog = page.getByRole('dialog', { name: /AI Assistant/ });
    await dialog.getByText(/noticed some errors/).waitFor();
    await dialog.getByText('AI is analyzing...').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Ask the assistant' }).isDisabled()).toBe(true);
    const box = (await dialog.boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([600, 500]);
    await release();
    await dialog.getByText(/MISSING_BOT_TOKEN/).first().waitFor();
    await dialog.getByText('AI is analyzing...').waitFor({ state: 'detached' });
    await snap(page, errors, 'runner-ai-help', { viewport: true });
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
  it("a saved value can be cleared: Save then says 'Ready to run your bot' and the count goes", async () => {
    const { page, errors } = tp;
    await files().getByRole('button', { name: GREETER, exact: true }).click();
    await button(/^Environment Variables 1/).click();
    const dialog = page.getByRole('dialog', { name: 'Environment Variables' });
    await dialog.getByRole('button', { name: 'Clear GREETING_TOKEN' }).click();
    // A required variable's label carries the required mark.
    const token = dialog.getByLabel(/^Greeting Token\s*\*$/);
    expect(await token.isDisabled()).toBe(true);
    expect(await token.getAttribute('placeholder')).toBe('Will be cleared when you save');
    await snap(page, errors, 'runner-env-vars-clear', { viewport: true });
    const since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Environment variables saved', { since, message: 'Ready to run your bot' });
    await dialog.waitFor({ state: 'detached' });
    await button('Environment Variables').waitFor(); // no count badge any more
    const saved = await world.app.request('GET', `/api/projects/default/env-vars`, { token: user.token });
    expect(saved.body).toEqual([]);
  });
});
