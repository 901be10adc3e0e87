// DATA_DIR and what the server keeps in it are its own: on a fresh
// DATA_DIR the folders are 0700 and the files 0600 after start-up and after writes, whatever the
// umask (the test runs the server under umask 000, where defaults would be world-writable).
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { newUser } from './testing/fixtures';
import type { TestApp } from './testing/test-app';

const PNG_1x1 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const modeOf = (p: string) => (statSync(p).mode & 0o777).toString(8).padStart(4, '0');

let parent: string;
let savedUmask: number;
const started: FastifyInstance[] = [];

/** The real app on `dataDir` (not created beforehand), listening on loopback, as src/main.ts starts it. */
async function start(dataDir: string, env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0', ...env });
  const app = await buildApp(config, { logStream: new Writable({ write: (_c, _e, cb) => cb() }) });
  started.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    app,
    url,
    config,
    logs: [],
    async request(method, urlPath, o = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      const res = await fetch(url + urlPath, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
      return { status: res.status, body: await res.json(), headers: res.headers };
    },
    close: () => app.close(),
  };
}

beforeAll(() => {
  parent = mkdtempSync(path.join(tmpdir(), 'botwright-modes-'));
  savedUmask = process.umask(0o000);
});
afterAll(async () => {
  for (const app of started) await app.close();
  process.umask(savedUmask);
  rmSync(parent, { recursive: true, force: true });
});

describe('modes in a fresh DATA_DIR, under umask 000', () => {
  it('after start-up: DATA_DIR and outbox 0700; app.db, its -wal and -shm, and jwt-secret 0600', async () => {
    const dataDir = path.join(parent, 'fresh', 'data');
    await start(dataDir);
    expect({
      dataDir: modeOf(dataDir),
      parentMadeForIt: modeOf(path.dirname(dataDir)),
      outbox: modeOf(path.join(dataDir, 'outbox')),
      'app.db': modeOf(path.join(dataDir, 'app.db')),
      'app.db-wal': modeOf(path.join(dataDir, 'app.db-wal')),
      'app.db-shm': modeOf(path.join(dataDir, 'app.db-shm')),
      'jwt-secret': modeOf(path.join(dataDir, 'jwt-secret')),
    }).toEqual({
      dataDir: '0700',
      parentMadeForIt: '0700',
      outbox: '0700',
      'app.db': '0600',
      'app.db-wal': '0600',
      'app.db-shm': '0600',
      'jwt-secret': '0600',
    });
  });

  it('after writes (a mailed sign-up code, a post with an image): uploads 0700, every file 0600', async () => {
    const dataDir = path.join(parent, 'written');
    const t = await start(dataDir);
    const sent = await t.request('POST', '/api/auth/send-otp', { body: { name: 'Mode Tester', email: 'modes@example.com', password: 'a-long-password-1' } });
    expect(sent.status).toBe(200);
    const { token } = await newUser(t);
    const post = await t.request('POST', '/api/bot-posts', { token, body: { title: 'Bot', description: 'A bot', platform: 'telegram', imageUrl: PNG_1x1 } });
    expect(post.status).toBe(200);

    const outbox = path.join(dataDir, 'outbox');
    const uploads = path.join(dataDir, 'uploads');
    const mails = readdirSync(outbox);
    const images = readdirSync(uploads);
    expect(mails.length).toBeGreaterThan(0);
    expect(images).toHaveLength(1);
    expect({
      dataDir: modeOf(dataDir),
      outbox: modeOf(outbox),
      uploads: modeOf(uploads),
      mails: [...new Set(mails.map((m) => modeOf(path.join(outbox, m))))],
      image: modeOf(path.join(uploads, images[0]!)),
      'app.db': modeOf(path.join(dataDir, 'app.db')),
      'app.db-wal': modeOf(path.join(dataDir, 'app.db-wal')),
      'app.db-shm': modeOf(path.join(dataDir, 'app.db-shm')),
    }).toEqual({
      dataDir: '0700',
      outbox: '0700',
      uploads: '0700',
      mails: ['0600'],
      image: '0600',
      'app.db': '0600',
      'app.db-wal': '0600',
      'app.db-shm': '0600',
    });
  });

  it('with JWT_SECRET set (no secret file to write), the database makes DATA_DIR 0700 itself', async () => {
    const dataDir = path.join(parent, 'with-secret');
    await start(dataDir, { JWT_SECRET: 'a-secret-from-the-environment-of-40-chars' });
    expect([modeOf(dataDir), modeOf(path.join(dataDir, 'app.db'))]).toEqual(['0700', '0600']);
  });

  it('files an older version left readable by others are made 0600 at start-up', async () => {
    const dataDir = path.join(parent, 'older');
    mkdirSync(path.join(dataDir, 'outbox'), { recursive: true });
    for (const name of ['app.db', 'app.db-wal', 'app.db-shm']) writeFileSync(path.join(dataDir, name), '');
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'an-older-secret-of-at-least-32-characters\n');
    for (const name of ['app.db', 'app.db-wal', 'app.db-shm', 'jwt-secret']) chmodSync(path.join(dataDir, name), 0o644);
    chmodSync(path.join(dataDir, 'outbox'), 0o755);
    await start(dataDir);
    for (const name of ['app.db', 'app.db-wal', 'app.db-shm', 'jwt-secret']) expect(modeOf(path.join(dataDir, name)), name).toBe('0600');
    expect(modeOf(path.join(dataDir, 'outbox'))).toBe('0700');
  });
});
