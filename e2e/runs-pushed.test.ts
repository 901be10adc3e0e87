// A run reaches the runner page by itself, whoever started it: a deploy from the Deploy button, and
// the supervisor's restart after a crash, show in the console over the page's one socket, with no
// poll of the bots list and no reconnect. /bots follows a deploy made elsewhere and the restart the
// same way: it reads the list again when a run starts or ends, never on a timer. The walk is counted (requests, sockets opened, frames each
// way) and printed, so the before and after of a change can be compared.
import type { Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { browserAvailable, startWorld, type World } from './harness';
import { loginThroughUi, openPage, snap, toastMark, uniqueEmail, waitForToast, type TestPage } from './helpers';

// Up for about three seconds, then a crash: the supervisor starts it again.
const FLAKY = 'import sys, time\nprint("Flaky up", flush=True)\ntime.sleep(3)\nsys.exit("lost the connection")\n';

/** What the page did between two moments: requests to the server, sockets opened, frames each way. */
type Walk = { requests: string[]; socketsOpened: number; framesSent: number; framesReceived: number };

function recordWalk(page: Page): { take(): Walk } {
  let walk: Walk = { requests: [], socketsOpened: 0, framesSent: 0, framesReceived: 0 };
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/trpc/') || url.pathname.startsWith('/api/')) walk.requests.push(`${r.method()} ${url.pathname}`);
  });
  const follow = (ws: WebSocket) => {
    walk.socketsOpened += 1;
    ws.on('framesent', () => (walk.framesSent += 1));
    ws.on('framereceived', () => (walk.framesReceived += 1));
  };
  page.on('websocket', follow);
  return {
    take() {
      const taken = walk;
      walk = { requests: [], socketsOpened: 0, framesSent: 0, framesReceived: 0 };
      return taken;
    },
  };
}

describe.skipIf(!browserAvailable())('runs pushed to the runner page', () => {
  let world: World;
  let user: SignedUpUser;
  let tp: TestPage;
  const ids = { project: '', file: '' };
  const api = (method: string, path: string, body?: unknown) => world.app.request(method, path, { token: user.token, body });

  beforeAll(async () => {
    world = await startWorld({ RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '300' });
    user = await signUp(world.app, world.smtp, { name: 'Pat Pushed', email: uniqueEmail('pushed') });
    ids.project = (await api('POST', '/api/projects', { name: 'Flaky Bot' })).body.id;
    ids.file = (await api('PUT', `/api/projects/${ids.project}/files/flaky.py`, { content: FLAKY })).body.id;
    tp = await openPage(world);
    await loginThroughUi(tp.page, world, user);
  });
  afterAll(async () => {
    await api('POST', `/api/bots/${ids.project}/undeploy`).catch(() => {});
    await world?.close();
  });

  it('a deploy and the restart after a crash show in the console over one socket, with no poll', async () => {
    const { page, errors } = tp;
    const walk = recordWalk(page);
    await page.goto(`${world.url}/runner?file=${ids.file}`);
    const panel = page.getByRole('region', { name: 'Execution Control' });
    const consoleLogs = page.getByRole('region', { name: 'Console Logs' });
    await panel.getByTestId('selected-file').getByText('flaky.py', { exact: true }).waitFor();
    await panel.getByTestId('run-badge').getByText('Disconnected').waitFor();
    const opening = walk.take();
    expect(opening.socketsOpened).toBe(1);

    const since = await toastMark(page);
    await panel.getByRole('button', { name: 'Deploy', exact: true }).click();
    await waitForToast(page, 'Bot deployed', { since });
    await consoleLogs.getByText('Flaky up').first().waitFor();
    const deployWalk = walk.take();

    // The crash, then the supervisor's new run: its 'Flaky up' is the console's second.
    await consoleLogs.getByText('lost the connection').first().waitFor({ timeout: 15_000 });
    await expect.poll(() => consoleLogs.getByText('Flaky up').count(), { timeout: 20_000 }).toBe(2);
    // The badge read at the new run's start may still say the supervisor is starting it: the page's
    // own run says it is up, so no 'Starting again...' beside a running bot.
    expect(await panel.getByTestId('deploy-line').getByText('Starting again...').count()).toBe(0);
    const restartWalk = walk.take();
    console.log(`walk, deploy to console: ${JSON.stringify(deployWalk)}`);
    console.log(`walk, crash to the restart in the console: ${JSON.stringify(restartWalk)}`);
    await snap(page, errors, 'runs-pushed-1-restart-followed');

    expect(deployWalk.socketsOpened).toBe(0);
    expect(restartWalk.socketsOpened).toBe(0);
    // Deploy asks once; the bots list is read again when the run starts (the badge), never on a timer.
    expect(deployWalk.requests.filter((r) => r.includes('bots.deploy') || r.includes('/deploy'))).toHaveLength(1);
    // The restart reached the page as frames alone: at most a re-read of the badge, no poll.
    expect(restartWalk.requests.every((r) => r.includes('bots.list'))).toBe(true);

    // Undeployed, and then idle for longer than the old 5 s poll: no request at all.
    expect((await api('POST', `/api/bots/${ids.project}/undeploy`)).status).toBe(200);
    await panel.getByRole('button', { name: 'Deploy', exact: true }).waitFor();
    walk.take();
    await page.waitForTimeout(6_000);
    expect(walk.take()).toMatchObject({ requests: [], socketsOpened: 0 });
  }, 90_000);
  it('/bots follows a deploy made elsewhere, the crash and the restart, with no poll', async () => {
    const { page, errors } = tp;
    const walk = recordWalk(page);
    await page.goto(`${world.url}/bots`);
    const status = page.getByRole('table', { name: 'Your bots' }).getByRole('row', { name: 'Flaky Bot', exact: true }).getByTestId('bot-status');
    await status.getByText('Stopped', { exact: true }).waitFor();
    // Idle for longer than the old 5 s poll: nothing asked.
    walk.take();
    await page.waitForTimeout(6_000);
    expect(walk.take()).toMatchObject({ requests: [], socketsOpened: 0 });

    // Deployed by another tab (the API): the row says so without a reload.
    expect((await api('POST', `/api/bots/${ids.project}/deploy`, { fileId: ids.file })).status).toBe(200);
    await status.getByText('Running', { exact: true }).waitFor({ timeout: 10_000 });
    // The crash ends the run, and the supervisor starts it again: the row leaves Running, then returns.
    await status.getByText('Running', { exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
    await status.getByText('Running', { exact: true }).waitFor({ timeout: 20_000 });
    const followed = walk.take();
    console.log(`walk, /bots from a deploy elsewhere to the restart: ${JSON.stringify(followed)}`);
    await snap(page, errors, 'runs-pushed-2-bots-followed');
    expect(followed.socketsOpened).toBe(0);
    expect(followed.requests.length).toBeGreaterThan(0);
    expect(followed.requests.every((r) => r.includes('bots.list'))).toBe(true);
    expect((await api('POST', `/api/bots/${ids.project}/undeploy`)).status).toBe(200);
    await status.getByText('Stopped', { exact: true }).waitFor({ timeout: 10_000 });
  }, 90_000);
});
