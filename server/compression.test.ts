// Compression on the wire: the built client's precompressed files (scripts/precompress.mjs) sent by
// Accept-Encoding (brotli, gzip, or the file itself; Vary on all three), the SPA fallback's
// index.html too, with the cache headers kept; JSON answers of 1 KiB and more compressed when asked
// (REST and tRPC), smaller ones and unasked ones plain; webhook answers passed on untouched.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without types
import { precompressDir } from '../scripts/precompress.mjs';
import { startTestApp, type TestApp } from './testing/test-app';
import { newUser } from './testing/fixtures';
import { addHookTarget } from './features/runner/hooks/hook-targets';
import { OPENAPI_PATH } from './features/api-docs/api-docs.routes';

const INDEX = `<!doctype html><html><head><title>Botwright</title><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>`;
// Text that compresses well and is well over the 1 KiB threshold.
const APP_JS = Array.from({ length: 300 }, (_, i) => `export const value${i} = 'botwright ${i % 7}';`).join('\n');
const TINY_JS = 'export const tiny = 1;\n';

let t: TestApp;
let clientDir: string;
let written: Array<{ file: string; br: number | null; gz: number | null }>;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'botwright-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), APP_JS);
  writeFileSync(path.join(clientDir, 'assets', 'tiny-abc123.js'), TINY_JS);
  writeFileSync(path.join(clientDir, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 7));
  written = await precompressDir(clientDir);
  t = await startTestApp({}, { clientDir, rateLimits: false });
});
afterAll(async () => {
  await t?.close();
  if (clientDir) rmSync(clientDir, { recursive: true, force: true });
});

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request whose answer is read as sent (fetch would decompress it). */
function raw(urlPath: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(t.url + urlPath, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function decoded(res: Raw): Buffer {
  switch (res.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(res.body);
    case 'gzip':
      return zlib.gunzipSync(res.body);
    case undefined:
      return res.body;
    default:
      throw new Error(`unexpected content-encoding ${res.headers['content-encoding']}`);
  }
}

const varies = (res: Raw) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim())
    .includes('accept-encoding');

describe('the build writes .br and .gz beside the text assets', () => {
  it('for every text file of 1 KiB or more and every HTML page, not for small scripts or images', () => {
    const byFile = new Map(written.map((w) => [w.file.split(path.sep).join('/'), w]));
    expect(byFile.get('assets/app-abc123.js')).toMatchObject({ br: expect.any(Number), gz: expect.any(Number) });
    expect(byFile.get('index.html')).toMatchObject({ br: expect.any(Number), gz: expect.any(Number) });
    expect(byFile.has('assets/tiny-abc123.js')).toBe(false);
    expect(byFile.has('assets/logo-abc123.png')).toBe(false);
    const js = readFileSync(path.join(clientDir, 'assets', 'app-abc123.js'));
    expect(zlib.brotliDecompressSync(readFileSync(path.join(clientDir, 'assets', 'app-abc123.js.br')))).toEqual(js);
    expect(zlib.gunzipSync(readFileSync(path.join(clientDir, 'assets', 'app-abc123.js.gz')))).toEqual(js);
  });
});

describe('static files of the built client', () => {
  const ASSET = '/assets/app-abc123.js';
  const original = () => readFileSync(path.join(clientDir, 'assets', 'app-abc123.js'));

  it('brotli when the browser takes it (its preferred encoding), with Vary and the immutable cache header', async () => {
    const res = await raw(ASSET, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(res)).toBe(true);
    expect(res.body.length).toBeLessThan(original().length / 4);
    expect(decoded(res)).toEqual(original());
  });

  it('gzip when only gzip is accepted', async () => {
    const res = await raw(ASSET, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(res)).toBe(true);
    expect(decoded(res)).toEqual(original());
  });

  it('the file itself when nothing (or identity only) is accepted', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Array<Record<string, string>>) {
      const res = await raw(ASSET, headers);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(varies(res)).toBe(true);
      expect(res.body).toEqual(original());
    }
  });

  it('index.html at / and as the SPA fallback of any page address: compressed, never cached without asking', async () => {
    for (const address of ['/', '/builder', '/runner?file=abc']) {
      const br = await raw(address, { 'accept-encoding': 'br, gzip' });
      expect(br.status, address).toBe(200);
      expect(br.headers['content-encoding'], address).toBe('br');
      expect(br.headers['content-type'], address).toMatch(/^text\/html/);
      expect(br.headers['cache-control'], address).toBe('no-cache');
      expect(varies(br), address).toBe(true);
      expect(decoded(br).toString(), address).toBe(INDEX);

      const gz = await raw(address, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], address).toBe('gzip');
      expect(decoded(gz).toString(), address).toBe(INDEX);

      const plain = await raw(address);
      expect(plain.headers['content-encoding'], address).toBeUndefined();
      expect(plain.headers['cache-control'], address).toBe('no-cache');
      expect(plain.body.toString(), address).toBe(INDEX);
    }
  });

  it('already compressed formats are sent as they are', async () => {
    const res = await raw('/assets/logo-abc123.png', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toEqual(readFileSync(path.join(clientDir, 'assets', 'logo-abc123.png')));
  });
});

