// TRUST_PROXY through a real proxy hop (docs/configuration.md): a node:http reverse proxy on
// loopback that appends the address of whoever connected to it, as nginx's
// $proxy_add_x_forwarded_for does. Clients connect from other loopback addresses (127.0.0.0/8 is
// all ours), so each real client behind the proxy has an address of its own.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/test-app';

type Closable = { close(): Promise<void> };
const open: Closable[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.close();
});

type Target = { host: string; port: number };

/** A reverse proxy on 127.0.0.1 that reaches `target` from `localAddress` and appends its peer to X-Forwarded-For. */
async function startProxy(target: Target, localAddress = '127.0.0.1'): Promise<Target> {
  const server = http.createServer((req, res) => {
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      { host: target.host, port: target.port, localAddress, method: req.method, path: req.url, agent: false, headers: { ...req.headers, 'x-forwarded-for': forwarded } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push({ close: () => new Promise((resolve) => server.close(() => resolve())) });
  return { host: '127.0.0.1', port: (server.address() as AddressInfo).port };
}

/** POST /api/auth/login as a client connecting from `from` (a loopback address), with extra headers. */
function login(to: Target, from: string, email: string, headers: Record<string, string> = {}): Promise<number> {
  const body = JSON.stringify({ email, password: 'wrong-password-1' });
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: to.host, port: to.port, localAddress: from, method: 'POST', path: '/api/auth/login', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function app(trustProxy: string): Promise<{ t: TestApp; target: Target }> {
  const t = await startTestApp({ TRUST_PROXY: trustProxy });
  open.push(t);
  return { t, target: { host: '127.0.0.1', port: (t.app.server.address() as AddressInfo).port } };
}

const forged = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}` });

/** Login allows 5 a minute per address and email: the sixth from one real client is 429, whatever it forges. */
async function expectLimitedDespiteForgery(to: Target, from: string, email: string) {
  for (let i = 1; i <= 5; i++) expect(await login(to, from, email, forged(i))).toBe(401);
  expect(await login(to, from, email, forged(6))).toBe(429);
  expect(await login(to, from, email, forged(7))).toBe(429);
}

describe('TRUST_PROXY as a hop count', () => {
  it('1: a forged X-Forwarded-For does not reset the login limit, and two clients behind the proxy have their own budgets', async () => {
    const { target } = await app('1');
    const proxy = await startProxy(target);
    await expectLimitedDespiteForgery(proxy, '127.0.0.2', 'victim@example.com');
    // Another real client behind the same proxy is not blocked by the first one's tries.
    expect(await login(proxy, '127.0.0.3', 'victim@example.com')).toBe(401);
    expect(await login(proxy, '127.0.0.3', 'victim@example.com', forged(1))).toBe(401);
  });

  it('2: through two proxies, the client is the address the outer proxy saw', async () => {
    const { target } = await app('2');
    const inner = await startProxy(target);
    const outer = await startProxy(inner);
    await expectLimitedDespiteForgery(outer, '127.0.0.4', 'victim@example.com');
    expect(await login(outer, '127.0.0.5', 'victim@example.com', forged(1))).toBe(401);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  it('an address and a CIDR: clients behind the proxy are told apart, and forgeries do not help', async () => {
    const { target } = await app('192.0.2.1, 127.0.0.8/30');
    // The proxy reaches the app from 127.0.0.9, inside 127.0.0.8/30.
    const proxy = await startProxy(target, '127.0.0.9');
    await expectLimitedDespiteForgery(proxy, '127.0.0.20', 'victim@example.com');
    expect(await login(proxy, '127.0.0.21', 'victim@example.com', forged(1))).toBe(401);
  });

  it('a client that is not a listed proxy cannot choose its address by sending X-Forwarded-For', async () => {
    const { target } = await app('127.0.0.8/30');
    await expectLimitedDespiteForgery(target, '127.0.0.22', 'direct@example.com');
  });
});
