// Body limits through the real app: 1 MiB for an ordinary call over REST
// and /trpc, declared or chunked; an import has a cap for the whole call; and parallel imports are
// admitted a few at a time, so the bodies of the ones waiting stay in their sockets, not in memory.
import http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/test-app';
import { newUser } from './testing/fixtures';
import { dbSnapshot } from './testing/db-snapshot';
import { IMPORTS_AT_ONCE } from './body-limits';
import { metaOf } from './procedure-rules';

/** The import's own declaration (its meta in workspace.router.ts). */
const IMPORT_BODY_LIMIT = metaOf('files.import').body!.limit;

const MiB = 1024 * 1024;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn' }, { rateLimits: false });
});
afterAll(() => t.close());

/** One HTTP request on a connection of its own; `chunked` sends no Content-Length. */
function send(method: string, path: string, body: string, opts: { token?: string; chunked?: boolean } = {}) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.chunked) headers['transfer-encoding'] = 'chunked';
    else headers['content-length'] = String(Buffer.byteLength(body));
    const req = http.request(t.url + path, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode!, body: parsed });
      });
    });
    // The server may answer (413) and close before the whole body is written.
    req.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'EPIPE' || (err as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(err)));
    for (let i = 0; i < body.length; i += 256 * 1024) req.write(body.slice(i, i + 256 * 1024));
    req.end();
  });
}

/** A JSON body of exactly `bytes` bytes creating a project with a long description. */
function projectBody(bytes: number): string {
  const empty = JSON.stringify({ name: 'Big', description: '' });
  return JSON.stringify({ name: 'Big', description: 'd'.repeat(bytes - empty.length) });
}

/** An import of `bytes` bytes in all: files of 1 MiB (the per-file maximum) and the rest in the last. */
function importBody(bytes: number, projectId?: string): string {
  const files = [] as Array<{ filename: string; content: string }>;
  const wrap = () => JSON.stringify(projectId ? { projectId, files } : { files });
  files.push({ filename: 'f0.txt', content: '' });
  while (bytes - wrap().length > MiB) {
    files.at(-1)!.content = 'x'.repeat(MiB);
    files.push({ filename: `f${files.length}.txt`, content: '' });
  }
  files.at(-1)!.content = 'x'.repeat(bytes - wrap().length);
  return wrap();
}

describe('an ordinary call: 1 MiB', () => {
  it('1 MiB + 1 byte to projects.create answers 413 {error} over REST and /trpc, declared or chunked, and writes nothing', async () => {
    const { token } = await newUser(t);
    const before = await dbSnapshot(t.app.deps.db);
    const body = projectBody(MiB + 1);
    for (const chunked of [false, true]) {
      const rest = await send('POST', '/api/projects', body, { token, chunked });
      expect(rest, `REST chunked=${chunked}`).toEqual({ status: 413, body: { error: 'Request body is too large' } });
      const trpc = await send('POST', '/trpc/projects.create', body, { token, chunked });
      expect(trpc.status, `tRPC chunked=${chunked}`).toBe(413);
      expect(trpc.body.error.message).toBe('Request body is too large');
    }
    // A path that names no procedure, even one of Object's own keys, gets the 1 MiB default too.
    for (const name of ['constructor', '__proto__', 'toString', 'nope.nothing']) {
      expect((await send('POST', `/trpc/${name}`, body, { token, chunked: true })).status, name).toBe(413);
    }
    expect(await dbSnapshot(t.app.deps.db)).toEqual(before);
    // Just under the limit the body is read and judged on its content (a description over 500 characters).
    expect((await send('POST', '/api/projects', projectBody(MiB - 1024), { token })).status).toBe(400);
  });
});

