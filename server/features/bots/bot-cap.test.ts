// How many bots one account may have (QUOTA_USER_BOTS), through the real app: past the cap every
// path that makes a bot (create, duplicate, remix, REST and tRPC) answers 409 with the count and
// makes nothing, creations racing for the last place let exactly one through, and the paths that
// write into an existing bot (import, the assistant's chat into 'default') still work at the cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { newId } from '../../clock';

let t: TestApp; // 3 bots an account
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn', QUOTA_USER_BOTS: '3' });
});
afterAll(() => t?.close());

const AT_CAP = 'You have 3 bots, the most an account may have. Delete one to make room.';

type User = { id: string; token: string };
const create = (u: User, name: string) => t.request('POST', '/api/projects', { token: u.token, body: { name } });
const botNames = async (u: User) => ((await t.request('GET', '/api/projects', { token: u.token })).body as Array<{ name: string }>).map((p) => p.name);
const fileCount = async (u: User) => ((await t.request('GET', '/api/files', { token: u.token })).body as unknown[]).length;

describe('bots an account may have', () => {
  it('past QUOTA_USER_BOTS, create (REST and tRPC) and duplicate answer 409 with the count and make nothing; a delete makes room', async () => {
    const u = await newUser(t);
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      const res = await create(u, name);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(res.body.id);
    }
    expect((await t.request('PUT', `/api/projects/${ids[0]}/files/bot.py`, { token: u.token, body: { content: 'print(1)\n' } })).status).toBe(200);

    const fourth = await create(u, 'Four');
    expect(fourth.status).toBe(409);
    expect(fourth.body.error).toBe(AT_CAP);
    const viaTrpc = await t.request('POST', '/trpc/projects.create', { token: u.token, body: { name: 'Four' } });
    expect(viaTrpc.status).toBe(409);
    expect(viaTrpc.body.error.message).toBe(AT_CAP);
    const copy = await t.request('POST', `/api/projects/${ids[0]}/duplicate`, { token: u.token });
    expect(copy.status).toBe(409);
    expect(copy.body.error).toBe(AT_CAP);
    expect(await botNames(u)).toEqual(['One', 'Two', 'Three']);
    expect(await fileCount(u)).toBe(1); // the refused copy wrote none of its files

    // Another account is not affected; a delete makes room again.
    expect((await create(await newUser(t), 'Elsewhere')).status).toBe(200);
    expect((await t.request('DELETE', `/api/projects/${ids[2]}`, { token: u.token })).status).toBe(200);
    expect((await t.request('POST', `/api/projects/${ids[0]}/duplicate`, { token: u.token })).status).toBe(200);
    expect(await botNames(u)).toEqual(['One', 'Two', 'One (copy)']);
  });

  it('two creations at once for the last place: exactly one passes; eight at once on an empty account make three', async () => {
    const u = await newUser(t);
    expect((await create(u, 'One')).status).toBe(200);
    const source = (await create(u, 'Two')).body.id as string;
    const racing = await Promise.all([create(u, 'Racer A'), t.request('POST', `/api/projects/${source}/duplicate`, { token: u.token })]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await botNames(u)).length).toBe(3);

    const fresh = await newUser(t);
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => create(fresh, `Burst ${i}`)));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(3);
    for (const r of burst.filter((r) => r.status !== 200)) expect(r.body.error).toBe(AT_CAP);
    expect(await botNames(fresh)).toHaveLength(3);
  });

  it('at the cap, import and the chat still write into an existing bot, a remix (a new bot) is refused; an account with none gets its first from the chat', async () => {
    const author = await newUser(t);
    const shared = (await t.request('PUT', '/api/projects/default/files/echo_bot.py', { token: author.token, body: { content: 'print("echo")\n' } })).body;
    const postId = (
      await t.request('POST', '/api/bot-posts', { token: author.token, body: { title: 'Echo', description: 'Echoes', platform: 'telegram', fileId: shared.id } })
    ).body.id;

    const u = await newUser(t);
    for (const name of ['One', 'Two', 'Three']) expect((await create(u, name)).status).toBe(200);
    const imported = await t.request('POST', '/api/projects/default/import', { token: u.token, body: { files: [{ filename: 'a.py', content: 'a\n' }] } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const remix = await t.request('POST', `/api/bot-posts/${postId}/remix`, { token: u.token });
    expect([remix.status, remix.body.error]).toEqual([409, AT_CAP]);
    const chat = await t.request('POST', '/api/ai/chat', { token: u.token, body: { message: 'Make a Telegram bot in Python that echoes messages', projectId: 'default' } });
    expect(chat.status, JSON.stringify(chat.body)).toBe(200);
    expect(await botNames(u)).toEqual(['One', 'Two', 'Three']);

    const newcomer = await newUser(t);
    const first = await t.request('POST', '/api/ai/chat', { token: newcomer.token, body: { message: 'Make a Telegram bot in Python that echoes messages' } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await botNames(newcomer)).toHaveLength(1);
    expect((await t.request('GET', '/api/storage', { token: newcomer.token })).body).toMatchObject({ bots: 1, limits: { bots: 3 } });
  });

  it('an account left with more bots than a since-lowered cap keeps them, and is told how many to delete', async () => {
    const u = await newUser(t);
    // Bots an older setting allowed: the rows as the server wrote them then.
    const now = new Date().toISOString();
    const ids = Array.from({ length: 5 }, () => newId());
    await t.app.deps.db
      .insertInto('projects')
      .values(ids.map((id, i) => ({ id, user_id: u.id, name: `Old ${i}`, description: '', created_at: now })))
      .execute();
    const more = await create(u, 'Sixth');
    expect(more.status).toBe(409);
    expect(more.body.error).toBe('You have 5 bots and an account may have at most 3. Delete 3 to make room.');
    expect(await botNames(u)).toHaveLength(5);
    expect((await t.request('PUT', `/api/projects/${ids[0]}/files/bot.py`, { token: u.token, body: { content: 'print(1)\n' } })).status).toBe(200);
  });
});
