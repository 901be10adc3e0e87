// The emulator's connections: each belongs to one owner, and only that owner's token works on it;
// keep-alive connections serve many calls; a connection that opens with a TLS handshake is served
// as api.telegram.org with Botwright's certificate; close() ends every connection.
// Real: emulator, TCP, TLS (the test chat CA), Node's http/https clients.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadTestChatCertificates } from '../certificate-authority';
import { createEmulator, listenOnLoopback, type Emulator } from './emulator';
import { TestChats } from './test-chats';

const root = mkdtempSync(path.join(tmpdir(), 'botwright-emulator-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(tls?: { key: string; cert: string }) {
  const chats = new TestChats();
  const alice = { userId: 'alice', fileId: 'a-bot' };
  const bob = { userId: 'bob', fileId: 'b-bot' };
  const aliceSession = chats.session(alice);
  const bobSession = chats.session(bob);
  const emulator: Emulator = await createEmulator({ chats, tls: tls ?? null });
  const loopback = await listenOnLoopback(emulator, alice);
  cleanups.push(async () => {
    await loopback.close();
    await emulator.close();
  });
  return { chats, alice, bob, aliceSession, bobSession, emulator, loopback };
}

function get(url: string, agent?: Agent): Promise<{ status: number; body: any; localPort: number }> {
  return new Promise((resolve, reject) => {
    request(url, { agent }, (res: IncomingMessage) => {
      const localPort = res.socket.localPort ?? 0;
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), localPort }));
    })
      .on('error', reject)
      .end();
  });
}

describe('connections and owners', () => {
  it("another owner's token is refused on this owner's connection, on the same keep-alive socket as a good call", async () => {
    const { aliceSession, bobSession, loopback } = await setup();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(async () => agent.destroy());
    const good = await get(`${loopback.baseUrl}/bot${aliceSession.token}/getMe`, agent);
    const other = await get(`${loopback.baseUrl}/bot${bobSession.token}/getMe`, agent);
    const again = await get(`${loopback.baseUrl}/bot${aliceSession.token}/getMe`, agent);
    expect(good.status).toBe(200);
    expect(other).toMatchObject({ status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } });
    expect(again.status).toBe(200);
    expect(new Set([good.localPort, other.localPort, again.localPort]).size).toBe(1);
  });

  it("a forgotten session's token stops working; unknown paths answer Telegram's 404", async () => {
    const { chats, alice, aliceSession, loopback } = await setup();
    expect((await get(`${loopback.baseUrl}/nothing/here`)).body).toEqual({ ok: false, error_code: 404, description: 'Not Found' });
    chats.forget(alice);
    expect((await get(`${loopback.baseUrl}/bot${aliceSession.token}/getMe`)).status).toBe(401);
  });

  it('close() ends connections, held polls included', async () => {
    const { aliceSession, loopback, emulator } = await setup();
    const held = fetch(`${loopback.baseUrl}/bot${aliceSession.token}/getUpdates?timeout=50`).then(
      () => 'answered',
      () => 'connection closed',
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(aliceSession.pollHeld()).toBe(true);
    await emulator.close();
    expect(await held).toBe('connection closed');
    expect(aliceSession.pollHeld()).toBe(false);
  });
});

describe('TLS', () => {
  it('a TLS connection is served as api.telegram.org with the test chat certificate; plain HTTP still works beside it', async () => {
    const certs = await loadTestChatCertificates(path.join(root, 'data'));
    const { aliceSession, loopback } = await setup({ key: certs.key, cert: certs.cert });
    const port = new URL(loopback.baseUrl).port;
    const secure = await new Promise<{ status: number; body: any; authorized: boolean }>((resolve, reject) => {
      httpsRequest({ host: '127.0.0.1', port, servername: 'api.telegram.org', path: `/bot${aliceSession.token}/getMe`, method: 'POST', ca: certs.caPem, headers: { 'content-type': 'application/json' } }, (res) => {
        const authorized = (res.socket as import('node:tls').TLSSocket).authorized;
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), authorized }));
      })
        .on('error', reject)
        .end('{}');
    });
    expect(secure.authorized).toBe(true);
    expect(secure.status).toBe(200);
    expect(secure.body.result.is_bot).toBe(true);
    expect((await get(`${loopback.baseUrl}/bot${aliceSession.token}/getMe`)).status).toBe(200);
  });

  it('without certificates a TLS handshake gets no TLS', async () => {
    const { aliceSession, loopback } = await setup();
    const port = new URL(loopback.baseUrl).port;
    const outcome = await new Promise<string>((resolve) => {
      httpsRequest({ host: '127.0.0.1', port, path: `/bot${aliceSession.token}/getMe`, rejectUnauthorized: false }, () => resolve('answered'))
        .on('error', () => resolve('refused'))
        .end();
    });
    expect(outcome).toBe('refused');
  });
});
