// Saved environment variables through the real app over HTTP: save/list/clear, values never sent
// back or logged, no plaintext in the database file, sealed rows bound to their project and key,
// another person's project answers 404 and changes nothing, and the per-project limit.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ENV_VARS } from '../../../../shared/runner.schema';
import { newUser } from '../../../testing/fixtures';
import { onPostgres } from '../../../testing/test-database';
import { startTestApp, type TestApp } from '../../../testing/test-app';
import { loadProjectSecrets } from './env-vars.store';

let t: TestApp;
/** Every response body, as text, to check that no value ever comes back. */
const answers: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'trace' });
});
afterAll(() => t.close());

async function call(method: string, url: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await t.request(method, url, opts);
  answers.push(JSON.stringify(res.body));
  return res;
}
const put = (token: string, projectId: string, body: unknown) => call('PUT', `/api/projects/${projectId}/env-vars`, { token, body });
const list = (token: string, projectId: string) => call('GET', `/api/projects/${projectId}/env-vars`, { token });

async function newProject(token: string, name = 'Bots'): Promise<string> {
  return (await call('POST', '/api/projects', { token, body: { name, description: '' } })).body.id;
}

const TOKEN_VALUE = 'tg-7766554433:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const API_KEY_VALUE = 'sk-live-51HqLyjWDarjtT1zdp7dcXhwyZ0';

