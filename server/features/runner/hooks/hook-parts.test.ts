// The webhook parts that need no sandbox: reading an address (raw, never decoded), hiding secrets in
// log text, the per-bot rate (property tests with fast-check), the forwarder's header rules and its
// 30 s limit (on a small Fastify app and a plain loopback peer, with a short limit), and the way in
// a live run gets on a host without bubblewrap (the host's loopback) or without the relay's tools (none).
import { createConnection, createServer, type Server } from 'node:net';
import Fastify from 'fastify';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../deps';
import { hookUrl, parseHookAddress, redactHookSecrets } from './hook-url';
import { HOOK_RATE, HookRateLimiter } from './hook-rate';
import { forwardToBot } from './forward';
import { HookTargets, liveHookTarget } from './hook-targets';
import { DEFAULT_BOT_PORT, prepareLiveInbound } from './live-inbound';
import { replyWithError } from '../../../errors';
import { newHookSecret } from './hook-secrets';
import { Writable } from 'node:stream';
import { loggerOptions } from '../../../logging';

const SECRET = 'AbCdEfGhIjKlMnOpQrStUvWxYz012-_9';

describe('webhook addresses', () => {
  it('are read raw: the path after the secret and the query go to the bot as sent', () => {
    expect(parseHookAddress(`/hooks/p1/${SECRET}`)).toEqual({ projectId: 'p1', secret: SECRET, target: '/' });
    expect(parseHookAddress(`/hooks/p1/${SECRET}/`)).toEqual({ projectId: 'p1', secret: SECRET, target: '/' });
    expect(parseHookAddress(`/hooks/p1/${SECRET}?a=1`)).toEqual({ projectId: 'p1', secret: SECRET, target: '/?a=1' });
    expect(parseHookAddress(`/hooks/p1/${SECRET}/a/b%2Fc?x=%20&y`)).toEqual({ projectId: 'p1', secret: SECRET, target: '/a/b%2Fc?x=%20&y' });
    for (const bad of [`/hooks/p1`, `/hooks/p1/short`, `/hooks/p-1/${SECRET}/x`, `/hooks/p1/${SECRET.slice(0, 10)}%41${SECRET.slice(10)}`, `/api/hooks/p1/${SECRET}`, `/hooks//${SECRET}`]) {
      expect(parseHookAddress(bad), bad).toBeNull();
    }
    expect(hookUrl('https://x.example/', 'p1', SECRET)).toBe(`https://x.example/hooks/p1/${SECRET}`);
  });

  it('new secrets have 192 random bits in base64url and read back from an address', () => {
    const secrets = new Set(Array.from({ length: 200 }, newHookSecret));
    expect(secrets.size).toBe(200);
    for (const s of secrets) {
      expect(s).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(parseHookAddress(`/hooks/p/${s}/x`)?.secret).toBe(s);
    }
  });

  it('lose their secret in any log text, whatever follows it', () => {
    expect(redactHookSecrets(`/hooks/p1/${SECRET}`)).toBe('/hooks/p1/[redacted]');
    expect(redactHookSecrets(`POST /hooks/p1/${SECRET}/a/b?c=${SECRET}`)).toBe('POST /hooks/p1/[redacted]/a/b?c=' + SECRET);
    expect(redactHookSecrets(`'/hooks/p1/${SECRET}/%zz' is not a valid url component`)).toBe("'/hooks/p1/[redacted]/%zz' is not a valid url component");
    expect(redactHookSecrets('/api/projects/p1')).toBe('/api/projects/p1');
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/), fc.stringMatching(/^[A-Za-z0-9]{1,20}$/), fc.string(), (secret, project, rest) => {
        expect(redactHookSecrets(`x /hooks/${project}/${secret}${rest.startsWith('/') ? rest : ''}`)).not.toContain(`/${secret}`);
      }),
    );
  });
});

describe("the server's log", () => {
  it('hides webhook secrets in request lines, messages and fields (a bad URL refusal, an error)', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _e, cb) => (lines.push(String(chunk)), cb()) });
    const app = Fastify({ logger: loggerOptions('info', stream) });
    app.get('/hooks/:p/:s/*', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: `/hooks/p1/${SECRET}/x?y=1` });
    app.log.info(`Route GET:/hooks/p1/${SECRET}/y not found`);
    app.log.info({ refusal: `FST_ERR_BAD_URL: '/hooks/p1/${SECRET}/%zz' is not a valid url component` }, 'request refused');
    app.log.warn({ err: new Error(`reply already sent for /hooks/p1/${SECRET}/z`) }, 'oops');
    await app.close();
    const text = lines.join('');
    expect(text).toContain('/hooks/p1/[redacted]/x');
    expect(text).toContain('/hooks/p1/[redacted]/%zz');
    expect(text).toContain('/hooks/p1/[redacted]/z');
    expect(text).not.toContain(SECRET);
  });
});

