// Always-on bots in real Chromium against the real app and its real sandbox: a Python bot
// saved through the API is deployed from the runner's Execution Control ('Always on', the console
// follows the run the server started), shown on /bots running with a ticking uptime, restarted (a
// new process: its start time changes) and undeployed after the confirmation. On the way: the
// bot's webhook row (copied, replaced after a confirmation), and its History drawer, in time order like
// a terminal (a header per run with its file, real start and how it ended, from the server's kept runs,
// and a download; a bot that printed more than a page opens on its newest line at the bottom, its
// header stuck under the drawer's title, and pages back with 'Load earlier' on top, its lines coming
// in above in order without moving the reader).
// Then /bots and the runner on a phone (cards; the webhook URL on a line of its own, the console's
// header fitting), a bot without a file, the empty state, and the operator's Stop on /admin.
// The tests share one signed-in page and build on each other in order.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotSummary } from '../shared/bots.schema';
import type { KeptRun, RunLogLine } from '../shared/run-logs.schema';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { browserAvailable, startWorld, type World } from './harness';
import { loginThroughUi, openPage, pathIs, snap, toastMark, uniqueEmail, waitForToast, type TestPage } from './helpers';

const ADMIN_KEY = 'e2e-deploy-operator-key-0123456789';
const SLEEPER = 'import time\nprint("Sleeper up and polling", flush=True)\ntime.sleep(600)\n';
const CRASHER = 'print("starting", flush=True)\nraise ValueError("the token is malformed")\n';
const BOT = 'Sleeper Bot';
/** More lines than one page of the History drawer (200): 'Load earlier' has something to show. */
const COUNTER = 'for i in range(1, 301):\n    print(f"Counter line {i:03d}", flush=True)\n';

