// The storage a person uses, as /usage shows it: GET /api/storage and files.storage count their
// files and the UTF-8 bytes of files and saved versions across projects, and everything else they
// keep: installed packages and kept logs by the disk blocks they take, saved variables and saved
// test chats by their stored bytes; their bots against the cap, with the limits; only theirs.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { writeWheel } from '../../testing/package-index';

const MiB = 1024 * 1024;

// A local wheel with 2 MiB of package in it, for a real install (no public index).
const wheels = mkdtempSync(path.join(tmpdir(), 'botwright-wheels-'));
chmodSync(wheels, 0o755); // the installer's uid lists it
writeWheel(wheels, { name: 'bigpkg', version: '1.0', files: { 'bigpkg/__init__.py': `DATA = "${'x'.repeat(2 * MiB)}"\n` } });

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn', RUNNER_PIP_FIND_LINKS: wheels });
});
afterAll(async () => {
  await t?.close();
  rmSync(wheels, { recursive: true, force: true });
});

/** What `du` says a directory (or file) takes on disk, in bytes of allocated blocks: the operator's own measure. */
const du = (target: string) => Number(execFileSync('/usr/bin/du', ['-s', '-B1', '--', target], { encoding: 'utf8' }).split('\t')[0]);
const NOTHING = { files: 0, packages: 0, logs: 0, variables: 0, savedChats: 0 };

