// /bots at desktop (1280x800) and phone (390x844) size in real Chromium against the real app and
// sandbox: a deployed bot that listens for webhooks shows its webhook URL (made by the list itself,
// the runner page never opened) with a copy button; a bot that takes none shows none; a run the test
// chat started reads 'Running (test)', not plain 'Running'.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUpUser } from '../server/testing/fixtures';
import { RunClient } from '../server/testing/run-client';
import type { BotSummary } from '../shared/bots.schema';
import { browserAvailable } from './harness';
import { BOTH_SIZES, signedInPage, snap, toastMark, waitForToast, worldForTests, type TestPage } from './helpers';

/** Listens on PORT (reads it, never says the word webhook): a bot that takes webhooks. */
const LISTENER = String.raw`import os
from http.server import BaseHTTPRequestHandler, HTTPServer

class Answer(BaseHTTPRequestHandler):
    def do_POST(self):
        self.send_response(200)
        self.end_headers()

print("listening", flush=True)
HTTPServer(("127.0.0.1", int(os.getenv("PORT", "8080"))), Answer).serve_forever()
`;
const SLEEPER = 'import time\nprint("telegram bot up", flush=True)\ntime.sleep(600)\n';

describe.skipIf(!browserAvailable())('/bots at desktop and phone size', () => {
  const world = worldForTests();

  describe.each(BOTH_SIZES)('at $size size', ({ size, viewport, phone }) => {
    let user: SignedUpUser;
    let tp: TestPage;
    let client: RunClient;
    const ids = { hooks: '', tester: '', testerFile: '' };
    const names = { hooks: `Order hooks ${size}`, tester: `Quiz bot ${size}` };

    beforeAll(async () => {
      ({ user, tp } = await signedInPage(world(), `Bo ${size}`, viewport));
      await tp.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world().url });
      const botWith = async (name: string, filename: string, content: string) => {
        const projectId = (await world().app.request('POST', '/api/projects', { token: user.token, body: { name } })).body.id as string;
        const file = await world().app.request('PUT', `/api/projects/${projectId}/files/${filename}`, { token: user.token, body: { content } });
        expect(file.status).toBe(200);
        return { projectId, fileId: file.body.id as string };
      };
      const hooks = await botWith(names.hooks, 'orders.py', LISTENER);
      const tester = await botWith(names.tester, 'telegram_bot.py', SLEEPER);
      ids.hooks = hooks.projectId;
      ids.tester = tester.projectId;
      ids.testerFile = tester.fileId;
      expect((await world().app.request('POST', `/api/bots/${hooks.projectId}/deploy`, { token: user.token, body: { fileId: hooks.fileId } })).status).toBe(200);
      // The test chat's way of starting a bot: test mode, over the run socket.
      client = await RunClient.open(world().url, { token: user.token });
      client.send({ type: 'execute-file', fileId: tester.fileId, mode: 'test' });
      await client.waitForLine('telegram bot up', 20_000);
    });
    afterAll(async () => {
      client?.send({ type: 'stop-execution', fileId: ids.testerFile });
      client?.close();
      await world().app.request('POST', `/api/bots/${ids.hooks}/undeploy`, { token: user.token });
      await tp?.context.close();
    });

    /** The bot's row (desktop table) or card (phone list). */
    const botView = (page: Page, name: string): Locator =>
      phone
        ? page.getByRole('list', { name: 'Your bots' }).getByRole('listitem', { name, exact: true })
        : page.getByRole('table', { name: 'Your bots' }).getByRole('row', { name, exact: true });

    it("shows the deployed webhook bot's URL, made by the list, and copies it", async () => {
      const { page, errors } = tp;
      // Nobody asked the runner page for it: no address exists until the list needs one.
      expect(await world().app.app.deps.db.selectFrom('bot_hooks').selectAll().where('project_id', '=', ids.hooks).execute()).toEqual([]);
      await page.goto(`${world().url}/bots`);
      const hooks = botView(page, names.hooks);
      await hooks.getByTestId('bot-status').getByText('Running', { exact: true }).waitFor({ timeout: 20_000 });
      const shown = hooks.getByTestId('bot-webhook-url');
      await shown.waitFor();
      const bots = (await world().app.request('GET', '/api/bots', { token: user.token })).body.bots as BotSummary[];
      const url = bots.find((b) => b.projectId === ids.hooks)!.webhookUrl!;
      expect(url).toMatch(new RegExp(`^${world().url.replace(/[.]/g, '\\.')}/hooks/${ids.hooks}/[A-Za-z0-9_-]{32}$`));
      expect(await shown.textContent()).toBe(url);
      // The same address the runner page shows.
      expect((await world().app.request('GET', `/api/bots/${ids.hooks}/hook`, { token: user.token })).body.webhookUrl).toBe(url);
      // Cut to its line, never wider than the row or card it is in.
      const [line, view] = [(await hooks.getByTestId('bot-webhook').boundingBox())!, (await hooks.boundingBox())!];
      expect(line.x + line.width).toBeLessThanOrEqual(view.x + view.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

      const since = await toastMark(page);
      await hooks.getByRole('button', { name: `Copy webhook URL of ${names.hooks}` }).click();
      await waitForToast(page, 'Copied to clipboard!', { since });
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      await snap(page, errors, `bots-list-${size}-webhook`, { viewport: true });
    });

    it("reads the test chat's run as 'Running (test)'; a bot that takes no webhooks shows no URL", async () => {
      const { page, errors } = tp;
      const tester = botView(page, names.tester);
      const status = tester.getByTestId('bot-status');
      await status.getByText('Running (test)', { exact: true }).waitFor();
      expect(await status.getAttribute('data-test-mode')).toBe('true');
      expect(await botView(page, names.hooks).getByTestId('bot-status').getAttribute('data-test-mode')).toBeNull();
      expect(await tester.getByTestId('bot-webhook').count()).toBe(0);
      // The whole label shows, nothing cut short.
      expect(await status.evaluate((el) => Array.from(el.querySelectorAll<HTMLElement>('*')).every((d) => d.scrollWidth <= d.clientWidth + 1))).toBe(true);
      await tester.scrollIntoViewIfNeeded();
      await snap(page, errors, `bots-list-${size}-test-run`, { viewport: true });
    });
  });
});
