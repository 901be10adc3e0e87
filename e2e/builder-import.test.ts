// The builder's Import (sidebar) in real Chromium: a real .py file is uploaded into the project and
// shows in 'Your Files' and the file browser; a file of another type, or binary content behind a
// code extension, is refused with a clear message and nothing is sent. Then Run leads to /runner.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { browserAvailable, startWorld, type World } from './harness';
import { loginThroughUi, openPage, pathIs, snap, toastMark, uniqueEmail, waitForToast } from './helpers';

describe.skipIf(!browserAvailable())('importing files into the builder', () => {
  let world: World;
  let user: SignedUpUser;
  let dir: string;

  beforeAll(async () => {
    world = await startWorld();
    user = await signUp(world.app, world.smtp, { name: 'Ivo Importer', email: uniqueEmail('import') });
    dir = mkdtempSync(path.join(tmpdir(), 'botwright-import-'));
    writeFileSync(path.join(dir, 'echo_import.py'), 'print("hello from an imported file")\n');
    writeFileSync(path.join(dir, 'setup.exe'), Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]));
    writeFileSync(path.join(dir, 'sneaky.py'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01]));
  });
  afterAll(async () => {
    await world?.close();
  });

  it("imports a real .py file from the sidebar, refuses an .exe and a binary .py, and Run goes to /runner with 'Redirecting to runner...'", async () => {
    const { context, page, errors } = await openPage(world, { viewport: { width: 1440, height: 900 } });
    await loginThroughUi(page, world, user);
    await page.getByRole('link', { name: 'Open Builder' }).click();
    await page.waitForURL(pathIs('/builder'));
    const importFile = async (name: string) => {
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Import', exact: true }).click()]);
      expect(chooser.isMultiple()).toBe(true);
      await chooser.setFiles(path.join(dir, name));
    };
    const yourFiles = page.getByRole('list', { name: 'Your Files' });
    const browser = page.getByRole('region', { name: 'File browser' });
    const editor = page.getByRole('region', { name: 'Code editor' });

    let since = await toastMark(page);
    await importFile('echo_import.py');
    await waitForToast(page, 'Importing 1 file(s)...', { since });
    await waitForToast(page, 'Imported 1 file', { since, message: 'echo_import.py' });
    await yourFiles.getByRole('button', { name: 'Open echo_import.py' }).waitFor();
    await browser.getByRole('button', { name: 'echo_import.py' }).waitFor();
    await snap(page, errors, 'builder-import-done');

    // Refused in the page: no upload is even attempted, and the lists stay as they were.
    let importCalls = 0;
    const count = (r: Request) => void (r.url().includes('/trpc/files.import') && importCalls++);
    page.on('request', count);
    since = await toastMark(page);
    await importFile('setup.exe');
    await waitForToast(page, 'Cannot import setup.exe', { since, message: 'Only .py, .js, .ts, .json, .txt files can be imported.' });
    await snap(page, errors, 'builder-import-refused');
    since = await toastMark(page);
    await importFile('sneaky.py');
    await waitForToast(page, 'Cannot import sneaky.py', { since, message: 'This is not a text file.' });
    expect(importCalls).toBe(0);
    page.off('request', count);
    expect(await yourFiles.getByRole('listitem').count()).toBe(1);
    await browser.getByText('(1)').waitFor();

    await browser.getByRole('button', { name: 'echo_import.py' }).click();
    await editor.getByText('print("hello from an imported file")').waitFor();
    await editor.getByText('Python', { exact: true }).waitFor();
    since = await toastMark(page);
    await editor.getByRole('button', { name: 'Run' }).click();
    await waitForToast(page, 'Redirecting to runner...', { since });
    await page.waitForURL(pathIs('/runner'));
    await snap(page, errors, 'builder-run-runner');
    await context.close();
  });
});
