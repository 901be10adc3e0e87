// The test chat's narrow path (service-bridge.ts) on this host's real sandbox: the bot reaches the
// server's socket at the bridge address (and a name mapped to it) and nothing else of the host's,
// the server reaches the bot's own loopback port, and the relay is gone with the run.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { createSandbox, limitsFor } from './index';
import { makeBridgeDir } from './bridge-dirs';
import { connectInto, RELAY, type ServiceBridge } from './service-bridge';
import { findHostTools } from './host-tools';

const root = mkdtempSync(path.join(os.tmpdir(), 'botwright-bridge-'));
chmodSync(root, 0o711);
const config = loadConfig({ DATA_DIR: path.join(root, 'data'), JWT_SECRET: 'bridge-suite-jwt-secret-that-is-long-enough', RUNNER_MEMORY_MB: '256', RUNNER_PIDS: '64', RUNNER_TMP_MB: '16' });
const limits = limitsFor(config.runner);
const log = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, level: 'info' } as unknown as FastifyBaseLogger;
const sandbox = await createSandbox(config.runner, path.join(root, 'data', 'runs'), log);
const usable = sandbox.supportsBridge;
afterAll(() => rmSync(root, { recursive: true, force: true }));
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

/** A host service on a Unix socket that answers each connection with what it was sent, uppercased. */
async function upperService(socketPath: string): Promise<Server> {
  const server = createServer((socket) => {
    socket.on('data', (d) => socket.write(String(d).toUpperCase()));
    socket.on('end', () => socket.end());
  });
  await new Promise<void>((r) => server.listen(socketPath, r));
  chmodSync(socketPath, 0o666);
  return server;
}

const BOT = String.raw`
import socket, sys, threading
def ask(host, port):
    try:
        s = socket.create_connection((host, port), timeout=3)
        s.sendall(b'hello ' + str(port).encode())
        s.shutdown(socket.SHUT_WR)
        data = b''
        while True:
            more = s.recv(100)
            if not more: break
            data += more
        return data.decode()
    except OSError as e:
        return 'error ' + type(e).__name__
print(ask('127.0.0.2', 80), flush=True)
print(ask('api.telegram.org', 443), flush=True)
print(ask('127.0.0.2', 8080), flush=True)
srv = socket.socket(); srv.bind(('127.0.0.1', 8080)); srv.listen(1)
print('listening', flush=True)
conn, _ = srv.accept()
conn.sendall(b'bot got ' + conn.recv(100))
conn.shutdown(socket.SHUT_WR)
# The run's end takes its relay along: wait until the server has read the answer and hung up.
conn.recv(100)
conn.close()
`;

