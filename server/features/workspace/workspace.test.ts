// Projects, files, versions and import through the real app over HTTP: both addressing schemes,
// owner scoping (another user's ids answer 404 and change nothing) and filename safety.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn' });
});
afterAll(() => t.close());

async function projectOf(token: string): Promise<string> {
  const list = await t.request('GET', '/api/projects', { token });
  if (list.body.length) return list.body[0].id;
  return (await t.request('POST', '/api/projects', { token, body: { name: 'My Bots', description: 'Default project for AI-created bots' } })).body.id;
}

describe('projects and files', () => {
  it('creates, lists (with the legacy files map), saves with versions, restores and deletes', async () => {
    const { token } = await newUser(t);
    expect((await t.request('GET', '/api/projects', { token })).body).toEqual([]);
    const projectId = await projectOf(token);
    const put = await t.request('PUT', `/api/projects/${projectId}/files/bot.py`, { token, body: { content: 'print("v1")\n' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ filename: 'bot.py', projectId, language: 'Python' });
    const id = put.body.id;

    const projects = await t.request('GET', '/api/projects', { token });
    expect(projects.body[0].files['bot.py']).toMatchObject({ content: 'print("v1")\n' });

    expect((await t.request('PUT', `/api/files/${id}`, { token, body: { content: 'print("v2")\n' } })).status).toBe(200);
    expect((await t.request('PUT', `/api/files/${id}`, { token, body: { content: 'print("v3")\n' } })).status).toBe(200);
    const versions = await t.request('GET', `/api/files/${id}/versions`, { token });
    expect(versions.body.map((v: { reason: string }) => v.reason)).toEqual(['save', 'save']);
    const oldest = versions.body.at(-1).id;
    expect((await t.request('GET', `/api/files/${id}/versions/${oldest}`, { token })).body.content).toBe('print("v1")\n');

    const restored = await t.request('POST', `/api/files/${id}/versions/${oldest}/restore`, { token });
    expect(restored.body.content).toBe('print("v1")\n');
    // The text the restore replaced is itself kept.
    const after = await t.request('GET', `/api/files/${id}/versions`, { token });
    expect(after.body[0].reason).toBe('restore');
    expect((await t.request('GET', `/api/files/${id}/versions/${after.body[0].id}`, { token })).body.content).toBe('print("v3")\n');

    const files = await t.request('GET', '/api/files', { token });
    expect(files.body).toHaveLength(1);
    expect(Object.keys(files.body[0])).toEqual(expect.arrayContaining(['id', 'filename', 'content', 'created_at', 'projectId', 'platform']));

    expect((await t.request('DELETE', `/api/projects/${projectId}/files/bot.py`, { token })).status).toBe(200);
    expect((await t.request('GET', '/api/files', { token })).body).toEqual([]);
  });

  it('imports allowed files and refuses unsafe names and oversize content with nothing written', async () => {
    const { token } = await newUser(t);
    const projectId = await projectOf(token);
    const ok = await t.request('POST', `/api/projects/${projectId}/import`, {
      token,
      body: { files: [{ filename: 'a.py', content: 'x = 1\n' }, { filename: 'b.json', content: '{}' }] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.files).toHaveLength(2);
    for (const filename of ['../../app.db', '%2e%2e%2fapp.db', 'a\u0000.py', 'evil.exe', '.env', 'a/b.py', 'x..py']) {
      const bad = await t.request('POST', `/api/projects/${projectId}/import`, { token, body: { files: [{ filename, content: 'x' }] } });
      expect(bad.status, filename).toBe(400);
    }
    const big = await t.request('POST', `/api/projects/${projectId}/import`, { token, body: { files: [{ filename: 'big.txt', content: 'x'.repeat(1024 * 1024 + 1) }] } });
    expect([400, 413]).toContain(big.status);
    expect((await t.request('GET', '/api/files', { token })).body).toHaveLength(2);
    const traversal = await t.request('PUT', `/api/projects/${projectId}/files/..%2F..%2Fapp.db`, { token, body: { content: 'x' } });
    expect(traversal.status).toBe(400);
  });

  it("answers 404 for another user's project, file and version on every path, changing nothing", async () => {
    const owner = await newUser(t);
    const stranger = await newUser(t);
    const projectId = await projectOf(owner.token);
    const file = (await t.request('PUT', `/api/projects/${projectId}/files/secret.py`, { token: owner.token, body: { content: 'TOKEN = 1\n' } })).body;
    await t.request('PUT', `/api/files/${file.id}`, { token: owner.token, body: { content: 'TOKEN = 2\n' } });
    const versionId = (await t.request('GET', `/api/files/${file.id}/versions`, { token: owner.token })).body[0].id;
    const s = stranger.token;
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/files/${file.id}`],
      ['PUT', `/api/files/${file.id}`, { content: 'pwned' }],
      ['DELETE', `/api/files/${file.id}`],
      ['GET', `/api/files/${file.id}/versions`],
      ['GET', `/api/files/${file.id}/versions/${versionId}`],
      ['POST', `/api/files/${file.id}/versions/${versionId}/restore`],
      ['PUT', `/api/projects/${projectId}/files/secret.py`, { content: 'pwned' }],
      ['DELETE', `/api/projects/${projectId}/files/secret.py`],
      ['POST', `/api/projects/${projectId}/import`, { files: [{ filename: 'x.py', content: 'x' }] }],
      ['GET', `/api/chat/messages?projectId=${projectId}`],
      ['POST', '/api/ai/chat', { message: 'Make a Telegram bot', projectId }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await t.request(method, path, { token: s, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await t.request('GET', '/api/files', { token: s })).body).toEqual([]);
    const still = await t.request('GET', `/api/files/${file.id}`, { token: owner.token });
    expect(still.body.content).toBe('TOKEN = 2\n');
    expect((await t.request('GET', `/api/files/${file.id}/versions`, { token: owner.token })).body).toHaveLength(1);
  });

  it('takes files of up to 1 MiB each (bodies above the 1 MiB default) but nothing bigger, on REST and tRPC', async () => {
    const { token } = await newUser(t);
    const projectId = await projectOf(token);
    const mib = 'x'.repeat(1024 * 1024);
    const files = [{ filename: 'one.txt', content: mib }, { filename: 'two.txt', content: mib }];
    expect((await t.request('POST', `/api/projects/${projectId}/import`, { token, body: { files } })).status).toBe(200);
    expect((await t.request('POST', '/trpc/files.import', { token, body: { projectId, files } })).status).toBe(200);
    const id = (await t.request('GET', '/api/files', { token })).body[0].id;
    expect((await t.request('PUT', `/api/files/${id}`, { token, body: { content: mib.slice(1) + 'y' } })).status).toBe(200);
    // Every other call keeps the 1 MiB default, also through tRPC's single route.
    const big = { email: 'x@example.com', password: 'y'.repeat(2 * 1024 * 1024) };
    expect((await t.request('POST', '/trpc/auth.login', { body: big })).status).toBe(413);
    expect((await t.request('POST', '/trpc/projects.create', { token, body: { name: 'n', description: 'd'.repeat(1024 * 1024 + 10) } })).status).toBe(413);
  });

  it('needs a signed-in user', async () => {
    for (const path of ['/api/projects', '/api/files', '/api/chat/messages']) {
      expect((await t.request('GET', path)).status).toBe(401);
    }
  });
});