describe('JSON answers', () => {
  it('a large one (the OpenAPI document) is compressed when asked, brotli or gzip, and plain when not', async () => {
    const plain = await raw(OPENAPI_PATH);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const document = JSON.parse(plain.body.toString());

    const br = await raw(OPENAPI_PATH, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(decoded(br).toString())).toEqual(document);

    const gz = await raw(OPENAPI_PATH, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gz).toString())).toEqual(document);
  });

  it('a small one is sent as it is, even when compression is accepted', async () => {
    const res = await raw('/api/auth/me', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(401);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toHaveProperty('error');
  });

  it('tRPC answers: compressed when large, plain when small or not asked', async () => {
    const user = await newUser(t);
    const content = Array.from({ length: 200 }, (_, i) => `print("line ${i}")`).join('\n');
    const saved = await t.request('PUT', '/api/projects/default/files/big.py', { token: user.token, body: { content } });
    expect(saved.status).toBe(200);
    const auth = { authorization: `Bearer ${user.token}` };
    const address = `/trpc/files.get?input=${encodeURIComponent(JSON.stringify({ id: saved.body.id }))}`;

    const plain = await raw(address, auth);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const answer = JSON.parse(plain.body.toString());
    expect(answer.result.data.content).toBe(content);

    const br = await raw(address, { ...auth, 'accept-encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br)).toBe(true);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(decoded(br).toString())).toEqual(answer);

    // A person without files: a list of nothing, well under 1 KiB.
    const newcomer = await newUser(t);
    const small = await raw('/trpc/files.list', { authorization: `Bearer ${newcomer.token}`, 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ result: { data: [] } });
  });
});

describe('webhooks', () => {
  it("a bot's answer is passed on as the bot sent it, never compressed by us", async () => {
    // A stand-in for the bot's port: a large, compressible JSON answer.
    const answer = JSON.stringify({ items: Array.from({ length: 400 }, (_, i) => ({ i, text: 'webhook answer' })) });
    const bot = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(answer);
    });
    await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
    const port = (bot.address() as net.AddressInfo).port;
    try {
      const user = await newUser(t);
      const saved = await t.request('PUT', '/api/projects/default/files/hook.js', { token: user.token, body: { content: 'console.log(1)\n' } });
      expect(saved.status).toBe(200);
      const hook = await t.request('GET', `/api/bots/${saved.body.projectId}/hook`, { token: user.token });
      expect(hook.status).toBe(200);
      const hookPath = new URL(hook.body.webhookUrl).pathname;
      // The project's live run, as the runner registers it (here: the stand-in's port).
      const deps = t.app.deps;
      const state = deps.runs.state.bind(deps.runs);
      const live = vi.spyOn(deps.runs, 'state').mockImplementation((userId, fileId) => (fileId === saved.body.id ? ({ live: true } as ReturnType<typeof state>) : state(userId, fileId)));
      const remove = addHookTarget(deps, {
        projectId: saved.body.projectId,
        userId: user.id,
        fileId: saved.body.id,
        startedAt: Date.now(),
        port,
        connect: () => net.connect(port, '127.0.0.1'),
      });
      try {
        const res = await raw(`${hookPath}/updates`, { 'accept-encoding': 'br, gzip', 'content-type': 'application/json' }, 'POST', '{"update_id":1}');
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.body.toString()).toBe(answer);
      } finally {
        remove();
        live.mockRestore();
      }
    } finally {
      await new Promise((resolve) => bot.close(resolve));
    }
  });
});
