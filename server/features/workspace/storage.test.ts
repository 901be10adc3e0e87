// The storage a person uses, as /usage shows it: GET /api/storage and files.storage count their
// files and the UTF-8 bytes of files and saved versions across projects, with the limits; only theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';

const MiB = 1024 * 1024;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn' });
});
afterAll(() => t.close());

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
      limits: { files: 1000, bytes: 100 * MiB, projectFiles: 200, projectBytes: 20 * MiB, versionsPerFile: 50, versionDays: 30, versionsAlwaysKept: 10 },
    });

    const id = (await t.request('PUT', '/api/projects/default/files/hello.py', { token, body: { content: 'print("héllo")\n' } })).body.id;
    const second = (await t.request('POST', '/api/projects', { token, body: { name: 'Second' } })).body.id;
    await t.request('POST', `/api/projects/${second}/import`, { token, body: { files: [{ filename: 'a.txt', content: 'x'.repeat(1000) }] } });
    await t.request('PUT', `/api/files/${id}`, { token, body: { content: 'print("ok")\n' } });

    const fileBytes = Buffer.byteLength('print("ok")\n') + 1000;
    const versionBytes = Buffer.byteLength('print("héllo")\n');
    const rest = await t.request('GET', '/api/storage', { token });
    expect(rest.body).toMatchObject({ files: 2, fileBytes, versionBytes, bytes: fileBytes + versionBytes });
    const trpc = await t.request('GET', '/trpc/files.storage', { token });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data).toEqual(rest.body);

    // Deleting a file frees its text and its versions.
    await t.request('DELETE', `/api/files/${id}`, { token });
    expect((await t.request('GET', '/api/storage', { token })).body).toMatchObject({ files: 1, bytes: 1000, versionBytes: 0 });
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