describe('saving and listing', () => {
  it('saves, lists (keys only), keeps a value sent empty, replaces, and clears', async () => {
    const { token } = await newUser(t);
    const projectId = await newProject(token);

    const saved = await put(token, projectId, { set: { BOT_TOKEN: TOKEN_VALUE, PORT: '8080' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual([
      { key: 'BOT_TOKEN', isSet: true, updatedAt: expect.any(String) },
      { key: 'PORT', isSet: true, updatedAt: expect.any(String) },
    ]);
    expect((await list(token, projectId)).body).toEqual(saved.body);
    expect(await loadProjectSecrets(t.app.deps, projectId)).toEqual({ BOT_TOKEN: TOKEN_VALUE, PORT: '8080' });

    // An empty string keeps the stored value; a new one replaces it.
    expect((await put(token, projectId, { set: { BOT_TOKEN: '', PORT: '9090', NEW_EMPTY: '' } })).status).toBe(200);
    expect(await loadProjectSecrets(t.app.deps, projectId)).toEqual({ BOT_TOKEN: TOKEN_VALUE, PORT: '9090' });

    // Clear, and a key both cleared and set ends up with its new value.
    const cleared = await put(token, projectId, { clear: ['PORT', 'BOT_TOKEN', 'NEVER_SET'], set: { BOT_TOKEN: 'replacement-value' } });
    expect(cleared.body.map((v: { key: string }) => v.key)).toEqual(['BOT_TOKEN']);
    expect(await loadProjectSecrets(t.app.deps, projectId)).toEqual({ BOT_TOKEN: 'replacement-value' });
  });

  it("uses the person's default project for 'default', over REST and tRPC", async () => {
    const { token } = await newUser(t);
    expect((await put(token, 'default', { set: { API_KEY: API_KEY_VALUE } })).status).toBe(200);
    const projects = (await call('GET', '/api/projects', { token })).body;
    expect(projects).toHaveLength(1);
    expect(await loadProjectSecrets(t.app.deps, projects[0].id)).toEqual({ API_KEY: API_KEY_VALUE });

    const query = encodeURIComponent(JSON.stringify({ projectId: projects[0].id }));
    const viaTrpc = await call('GET', `/trpc/runner.envVars?input=${query}`, { token });
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.body.result.data).toEqual([{ key: 'API_KEY', isSet: true, updatedAt: expect.any(String) }]);
    const saved = await call('POST', '/trpc/runner.saveEnvVars', { token, body: { projectId: 'default', clear: ['API_KEY'] } });
    expect(saved.body.result.data).toEqual([]);
  });

  it('refuses bad names, long values, unknown fields and callers who are not signed in', async () => {
    const { token } = await newUser(t);
    const projectId = await newProject(token);
    const bad = [
      [{ set: { '1BAD': 'v' } }, 'Variable names use letters, digits and underscores'],
      [{ set: { 'A-B': 'v' } }, 'Variable names use letters, digits and underscores'],
      [{ clear: ['A B'] }, 'Variable names use letters, digits and underscores'],
      [{ set: { LONG: 'x'.repeat(8193) } }, 'Values can be at most 8192 characters'],
      [{ set: { A: 1 } }, expect.any(String)],
      [{ set: { A: 'v' }, values: {} }, 'Unknown field: values'],
    ] as const;
    for (const [body, error] of bad) {
      const res = await put(token, projectId, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.body).toEqual({ error });
    }
    expect((await put(token, 'not-an-id', { set: { A: 'v' } })).status).toBe(400);
    expect((await call('PUT', `/api/projects/${projectId}/env-vars`, { body: { set: { A: 'v' } } })).status).toBe(401);
    expect((await call('GET', `/api/projects/${projectId}/env-vars`)).status).toBe(401);
    expect((await list(token, projectId)).body).toEqual([]);
  });
});

describe('the limit of 100 variables per project', () => {
  it('refuses the 101st variable and keeps the 100', async () => {
    const { token } = await newUser(t);
    const projectId = await newProject(token);
    const hundred = Object.fromEntries(Array.from({ length: MAX_ENV_VARS }, (_, i) => [`VAR_${i}`, `value-${i}`]));
    expect((await put(token, projectId, { set: hundred })).status).toBe(200);

    const more = await put(token, projectId, { set: { ONE_MORE: 'x' } });
    expect(more.status).toBe(400);
    expect(more.body.error).toMatch(/at most 100 environment variables/);
    expect((await list(token, projectId)).body).toHaveLength(MAX_ENV_VARS);

    // Replacing one, or swapping one for another in the same save, stays within the limit.
    expect((await put(token, projectId, { set: { VAR_0: 'changed' } })).status).toBe(200);
    expect((await put(token, projectId, { clear: ['VAR_1'], set: { ONE_MORE: 'x' } })).status).toBe(200);
    expect((await list(token, projectId)).body).toHaveLength(MAX_ENV_VARS);
  });

  it('refuses 101 in one save and writes none of them', async () => {
    const { token } = await newUser(t);
    const projectId = await newProject(token);
    const many = Object.fromEntries(Array.from({ length: MAX_ENV_VARS + 1 }, (_, i) => [`VAR_${i}`, 'v']));
    expect((await put(token, projectId, { set: many })).status).toBe(400);
    expect((await list(token, projectId)).body).toEqual([]);
  });
});

describe('another person', () => {
  it("gets 404 for someone else's project, reading or writing, and changes nothing", async () => {
    const owner = await newUser(t);
    const other = await newUser(t);
    const projectId = await newProject(owner.token);
    await put(owner.token, projectId, { set: { BOT_TOKEN: TOKEN_VALUE } });
    const before = (await list(owner.token, projectId)).body;

    expect((await list(other.token, projectId)).status).toBe(404);
    for (const body of [{ set: { BOT_TOKEN: 'stolen-value' } }, { clear: ['BOT_TOKEN'] }, { set: { EXTRA: 'x' } }]) {
      const res = await put(other.token, projectId, body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Project not found' });
    }
    // A projectId in the body cannot redirect the write either: the path wins.
    expect((await call('PUT', '/api/projects/default/env-vars', { token: other.token, body: { projectId, set: { X: 'y' } } })).status).toBe(200);

    expect((await list(owner.token, projectId)).body).toEqual(before);
    expect(await loadProjectSecrets(t.app.deps, projectId)).toEqual({ BOT_TOKEN: TOKEN_VALUE });
  });
});

describe('at rest', () => {
  it('holds no plaintext value in the database (its files on SQLite), only sealed bytes', async () => {
    const { token } = await newUser(t);
    const projectId = await newProject(token);
    const marker = 'plaintext-marker-Zq8Jw3Lm5Xv7Np2R';
    await put(token, projectId, { set: { MARKED: marker } });

    const row = await t.app.deps.db.selectFrom('project_env_vars').selectAll().where('project_id', '=', projectId).executeTakeFirstOrThrow();
    expect(Object.keys(row).sort()).toEqual(['ciphertext', 'key', 'nonce', 'project_id', 'tag', 'updated_at']);
    expect(Buffer.isBuffer(row.ciphertext)).toBe(true);
    expect(Buffer.concat([row.ciphertext, row.nonce, row.tag]).includes(Buffer.from(marker))).toBe(false);

    if (onPostgres()) {
      // No column of any row of the table holds the value's bytes.
      const found = await sql<{ n: number }>`select count(*) as n from project_env_vars where position(convert_to(${marker}, 'UTF8') in ciphertext || nonce || tag || convert_to(key, 'UTF8')) > 0`.execute(t.app.deps.db);
      expect(Number(found.rows[0]!.n)).toBe(0);
      return;
    }
    // The raw bytes of app.db and its WAL, where a fresh write lands first.
    const files = readdirSync(t.config.dataDir).filter((f) => f.startsWith('app.db'));
    expect(files).toContain('app.db');
    for (const file of files) expect(readFileSync(path.join(t.config.dataDir, file)).includes(Buffer.from(marker)), file).toBe(false);
  });

  it("fails to decrypt a row copied to another project or key, instead of handing back another's value", async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    const source = await newProject(a.token);
    const target = await newProject(b.token);
    await put(a.token, source, { set: { BOT_TOKEN: TOKEN_VALUE } });
    await put(b.token, target, { set: { BOT_TOKEN: 'b-own-value-123' } });
    const db = t.app.deps.db;
    const sealed = await db
      .selectFrom('project_env_vars')
      .select(['ciphertext', 'nonce', 'tag'])
      .where('project_id', '=', source)
      .where('key', '=', 'BOT_TOKEN')
      .executeTakeFirstOrThrow();

    await db.updateTable('project_env_vars').set(sealed).where('project_id', '=', target).where('key', '=', 'BOT_TOKEN').execute();
    await expect(loadProjectSecrets(t.app.deps, target)).rejects.toThrow(/BOT_TOKEN could not be decrypted/);

    await db.updateTable('project_env_vars').set({ key: 'OTHER_KEY' }).where('project_id', '=', source).execute();
    await expect(loadProjectSecrets(t.app.deps, source)).rejects.toThrow(/OTHER_KEY could not be decrypted/);

    // Saving a new value repairs it.
    await put(b.token, target, { set: { BOT_TOKEN: 'b-new-value-456' } });
    expect(await loadProjectSecrets(t.app.deps, target)).toEqual({ BOT_TOKEN: 'b-new-value-456' });
  });

  it('goes with its project', async () => {
    const { token, id } = await newUser(t);
    const projectId = await newProject(token);
    await put(token, projectId, { set: { A: 'value-a' } });
    await t.app.deps.db.deleteFrom('users').where('id', '=', id).execute();
    expect(await t.app.deps.db.selectFrom('project_env_vars').selectAll().where('project_id', '=', projectId).execute()).toEqual([]);
  });
});

describe('secrecy', () => {
  // Runs last: every value saved above must be absent from every answer and every log line.
  it('no saved value appears in any response or in the captured logs', () => {
    const values = [TOKEN_VALUE, API_KEY_VALUE, 'plaintext-marker-Zq8Jw3Lm5Xv7Np2R', 'replacement-value', 'b-own-value-123', 'b-new-value-456', 'stolen-value', 'value-a'];
    const logs = t.logs.join('');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain('could not be decrypted'); // the warnings above were logged, by key only
    for (const value of values) {
      expect(answers.some((a) => a.includes(value)), `response holds ${value.slice(0, 6)}...`).toBe(false);
      expect(logs.includes(value), `log holds ${value.slice(0, 6)}...`).toBe(false);
    }
  });
});
