// Storage caps through the real app: a project holds at most QUOTA_PROJECT_FILES files and
// QUOTA_PROJECT_MB of text, a person at most QUOTA_USER_FILES files and QUOTA_USER_MB of everything
// they store (files and versions, packages, kept logs, saved variables, saved test chats), on every
// path that adds or grows files (save, save by name, import, AI chat, remix, restore), saves a
// variable or a test chat, or installs packages. Refusals are 409 with a message saying what is
// full and what to delete, change nothing, and hold under concurrency.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { formatBytes } from '../../../shared/storage';

const KiB = 1024;

let t: TestApp; // the defaults: 200 files and 20 MiB a project
let small: TestApp; // 3 files and 1 MiB a project, 5 files a person
let tight: TestApp; // 1 MiB a project, 2 MiB a person
beforeAll(async () => {
  [t, small, tight] = await Promise.all([
    startTestApp({ LOG_LEVEL: 'warn' }),
    startTestApp({ LOG_LEVEL: 'warn', QUOTA_PROJECT_FILES: '3', QUOTA_PROJECT_MB: '1', QUOTA_USER_FILES: '5' }),
    startTestApp({ LOG_LEVEL: 'warn', QUOTA_PROJECT_MB: '1', QUOTA_USER_MB: '2' }),
  ]);
});
afterAll(() => Promise.all([t?.close(), small?.close(), tight?.close()]));

const put = (app: TestApp, token: string, projectId: string, filename: string, content: string) =>
  app.request('PUT', `/api/projects/${projectId}/files/${filename}`, { token, body: { content } });
const fileNames = async (app: TestApp, token: string) =>
  ((await app.request('GET', '/api/files', { token })).body as Array<{ filename: string }>).map((f) => f.filename).sort();
const newProject = async (app: TestApp, token: string, name: string) =>
  (await app.request('POST', '/api/projects', { token, body: { name } })).body.id as string;