describe('imports: a cap for the whole call', () => {
  it('an import over its cap answers 413 saying so, over REST and /trpc, declared or chunked, and writes nothing', async () => {
    const { token } = await newUser(t);
    const before = await dbSnapshot(t.app.deps.db);
    const message = 'An import can carry at most 8 MiB in all: import fewer files at a time';
    expect(IMPORT_BODY_LIMIT).toBe(8 * MiB);
    for (const chunked of [false, true]) {
      const rest = await send('POST', '/api/projects/default/import', importBody(IMPORT_BODY_LIMIT + 1), { token, chunked });
      expect(rest, `REST chunked=${chunked}`).toEqual({ status: 413, body: { error: message } });
      const trpc = await send('POST', '/trpc/files.import', importBody(IMPORT_BODY_LIMIT + 1, 'default'), { token, chunked });
      expect(trpc.status, `tRPC chunked=${chunked}`).toBe(413);
      expect(trpc.body.error.message).toBe(message);
    }
    expect(await dbSnapshot(t.app.deps.db)).toEqual(before);
    // The largest import is taken whole.
    const largest = await send('POST', '/api/projects/default/import', importBody(IMPORT_BODY_LIMIT), { token });
    expect(largest.status).toBe(200);
    expect(largest.body.files).toHaveLength(8);
  });

  it('an anonymous import is refused with 401 before its body is read; one person gets one import at a time', async () => {
    const anonymous = await send('POST', '/trpc/files.import', importBody(IMPORT_BODY_LIMIT, 'default'));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toBe('Please sign in to continue');

    const { token } = await newUser(t);
    const body = importBody(IMPORT_BODY_LIMIT);
    // The first import sends half its body and holds it; meanwhile a second one from the same person is refused.
    let answerFirst!: (r: { status: number }) => void;
    const first = new Promise<{ status: number }>((resolve) => (answerFirst = resolve));
    const slow = http.request(t.url + '/api/projects/default/import', {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': String(body.length), authorization: `Bearer ${token}` },
    }, (res) => {
      res.resume();
      res.on('end', () => answerFirst({ status: res.statusCode! }));
    });
    slow.write(body.slice(0, body.length / 2));
    await new Promise((r) => setTimeout(r, 200));
    const second = await send('POST', '/trpc/files.import', importBody(1024, 'default'), { token });
    expect(second.status).toBe(429);
    expect(second.body.error.message).toBe('Your previous import is still in progress. Please wait for it to finish.');
    slow.end(body.slice(body.length / 2));
    expect((await first).status).toBe(200);
    expect((await send('POST', '/trpc/files.import', importBody(1024, 'default'), { token })).status).toBe(200);
  });

  it(`8 parallel imports of the largest size all succeed, with at most ${IMPORTS_AT_ONCE} bodies read at a time`, async () => {
    const users = [];
    for (let i = 0; i < 8; i++) users.push(await newUser(t));
    // Server side: how many requests have had more than 1 MiB of their body read and not yet been
    // answered. A waiting import must leave its body in its socket (the kernel's buffer), not in memory.
    const open = new Map<http.IncomingMessage, { socket: Socket; readAtStart: number }>();
    let mostHeld = 0;
    const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
      open.set(req, { socket: req.socket, readAtStart: req.socket.bytesRead });
      res.on('close', () => open.delete(req));
    };
    t.app.server.on('request', onRequest);
    const sample = setInterval(() => {
      const held = [...open.values()].filter((o) => o.socket.bytesRead - o.readAtStart > MiB).length;
      mostHeld = Math.max(mostHeld, held);
    }, 1);
    try {
      const restBody = importBody(IMPORT_BODY_LIMIT);
      const trpcBody = importBody(IMPORT_BODY_LIMIT, 'default');
      const answers = await Promise.all(
        users.map((u, i) =>
          i % 2 === 0 ? send('POST', '/api/projects/default/import', restBody, { token: u.token }) : send('POST', '/trpc/files.import', trpcBody, { token: u.token }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      expect(mostHeld).toBeGreaterThan(0);
      expect(mostHeld).toBeLessThanOrEqual(IMPORTS_AT_ONCE);
    } finally {
      clearInterval(sample);
      t.app.server.off('request', onRequest);
    }
  }, 120_000);
});