describe('storage used', () => {
  it('counts files, file bytes and version bytes across projects, with the limits, on REST and tRPC', async () => {
    const { token } = await newUser(t);
    const empty = await t.request('GET', '/api/storage', { token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      files: 0,
      bytes: 0,
      fileBytes: 0,
      versionBytes: 0,
      parts: NOTHING,
      bots: 0,
      limits: { files: 1000, bytes: 100 * MiB, bots: 20, projectFiles: 200, projectBytes: 20 * MiB, versionsPerFile: 50, versionDays: 30, versionsAlwaysKept: 10 },
    });

    const id = (await t.request('PUT', '/api/projects/default/files/hello.py', { token, body: { content: 'print("héllo")\n' } })).body.id;
    const second = (await t.request('POST', '/api/projects', { token, body: { name: 'Second' } })).body.id;
    await t.request('POST', `/api/projects/${second}/import`, { token, body: { files: [{ filename: 'a.txt', content: 'x'.repeat(1000) }] } });
    await t.request('PUT', `/api/files/${id}`, { token, body: { content: 'print("ok")\n' } });

    const fileBytes = Buffer.byteLength('print("ok")\n') + 1000;
    const versionBytes = Buffer.byteLength('print("héllo")\n');
    const rest = await t.request('GET', '/api/storage', { token });
    expect(rest.body).toMatchObject({ files: 2, fileBytes, versionBytes, bytes: fileBytes + versionBytes, parts: { ...NOTHING, files: fileBytes + versionBytes }, bots: 2 });
    const trpc = await t.request('GET', '/trpc/files.storage', { token });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data).toEqual(rest.body);

    // Deleting a file frees its text and its versions.
    await t.request('DELETE', `/api/files/${id}`, { token });
    expect((await t.request('GET', '/api/storage', { token })).body).toMatchObject({ files: 1, bytes: 1000, versionBytes: 0 });
  });

  it('counts each part: packages of a real install, a kept log, a saved variable, a saved test chat; a deleted bot takes its parts with it', async () => {
    const { token } = await newUser(t);
    const keep = (await t.request('PUT', '/api/projects/default/files/keep.py', { token, body: { content: 'print("keep")\n' } })).body;
    const botId = (await t.request('POST', '/api/projects', { token, body: { name: 'Heavy' } })).body.id as string;
    const chat = await t.request('POST', '/api/ai/chat', { token, body: { message: 'Make a Telegram bot in Python that echoes messages', projectId: botId } });
    expect(chat.status, JSON.stringify(chat.body)).toBe(200);
    const fileId = chat.body.createdFile.id as string;
    const before = (await t.request('GET', '/api/storage', { token })).body;
    expect(before.parts).toEqual({ ...NOTHING, files: before.fileBytes });

    // Packages: a real pip install into the bot's own dependency volume (or packages dir).
    const installed = await t.request('POST', '/api/dependencies/install', { token, body: { command: 'pip install bigpkg', projectId: botId } });
    expect(installed.status, JSON.stringify(installed.body)).toBe(200);
    // A kept log, written through the bot's log module as a run's lines are.
    t.app.deps.runLogs.append(botId, Array.from({ length: 300 }, (_, i) => ({ at: Date.now(), level: 'output' as const, text: `line ${i} ${'y'.repeat(1000)}`, runId: 'run0000001' })));
    await t.app.deps.runLogs.flush();
    // A saved variable and a saved test chat.
    expect((await t.request('PUT', `/api/projects/${botId}/env-vars`, { token, body: { set: { API_KEY: 'k'.repeat(1000) } } })).status).toBe(200);
    expect((await t.request('POST', `/api/test-chat/${fileId}/messages`, { token, body: { text: '/start' } })).status).toBe(200);
    expect((await t.request('POST', `/api/test-chat/${fileId}/saved`, { token, body: { name: 'greeting' } })).status).toBe(200);

    const now = (await t.request('GET', '/api/storage', { token })).body;
    const dataDir = t.config.dataDir;
    // By the blocks they take, as du counts them: the volume image (sparse) or the plain packages dir.
    expect(now.parts.packages).toBe(du(path.join(dataDir, 'projects', botId)));
    expect(now.parts.packages).toBeGreaterThan(2 * MiB);
    // A kept log: its files' blocks, or on PostgreSQL its rows' bytes.
    if (!t.config.databaseUrl) expect(now.parts.logs).toBe(du(path.join(dataDir, 'logs', botId)));
    expect(now.parts.logs).toBeGreaterThan(300 * 1000);
    const db = t.app.deps.db;
    const variable = await db.selectFrom('project_env_vars').selectAll().where('project_id', '=', botId).executeTakeFirstOrThrow();
    expect(now.parts.variables).toBe('API_KEY'.length + variable.ciphertext.length + variable.nonce.length + variable.tag.length);
    expect(now.parts.variables).toBeGreaterThanOrEqual(1000);
    const saved = await db.selectFrom('saved_test_chats').selectAll().where('file_id', '=', fileId).executeTakeFirstOrThrow();
    expect(now.parts.savedChats).toBe(Buffer.byteLength(saved.steps) + Buffer.byteLength('greeting'));
    expect(now.parts.files).toBe(before.parts.files);
    const { files, packages, logs, variables, savedChats } = now.parts;
    expect(now.bytes).toBe(files + packages + logs + variables + savedChats);
    expect(now.bots).toBe(2);

    // Deleting the bot frees its packages, log, variables and chats: back to the other bot's file.
    expect((await t.request('DELETE', `/api/projects/${botId}`, { token })).status).toBe(200);
    const after = (await t.request('GET', '/api/storage', { token })).body;
    expect(after).toMatchObject({ bytes: Buffer.byteLength(keep.content), parts: { ...NOTHING, files: Buffer.byteLength(keep.content) }, bots: 1 });
  });

  it("shows only the caller's own storage, and needs a signed-in user", async () => {
    const owner = await newUser(t);
    await t.request('PUT', '/api/projects/default/files/mine.py', { token: owner.token, body: { content: 'x = 1\n' } });
    const stranger = await newUser(t);
    expect((await t.request('GET', '/api/storage', { token: stranger.token })).body).toMatchObject({ files: 0, bytes: 0 });
    expect((await t.request('GET', '/api/storage')).status).toBe(401);
    expect((await t.request('GET', '/trpc/files.storage')).status).toBe(401);
  });
});