describe('files a project can hold', () => {
  it('20 parallel creates in a project of 199 files make exactly one; a full project still saves, and takes a new file after a delete', async () => {
    const { token } = await newUser(t);
    const projectId = await newProject(t, token, 'Big bot');
    for (let batch = 0; batch < 10; batch++) {
      const size = batch < 9 ? 20 : 19;
      const files = Array.from({ length: size }, (_, i) => ({ filename: `f${batch}_${i}.py`, content: `x = ${i}\n` }));
      expect((await t.request('POST', `/api/projects/${projectId}/import`, { token, body: { files } })).status).toBe(200);
    }
    expect(await fileNames(t, token)).toHaveLength(199);

    const racing = await Promise.all(Array.from({ length: 20 }, (_, i) => put(t, token, projectId, `race${i}.py`, 'print(1)\n')));
    expect(racing.filter((r) => r.status === 200)).toHaveLength(1);
    // Past the four file bodies one person may send at once, a save waits for none (429): those
    // never reach the cap. The ones admitted together are the race (on SQLite they are all admitted
    // in turn; on PostgreSQL a save takes longer, so some meet the gate).
    for (const r of racing.filter((r) => r.status === 429)) expect(r.body.error).toBe('You are sending too many files at once. Please wait for the others to finish.');
    const refused = racing.filter((r) => r.status === 409);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.length + racing.filter((r) => r.status === 429).length).toBe(19);
    for (const r of refused) expect(r.body.error).toBe('A project can hold at most 200 files: delete some before adding more');
    expect(await fileNames(t, token)).toHaveLength(200);

    // Exactly at the cap: saving, importing over existing names and the tRPC path behave.
    expect((await put(t, token, projectId, 'f0_0.py', 'x = "changed"\n')).status).toBe(200);
    expect((await t.request('POST', `/api/projects/${projectId}/import`, { token, body: { files: [{ filename: 'f0_1.py', content: 'y = 2\n' }] } })).status).toBe(200);
    const viaTrpc = await t.request('POST', '/trpc/files.saveByName', { token, body: { projectId, filename: 'one_more.py', content: 'x\n' } });
    expect(viaTrpc.status).toBe(409);
    expect(viaTrpc.body.error.message).toMatch(/at most 200 files/);
    expect((await t.request('DELETE', `/api/projects/${projectId}/files/f0_2.py`, { token })).status).toBe(200);
    expect((await put(t, token, projectId, 'one_more.py', 'x\n')).status).toBe(200);
    expect(await fileNames(t, token)).toHaveLength(200);
  });

  it("stops import and AI chat at the cap too, with nothing written or charged; a remix, a bot of its own, is not held by another bot's cap", async () => {
    const { token, id } = await newUser(small);
    expect((await put(small, token, 'default', 'a.py', 'a\n')).status).toBe(200);
    // An import that would go past the cap writes none of its files.
    const over = await small.request('POST', '/api/projects/default/import', {
      token,
      body: { files: [{ filename: 'b.py', content: 'b\n' }, { filename: 'c.py', content: 'c\n' }, { filename: 'd.py', content: 'd\n' }] },
    });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe('A project can hold at most 3 files: delete some before adding more');
    expect(await fileNames(small, token)).toEqual(['a.py']);
    expect((await small.request('POST', '/api/projects/default/import', { token, body: { files: [{ filename: 'b.py', content: 'b\n' }, { filename: 'c.py', content: 'c\n' }] } })).status).toBe(200);

    const chat = await small.request('POST', '/api/ai/chat', { token, body: { message: 'Make a Telegram bot in Python that echoes messages', projectId: 'default' } });
    expect(chat.status).toBe(409);
    expect(chat.body.error).toMatch(/at most 3 files/);
    expect((await small.request('GET', '/api/auth/me', { token })).body.credits).toBe(100);
    expect(await small.app.deps.db.selectFrom('chat_messages').selectAll().where('user_id', '=', id).execute()).toEqual([]);

    const author = await newUser(small);
    const shared = (await put(small, author.token, 'default', 'echo_bot.py', 'print("echo")\n')).body;
    const postId = (await small.request('POST', '/api/bot-posts', {
      token: author.token,
      body: { title: 'Echo', description: 'Echoes', platform: 'telegram', fileId: shared.id },
    })).body.id;
    const remix = await small.request('POST', `/api/bot-posts/${postId}/remix`, { token });
    expect(remix.status).toBe(200);
    const full = (await small.request('GET', '/api/projects', { token })).body[0];
    expect(remix.body.file.projectId).not.toBe(full.id);
    expect(Object.keys(full.files)).toEqual(['a.py', 'b.py', 'c.py']);
    expect(await fileNames(small, token)).toEqual(['a.py', 'b.py', 'c.py', 'echo_bot.py']);
  });

  it('holds at most QUOTA_PROJECT_MB of text (UTF-8 bytes): a save, a new file or a restore past it is refused, exactly at it works', async () => {
    const { token } = await newUser(small);
    expect((await put(small, token, 'default', 'a.txt', 'a'.repeat(600 * KiB))).status).toBe(200);
    const b = await put(small, token, 'default', 'b.txt', 'b'.repeat(400 * KiB));
    expect(b.status).toBe(200);

    const grow = await put(small, token, 'default', 'b.txt', 'b'.repeat(500 * KiB));
    expect(grow.status).toBe(409);
    expect(grow.body.error).toBe('A project can hold at most 1 MiB of files: delete some before adding more');
    expect((await small.request('GET', `/api/files/${b.body.id}`, { token })).body.content).toHaveLength(400 * KiB);
    // 'é' is two bytes: 12 KiB of them fill the last 24 KiB exactly, one more is too many.
    expect((await put(small, token, 'default', 'c.txt', 'é'.repeat(12 * KiB + 1))).status).toBe(409);
    expect((await put(small, token, 'default', 'c.txt', 'é'.repeat(12 * KiB))).status).toBe(200);

    // Shrink b (its 400 KiB text becomes a version), fill the room with a, then restoring b's old text would overflow.
    expect((await small.request('PUT', `/api/files/${b.body.id}`, { token, body: { content: 'b' } })).status).toBe(200);
    expect((await put(small, token, 'default', 'a.txt', 'a'.repeat(1000 * KiB - 1))).status).toBe(200);
    const versionId = (await small.request('GET', `/api/files/${b.body.id}/versions`, { token })).body[0].id;
    const restore = await small.request('POST', `/api/files/${b.body.id}/versions/${versionId}/restore`, { token });
    expect(restore.status).toBe(409);
    expect((await small.request('GET', `/api/files/${b.body.id}`, { token })).body.content).toBe('b');
  });
});

