// Saved versions are pruned by the save that makes a new one: at most QUOTA_VERSIONS_PER_FILE a
// file, none older than QUOTA_VERSIONS_DAYS except the newest QUOTA_VERSIONS_ALWAYS_KEEP. They
// count toward the person's storage: files + versions never pass QUOTA_USER_MB, the oldest
// versions give way first, and only files are ever refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { fakeClock } from '../../testing/fake-clock';
import { newUser } from '../../testing/fixtures';
import { createSession } from '../auth/sessions';
import { VERSION_PROMPT_MAX } from '../../../shared/workspace.schema';

const KiB = 1024;
const DAY = 24 * 60 * 60 * 1000;

const clock = fakeClock();
let t: TestApp; // the defaults, on a clock the tests move
let tight: TestApp; // 1 MiB a project, 2 MiB a person
beforeAll(async () => {
  [t, tight] = await Promise.all([
    startTestApp({ LOG_LEVEL: 'warn' }, { clock }),
    startTestApp({ LOG_LEVEL: 'warn', QUOTA_PROJECT_MB: '1', QUOTA_USER_MB: '2' }),
  ]);
});
afterAll(() => Promise.all([t?.close(), tight?.close()]));

const save = (app: TestApp, token: string, id: string, content: string) => app.request('PUT', `/api/files/${id}`, { token, body: { content } });
const create = async (app: TestApp, token: string, projectId: string, filename: string, content: string) =>
  (await app.request('PUT', `/api/projects/${projectId}/files/${filename}`, { token, body: { content } })).body.id as string;
const versions = async (app: TestApp, token: string, id: string) =>
  (await app.request('GET', `/api/files/${id}/versions`, { token })).body as Array<{ id: string; reason: string }>;
const versionText = async (app: TestApp, token: string, id: string, versionId: string) =>
  (await app.request('GET', `/api/files/${id}/versions/${versionId}`, { token })).body.content as string;
const storedVersions = async (app: TestApp, fileId: string) =>
  (await app.app.deps.db.selectFrom('file_versions').select('id').where('file_id', '=', fileId).execute()).length;
const storage = async (app: TestApp, token: string) => (await app.request('GET', '/api/storage', { token })).body;

describe('how many versions a file keeps', () => {
  it('100 saves of a file keep its 50 newest versions, and restoring one still works', async () => {
    const { token } = await newUser(t);
    const id = await create(t, token, 'default', 'bot.py', 'v0\n');
    for (let i = 1; i <= 100; i++) expect((await save(t, token, id, `v${i}\n`)).status).toBe(200);

    const kept = await versions(t, token, id);
    expect(kept).toHaveLength(50);
    expect(await storedVersions(t, id)).toBe(50);
    expect(await versionText(t, token, id, kept[0]!.id)).toBe('v99\n');
    expect(await versionText(t, token, id, kept[49]!.id)).toBe('v50\n');

    const restored = await t.request('POST', `/api/files/${id}/versions/${kept[49]!.id}/restore`, { token });
    expect(restored.status).toBe(200);
    expect(restored.body.content).toBe('v50\n');
    const after = await versions(t, token, id);
    expect(after).toHaveLength(50);
    expect(after[0]!.reason).toBe('restore');
    expect(await versionText(t, token, id, after[0]!.id)).toBe('v100\n');
  });

  it('drops versions older than 30 days at the next save, but always keeps the newest 10', async () => {
    const { id: userId } = await newUser(t);
    const deps = t.app.deps;
    // Sessions last 7 days: a fresh one on each side of the 31 days.
    let token = await createSession(deps.db, deps.sessionKeys, deps.clock, userId);
    const many = await create(t, token, 'default', 'many.py', 'm0\n');
    const few = await create(t, token, 'default', 'few.py', 'f0\n');
    for (let i = 1; i <= 15; i++) await save(t, token, many, `m${i}\n`);
    for (let i = 1; i <= 4; i++) await save(t, token, few, `f${i}\n`);
    clock.advance(31 * DAY);
    try {
      token = await createSession(deps.db, deps.sessionKeys, deps.clock, userId);
      // An untouched file keeps its versions until its own next save.
      expect(await versions(t, token, many)).toHaveLength(15);
      await save(t, token, many, 'm16\n');
      const kept = await versions(t, token, many);
      expect(kept).toHaveLength(10);
      expect(await versionText(t, token, many, kept[0]!.id)).toBe('m15\n');
      expect(await versionText(t, token, many, kept[9]!.id)).toBe('m6\n');
      // Fewer than 10, however old: all stay.
      await save(t, token, few, 'f5\n');
      expect(await versions(t, token, few)).toHaveLength(5);
    } finally {
      clock.reset();
    }
  });
});

