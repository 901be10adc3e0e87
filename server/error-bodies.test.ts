// What a client sees when a request goes wrong: a plain message, never
// Fastify's FST_* codes, a JavaScript error text, a stack or a file path. A 5xx names a request id;
// the log holds the detail under that same id.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/test-app';
import { newUser } from './testing/fixtures';
import { builtinProvider } from './features/ai/builtin-provider';
import type { AiProvider } from './features/ai/provider';
import { GENERIC_500 } from './errors';

// An assistant with the most common kind of bug: it reads a field of something undefined, so the
// call fails inside our code with "TypeError: Cannot read properties of undefined".
const buggyAssistant: AiProvider = {
  ...builtinProvider(),
  modify: async (request) => ({ modifiedCode: (request as unknown as { options: { style: string } }).options.style }),
};

let t: TestApp;
let token: string;
let clientDir: string;
beforeAll(async () => {
  // With a built client, as in production: its static files answer every GET no route takes.
  clientDir = mkdtempSync(path.join(tmpdir(), 'botwright-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Botwright</title>');
  t = await startTestApp({}, { rateLimits: false, ai: buggyAssistant, clientDir });
  token = (await newUser(t, { credits: 100 })).token;
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

// FST codes, JavaScript error texts, stack lines ("at fn (file:1:2)") and file paths.
const INTERNALS = [/FST_/, /Cannot read/, /TypeError/, /\bat \S+ \(|\\n\s+at /, /:\d+:\d+\)/, /node_modules/, /\/(work|tmp|home|root|usr)\//, /\.(ts|js|mjs):\d+/];

function expectNoInternals(label: string, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  for (const pattern of INTERNALS) expect(text, `${label}: ${text.slice(0, 200)}`).not.toMatch(pattern);
}

/** The message of either shape: REST's {error} or tRPC's {error: {message}}. */
const messageOf = (body: any): string => (typeof body?.error === 'string' ? body.error : body?.error?.message);

/** The log lines written for one request id. */
const logOf = (requestId: string) => t.logs.filter((line) => JSON.parse(line).reqId === requestId).join('');

describe('framework refusals: a clear message, no FST code', () => {
  it('a 10 KB address answers 414 "The address is too long", wherever it points', async () => {
    const long = 'a'.repeat(10_000);
    for (const [method, path] of [
      ['GET', `/api/files/${long}`],
      ['DELETE', `/api/projects/${long}/files/bot.py`],
      ['GET', `/uploads/${long}.png`],
      ['GET', `/trpc/${long}`],
      ['POST', `/trpc/${long}`],
      ['GET', `/some/page/${long}`],
    ] as const) {
      const res = await t.request(method, path, { token });
      expect(res.status, path.slice(0, 30)).toBe(414);
      expect(messageOf(res.body), path.slice(0, 30)).toBe('The address is too long');
      expectNoInternals(path.slice(0, 30), res.body);
      // The detail stays in the log, under the request id the answer carries.
      const requestId = res.headers.get('x-request-id')!;
      expect(requestId).toMatch(/^[0-9a-f]{12}$/);
      expect(logOf(requestId)).toMatch(/address of 10\d{3} characters|FST_ERR_MAX_PARAM_LENGTH/);
    }
  });

  it('a path parameter over 100 characters on a route that only the router checks answers 414 too', async () => {
    const res = await t.request('DELETE', `/api/projects/${'p'.repeat(101)}/files/bot.py`, { token });
    expect(res.status).toBe(414);
    expect(res.body).toEqual({ error: 'The address is too long' });
    expect(logOf(res.headers.get('x-request-id')!)).toContain('FST_ERR_MAX_PARAM_LENGTH');
  });

  it('a broken percent-encoding in the address answers 400 "The address is not valid", logged without its query', async () => {
    for (const path of ['/api/files/%E0%A4%A', '/trpc/%E0%A4%A']) {
      const res = await t.request('GET', `${path}?code=an-oauth-code-1234`, { token });
      expect(res.status, path).toBe(400);
      expect(messageOf(res.body), path).toBe('The address is not valid');
      expectNoInternals(path, res.body);
      const log = logOf(res.headers.get('x-request-id')!);
      expect(log).toContain('FST_ERR_BAD_URL');
      expect(log).not.toContain('an-oauth-code-1234');
    }
  });

  it('malformed JSON answers 400 saying so', async () => {
    for (const body of ['{"email":', '{"a":1}}', '{"__proto__":{"admin":true}}']) {
      const rest = await t.request('POST', '/api/auth/login', { body });
      expect(rest.status, body).toBe(400);
      expect(rest.body, body).toEqual({ error: 'The request body is not valid JSON' });
      const trpc = await t.request('POST', '/trpc/auth.login', { body });
      expect(trpc.status, body).toBe(400);
      expectNoInternals(`tRPC ${body}`, trpc.body);
    }
  });

  it('a content type other than JSON answers 415 saying what to send', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
      const rest = await t.request('POST', '/api/projects', { token, body: 'name=x', headers: { 'content-type': type } });
      expect(rest.status, type).toBe(415);
      expect(rest.body, type).toEqual({ error: 'Unsupported content type: send JSON' });
      const trpc = await t.request('POST', '/trpc/projects.create', { token, body: 'name=x', headers: { 'content-type': type } });
      expect([400, 415], type).toContain(trpc.status);
      expectNoInternals(`tRPC ${type}`, trpc.body);
    }
  });
});

describe('a bug inside a call', () => {
  const input = { code: 'print("hi")\n', filename: 'bot.py', prompt: 'add logging' };

  it('REST answers 500 with a generic message naming a request id; the log holds the detail under it', async () => {
    const res = await t.request('POST', '/api/ai/modify-code', { token, body: input });
    expect(res.status).toBe(500);
    const requestId = res.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f]{12}$/);
    expect(res.body).toEqual({ error: `Something went wrong on our side (request ${requestId}). Please try again.`, requestId });
    expectNoInternals('REST 500', res.body);
    const log = logOf(requestId);
    expect(log).toContain('Cannot read properties of undefined');
    expect(log).toMatch(/"stack":/);
  });

  it('tRPC answers 500 with the generic message and the request id in a header; the log holds the detail under it', async () => {
    const res = await t.request('POST', '/trpc/ai.modifyCode', { token, body: input });
    expect(res.status).toBe(500);
    expect(messageOf(res.body)).toBe(GENERIC_500);
    expectNoInternals('tRPC 500', res.body);
    const requestId = res.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f]{12}$/);
    expect(logOf(requestId)).toContain('Cannot read properties of undefined');
  });

  it('request ids differ from one request to the next and are not counters', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await t.request('GET', '/api/auth/me', { token })).headers.get('x-request-id')!);
    expect(ids.size).toBe(5);
    for (const id of ids) expect(id).not.toMatch(/^req-/);
  });
});