describe('what one person can hold across projects', () => {
  it('counts files across every project (QUOTA_USER_FILES); another person is not affected', async () => {
    const { token } = await newUser(small);
    // 'default' is the first project: fill it before making others.
    for (const name of ['a.py', 'b.py', 'c.py']) expect((await put(small, token, 'default', name, 'x\n')).status).toBe(200);
    const second = await newProject(small, token, 'Second');
    for (const name of ['d.py', 'e.py']) expect((await put(small, token, second, name, 'x\n')).status).toBe(200);
    const sixth = await put(small, token, second, 'f.py', 'x\n');
    expect(sixth.status).toBe(409);
    expect(sixth.body.error).toBe('You can keep at most 5 files across your projects: delete some before adding more');
    const third = await newProject(small, token, 'Third');
    expect((await put(small, token, third, 'f.py', 'x\n')).status).toBe(409);

    const other = await newUser(small);
    expect((await put(small, other.token, 'default', 'f.py', 'x\n')).status).toBe(200);
    expect((await small.request('DELETE', '/api/projects/default/files/a.py', { token })).status).toBe(200);
    expect((await put(small, token, third, 'f.py', 'x\n')).status).toBe(200);
  });

  it('counts bytes across every project (QUOTA_USER_MB)', async () => {
    const { token } = await newUser(tight);
    expect((await put(tight, token, 'default', 'a.txt', 'a'.repeat(900 * KiB))).status).toBe(200);
    const p2 = await newProject(tight, token, 'Two');
    const p3 = await newProject(tight, token, 'Three');
    expect((await put(tight, token, p2, 'b.txt', 'b'.repeat(900 * KiB))).status).toBe(200);
    const over = await put(tight, token, p3, 'c.txt', 'c'.repeat(300 * KiB));
    expect(over.status).toBe(409);
    expect(over.body.error).toBe('Your storage is nearly full (1.8 MiB of 2 MiB: files 1.8 MiB) and this needs 300 KiB more. Delete some files to make room.');
    expect((await put(tight, token, p3, 'c.txt', 'c'.repeat(248 * KiB))).status).toBe(200);
  });
});

type Figure = { bytes: number; versionBytes: number; parts: Record<'files' | 'packages' | 'logs' | 'variables' | 'savedChats', number> };
const figure = async (app: TestApp, token: string) => (await app.request('GET', '/api/storage', { token })).body as Figure;

