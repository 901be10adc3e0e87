// The HTTP surface (docs/security.md): body limit, security headers and CSP, no CORS for
// other origins, JSON 404s under /api and /trpc with the SPA fallback elsewhere, and a 500 that
// shows no internals (forced for real by closing the database under the app).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_500, internalErrorMessage } from './errors';
import { startTestApp, type TestApp } from './testing/test-app';
import { dbSnapshot } from './testing/db-snapshot';

let t: TestApp;
let clientDir: string;
const INDEX = '<!doctype html><html><head><title>Botwright</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'botwright-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  t = await startTestApp({}, { clientDir, rateLimits: false });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const MiB = 1024 * 1024;
const bodyOfSize = (bytes: number) => {
  const head = '{"email":"big@example.com","password":"';
  const tail = '"}';
  return head + 'x'.repeat(bytes - head.length - tail.length) + tail;
};

describe('body limit: 1 MiB', () => {
  it('2 MiB to login answers 413 {error} and writes nothing', async () => {
    const before = await dbSnapshot(t.app.deps.db);
    const res = await t.request('POST', '/api/auth/login', { body: bodyOfSize(2 * MiB) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'Request body is too large' });
    expect(await dbSnapshot(t.app.deps.db)).toEqual(before);
  });

  it('1 MiB + 1 byte is refused on every auth route and over tRPC; 1 MiB - 1 KiB is not', async () => {
    for (const p of ['/api/auth/send-otp', '/api/auth/verify-otp', '/api/auth/forgot-password', '/api/auth/google', '/trpc/auth.login']) {
      expect((await t.request('POST', p, { body: bodyOfSize(MiB + 1) })).status, p).toBe(413);
    }
    // Nobody signs in with more than 64 KiB: a larger anonymous body is refused before it is read;
    // under that it is read and judged on its content (a password over 1024 chars).
    expect((await t.request('POST', '/api/auth/login', { body: bodyOfSize(MiB - 1024) })).status).toBe(401);
    expect((await t.request('POST', '/api/auth/login', { body: bodyOfSize(60 * 1024) })).status).toBe(400);
  });
});

describe('security headers', () => {
  const csp = (h: Headers) =>
    new Map(
      (h.get('content-security-policy') ?? '')
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...values]) => [name!, values]),
    );

  const answers = [
    ['an API answer', '/api/auth/me'],
    ['a fast tRPC read', '/trpc/auth.me'],
    ['an unknown API path (404)', '/api/no-such-thing'],
    ['the app page', '/'],
    ['an SPA route', '/login'],
  ] as const;
  for (const [label, p] of answers) {
    it(`${label} carries a real CSP, nosniff and no-referrer`, async () => {
      const res = await t.request('GET', p);
      const d = csp(res.headers);
      expect(d.get('default-src')).toEqual(["'self'"]);
      expect(d.get('object-src')).toEqual(["'none'"]);
      expect(d.get('frame-ancestors')).toEqual(["'none'"]);
      expect(d.get('script-src')).toBeDefined();
      expect(d.get('script-src')).not.toContain("'unsafe-inline'");
      expect(d.get('script-src')).not.toContain("'unsafe-eval'");
      expect(d.get('script-src')).not.toContain('*');
      expect(d.get('base-uri')).toEqual(["'self'"]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-powered-by')).toBeNull();
      // helmet's other defaults come along.
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    });
  }

  it('no CORS for another origin, on a simple request or a preflight', async () => {
    const simple = await t.request('POST', '/api/auth/login', { body: { email: 'a@example.com', password: 'whatever-1' }, headers: { origin: 'https://evil.example' } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    expect(simple.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await t.request('OPTIONS', '/api/auth/me', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
  });
});

describe('not found', () => {
  it('unknown /api and /trpc paths answer 404 JSON, whatever the method', async () => {
    for (const [method, p] of [['GET', '/api/nope'], ['POST', '/api/auth/nope'], ['DELETE', '/api/auth/me'], ['GET', '/api'], ['GET', '/api/nope?x=1']]) {
      const res = await t.request(method!, p!);
      expect(res.status, `${method} ${p}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body).toEqual({ error: 'Not found' });
    }
    const trpc = await t.request('GET', '/trpc/nope.nothing');
    expect(trpc.status).toBe(404);
    expect(trpc.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('other GET paths get the app page (SPA fallback)', async () => {
    const res = await t.request('GET', '/some/client/route');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.body).toBe(INDEX);
  });
});

describe('a real 500', () => {
  it('with the database closed under the app, REST and tRPC answer a generic error with no internals', async () => {
    const broken = await startTestApp({}, { rateLimits: false });
    try {
      // A well-signed token makes the session lookup itself (outside any procedure) hit the database.
      const token = await new SignJWT({ sid: 'some-session' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('some-user')
        .setIssuer('botwright')
        .setAudience('botwright-app')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(broken.config.jwtSecret));
      await broken.app.deps.db.destroy();
      const password = 'the-password-in-flight-1';
      const rest = await broken.request('POST', '/api/auth/login', { body: { email: 'who@example.com', password } });
      // Each answer names its request id (REST in the body too), never the failure.
      const requestIdOf = (res: { headers: Headers }) => res.headers.get('x-request-id')!;
      expect(rest.status).toBe(500);
      expect(rest.body).toEqual({ error: internalErrorMessage(requestIdOf(rest)), requestId: requestIdOf(rest) });
      const trpc = await broken.request('POST', '/trpc/auth.login', { body: { email: 'who@example.com', password } });
      expect(trpc.status).toBe(500);
      expect([GENERIC_500, internalErrorMessage(requestIdOf(trpc))]).toContain(trpc.body.error.message);
      const me = await broken.request('GET', '/api/auth/me', { token });
      expect(me.status).toBe(500);
      expect(me.body).toEqual({ error: internalErrorMessage(requestIdOf(me)), requestId: requestIdOf(me) });
      for (const body of [JSON.stringify(rest.body), JSON.stringify(trpc.body), JSON.stringify(me.body)]) {
        expect(body).not.toMatch(/destroy|sqlite|kysely|driver|stack|\.ts\b|node_modules|\bat\s/i);
      }
      // The failure is logged for the operator, without the password of the request.
      const logs = broken.logs.join('');
      expect(logs).toMatch(/request failed|procedure failed/);
      expect(logs).not.toContain(password);
      expect(logs).not.toContain(token);
    } finally {
      await broken.close();
    }
  });
});