describe.skipIf(!browserAvailable())('always-on bots in the browser', () => {
  let world: World;
  let user: SignedUpUser;
  let tp: TestPage;
  const ids = { project: '', file: '', crasher: '', crasherFile: '', counter: '', counterFile: '', empty: '' };

  const api = (method: string, path: string, body?: unknown) => world.app.request(method, path, { token: user.token, body });
  const botOf = async (projectId: string) => ((await api('GET', '/api/bots')).body.bots as BotSummary[]).find((b) => b.projectId === projectId)!;
  /** The newest page of the bot's kept log, as the History drawer asks for it (logs.page over tRPC). */
  const keptLog = async (projectId: string): Promise<{ lines: RunLogLine[]; next: string | null }> =>
    (await api('GET', `/trpc/logs.page?input=${encodeURIComponent(JSON.stringify({ projectId }))}`)).body.result.data;
  /** The bot's kept runs, newest first: what the drawer's headers say (logs.runs; this is its REST twin). */
  const keptRuns = async (projectId: string): Promise<KeptRun[]> => {
    const answer = await api('GET', `/api/bots/${projectId}/runs`);
    expect(answer.status).toBe(200);
    return answer.body.runs;
  };
  /** The start time in a run header's label ('... started Nov 24, 2026, 5:12:38 AM ...'; ICU puts a narrow no-break space before AM/PM), in ms. */
  const headerTime = (label: string): number => {
    const [, time] = /started (\w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d:\d\d\s[AP]M)/.exec(label) ?? [];
    expect(time, label).toBeTruthy();
    return Date.parse(time!.replace(/\s/g, ' '));
  };

  beforeAll(async () => {
    world = await startWorld({ ADMIN_KEY, RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '300', RUNNER_MAX_DEPLOYED_PER_USER: '3' });
    user = await signUp(world.app, world.smtp, { name: 'Dee Ployer', email: uniqueEmail('deploy') });
    for (const [key, fileKey, name, filename, code] of [
      ['project', 'file', BOT, 'sleeper.py', SLEEPER],
      ['crasher', 'crasherFile', 'Crashy Bot', 'crashy.py', CRASHER],
      ['counter', 'counterFile', 'Counter Bot', 'counter.py', COUNTER],
    ] as const) {
      ids[key] = (await api('POST', '/api/projects', { name })).body.id;
      const saved = await api('PUT', `/api/projects/${ids[key]}/files/${filename}`, { content: code });
      expect(saved.status).toBe(200);
      ids[fileKey] = saved.body.id;
    }
    ids.empty = (await api('POST', '/api/projects', { name: 'Empty Bot' })).body.id;
    tp = await openPage(world);
    await loginThroughUi(tp.page, world, user);
  });
  afterAll(async () => world?.close());

  /** Closes the toasts on screen, so a screenshot shows what is under them. */
  async function dismissToasts(page: Page): Promise<void> {
    const toasts = page.locator('.mantine-Notification-root');
    for (let n = await toasts.count(); n > 0; n--) await toasts.first().locator('button').click();
    await toasts.first().waitFor({ state: 'detached' });
  }

  const control = (page: Page) => page.getByRole('region', { name: 'Execution Control' });
  const botsTable = (page: Page) => page.getByRole('table', { name: 'Your bots' });
  const row = (page: Page, name: string) => botsTable(page).getByRole('row', { name, exact: true });
  const historyDrawer = (page: Page) => page.getByRole('dialog', { name: 'Log history' });
  /** Opens History in Console Logs and waits for the drawer's first page. */
  async function openHistory(page: Page) {
    await page.getByRole('region', { name: 'Console Logs' }).getByRole('button', { name: 'History', exact: true }).click();
    const drawer = historyDrawer(page);
    await drawer.getByRole('log', { name: 'Earlier output' }).waitFor();
    await drawer.getByLabel('Loading earlier output').waitFor({ state: 'detached' });
    return drawer;
  }
  const drawerBody = (drawer: Locator) => drawer.locator('.mantine-Drawer-body');
  /** How far the drawer's body is scrolled up from its bottom, in pixels. */
  const fromBottom = (drawer: Locator) => drawerBody(drawer).evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);
  /** The numbers of the counter bot's lines the drawer shows, top to bottom. */
  const counted = async (drawer: Locator): Promise<number[]> =>
    (await drawer.getByRole('log', { name: 'Earlier output' }).locator('[data-level]').allTextContents()).flatMap((l) => {
      const n = /Counter line (\d{3})/.exec(l)?.[1];
      return n === undefined ? [] : [Number(n)];
    });
  async function closeHistory(page: Page) {
    await page.getByRole('button', { name: 'Close log history' }).click();
    await historyDrawer(page).waitFor({ state: 'detached' });
  }

  it("deploys from the runner: 'Bot deployed', 'Always on', and the console follows the run the server started", async () => {
    const { page, errors } = tp;
    await page.goto(`${world.url}/runner?file=${ids.file}`);
    const panel = control(page);
    await panel.getByTestId('selected-file').getByText('sleeper.py', { exact: true }).waitFor();
    await panel.getByTestId('run-badge').getByText('Disconnected').waitFor();
    expect(await panel.getByTestId('always-on').count()).toBe(0);

    const since = await toastMark(page);
    await panel.getByRole('button', { name: 'Deploy', exact: true }).click();
    await waitForToast(page, 'Bot deployed', { since, message: 'Deployed: the bot is always on' });
    await panel.getByTestId('always-on').getByText('Always on', { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Undeploy', exact: true }).waitFor();
    // The page asked the runner again: the run the server started is followed, its lines shown.
    await panel.getByTestId('run-badge').getByText('Connected').waitFor();
    await page.getByRole('region', { name: 'Console Logs' }).getByText('Sleeper up and polling').first().waitFor();
    expect(await botOf(ids.project)).toMatchObject({ deployed: true, status: 'running', fileId: ids.file });
    await snap(page, errors, 'deploy-1-runner-deployed');
  });

  it("the webhook row beside Deploy shows the bot's URL, copies it, and 'New URL' replaces it after a confirmation", async () => {
    const { page, context, errors } = tp;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.url });
    const hook = control(page).getByTestId('webhook-row');
    const shown = hook.getByTestId('webhook-url');
    await shown.waitFor();
    const address = new RegExp(`^${world.url.replace(/[.]/g, '\\.')}/hooks/${ids.project}/([A-Za-z0-9_-]{16,})/?$`);
    const first = (await shown.textContent())!;
    const [, secret] = address.exec(first) ?? [];
    expect(secret, `webhook URL ${first}`).toBeTruthy();
    // Made on first need (the row asked for it): /api/bots reports the same address now.
    expect((await botOf(ids.project)).webhookUrl).toBe(first);

    let since = await toastMark(page);
    await hook.getByRole('button', { name: 'Copy webhook URL' }).click();
    await waitForToast(page, 'Webhook URL copied', { since });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    await dismissToasts(page);
    await page.mouse.move(0, 0);
    await snap(page, errors, 'deploy-1b-webhook-row');

    // 'New URL' asks first; Cancel keeps the address.
    await hook.getByRole('button', { name: 'New URL', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Make a new webhook URL?' });
    await dialog.getByText('The old URL stops working at once. Update any service that calls it.').waitFor();
    await snap(page, errors, 'deploy-1c-webhook-confirm', { viewport: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await shown.textContent()).toBe(first);
    expect((await botOf(ids.project)).webhookUrl).toBe(first);

    await hook.getByRole('button', { name: 'New URL', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Make a new webhook URL?' });
    since = await toastMark(page);
    await dialog.getByRole('button', { name: 'New URL', exact: true }).click();
    await waitForToast(page, 'New webhook URL', { since, message: 'The old URL no longer works.' });
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => shown.textContent()).not.toBe(first);
    const renewed = (await shown.textContent())!;
    expect(renewed).toMatch(address);
    expect(renewed).not.toContain(secret);
    expect(await hook.textContent()).not.toContain(secret);
    expect((await botOf(ids.project)).webhookUrl).toBe(renewed);
    await dismissToasts(page);
  });

  it('/bots, from the top bar, shows it running with a ticking uptime', async () => {
    const { page, errors } = tp;
    // The crashing bot is deployed too (through the API), so the page shows restarts and a last exit.
    expect((await api('POST', `/api/bots/${ids.crasher}/deploy`, { fileId: ids.crasherFile })).status).toBe(200);

    await page.locator('header').getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Bots' }).click();
    await page.waitForURL(pathIs('/bots'));
    await page.getByRole('heading', { name: 'Bots', exact: true }).waitFor();
    const sleeper = row(page, BOT);
    await sleeper.getByTestId('bot-status').getByText('Running', { exact: true }).waitFor();
    await sleeper.getByTestId('always-on').waitFor();
    await sleeper.getByText('sleeper.py', { exact: true }).waitFor();
    const uptime = sleeper.getByTestId('bot-uptime');
    expect(await uptime.textContent()).toMatch(/^\d+s$|^\d+m \d\ds$/);
    const first = await uptime.textContent();
    await expect.poll(() => uptime.textContent(), { timeout: 5000 }).not.toBe(first);
    // Memory · CPU: a dash until measured, then what the server read (it now reads a running bot at once); never a zero memory.
    const usage = sleeper.getByText(/^(— · —|\d[\d.]* \S+ · \d[\d.]*%)$/);
    await usage.waitFor();
    expect(await usage.textContent()).not.toMatch(/^0 /);

    const crashy = row(page, 'Crashy Bot');
    await expect.poll(async () => (await botOf(ids.crasher)).restarts, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await crashy.getByText('The bot exited with exit code 1').waitFor({ timeout: 10_000 });
    // A bot without a file cannot be deployed, and says why.
    const empty = row(page, 'Empty Bot');
    await empty.getByText('No file yet').waitFor();
    const deployEmpty = empty.getByRole('button', { name: 'Deploy Empty Bot' });
    expect(await deployEmpty.getAttribute('aria-disabled')).toBe('true');
    await deployEmpty.hover();
    await page.getByText('This bot has no file yet: build it first').waitFor();
    await snap(page, errors, 'deploy-2-bots-running');
    await page.mouse.move(0, 0);
  });

  it('Restart starts a new process: its start time changes and it stays deployed', async () => {
    const { page, errors } = tp;
    const before = (await botOf(ids.project)).startedAt;
    expect(before).not.toBeNull();
    const seconds = async () => {
      const [a = '0', b = '0'] = ((await row(page, BOT).getByTestId('bot-uptime').textContent()) ?? '').split(' ');
      return a.endsWith('m') ? parseInt(a) * 60 + parseInt(b) : parseInt(a);
    };
    // A few seconds up first, so that the restart's fall back to zero shows (on a loaded machine the
    // test may get here sooner after the deploy).
    await expect.poll(seconds, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const upBefore = await seconds();
    const since = await toastMark(page);
    await row(page, BOT).getByRole('button', { name: `Restart ${BOT}` }).click();
    await waitForToast(page, 'Bot restarted', { since });
    await expect.poll(async () => (await botOf(ids.project)).startedAt).not.toBe(before);
    expect(await botOf(ids.project)).toMatchObject({ deployed: true, status: 'running' });
    await row(page, BOT).getByTestId('bot-status').getByText('Running', { exact: true }).waitFor();
    // The uptime starts again from zero.
    await expect.poll(seconds).toBeLessThan(upBefore);
    expect(errors).toEqual([]);
  });

  it("History on the runner shows a header per run, oldest first, each with the bot's line; Download gives the run's log", async () => {
    const { page, errors } = tp;
    // Two runs kept: the deploy's and the restart's (lines reach the disk just after the viewers).
    await expect
      .poll(async () => new Set((await keptLog(ids.project)).lines.filter((l) => l.text === 'Sleeper up and polling').map((l) => l.runId)).size)
      .toBe(2);
    const startedAt = Date.parse((await botOf(ids.project)).startedAt!);
    await page.goto(`${world.url}/runner?bot=${ids.project}&file=${ids.file}`);
    await control(page).getByTestId('run-badge').getByText('Connected').waitFor();
    // The server kept both runs: the restart stopped the older one (exitMessage in runs.ts says how), the newest runs on.
    const kept = await keptRuns(ids.project);
    expect(kept).toHaveLength(2);
    const [newest, older] = kept;
    /** The drawer's order: the oldest run on top. */
    const inTime = [older, newest];
    expect(newest).toMatchObject({ filename: 'sleeper.py', fileId: ids.file, mode: 'live', endedAt: null, exit: null });
    expect(older).toMatchObject({ filename: 'sleeper.py', fileId: ids.file, exit: { reason: 'stopped' } });
    expect(older.exit!.message).toMatch(/^Execution stopped \((signal SIG[A-Z]+|exit code -?\d+)\)$/);

    const drawer = await openHistory(page);
    const runs = drawer.getByTestId('history-run');
    expect(await runs.count()).toBe(2);
    expect(await runs.evaluateAll((sections) => sections.map((s) => s.getAttribute('data-run-id')))).toEqual([older.runId, newest.runId]);
    // Each header: the file, the run's real start, and how it ended (or that it is running).
    const headers = await runs.evaluateAll((sections) => sections.map((s) => s.getAttribute('aria-label') ?? ''));
    expect(headers[1]).toMatch(/^sleeper\.py, run started \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d:\d\d\s[AP]M: Running$/);
    expect(headers[0]).toMatch(/^sleeper\.py, run started \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d:\d\d\s[AP]M: /);
    expect(headers[0]!.endsWith(`: ${older.exit!.message}`), headers[0]).toBe(true);
    for (let i = 0; i < 2; i++) {
      expect(await runs.nth(i).getByTestId('history-run-file').textContent()).toBe('sleeper.py');
      // Shown to the second: the record's start, not a line's.
      expect(Math.abs(headerTime(headers[i]!) - Date.parse(inTime[i]!.startedAt))).toBeLessThan(1000);
    }
    expect(headerTime(headers[1]!)).toBeGreaterThan(headerTime(headers[0]!));
    const outcome = (i: number) => runs.nth(i).getByTestId('history-run-outcome');
    expect(await outcome(1).textContent()).toBe('Running');
    expect(await outcome(1).getAttribute('data-tone')).toBe('running');
    expect(await outcome(0).textContent()).toBe(older.exit!.message);
    expect(await outcome(0).getAttribute('data-tone')).toBe('stopped');
    for (let i = 0; i < 2; i++) await runs.nth(i).getByText('Sleeper up and polling', { exact: true }).waitFor();
    expect(await drawer.getByRole('button', { name: 'Load earlier' }).count()).toBe(0);
    // Download reads light on the dark run header.
    const colour = await runs.nth(1).getByRole('button', { name: /^Download the log of the run started / }).evaluate((el) => getComputedStyle(el).color);
    const [r = 0, g = 0, b = 0] = (colour.match(/\d+/g) ?? []).map(Number);
    expect((r + g + b) / 3, colour).toBeGreaterThan(180);
    await snap(page, errors, 'deploy-3b-history', { viewport: true });

    // The newest run's log as a file: its printed line, timed after the restart.
    const downloading = page.waitForEvent('download');
    await runs.nth(1).getByRole('button', { name: /^Download the log of the run started / }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^run-[A-Za-z0-9]+\.log$/);
    const text = await readFile((await download.path())!, 'utf8');
    const printed = text.split('\n').find((l) => l.endsWith(' OUTPUT Sleeper up and polling'));
    expect(printed, text).toMatch(/^\[\d{4}-\d\d-\d\dT[\d:.]+Z\] OUTPUT Sleeper up and polling$/);
    expect(Date.parse(printed!.slice(1, printed!.indexOf(']')))).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(text.split('\n').filter((l) => l.endsWith(' OUTPUT Sleeper up and polling'))).toHaveLength(1);

    await closeHistory(page);
    expect(errors).toEqual([]);
    await page.goto(`${world.url}/bots`);
    await row(page, BOT).getByTestId('bot-status').getByText('Running', { exact: true }).waitFor();
  });

  it("Undeploy asks first; Cancel keeps it; confirmed, the bot is 'Stopped'", async () => {
    const { page, errors } = tp;
    await row(page, BOT).getByRole('button', { name: `Undeploy ${BOT}` }).click();
    let dialog = page.getByRole('dialog', { name: 'Undeploy this bot?' });
    await dialog.getByText(BOT, { exact: true }).waitFor();
    await snap(page, errors, 'deploy-3-undeploy-confirm', { viewport: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await botOf(ids.project)).deployed).toBe(true);

    await row(page, BOT).getByRole('button', { name: `Undeploy ${BOT}` }).click();
    dialog = page.getByRole('dialog', { name: 'Undeploy this bot?' });
    const since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Undeploy', exact: true }).click();
    await waitForToast(page, 'Bot undeployed', { since });
    await dialog.waitFor({ state: 'detached' });
    await row(page, BOT).getByTestId('bot-status').getByText('Stopped', { exact: true }).waitFor();
    expect(await row(page, BOT).getByTestId('always-on').count()).toBe(0);
    expect(await row(page, BOT).getByTestId('bot-uptime').textContent()).toBe('—');
    await row(page, BOT).getByRole('button', { name: `Deploy ${BOT}` }).waitFor();
    expect(await botOf(ids.project)).toMatchObject({ deployed: false, status: 'stopped' });
    await dismissToasts(page);
    await snap(page, errors, 'deploy-4-bots-undeployed');
  });

  it('Open goes to the runner on that bot and file; Stop there undeploys a deployed bot', async () => {
    const { page, errors } = tp;
    await row(page, BOT).getByRole('button', { name: `Deploy ${BOT}` }).click();
    await row(page, BOT).getByTestId('bot-status').getByText('Running', { exact: true }).waitFor();
    await row(page, BOT).getByRole('link', { name: `Open ${BOT}` }).click();
    await page.waitForURL((url) => url.pathname === '/runner' && url.searchParams.get('file') === ids.file);
    expect(new URL(page.url()).searchParams.get('bot')).toBe(ids.project);
    const panel = control(page);
    await panel.getByTestId('selected-file').getByText('sleeper.py', { exact: true }).waitFor();
    await panel.getByTestId('always-on').waitFor();
    await panel.getByTestId('run-badge').getByText('Connected').waitFor();
    await panel.getByRole('button', { name: 'Stop', exact: true }).click();
    await panel.getByTestId('run-badge').getByText('Disconnected').waitFor();
    // The badge follows at once (not only at the next poll): the bot is no longer deployed.
    await panel.getByRole('button', { name: 'Deploy', exact: true }).waitFor({ timeout: 5000 });
    expect(await panel.getByTestId('always-on').count()).toBe(0);
    expect((await botOf(ids.project)).deployed).toBe(false);
    expect(errors).toEqual([]);
  });

  it("History pages back: a run that printed more than a page opens on its newest 200 lines at the bottom, 'Load earlier' puts the rest above in order", async () => {
    const { page, errors } = tp;
    await page.goto(`${world.url}/runner?bot=${ids.counter}&file=${ids.counterFile}`);
    const panel = control(page);
    await panel.getByTestId('selected-file').getByText('counter.py', { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Start', exact: true }).click();
    await page.getByRole('region', { name: 'Console Logs' }).getByText('Counter line 300', { exact: true }).waitFor({ timeout: 15_000 });
    await panel.getByTestId('run-badge').getByText('Disconnected').waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await keptLog(ids.counter)).lines.some((l) => l.text === 'Counter line 300')).toBe(true);

    // The run ended by itself: its record says so, and so does its header, with its real start
    // although the first page holds only its later lines.
    const [counterRun] = await keptRuns(ids.counter);
    expect(counterRun).toMatchObject({ filename: 'counter.py', exit: { reason: 'exited', code: 0, message: 'The bot finished (exit code 0)' } });

    const drawer = await openHistory(page);
    const lines = drawer.getByRole('log', { name: 'Earlier output' }).locator('[data-level]');
    expect(await lines.count()).toBe(200);
    // In time order: the newest page's lines oldest first, up to the last one the bot printed.
    const firstPage = await counted(drawer);
    expect(firstPage.length).toBeGreaterThan(190);
    expect(firstPage).toEqual(Array.from({ length: firstPage.length }, (_, i) => 301 - firstPage.length + i));
    expect(await drawer.getByText('Counter line 001', { exact: true }).count()).toBe(0);
    const run = drawer.getByTestId('history-run');
    expect(await run.count()).toBe(1);
    expect(await run.getAttribute('data-run-id')).toBe(counterRun!.runId);
    expect(await run.getByTestId('history-run-file').textContent()).toBe('counter.py');
    expect(await run.getByTestId('history-run-outcome').textContent()).toBe('The bot finished (exit code 0)');
    expect(await run.getByTestId('history-run-outcome').getAttribute('data-tone')).toBe('finished');
    const label = (await run.getAttribute('aria-label'))!;
    expect(label).toMatch(/^counter\.py, run started .*: The bot finished \(exit code 0\)$/);
    expect(Math.abs(headerTime(label) - Date.parse(counterRun!.startedAt))).toBeLessThan(1000);
    // It opens on the newest line, at the bottom of the drawer.
    expect(await fromBottom(drawer)).toBeLessThanOrEqual(1);
    const body = (await drawerBody(drawer).boundingBox())!;
    const newest = (await lines.last().boundingBox())!;
    expect(newest.y).toBeGreaterThan(body.y + body.height / 2);
    expect(newest.y + newest.height).toBeLessThanOrEqual(body.y + body.height + 1);
    // The run started far above: its header sticks right under the drawer's title bar, in plain view.
    const titleBar = (await drawer.locator('.mantine-Drawer-header').boundingBox())!;
    const runHeader = run.getByTestId('history-run-header');
    const stuck = (await runHeader.boundingBox())!;
    expect((await run.boundingBox())!.y).toBeLessThan(titleBar.y + titleBar.height - 100);
    expect(Math.abs(stuck.y - (titleBar.y + titleBar.height))).toBeLessThanOrEqual(1);
    const uncovered = await runHeader.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return [0.1, 0.5, 0.9].every((f) => el.contains(document.elementFromPoint(box.left + box.width * f, box.top + box.height / 2)));
    });
    expect(uncovered).toBe(true);
    await snap(page, errors, 'deploy-5b-history-newest-at-bottom', { viewport: true });

    // 'Load earlier' is on top. The line the reader saw first stays where it was while the earlier ones come in above it.
    const earlier = drawer.getByRole('button', { name: 'Load earlier' });
    await earlier.scrollIntoViewIfNeeded();
    expect((await earlier.boundingBox())!.y).toBeLessThan((await runHeader.boundingBox())!.y);
    await snap(page, errors, 'deploy-5b-history-load-earlier-on-top', { viewport: true });
    const firstSeen = drawer.getByText(`Counter line ${String(firstPage[0]).padStart(3, '0')}`, { exact: true });
    const seenAt = (await firstSeen.boundingBox())!.y;
    expect(seenAt).toBeLessThan(body.y + body.height / 2);
    await earlier.click();
    await drawer.getByText('Counter line 001', { exact: true }).waitFor();
    await earlier.waitFor({ state: 'detached' });
    expect(Math.abs((await firstSeen.boundingBox())!.y - seenAt)).toBeLessThanOrEqual(1);
    expect((await drawer.getByText('Counter line 001', { exact: true }).boundingBox())!.y).toBeLessThan(body.y);
    // Every printed line once, in the run's one section, oldest first.
    expect(await drawer.getByTestId('history-run').count()).toBe(1);
    expect(await run.getAttribute('aria-label')).toBe(label);
    expect(await counted(drawer)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    await snap(page, errors, 'deploy-5c-history-after-load-earlier', { viewport: true });
    await closeHistory(page);
    expect(errors).toEqual([]);
  });

  it("History on a phone: a long run opens on its newest line at the bottom, 'Load earlier' on top", async () => {
    const { page, errors } = tp;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const drawer = await openHistory(page);
      expect(await fromBottom(drawer)).toBeLessThanOrEqual(1);
      await drawer.getByText('Counter line 300', { exact: true }).waitFor();
      // The drawer fills the screen, and nothing in it is wider than the screen.
      expect(await drawer.boundingBox()).toMatchObject({ x: 0, width: 390 });
      expect(await drawerBody(drawer).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await snap(page, errors, 'deploy-5d-history-phone-newest', { viewport: true });
      await drawer.getByRole('button', { name: 'Load earlier' }).scrollIntoViewIfNeeded();
      await snap(page, errors, 'deploy-5e-history-phone-load-earlier', { viewport: true });
      await closeHistory(page);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('on a phone, /bots shows a card per bot with the same buttons; the runner shows Deploy too', async () => {
    const phone = await openPage(world, { viewport: { width: 390, height: 844 } });
    const { page, errors } = phone;
    await loginThroughUi(page, world, user);
    await page.goto(`${world.url}/bots`);
    const cards = page.getByRole('list', { name: 'Your bots' });
    const card = cards.getByRole('listitem', { name: BOT, exact: true });
    await card.getByTestId('bot-status').getByText('Stopped', { exact: true }).waitFor();
    expect(await botsTable(page).isVisible()).toBe(false);
    const since = await toastMark(page);
    await card.getByRole('button', { name: `Deploy ${BOT}` }).click();
    await waitForToast(page, 'Bot deployed', { since });
    await card.getByTestId('bot-status').getByText('Running', { exact: true }).waitFor();
    await card.getByTestId('always-on').waitFor();
    await dismissToasts(page);
    await snap(page, errors, 'deploy-5-bots-phone');

    await page.goto(`${world.url}/runner?bot=${ids.project}&file=${ids.file}`);
    const panel = control(page);
    await panel.getByTestId('always-on').waitFor();
    await panel.getByRole('button', { name: 'Undeploy', exact: true }).waitFor();
    await panel.getByTestId('run-badge').getByText('Connected').waitFor();
    await snap(page, errors, 'deploy-6-runner-phone');

    // The webhook row on a phone: Copy and New URL beside the label, the URL whole on a line of its own under them.
    const hook = panel.getByTestId('webhook-row');
    const url = hook.getByTestId('webhook-url');
    expect(await url.textContent()).toBe((await botOf(ids.project)).webhookUrl);
    const hookLabel = (await hook.getByText('Webhook URL', { exact: true }).boundingBox())!;
    const urlBox = (await url.boundingBox())!;
    expect(urlBox.y).toBeGreaterThanOrEqual(hookLabel.y + hookLabel.height - 1);
    expect(urlBox.x + urlBox.width).toBeLessThanOrEqual(390);
    expect(await url.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    for (const name of ['Copy webhook URL', 'New URL']) {
      const box = (await hook.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.x, name).toBeGreaterThan(hookLabel.x + hookLabel.width);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390 - 16);
      expect(box.y + box.height, name).toBeLessThanOrEqual(urlBox.y + 1);
    }
    // The console's header fits: the whole title, then its buttons (History and AI Help as icons), none overlapping.
    const consoleLogs = page.getByRole('region', { name: 'Console Logs' });
    const title = consoleLogs.getByText('Console Logs', { exact: true });
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    let edge = (await title.boundingBox())!.x + (await title.boundingBox())!.width;
    for (const name of ['Clear console', 'History', 'AI Help']) {
      const box = (await consoleLogs.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(edge);
      edge = box.x + box.width;
    }
    expect(edge).toBeLessThanOrEqual(390 - 16);
    await hook.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await snap(page, errors, 'deploy-6b-runner-phone-webhook-console', { viewport: true });

    // History on a phone: the drawer fills the screen, each header with its file and how the run ended,
    // the running one last, scrolled to.
    const drawer = await openHistory(page);
    const runs = drawer.getByTestId('history-run');
    const count = await runs.count();
    expect(count).toBeGreaterThanOrEqual(3);
    expect(await runs.last().getByTestId('history-run-outcome').textContent()).toBe('Running');
    expect(await runs.nth(count - 2).getByTestId('history-run-outcome').getAttribute('data-tone')).toBe('stopped');
    expect(await fromBottom(drawer)).toBeLessThanOrEqual(1);
    await snap(page, errors, 'deploy-6c-history-phone', { viewport: true });
    await closeHistory(page);
    const undeploySince = await toastMark(page);
    await panel.getByRole('button', { name: 'Undeploy', exact: true }).click();
    await waitForToast(page, 'Bot undeployed', { since: undeploySince });
    await panel.getByRole('button', { name: 'Deploy', exact: true }).waitFor();
    await panel.getByTestId('run-badge').getByText('Disconnected').waitFor();
    await phone.context.close();
  });

  it('someone without bots gets the empty state, with the way to the builder', async () => {
    const other = await signUp(world.app, world.smtp, { name: 'No Bots', email: uniqueEmail('no-bots') });
    const fresh = await openPage(world);
    await loginThroughUi(fresh.page, world, other);
    await fresh.page.goto(`${world.url}/bots`);
    await fresh.page.getByRole('heading', { name: 'No bots yet' }).waitFor();
    await snap(fresh.page, fresh.errors, 'deploy-7-bots-empty');
    await fresh.page.getByRole('link', { name: 'Open the Builder' }).click();
    await fresh.page.waitForURL(pathIs('/builder'));
    await fresh.context.close();
  });

  it("the operator sees every bot with its owner on /admin, and Stop undeploys one after a confirmation", async () => {
    const op = await openPage(world, { viewport: { width: 1440, height: 900 } });
    const { page, errors } = op;
    await page.goto(`${world.url}/admin`);
    await page.getByLabel('Admin key').fill(ADMIN_KEY);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('heading', { name: 'Operator dashboard' }).waitFor();
    const table = page.getByRole('table', { name: 'Bots of every user' });
    const crashy = table.getByRole('row', { name: 'Crashy Bot', exact: true });
    await crashy.getByText(user.email).waitFor();
    await crashy.getByTestId('always-on').waitFor();
    await table.getByRole('row', { name: BOT, exact: true }).getByTestId('bot-status').getByText('Stopped', { exact: true }).waitFor();
    await dismissToasts(page);
    await snap(page, errors, 'deploy-8-admin-bots');

    await crashy.getByRole('button', { name: `Stop Crashy Bot of ${user.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop this bot?' });
    const since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Stop bot' }).click();
    await waitForToast(page, 'Bot stopped', { since });
    await crashy.getByTestId('bot-status').getByText('Stopped', { exact: true }).waitFor();
    expect(await crashy.getByTestId('always-on').count()).toBe(0);
    expect((await botOf(ids.crasher)).deployed).toBe(false);
    await op.context.close();
  });
});