describe('everything a person stores counts in QUOTA_USER_MB', () => {
  it('a full kept log refuses a bigger or new file, a new variable, a saved chat and an install; same-size saves still work as history gives way', async () => {
    const { token } = await newUser(tight);
    const chat = await tight.request('POST', '/api/ai/chat', { token, body: { message: 'Make a Telegram bot in Python that echoes messages', projectId: 'default' } });
    expect(chat.status, JSON.stringify(chat.body)).toBe(200);
    const { projectId } = chat.body;
    const file = (await tight.request('GET', `/api/files/${chat.body.createdFile.id}`, { token })).body;
    expect((await tight.request('POST', `/api/test-chat/${file.id}/messages`, { token, body: { text: '/start' } })).status).toBe(200);
    expect((await put(tight, token, projectId, 'notes.txt', 'n'.repeat(10 * KiB))).status).toBe(200);
    expect((await put(tight, token, projectId, 'notes.txt', 'N'.repeat(10 * KiB))).status).toBe(200); // a 10 KiB version
    // The bot's runs printed 2.1 MiB, kept in its log (written through the log module, as a run's lines are).
    tight.app.deps.runLogs.append(projectId, Array.from({ length: 2150 }, (_, i) => ({ at: Date.now(), level: 'output' as const, text: `${i} ${'z'.repeat(1000)}`, runId: 'run0000001' })));
    await tight.app.deps.runLogs.flush();

    const full = await figure(tight, token);
    expect(full.bytes).toBeGreaterThan(2 * 1024 * KiB);
    const message =
      `Your storage is full (${formatBytes(full.bytes)} of 2 MiB: logs ${formatBytes(full.parts.logs)}, files ${formatBytes(full.parts.files)}). ` +
      'Delete a bot you no longer need to make room: its kept logs go with it.';

    const bigger = await put(tight, token, projectId, 'notes.txt', 'n'.repeat(11 * KiB));
    expect(bigger.status).toBe(409);
    expect(bigger.body.error).toBe(message);
    const added = await tight.request('POST', `/api/projects/${projectId}/import`, { token, body: { files: [{ filename: 'more.py', content: 'x = 1\n' }] } });
    expect(added.status).toBe(409);
    expect(added.body.error).toBe(message);
    const variable = await tight.request('PUT', `/api/projects/${projectId}/env-vars`, { token, body: { set: { API_KEY: 'secret-value' } } });
    expect(variable.status).toBe(409);
    expect(variable.body.error).toBe(message);
    const saved = await tight.request('POST', `/api/test-chat/${file.id}/saved`, { token, body: { name: 'greeting' } });
    expect(saved.status).toBe(409);
    expect(saved.body.error).toBe(message);
    const install = await tight.request('POST', '/api/dependencies/install', { token, body: { command: 'pip install requests', projectId } });
    expect(install.status).toBe(409);
    expect(install.body.error).toBe(message);
    // Nothing was written: no variable, no saved chat, no packages.
    expect((await tight.request('GET', `/api/projects/${projectId}/env-vars`, { token })).body).toEqual([]);
    expect((await tight.request('GET', `/api/test-chat/${file.id}/saved`, { token })).body.saved).toEqual([]);
    expect(existsSync(path.join(tight.config.dataDir, 'projects', projectId))).toBe(false);
    expect((await tight.request('GET', '/api/files', { token })).body).toHaveLength(2);

    // A save that keeps the size still works: the oldest versions give way to make room.
    expect((await put(tight, token, projectId, 'notes.txt', 'm'.repeat(10 * KiB))).status).toBe(200);
    expect((await figure(tight, token)).versionBytes).toBe(0);
    expect((await put(tight, token, projectId, 'notes.txt', 'short')).status).toBe(200);
  });

  it('packages installed in a bot count by the blocks they take: past the quota the next install and a growing save are refused', async () => {
    const { token } = await newUser(tight);
    const projectId = (await tight.request('POST', '/api/projects', { token, body: { name: 'Packed' } })).body.id as string;
    expect((await put(tight, token, projectId, 'bot.py', 'print(1)\n')).status).toBe(200);
    // What an install leaves: 2.5 MiB in the bot's dependency volume (or packages dir), on disk.
    const volumes = tight.app.deps.packageVolumes;
    const dir = volumes.storage.volumes ? (await volumes.dir(projectId, true))! : path.join(tight.config.dataDir, 'projects', projectId, 'deps');
    mkdirSync(path.join(dir, 'venv'), { recursive: true });
    const fd = openSync(path.join(dir, 'venv', 'blob.bin'), 'w');
    writeSync(fd, Buffer.alloc(2.5 * 1024 * KiB, 1));
    fsyncSync(fd);
    closeSync(fd);
    await volumes.installEnded(projectId); // as the install's end does: counted again from what it left

    const full = await figure(tight, token);
    expect(full.parts.packages).toBeGreaterThan(2.5 * 1024 * KiB);
    const message =
      `Your storage is full (${formatBytes(full.bytes)} of 2 MiB: packages ${formatBytes(full.parts.packages)}, files ${formatBytes(full.parts.files)}). ` +
      'Delete a bot you no longer need to make room: its packages go with it.';
    const install = await tight.request('POST', '/api/dependencies/install', { token, body: { command: 'pip install requests', projectId } });
    expect(install.status).toBe(409);
    expect(install.body.error).toBe(message);
    const grow = await put(tight, token, projectId, 'bot.py', 'print(12)\n');
    expect(grow.status).toBe(409);
    expect(grow.body.error).toBe(message);
    // Deleting the bot lets go of its packages: the person has room again.
    expect((await tight.request('DELETE', `/api/projects/${projectId}`, { token })).status).toBe(200);
    expect((await figure(tight, token)).bytes).toBe(0);
    expect((await put(tight, token, 'default', 'bot.py', 'print(12)\n')).status).toBe(200);
  });
});