describe('the per-bot rate', () => {
  it('lets a burst through, then one a second, and says when to come back', () => {
    const rate = new HookRateLimiter();
    for (let i = 0; i < HOOK_RATE.burst; i++) expect(rate.take('b', 0)).toEqual({ allowed: true });
    expect(rate.take('b', 0)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(rate.take('other', 0)).toEqual({ allowed: true });
    expect(rate.take('b', 999)).toMatchObject({ allowed: false });
    expect(rate.take('b', 1000)).toEqual({ allowed: true });
    expect(rate.take('b', 1000)).toMatchObject({ allowed: false });
  });

  it('never admits more than the burst plus the refill of the elapsed time, whatever the timing', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 300 }), (gaps) => {
        const rate = new HookRateLimiter({ perMinute: 60, burst: 30 });
        let now = 1_000_000;
        let admitted = 0;
        for (const gap of gaps) {
          now += gap;
          const r = rate.take('k', now);
          if (r.allowed) admitted++;
          else expect(r.retryAfterSeconds).toBeGreaterThanOrEqual(1);
        }
        expect(admitted).toBeLessThanOrEqual(30 + Math.floor((now - 1_000_000) / 1000));
      }),
    );
  });

  it('a refused caller that waits as told gets through', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), (extra) => {
        const rate = new HookRateLimiter();
        let refused: { retryAfterSeconds: number } | null = null;
        for (let i = 0; i < HOOK_RATE.burst + extra; i++) {
          const r = rate.take('k', 0);
          if (!r.allowed) refused ??= r;
        }
        expect(refused).not.toBeNull();
        expect(rate.take('k', refused!.retryAfterSeconds * 1000)).toEqual({ allowed: true });
      }),
    );
  });

  it('forgets idle bots when it holds too many', () => {
    const rate = new HookRateLimiter(HOOK_RATE, 3);
    for (const k of ['a', 'b', 'c']) rate.take(k, 0);
    rate.take('d', 60_000);
    expect((rate as unknown as { buckets: Map<string, unknown> }).buckets.size).toBe(1);
  });
});

/** A peer on the host's loopback that reads a request and never answers. */
async function silentPeer(): Promise<{ port: number; server: Server }> {
  const server = createServer((socket) => socket.on('data', () => {}));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as { port: number }).port, server };
}

const ASKED = { own: 'https://bots.example.com/hooks/p/s', pathAndQuery: '/x' };

describe('the forwarder', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((s) => s.close()));

  it('answers 504 with a clear text when the bot does not answer in time', async () => {
    const peer = await silentPeer();
    servers.push(peer.server);
    const app = Fastify();
    app.setErrorHandler(replyWithError);
    const target = { projectId: 'p', userId: 'u', fileId: 'f', startedAt: 0, port: peer.port, connect: () => createConnection(peer.port, '127.0.0.1') };
    app.post('/x', async (req, reply) => {
      await forwardToBot(req, reply, target, ASKED, 200);
      return reply;
    });
    const res = await app.inject({ method: 'POST', url: '/x', payload: { a: 1 } });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toEqual({ error: 'The bot did not answer within 0.2 seconds.' });
    await app.close();
  });

  it('answers 502 naming PORT when nothing listens, and for a PORT that is no port', async () => {
    const free = await silentPeer();
    free.server.close();
    const app = Fastify();
    app.setErrorHandler(replyWithError);
    let port = free.port;
    app.get('/x', async (req, reply) => {
      await forwardToBot(req, reply, { projectId: 'p', userId: 'u', fileId: 'f', startedAt: 0, port, connect: () => createConnection(port, '127.0.0.1') }, ASKED);
      return reply;
    });
    const refused = await app.inject({ method: 'GET', url: '/x' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toContain(`nothing answered on port ${free.port} (its PORT)`);
    port = 70000;
    const bad = await app.inject({ method: 'GET', url: '/x' });
    expect(bad.statusCode).toBe(502);
    expect(bad.json().error).toMatch(/PORT variable is not a port number/);
    await app.close();
  });
});

describe("a live run's way in", () => {
  const fakeDeps = (bubblewrap: boolean, supportsBridge: boolean) =>
    ({
      clock: { now: () => new Date(1000) },
      sandbox: { supportsBridge, status: { full: false, protections: [{ name: 'bubblewrap', active: bubblewrap, detail: '' }] } },
      runs: { state: () => ({ mode: 'live', live: true, exit: null }) },
      hookTargets: new HookTargets(),
    }) as unknown as Deps;

  it('without bubblewrap: PORT (8080 unless set) on the host\'s loopback, where a plain process listens', async () => {
    const deps = fakeDeps(false, false);
    const inbound = prepareLiveInbound(deps, { projectId: 'p', userId: 'u', fileId: 'f', secrets: { A: 'b' } });
    expect(inbound.env).toEqual({ A: 'b', PORT: String(DEFAULT_BOT_PORT) });
    expect(inbound.spec).toEqual({});
    const peer = await silentPeer();
    const own = prepareLiveInbound(deps, { projectId: 'p', userId: 'u', fileId: 'g', secrets: { PORT: String(peer.port) } });
    expect(own.env.PORT).toBe(String(peer.port));
    const target = liveHookTarget(deps, 'p')!;
    expect(target.fileId).toBe('g'); // the newest of the project's runs
    const socket = target.connect();
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    expect(socket.remotePort).toBe(peer.port);
    socket.destroy();
    own.release();
    expect(liveHookTarget(deps, 'p')?.fileId).toBe('f');
    inbound.release();
    expect(liveHookTarget(deps, 'p')).toBeNull();
    peer.server.close();
  });

  it('in bubblewrap without the relay\'s tools: no way in (never the host\'s loopback)', () => {
    const deps = fakeDeps(true, false);
    const inbound = prepareLiveInbound(deps, { projectId: 'p', userId: 'u', fileId: 'f', secrets: {} });
    expect(inbound.spec).toEqual({});
    expect(() => liveHookTarget(deps, 'p')!.connect()).toThrow(/cannot forward webhooks into its sandboxes/);
    inbound.release();
  });

  it('with the bridge: an inbound socket only, no service address for the sandbox', () => {
    const deps = fakeDeps(true, true);
    const inbound = prepareLiveInbound(deps, { projectId: 'p', userId: 'u', fileId: 'f', secrets: {} });
    expect(Object.keys(inbound.spec.bridge!)).toEqual(['inboundSocket']);
    inbound.release();
  });
});
