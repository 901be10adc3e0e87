// One project per bot through the real app over HTTP (REST and tRPC), the real SQLite
// file and the real sandbox: per-bot secrets, create/rename/duplicate/delete, the owner-only rule
// (another user's bot answers 404 and is untouched), a running bot stopped by its deletion, and a
// bot created without a name named after its first chat request.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { RunClient } from '../../testing/run-client';
import { loadProjectSecrets } from '../runner/env-vars/env-vars.store';
import { projectPackagesDir } from '../runner/paths';
import { botNameFor } from '../ai/bot-names';
import { copyName } from './duplicate-and-delete';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn', RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '300' });
});
afterAll(async () => t?.close());

const TOKEN_A = '7000000001:AAbotAlphaTokenValue_aaaaaaaaaaaaaaa';
const TOKEN_B = '7000000002:AAbotBravoTokenValue_bbbbbbbbbbbbbbb';

type User = { id: string; token: string };
const create = async (u: User, name: string) => {
  const res = await t.request('POST', '/api/projects', { token: u.token, body: { name, description: '' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; name: string };
};
const putFile = async (u: User, projectId: string, filename: string, content: string) => {
  const res = await t.request('PUT', `/api/projects/${projectId}/files/${filename}`, { token: u.token, body: { content } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; projectId: string };
};
const setEnv = (u: User, projectId: string, set: Record<string, string>) =>
  t.request('PUT', `/api/projects/${projectId}/env-vars`, { token: u.token, body: { set } });
const envKeys = async (u: User, projectId: string) =>
  ((await t.request('GET', `/api/projects/${projectId}/env-vars`, { token: u.token })).body as Array<{ key: string }>).map((v) => v.key);
const projectsOf = async (u: User) => (await t.request('GET', '/api/projects', { token: u.token })).body as Array<{ id: string; name: string; files: Record<string, { content: string }> }>;
const trpc = (u: User, procedure: string, input: unknown) => t.request('POST', `/trpc/${procedure}`, { token: u.token, body: input });
const count = async (table: 'files' | 'project_env_vars' | 'chat_messages' | 'code_edit_proposals', projectId: string) =>
  Number((await t.app.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow()).n);

describe('per-bot secrets', () => {
  it('two bots keep different TELEGRAM_BOT_TOKEN values, each read back for its own bot only', async () => {
    const u = await newUser(t);
    const a = await create(u, 'Alpha');
    const b = await create(u, 'Bravo');
    expect((await setEnv(u, a.id, { TELEGRAM_BOT_TOKEN: TOKEN_A })).status).toBe(200);
    expect((await setEnv(u, b.id, { TELEGRAM_BOT_TOKEN: TOKEN_B, LOG_LEVEL: 'DEBUG' })).status).toBe(200);
    expect(await loadProjectSecrets(t.app.deps, a.id)).toEqual({ TELEGRAM_BOT_TOKEN: TOKEN_A });
    expect(await loadProjectSecrets(t.app.deps, b.id)).toEqual({ TELEGRAM_BOT_TOKEN: TOKEN_B, LOG_LEVEL: 'DEBUG' });
    expect(await envKeys(u, a.id)).toEqual(['TELEGRAM_BOT_TOKEN']);
    expect(await envKeys(u, b.id)).toEqual(['LOG_LEVEL', 'TELEGRAM_BOT_TOKEN']);
    expect((await projectsOf(u)).map((p) => p.name)).toEqual(['Alpha', 'Bravo']);
  });
});

describe('create and rename', () => {
  it('creates a bot with an empty name (named later) and renames it over REST and tRPC, names trimmed', async () => {
    const u = await newUser(t);
    const unnamed = await create(u, '');
    expect(unnamed.name).toBe('');
    const bare = await t.request('POST', '/api/projects', { token: u.token, body: {} });
    expect(bare.status).toBe(200);
    expect(bare.body.name).toBe('');

    const renamed = await t.request('PATCH', `/api/projects/${unnamed.id}`, { token: u.token, body: { name: '  Pizza Pal  ' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ id: unnamed.id, name: 'Pizza Pal' });
    const viaTrpc = await trpc(u, 'projects.rename', { projectId: unnamed.id, name: 'Pizza Pal 2' });
    expect(viaTrpc.status).toBe(200);
    expect((await projectsOf(u)).find((p) => p.id === unnamed.id)?.name).toBe('Pizza Pal 2');
  });

  it('refuses bad names with clear messages and changes nothing', async () => {
    const u = await newUser(t);
    const bot = await create(u, 'Keep Me');
    const cases: Array<[unknown, string]> = [
      ['', 'Give the bot a name'],
      ['    ', 'Give the bot a name'],
      ['x'.repeat(61), 'Bot names can be at most 60 characters'],
      ['bad\u0000name', 'Bot names cannot contain control characters'],
      [42, 'The bot name must be text'],
    ];
    for (const [name, error] of cases) {
      const res = await t.request('PATCH', `/api/projects/${bot.id}`, { token: u.token, body: { name } });
      expect(res.status, String(name)).toBe(400);
      expect(res.body).toEqual({ error });
    }
    expect((await t.request('PATCH', `/api/projects/${bot.id}`, { token: u.token, body: { name: 'x'.repeat(60) } })).status).toBe(200);
    const long = await t.request('POST', '/api/projects', { token: u.token, body: { name: 'y'.repeat(61) } });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ error: 'Bot names can be at most 60 characters' });
    expect((await projectsOf(u)).map((p) => p.name)).toEqual(['x'.repeat(60)]);
  });
});

describe('duplicate', () => {
  it('copies files (new ids, no history) and secrets, not the chat; the copy is independent', async () => {
    const u = await newUser(t);
    const src = await create(u, 'Original');
    const bot = await putFile(u, src.id, 'telegram_bot.py', 'print("v1")\n');
    await t.request('PUT', `/api/files/${bot.id}`, { token: u.token, body: { content: 'print("v2")\n' } });
    await putFile(u, src.id, 'requirements.txt', 'python-telegram-bot\n');
    await setEnv(u, src.id, { TELEGRAM_BOT_TOKEN: TOKEN_A, LOG_LEVEL: 'INFO' });
    expect((await t.request('POST', '/api/ai/chat', { token: u.token, body: { message: 'Make a Telegram bot with /start', projectId: src.id } })).status).toBe(200);

    const dup = await t.request('POST', `/api/projects/${src.id}/duplicate`, { token: u.token });
    expect(dup.status, JSON.stringify(dup.body)).toBe(200);
    expect(dup.body).toMatchObject({ name: 'Original (copy)', copied: { envVars: 2 }, dependenciesCopied: false, skippedEnvVars: [] });
    expect(dup.body.message).toMatch(/Dependencies are not copied: install them again/);
    const copyId = dup.body.id as string;
    expect(copyId).not.toBe(src.id);

    const files = (await t.request('GET', '/api/files', { token: u.token })).body as Array<{ id: string; filename: string; content: string; projectId: string }>;
    const original = files.filter((f) => f.projectId === src.id);
    const copied = files.filter((f) => f.projectId === copyId);
    expect(copied.map((f) => [f.filename, f.content]).sort()).toEqual(original.map((f) => [f.filename, f.content]).sort());
    expect(dup.body.copied.files).toBe(original.length);
    for (const f of copied) {
      expect(original.map((o) => o.id)).not.toContain(f.id);
      expect((await t.request('GET', `/api/files/${f.id}/versions`, { token: u.token })).body).toEqual([]);
    }
    expect(await loadProjectSecrets(t.app.deps, copyId)).toEqual({ TELEGRAM_BOT_TOKEN: TOKEN_A, LOG_LEVEL: 'INFO' });
    expect((await t.request('GET', `/api/chat/messages?projectId=${copyId}`, { token: u.token })).body).toEqual([]);
    expect((await t.request('GET', `/api/chat/messages?projectId=${src.id}`, { token: u.token })).body).toHaveLength(2);

    // Independent: changing the copy's file and secret leaves the original alone.
    const copiedBot = copied.find((f) => f.filename === 'telegram_bot.py')!;
    await t.request('PUT', `/api/files/${copiedBot.id}`, { token: u.token, body: { content: 'print("copy")\n' } });
    await setEnv(u, copyId, { TELEGRAM_BOT_TOKEN: TOKEN_B });
    expect((await t.request('GET', `/api/files/${bot.id}`, { token: u.token })).body.content).toBe('print("v2")\n');
    expect(await loadProjectSecrets(t.app.deps, src.id)).toEqual({ TELEGRAM_BOT_TOKEN: TOKEN_A, LOG_LEVEL: 'INFO' });
    expect(await loadProjectSecrets(t.app.deps, copyId)).toEqual({ TELEGRAM_BOT_TOKEN: TOKEN_B, LOG_LEVEL: 'INFO' });

    // A name can be given (tRPC), and it is checked like a rename.
    const named = await trpc(u, 'projects.duplicate', { projectId: src.id, name: ' Second copy ' });
    expect(named.status).toBe(200);
    expect(named.body.result.data).toMatchObject({ name: 'Second copy' });
    expect((await trpc(u, 'projects.duplicate', { projectId: src.id, name: '' })).status).toBe(400);
  });

  it('names copies within 60 characters, unnamed bots as New bot (copy)', () => {
    expect(copyName('Pizza Pal')).toBe('Pizza Pal (copy)');
    expect(copyName('')).toBe('New bot (copy)');
    expect(copyName('n'.repeat(60))).toHaveLength(60);
  });

  it('refuses a copy past the storage cap as a whole (409), writing nothing', async () => {
    const tight = await startTestApp({ LOG_LEVEL: 'warn', QUOTA_USER_FILES: '3' });
    try {
      const { token } = await newUser(tight);
      const src = (await tight.request('POST', '/api/projects', { token, body: { name: 'Full' } })).body.id;
      for (const name of ['a.py', 'b.py']) await tight.request('PUT', `/api/projects/${src}/files/${name}`, { token, body: { content: 'x = 1\n' } });
      const dup = await tight.request('POST', `/api/projects/${src}/duplicate`, { token });
      expect(dup.status).toBe(409);
      expect((await tight.request('GET', '/api/projects', { token })).body).toHaveLength(1);
      expect((await tight.request('GET', '/api/files', { token })).body).toHaveLength(2);
    } finally {
      await tight.close();
    }
  });
});

describe('delete', () => {
  it('removes files, versions, secrets, chat, saved test chats, proposals and the packages dir; storage drops', async () => {
    const u = await newUser(t);
    const keep = await create(u, 'Keep');
    await putFile(u, keep.id, 'keep.py', 'print("keep")\n');
    await setEnv(u, keep.id, { TELEGRAM_BOT_TOKEN: TOKEN_B });
    const before = (await t.request('GET', '/api/storage', { token: u.token })).body;

    const doomed = await create(u, 'Doomed');
    const chat = await t.request('POST', '/api/ai/chat', { token: u.token, body: { message: 'Make a Telegram bot in Python with /start', projectId: doomed.id } });
    expect(chat.status).toBe(200);
    const file = (await t.request('GET', `/api/files/${chat.body.createdFile.id}`, { token: u.token })).body;
    await t.request('PUT', `/api/files/${file.id}`, { token: u.token, body: { content: `${file.content}\n# edited\n` } });
    await setEnv(u, doomed.id, { TELEGRAM_BOT_TOKEN: TOKEN_A });
    const modify = await t.request('POST', '/api/ai/modify-code', {
      token: u.token,
      body: { code: file.content, filename: file.filename, prompt: "add a /price command that replies 'Bread is 3 euros'", projectId: doomed.id, fileId: file.id },
    });
    expect(modify.status, JSON.stringify(modify.body)).toBe(200);
    await t.request('POST', `/api/test-chat/${file.id}/messages`, { token: u.token, body: { text: '/start' } });
    const saved = await t.request('POST', `/api/test-chat/${file.id}/saved`, { token: u.token, body: { name: 'greeting' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // What an install leaves: the bot's packages dir (a plain directory on a server without volumes).
    const packagesDir = projectPackagesDir(t.config.dataDir, doomed.id);
    mkdirSync(path.join(packagesDir, 'venv', 'lib'), { recursive: true });
    writeFileSync(path.join(packagesDir, 'venv', 'lib', 'pkg.py'), 'x = 1\n');

    const fileCount = await count('files', doomed.id);
    expect(fileCount).toBeGreaterThan(0);
    expect(await count('chat_messages', doomed.id)).toBe(2);
    expect(await count('code_edit_proposals', doomed.id)).toBe(1);
    const during = (await t.request('GET', '/api/storage', { token: u.token })).body;
    expect(during.bytes).toBeGreaterThan(before.bytes);

    const del = await t.request('DELETE', `/api/projects/${doomed.id}`, { token: u.token });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(del.body.removed).toMatchObject({ files: fileCount, versions: 1, envVars: 1, chatMessages: 2, savedTestChats: 1, proposals: 1 });
    expect(del.body.message).toMatch(/^Deleted Doomed/);

    for (const table of ['files', 'project_env_vars', 'chat_messages', 'code_edit_proposals'] as const) expect(await count(table, doomed.id), table).toBe(0);
    const db = t.app.deps.db;
    expect(await db.selectFrom('file_versions').select('id').where('file_id', '=', file.id).execute()).toEqual([]);
    expect(await db.selectFrom('saved_test_chats').select('name').where('file_id', '=', file.id).execute()).toEqual([]);
    expect(await db.selectFrom('projects').select('id').where('id', '=', doomed.id).execute()).toEqual([]);
    expect(existsSync(path.dirname(packagesDir))).toBe(false);
    expect((await t.request('GET', `/api/files/${file.id}`, { token: u.token })).status).toBe(404);
    expect((await t.request('GET', `/api/projects/${doomed.id}/env-vars`, { token: u.token })).status).toBe(404);

    // The other bot is untouched and the storage is back to what it was.
    expect((await projectsOf(u)).map((p) => p.name)).toEqual(['Keep']);
    expect(await loadProjectSecrets(t.app.deps, keep.id)).toEqual({ TELEGRAM_BOT_TOKEN: TOKEN_B });
    const after = (await t.request('GET', '/api/storage', { token: u.token })).body;
    expect({ files: after.files, bytes: after.bytes }).toEqual({ files: before.files, bytes: before.bytes });
    expect((await t.request('DELETE', `/api/projects/${doomed.id}`, { token: u.token })).status).toBe(404);
  });

  it('unmounts and removes the deleted bot\'s dependency volume (on a server with volumes)', async (ctx) => {
    const volumes = t.app.deps.packageVolumes;
    if (!volumes.storage.volumes) ctx.skip();
    const u = await newUser(t);
    const bot = await create(u, 'With volume');
    const mounted = (await volumes.dir(bot.id, true))!;
    writeFileSync(path.join(mounted, 'installed.txt'), 'x\n');
    const mounts = () => readFileSync('/proc/self/mounts', 'utf8').split('\n').map((l) => l.split(' ')[1]);
    expect(mounts()).toContain(mounted);
    expect(existsSync(path.join(t.config.dataDir, 'projects', bot.id, 'deps.img'))).toBe(true);

    expect((await t.request('DELETE', `/api/projects/${bot.id}`, { token: u.token })).status).toBe(200);
    expect(mounts()).not.toContain(mounted);
    expect(existsSync(mounted)).toBe(false);
    expect(existsSync(path.join(t.config.dataDir, 'projects', bot.id))).toBe(false);
  });

  it('stops the running bots of the deleted bot (and only those)', async () => {
    const u = await newUser(t);
    const doomed = await create(u, 'Runner');
    const other = await create(u, 'Other');
    const loop = 'import time\ni = 0\nwhile True:\n    print("tick", i, flush=True)\n    i += 1\n    time.sleep(0.05)\n';
    const file = await putFile(u, doomed.id, 'loop.py', loop);
    const otherFile = await putFile(u, other.id, 'loop.py', loop);
    const client = await RunClient.open(t.url, { token: u.token });
    const otherClient = await RunClient.open(t.url, { token: u.token });
    client.send({ type: 'execute-file', fileId: file.id });
    otherClient.send({ type: 'execute-file', fileId: otherFile.id });
    await client.waitForLine('tick 2');
    await otherClient.waitForLine('tick 2');

    const del = await trpc(u, 'projects.delete', { projectId: doomed.id });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(del.body.result.data.stoppedRuns).toBe(1);
    expect(await client.waitForExit(file.id)).toMatchObject({ reason: 'stopped' });
    const runs = t.app.deps.runs.list(u.id);
    expect(runs.find((r) => r.fileId === file.id)?.status).toBe('exited');
    expect(runs.find((r) => r.fileId === otherFile.id)?.status).toBe('running');
    await t.app.deps.runs.stop(u.id, otherFile.id);
    client.close();
    otherClient.close();
  });

  it("answers 404 for another user's bot on rename, duplicate and delete, changing nothing", async () => {
    const owner = await newUser(t);
    const stranger = await newUser(t);
    const bot = await create(owner, 'Mine');
    await putFile(owner, bot.id, 'mine.py', 'print(1)\n');
    await setEnv(owner, bot.id, { TELEGRAM_BOT_TOKEN: TOKEN_A });
    const snapshot = async () => ({ projects: await projectsOf(owner), secrets: await loadProjectSecrets(t.app.deps, bot.id) });
    const was = await snapshot();

    const attempts = [
      t.request('PATCH', `/api/projects/${bot.id}`, { token: stranger.token, body: { name: 'Stolen' } }),
      t.request('POST', `/api/projects/${bot.id}/duplicate`, { token: stranger.token }),
      t.request('DELETE', `/api/projects/${bot.id}`, { token: stranger.token }),
      trpc(stranger, 'projects.rename', { projectId: bot.id, name: 'Stolen' }),
      trpc(stranger, 'projects.duplicate', { projectId: bot.id }),
      trpc(stranger, 'projects.delete', { projectId: bot.id }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect(await snapshot()).toEqual(was);
    expect(await projectsOf(stranger)).toEqual([]);
    expect((await t.request('DELETE', `/api/projects/${bot.id}`)).status).toBe(401);
  });

  it("deleting the last bot is allowed; 'default' then means a new bot the next chat creates and names", async () => {
    const u = await newUser(t);
    const only = await create(u, 'Only');
    expect((await t.request('DELETE', '/api/projects/default', { token: u.token })).status).toBe(200);
    expect(await projectsOf(u)).toEqual([]);
    expect((await t.request('DELETE', '/api/projects/default', { token: u.token })).status).toBe(404);
    const chat = await t.request('POST', '/api/ai/chat', { token: u.token, body: { message: 'A Discord bot that welcomes new members' } });
    expect(chat.status).toBe(200);
    const after = await projectsOf(u);
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(only.id);
    expect(after[0]!.name).toBe('Discord bot');
  });
});

describe('naming a bot after its first request', () => {
  it('names an unnamed bot once, from the request; a named (or renamed) bot keeps its name', async () => {
    const u = await newUser(t);
    const unnamed = await create(u, '');
    await t.request('POST', '/api/ai/chat', { token: u.token, body: { message: 'Make a Telegram bot for my bakery that answers /start', projectId: unnamed.id } });
    expect((await projectsOf(u)).find((p) => p.id === unnamed.id)?.name).toBe('Bakery Bot');
    await t.request('POST', '/api/ai/chat', { token: u.token, body: { message: 'A Discord bot called Pizza Pal', projectId: unnamed.id } });
    expect((await projectsOf(u)).find((p) => p.id === unnamed.id)?.name).toBe('Bakery Bot');

    const named = await create(u, 'My Own Name');
    await t.request('POST', '/api/ai/chat', { token: u.token, body: { message: 'A Discord bot called Pizza Pal', projectId: named.id } });
    expect((await projectsOf(u)).find((p) => p.id === named.id)?.name).toBe('My Own Name');
  });

  it('derives short names: the given name, the platform (and purpose), else the first four words', () => {
    expect(botNameFor('A Discord bot called Pizza Pal')).toBe('Pizza Pal');
    expect(botNameFor('Make a Telegram bot for my bakery')).toBe('Bakery Bot');
    expect(botNameFor('A Discord bot that welcomes new members')).toBe('Discord bot');
    expect(botNameFor('Something for Instagram that posts')).toBe('Instagram bot');
    expect(botNameFor('hmm what can\nyou do for\tme today')).toBe('hmm what can you');
    const long = botNameFor(`${'Supercalifragilistic'.repeat(4)} rest`);
    expect(long.length).toBeLessThanOrEqual(60);
  });
});