describe('versions and the storage quota', () => {
  it('count toward it; when it is full the oldest give way (the newest last), never a file', async () => {
    const { token } = await newUser(tight);
    const id = await create(tight, token, 'default', 'a.txt', '1'.repeat(900 * KiB));
    expect((await save(tight, token, id, '2'.repeat(900 * KiB))).status).toBe(200);
    expect(await versions(tight, token, id)).toHaveLength(1);
    // 900 KiB of file and 1800 KiB of versions would pass 2 MiB: the oldest version ('1...') goes.
    expect((await save(tight, token, id, '3'.repeat(900 * KiB))).status).toBe(200);
    const kept = await versions(tight, token, id);
    expect(kept).toHaveLength(1);
    expect((await versionText(tight, token, id, kept[0]!.id)).slice(0, 1)).toBe('2');
    expect(await storage(tight, token)).toMatchObject({ files: 1, fileBytes: 900 * KiB, versionBytes: 900 * KiB, bytes: 1800 * KiB });

    // Space is the person's, not the file's: a new file in another project pushes out a.txt's history.
    const other = (await tight.request('POST', '/api/projects', { token, body: { name: 'Other' } })).body.id;
    const b = await create(tight, token, other, 'b.txt', 'b'.repeat(900 * KiB));
    expect(await versions(tight, token, id)).toHaveLength(0);
    // With 1800 KiB of files a 900 KiB version has no room at all: the save works, its version does not stay.
    expect((await save(tight, token, b, 'B'.repeat(900 * KiB))).status).toBe(200);
    expect(await versions(tight, token, b)).toHaveLength(0);
    expect(await storage(tight, token)).toMatchObject({ files: 2, bytes: 1800 * KiB, versionBytes: 0 });
    // Once the files shrink there is room again.
    expect((await save(tight, token, id, '4'.repeat(100 * KiB))).status).toBe(200);
    expect(await versions(tight, token, id)).toHaveLength(1);
    expect(await storage(tight, token)).toMatchObject({ bytes: 1900 * KiB, versionBytes: 900 * KiB });
    expect((await tight.request('GET', `/api/files/${b}`, { token })).body.content.slice(0, 1)).toBe('B');
  });
});

describe('the request behind an AI change', () => {
  it("is kept with the version the change replaced and listed with it; a plain save keeps none; a long one is cut, not refused", async () => {
    const { token } = await newUser(t);
    const id = await create(t, token, 'default', 'bot.py', 'v0\n');
    const change = (content: string, over: Record<string, unknown>) => t.request('PUT', `/api/files/${id}`, { token, body: { content, ...over } });
    expect((await change('v1\n', { reason: 'ai_change', prompt: '  add a /joke command  ' })).status).toBe(200);
    expect((await change('v2\n', { prompt: 'a save says nothing of this' })).status).toBe(200);
    const long = `make it ${'very '.repeat(400)}polite`;
    expect((await change('v3\n', { reason: 'ai_change', prompt: long })).status).toBe(200);

    const listed = (await t.request('GET', `/api/files/${id}/versions`, { token })).body as Array<{ reason: string; prompt: string | null }>;
    expect(listed.map((v) => [v.reason, v.prompt])).toEqual([
      ['ai_change', long.slice(0, VERSION_PROMPT_MAX)],
      ['save', null],
      ['ai_change', 'add a /joke command'],
    ]);
    // Another person learns nothing of it.
    const other = await newUser(t);
    expect((await t.request('GET', `/api/files/${id}/versions`, { token: other.token })).status).toBe(404);
  });
});
