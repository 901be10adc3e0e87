// Storage caps through the real app: a project holds at most QUOTA_PROJECT_FILES files and
// QUOTA_PROJECT_MB of text, a person at most QUOTA_USER_FILES and QUOTA_USER_MB across projects,
// on every path that adds or grows files (save, save by name, import, AI chat, remix, restore).
// Refusals are 409 with a message saying what to do, change nothing, and hold under concurrency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';

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
    for (const r of racing.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.error).toBe('A project can hold at most 200 files: delete some before adding more');
    }
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

  it('stops import, AI chat and remix at the cap too, with nothing written or charged', async () => {
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
    expect(remix.status).toBe(409);
    expect(remix.body.error).toMatch(/at most 3 files/);
    expect(await fileNames(small, token)).toEqual(['a.py', 'b.py', 'c.py']);
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
    expect(over.body.error).toBe('Your storage is full (2 MiB across your projects): delete some files before adding more');
    expect((await put(tight, token, p3, 'c.txt', 'c'.repeat(248 * KiB))).status).toBe(200);
  });
});
