// The console tells errors from ordinary stderr and draws a bot's colours, in real Chromium with a
// real Python bot in the sandbox: a web server's start-up banner on stderr (Flask's own words and
// colours) reads as ordinary output, a green word on stdout is green with no escape text left, and
// only the one logging ERROR record is red and counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { browserAvailable, startWorld, type World } from './harness';
import { loginThroughUi, openPage, snap, uniqueEmail, type TestPage } from './helpers';

const SHOP = 'shop.py';
// What Flask (werkzeug) prints when it starts, colours included, then the bot's own lines.
const SHOP_CODE = `import sys
import time

ESC = "\\x1b"
def err(text):
    print(text, file=sys.stderr, flush=True)

err(" * Serving Flask app 'shop'")
err(" * Debug mode: off")
err(f"{ESC}[31m{ESC}[1mWARNING: This is a development server. Do not use it in a production deployment.{ESC}[0m")
err(" * Running on http://127.0.0.1:5000")
err(f"{ESC}[33mPress CTRL+C to quit{ESC}[0m")
err("INFO:shop:menu loaded")
print(f"{ESC}[32mready{ESC}[0m to take orders", flush=True)
err('127.0.0.1 - - [01/Jan/2025 10:00:00] "GET /orders HTTP/1.1" 200 -')
err("ERROR:shop:could not reach the payment service")
print("waiting for orders", flush=True)
while True:
    time.sleep(1)
`;

describe.skipIf(!browserAvailable())('the console: errors and colours', () => {
  let world: World;
  let user: SignedUpUser;
  let tp: TestPage;
  let fileId: string;

  beforeAll(async () => {
    world = await startWorld();
    user = await signUp(world.app, world.smtp, { name: 'Ada Console', email: uniqueEmail('console') });
    const res = await world.app.request('PUT', `/api/projects/default/files/${SHOP}`, { token: user.token, body: { content: SHOP_CODE } });
    expect(res.status).toBe(200);
    fileId = res.body.id;
    tp = await openPage(world, { viewport: { width: 1280, height: 800 } });
    await loginThroughUi(tp.page, world, user);
  });
  afterAll(async () => {
    await world?.close();
  });

  it("shows a server's stderr banner as ordinary lines, the bot's colours as colours, and counts only the ERROR record", async () => {
    const { page, errors } = tp;
    const control = page.getByRole('region', { name: 'Execution Control' });
    const consoleLog = page.getByRole('region', { name: 'Console Logs' });
    const output = consoleLog.getByRole('log', { name: 'Console output' });
    const line = (text: string) => output.locator('[data-level]', { has: page.getByText(text, { exact: true }) });

    await page.goto(`${world.url}/runner?file=${fileId}`);
    await control.getByTestId('selected-file').getByText(SHOP, { exact: true }).waitFor();
    await control.getByRole('button', { name: 'Start', exact: true }).click();
    await output.getByText('waiting for orders', { exact: true }).waitFor({ timeout: 15_000 });

    // The banner: ordinary stderr (its WARNING a warning), never an error.
    expect(await line(" * Serving Flask app 'shop'").getAttribute('data-level')).toBe('stderr');
    expect(await line('Press CTRL+C to quit').getAttribute('data-level')).toBe('stderr');
    expect(await line('127.0.0.1 - - [01/Jan/2025 10:00:00] "GET /orders HTTP/1.1" 200 -').getAttribute('data-level')).toBe('stderr');
    expect(await line('WARNING: This is a development server. Do not use it in a production deployment.').getAttribute('data-level')).toBe('warn');
    expect(await line('INFO:shop:menu loaded').getAttribute('data-level')).toBe('info');

    // Colours: drawn, no escape text left anywhere in the console.
    const text = await output.innerText();
    expect(text).not.toContain('\u001b');
    expect(text).not.toMatch(/\[(?:\d+;)*\d*m/);
    const green = output.locator('[data-color="green"]');
    expect(await green.textContent()).toBe('ready');
    expect(await green.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(158, 206, 106)');
    const bold = output.locator('[data-color="red"][data-bold]');
    expect(await bold.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');
    expect(await line('ready to take orders').getAttribute('data-level')).toBe('output');

    // Exactly one error: the ERROR record, red, and the badge counts it.
    const errorLine = line('ERROR:shop:could not reach the payment service');
    expect(await errorLine.getAttribute('data-level')).toBe('error');
    expect(await output.locator('[data-level="error"]').count()).toBe(1);
    expect(await errorLine.locator('span').last().evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 180, 192)');
    expect(await line(" * Serving Flask app 'shop'").locator('span').last().evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(255, 180, 192)');
    await consoleLog.getByTitle('1 error', { exact: true }).waitFor();
    await errorLine.scrollIntoViewIfNeeded();
    await snap(page, errors, 'console-levels-desktop', { viewport: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await consoleLog.getByTitle('1 error', { exact: true }).waitFor();
    await errorLine.scrollIntoViewIfNeeded();
    await snap(page, errors, 'console-levels-phone', { viewport: true });

    await control.getByRole('button', { name: 'Stop', exact: true }).click();
    await output.getByText(/^Execution stopped/).waitFor({ timeout: 15_000 });
    expect(await output.locator('[data-level="error"]').count()).toBe(1);
  });
});
