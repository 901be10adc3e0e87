// files.rename through the real app over HTTP: a file keeps its id, text and versions under its new
// name; a name another file of the bot has, an unsafe name or another person's file changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn' });
});
afterAll(() => t.close());

const rename = (token: string, input: unknown) => t.request('POST', '/trpc/files.rename', { token, body: input });
const namesIn = async (token: string, projectId: string) =>
  ((await t.request('GET', '/api/files', { token })).body as Array<{ filename: string; projectId: string }>)
    .filter((f) => f.projectId === projectId)
    .map((f) => f.filename)
    .sort();

async function botWithFiles(token: string, names: string[]) {
  const projectId = (await t.request('POST', '/api/projects', { token, body: { name: 'Weather Bot' } })).body.id as string;
  const ids: string[] = [];
  for (const name of names) ids.push((await t.request('PUT', `/api/projects/${projectId}/files/${name}`, { token, body: { content: `# ${name}\n` } })).body.id);
  return { projectId, ids };
}

describe('files.rename', () => {
  it('renames in place: the same id, text and versions, and the language follows the new name', async () => {
    const { token } = await newUser(t);
    const { projectId, ids } = await botWithFiles(token, ['bot.py']);
    await t.request('PUT', `/api/files/${ids[0]}`, { token, body: { content: 'print("v2")\n' } });
    const res = await rename(token, { id: ids[0], filename: 'main.js' });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({ id: ids[0], filename: 'main.js', language: 'JavaScript', content: 'print("v2")\n' });
    expect(await namesIn(token, projectId)).toEqual(['main.js']);
    expect((await t.request('GET', `/api/files/${ids[0]}/versions`, { token })).body).toHaveLength(1);
    // The same name again is a no-op.
    expect((await rename(token, { id: ids[0], filename: 'main.js' })).status).toBe(200);
  });

  it('refuses a name another file of the bot has, and an unsafe name, changing nothing', async () => {
    const { token } = await newUser(t);
    const { projectId, ids } = await botWithFiles(token, ['bot.py', 'helpers.py']);
    const taken = await rename(token, { id: ids[0], filename: 'helpers.py' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('This bot already has a file named helpers.py');
    expect((await rename(token, { id: ids[0], filename: '../etc/passwd' })).status).toBe(400);
    expect((await rename(token, { id: ids[0], filename: '' })).status).toBe(400);
    expect(await namesIn(token, projectId)).toEqual(['bot.py', 'helpers.py']);
  });

  it("answers 404 for another person's file and leaves it as it was", async () => {
    const owner = await newUser(t);
    const other = await newUser(t);
    const { ids } = await botWithFiles(owner.token, ['bot.py']);
    expect((await rename(other.token, { id: ids[0], filename: 'mine.py' })).status).toBe(404);
    expect((await t.request('GET', `/api/files/${ids[0]}`, { token: owner.token })).body.filename).toBe('bot.py');
  });
});