describe.skipIf(!usable)('service bridge', () => {
  it('relays the bridge address to the server, the server into the bot, and nothing else', async () => {
    const dir = mkdtempSync(path.join(root, 'sock-'));
    chmodSync(dir, 0o711);
    const bridge: ServiceBridge = { address: '127.0.0.2', ports: [80, 443], hostSocket: path.join(dir, 'service.sock'), inboundSocket: path.join(dir, 'inbound.sock') };
    const service = await upperService(bridge.hostSocket);
    const proc = await sandbox.spawn({
      argv: [config.runner.python, '-c', BOT],
      cwd: '/',
      mounts: [],
      env: { PATH: '/usr/bin:/bin', PYTHONUNBUFFERED: '1' },
      network: 'internet',
      limits,
      hosts: { 'api.telegram.org': '127.0.0.2' },
      bridge,
    });
    let out = '';
    proc.stdout.on('data', (d) => (out += String(d)));
    let err = '';
    proc.stderr.on('data', (d) => (err += String(d)));
    for (let i = 0; i < 100 && !out.includes('listening'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(out, err).toContain('listening');
    const lines = out.trim().split('\n');
    expect(lines[0]).toBe('HELLO 80');
    expect(lines[1]).toBe('HELLO 443');
    // Other ports of the bridge address stay closed (the host's loopback is the escape suite's).
    expect(lines[2]).toMatch(/^error /);

    const inside = connectInto(bridge.inboundSocket, 8080);
    let answer = '';
    inside.on('data', (d) => (answer += String(d)));
    inside.write('ping');
    await new Promise((r) => inside.on('close', r));
    expect(answer).toBe('bot got ping');

    const exit = await proc.exit;
    expect(exit.code, err).toBe(0);
    service.close();
    // The relay went with the run: no process of it is left.
    await new Promise((r) => setTimeout(r, 100));
    const left = spawnSync('pgrep', ['-f', bridge.inboundSocket], { encoding: 'utf8' }).stdout.trim();
    expect(left).toBe('');
  }, 30_000);

  it('/proc/net/unix inside names no host path, with a connection out to the service and one in from the server open', async () => {
    // Named and placed as the server's own are (/run/botwright-test-chat-... as root).
    const dir = makeBridgeDir('test-chat');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const bridge: ServiceBridge = { address: '127.0.0.2', ports: [80], hostSocket: path.join(dir, 'emulator.sock'), inboundSocket: path.join(dir, 'inbound.sock') };
    const service = await upperService(bridge.hostSocket);
    cleanups.push(() => void service.close());
    const bot = String.raw`
import json, socket
out = socket.create_connection(('127.0.0.2', 80), timeout=3)
out.sendall(b'hold')
assert out.recv(100) == b'HOLD'
srv = socket.socket(); srv.bind(('127.0.0.1', 8080)); srv.listen(1)
print('listening', flush=True)
conn, _ = srv.accept()
conn.recv(100)
print(json.dumps(open('/proc/net/unix').read()), flush=True)
conn.sendall(b'read')
conn.shutdown(socket.SHUT_WR)
conn.recv(100)
conn.close()
`;
    const proc = await sandbox.spawn({ argv: [config.runner.python, '-c', bot], cwd: '/', mounts: [], env: { PATH: '/usr/bin:/bin', PYTHONUNBUFFERED: '1' }, network: 'internet', limits, bridge });
    let out = '';
    proc.stdout.on('data', (d) => (out += String(d)));
    let err = '';
    proc.stderr.on('data', (d) => (err += String(d)));
    for (let i = 0; i < 100 && !out.includes('listening'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(out, err).toContain('listening');
    const inside = connectInto(bridge.inboundSocket, 8080);
    let answer = '';
    inside.on('data', (d) => (answer += String(d)));
    inside.write('ping');
    await new Promise((r) => inside.on('close', r));
    expect(answer).toBe('read');
    expect((await proc.exit).code, err).toBe(0);
    const table = JSON.parse(out.trim().split('\n')[1]!) as string;
    expect(table).toMatch(/^Num +RefCount Protocol Flags +Type St Inode Path\n/);
    for (const hostPath of ['/run/botwright-', dir, root, config.dataDir]) {
      expect(table.split('\n').filter((line) => line.includes(hostPath)), hostPath).toEqual([]);
    }
  }, 30_000);

  it("a live run's bridge: the server reaches the bot's port, and the sandbox gains no address", async () => {
    const dir = mkdtempSync(path.join(root, 'sock-'));
    chmodSync(dir, 0o711);
    const bridge: ServiceBridge = { inboundSocket: path.join(dir, 'inbound.sock') };
    const proc = await sandbox.spawn({ argv: [config.runner.python, '-c', BOT], cwd: '/', mounts: [], env: { PATH: '/usr/bin:/bin', PYTHONUNBUFFERED: '1' }, network: 'internet', limits, bridge, hosts: { 'api.telegram.org': '127.0.0.2' } });
    let out = '';
    proc.stdout.on('data', (d) => (out += String(d)));
    let err = '';
    proc.stderr.on('data', (d) => (err += String(d)));
    for (let i = 0; i < 100 && !out.includes('listening'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(out, err).toContain('listening');
    // Nothing answers at the test chat's address (the name mapped to it too, so nothing leaves the host).
    expect(out.trim().split('\n').slice(0, 3).every((line) => line.startsWith('error '))).toBe(true);
    const inside = connectInto(bridge.inboundSocket, 8080);
    let answer = '';
    inside.on('data', (d) => (answer += String(d)));
    inside.write('ping');
    await new Promise((r) => inside.on('close', r));
    expect(answer).toBe('bot got ping');
    expect((await proc.exit).code, err).toBe(0);
    await new Promise((r) => setTimeout(r, 100));
    expect(spawnSync('pgrep', ['-f', bridge.inboundSocket], { encoding: 'utf8' }).stdout.trim()).toBe('');
  }, 30_000);

  it('the relay goes with a server that is killed (its parent-death signal survives the drop to nobody)', async () => {
    const tools = findHostTools();
    const dir = mkdtempSync(path.join(root, 'sock-'));
    const inbound = path.join(dir, 'inbound.sock');
    // A stand-in server: starts the relay for its own network namespace, says so, and is then killed.
    const server = String.raw`
      const { spawn } = require('node:child_process');
      const [python, relay, inbound] = process.argv.slice(1);
      const child = spawn(python, ['-I', '-S', '-c', relay, '/proc/' + process.pid + '/ns/net', '', '', '', inbound], { stdio: ['ignore', 'pipe', 'inherit'] });
      child.stdout.once('data', () => console.log('relay ' + child.pid));
      setInterval(() => {}, 1000);
    `;
    const parent = spawn(process.execPath, ['-e', server, tools.python3!, RELAY, inbound], { stdio: ['ignore', 'pipe', 'inherit'] });
    const relayPid = await new Promise<number>((resolve) => parent.stdout!.on('data', (d) => /relay (\d+)/.test(String(d)) && resolve(Number(/relay (\d+)/.exec(String(d))![1]))));
    /** The relay's state letter ('S' running, 'Z' ended but not yet reaped), or null once it is gone. */
    const state = () => {
      try {
        const stat = readFileSync(`/proc/${relayPid}/stat`, 'utf8');
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      } catch {
        return null;
      }
    };
    try {
      expect(state()).toMatch(/^[RS]$/);
      parent.kill('SIGKILL');
      for (let i = 0; i < 40 && state()?.match(/^[RS]$/); i++) await new Promise((r) => setTimeout(r, 50));
      expect(state() ?? 'gone').toMatch(/^(Z|X|gone)$/);
    } finally {
      parent.kill('SIGKILL');
      try {
        process.kill(relayPid, 'SIGKILL');
      } catch {
        /* gone, as it should be */
      }
    }
  }, 30_000);
});
