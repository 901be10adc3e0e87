// Botwright on several machines, as real processes on hosts of their own: PostgreSQL, two web nodes,
// three runner nodes and the test chat's Bot API emulator run on its own (test-chat/emulator/
// standalone.ts), each in a network namespace on a bridge this test makes (netns.ts; addresses only
// inside those namespaces). Ten always-on bots poll the emulator with tokens of their own; it counts
// each token's polls, and those a second copy of the bot cut short (409 Conflict, as Telegram). The test reaches the web nodes through
// Unix-socket relays in their namespaces, and the database through its socket. It shows: the bots
// spread over the runners; a person's /ws on one web node follows a bot on a runner, and a webhook
// sent to the other web node reaches its bot; `kill -9` of a runner, its bots running again elsewhere
// within the lease time and 5 s; a runner cut off the network stopping its bots before its leases
// expire; PostgreSQL restarted, every bot running again with nothing lost; a drained runner ending
// with no bots; and at no moment two pollers for one token.
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNetwork, type Host, type Network } from '../../testing/netns';
import { postgresBin, startPostgresServer, onServer, type PostgresServer } from '../../testing/postgres-server';
import { openPostgres } from '../../db/postgres';
import { newUser } from '../../testing/fixtures';
import { sessionKeys } from '../auth/sessions';
import { systemClock } from '../../clock';
import type { TestApp } from '../../testing/test-app';
import type { BotSummary } from '../../../shared/bots.schema';

const REPO = path.resolve(import.meta.dirname, '../../..');
const LEASE_SECONDS = 4;
const BOTS = 10;
const SECRETS = { JWT_SECRET: 'the-signing-secret-every-node-shares-0123456789', CLUSTER_SECRET: 'the-cluster-secret-every-node-shares-0123456789', ADMIN_KEY: 'operator-key-of-the-test' };

// Polls its own token's updates, and answers webhooks on PORT.
const BOT = String.raw`
const http = require('node:http');
const api = process.env.API_BASE + '/bot' + process.env.TELEGRAM_BOT_TOKEN;
http.createServer((req, res) => res.end('hook reached ' + process.env.BOT_NAME)).listen(Number(process.env.PORT));
console.log('polling as ' + process.env.BOT_NAME);
(async () => {
  for (;;) {
    try {
      await (await fetch(api + '/getUpdates?timeout=1')).text();
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
})();
`;

const canRun = userInfo().uid === 0 && postgresBin() !== null;

type Node = { host: Host; child: ChildProcess; output: () => string; dataDir: string };
type Reply = { status: number; body: any };

let network: Network;
let postgres: PostgresServer;
let api: ChildProcess;
const nodes = new Map<string, Node>();
const relays: ChildProcess[] = [];
const scratch = mkdtempSync(path.join(tmpdir(), 'botwright-machines-'));
chmodSync(scratch, 0o711);

function host(name: string): Host {
  return network.hosts.get(name)!;
}

/** A process in a host's namespace, resolved once a line of its output matches. */
function startIn(h: Host, file: string, args: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; output: () => string }> {
  const child = h.spawn(file, args, { cwd: REPO, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${h.name} did not start: ${out.slice(-2000)}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk;
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve({ child, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${h.name} exited with ${code}: ${out.slice(-2000)}`)));
  });
}

async function startNode(name: string, role: 'web' | 'runner'): Promise<Node> {
  const h = host(name);
  const dataDir = mkdtempSync(path.join(scratch, `${name}-`));
  chmodSync(dataDir, 0o711);
  const env = {
    ...SECRETS,
    DATABASE_URL: postgres.url('botwright'),
    BOTWRIGHT_ROLE: role,
    HOST: h.ip,
    PORT: '3000',
    NODE_URL: `http://${h.ip}:3000`,
    DATA_DIR: dataDir,
    BOT_LEASE_SECONDS: String(LEASE_SECONDS),
    RUNNER_ALLOW_NETWORKS: `${h.ip.split('.').slice(0, 3).join('.')}.0/24`,
    RUNNER_SANDBOX: 'off',
    RUNNER_MEMORY_MB: '128',
    RUNNER_STOP_GRACE_MS: '300',
    RUNNER_MAX_DEPLOYED_PER_USER: '20',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
  };
  const started = await startIn(h, process.execPath, ['--import', 'tsx', 'src/main.ts'], env, /Server listening at http/);
  const node = { host: h, child: started.child, output: started.output, dataDir };
  nodes.set(name, node);
  return node;
}

/** A host's HTTP port, reached from here through a Unix socket relayed inside its namespace. */
async function relayTo(name: string, port = 3000): Promise<string> {
  const h = host(name);
  const socketPath = path.join(scratch, `${name}.sock`);
  const script = `require('node:net').createServer((c) => { const u = require('node:net').connect(${port}, '${h.ip}'); c.pipe(u).pipe(c); c.on('error', () => u.destroy()); u.on('error', () => c.destroy()); }).listen('${socketPath}', () => console.log('relaying'));`;
  const relay = await startIn(h, process.execPath, ['-e', script], {}, /relaying/);
  relays.push(relay.child);
  return socketPath;
}

function call(socketPath: string, method: string, urlPath: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { ...opts.headers, host: 'botwright.test' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method, path: urlPath, headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          /* text */
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${urlPath}: no answer in 10 s`)));
    req.end(body);
  });
}

let apiSocket = '';
async function apiStats(): Promise<Record<string, { polls: number; conflicts: number }>> {
  return (await call(apiSocket, 'GET', '/stats')).body;
}
/** The emulator's tokens, one per bot, as it printed them. */
let apiTokens: string[] = [];

beforeAll(async () => {
  if (!canRun) return;
  network = makeNetwork(['pg', 'api', 'web1', 'web2', 'r1', 'r2', 'r3']);
  const pg = host('pg');
  postgres = await startPostgresServer({ enter: pg.enter, address: pg.ip, port: 5432, clients: `${pg.ip.split('.').slice(0, 3).join('.')}.0/24` });
  await onServer(postgres.socketUrl('postgres'), ['create database botwright']);
  const emulator = await startIn(host('api'), process.execPath, ['--import', 'tsx', 'server/features/test-chat/emulator/standalone.ts', host('api').ip, '8081', String(BOTS)], {}, /listening \[.*\]\n/);
  api = emulator.child;
  apiTokens = JSON.parse(/listening (\[.*\])/.exec(emulator.output())![1]!) as string[];
  // The first node migrates the database; the others start together.
  await startNode('web1', 'web');
  await Promise.all([startNode('web2', 'web'), startNode('r1', 'runner'), startNode('r2', 'runner'), startNode('r3', 'runner')]);
}, 180_000);

afterAll(() => {
  for (const child of [...[...nodes.values()].map((n) => n.child), ...relays, api]) {
    try {
      if (child?.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  try {
    postgres?.stop();
  } finally {
    network?.remove();
    rmSync(scratch, { recursive: true, force: true });
  }
});

describe.runIf(canRun)('Botwright on five machines, one PostgreSQL', () => {
  it('keeps ten bots running, one copy each, through a runner killed, a runner cut off, PostgreSQL restarted and a drain', async () => {
    apiSocket = await relayTo('api', 8081);
    const web1 = await relayTo('web1');
    const web2 = await relayTo('web2');
    const database = openPostgres(postgres.socketUrl('botwright'));
    try {
      const admin = (socketPath: string, method: string, urlPath: string) => call(socketPath, method, urlPath, { headers: { 'x-admin-key': SECRETS.ADMIN_KEY } });
      const app = { app: { deps: { db: database.db, clock: systemClock, sessionKeys: sessionKeys(SECRETS.JWT_SECRET) } } } as unknown as TestApp;
      const user = await newUser(app, { credits: 250 });
      // Ten bots, each with a token of its own, deployed through the first web node.
      const bots: Array<{ projectId: string; fileId: string; token: string; name: string }> = [];
      for (let i = 0; i < BOTS; i++) {
        const name = `bot-${i}`;
        const token = apiTokens[i]!;
        const projectId = (await call(web1, 'POST', '/api/projects', { token: user.token, body: { name } })).body.id as string;
        const fileId = (await call(web1, 'PUT', `/api/projects/${projectId}/files/bot.js`, { token: user.token, body: { content: BOT } })).body.id as string;
        const vars = { TELEGRAM_BOT_TOKEN: token, API_BASE: `http://${host('api').ip}:8081`, BOT_NAME: name, PORT: '8080' };
        expect((await call(web1, 'PUT', `/api/projects/${projectId}/env-vars`, { token: user.token, body: { set: vars } })).status).toBe(200);
        const deployed = await call(web1, 'POST', `/api/bots/${projectId}/deploy`, { token: user.token, body: { fileId } });
        expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
        bots.push({ projectId, fileId, token, name });
      }

      const runnerBots = async () => {
        const listed = (await admin(web2, 'GET', '/api/admin/nodes')).body.nodes as Array<{ id: string; url: string; role: string; alive: boolean; bots: number }>;
        return new Map(listed.filter((n) => n.role === 'runner').map((n) => [n.url.split('//')[1]!.split(':')[0]!, n]));
      };
      const allRunning = async (socketPath: string) => {
        const reply = await call(socketPath, 'GET', '/api/bots', { token: user.token });
        const listed = reply.body.bots as BotSummary[];
        return listed.filter((b) => b.status === 'running').length;
      };
      // The bots polling now: those whose polls went on in the last 1.5 s (each polls with a 1 s timeout).
      const pollingNow = async () => {
        const before = await apiStats();
        await new Promise((r) => setTimeout(r, 1500));
        const after = await apiStats();
        return Object.keys(after).filter((token) => after[token]!.polls > (before[token]?.polls ?? 0)).length;
      };
      // Spread over the three runners, each polling.
      await expect.poll(async () => [...(await runnerBots()).values()].map((n) => n.bots > 0).every(Boolean), { timeout: 30_000, interval: 250 }).toBe(true);
      await expect.poll(() => allRunning(web2), { timeout: 30_000, interval: 250 }).toBe(BOTS);
      await expect.poll(pollingNow, { timeout: 15_000, interval: 250 }).toBe(BOTS);
      // /ws on the second web node follows a bot that runs on a runner.
      const socket = new WebSocket(`ws+unix:${web2}:/ws`);
      const frames: Array<{ type: string; message?: string }> = [];
      socket.on('message', (data) => frames.push(JSON.parse(String(data))));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.send(JSON.stringify({ type: 'auth', token: user.token }));
      socket.send(JSON.stringify({ type: 'attach', fileId: bots[0]!.fileId }));
      await expect.poll(() => frames.some((f) => f.type === 'execution_output' && f.message?.includes('polling as bot-0')), { timeout: 10_000 }).toBe(true);
      socket.close();
      // A webhook sent to the second web node reaches its bot, wherever it runs.
      const hook = new URL((await call(web1, 'GET', `/api/bots/${bots[3]!.projectId}/hook`, { token: user.token })).body.webhookUrl as string).pathname;
      await expect.poll(async () => (await call(web2, 'POST', `${hook}/update`, { body: { update_id: 1 } })).body, { timeout: 10_000 }).toBe('hook reached bot-3');
      // kill -9 of the runner with the most bots: they run again on the others within the lease time and 5 s.
      const before = await runnerBots();
      const [killedIp] = [...before].sort((a, b) => b[1].bots - a[1].bots)[0]!;
      const killed = [...nodes.values()].find((n) => n.host.ip === killedIp)!;
      process.kill(killed.child.pid!, 'SIGKILL');
      const killedAt = Date.now();
      const heldByTheOthers = async () => [...(await runnerBots())].filter(([ip]) => ip !== killedIp).reduce((sum, [, n]) => sum + n.bots, 0);
      await expect.poll(heldByTheOthers, { timeout: LEASE_SECONDS * 1000 + 5000, interval: 100 }).toBe(BOTS);
      await expect.poll(pollingNow, { timeout: 5000, interval: 100 }).toBe(BOTS);
      expect(Date.now() - killedAt).toBeLessThan(LEASE_SECONDS * 1000 + 5000);
      await expect.poll(() => allRunning(web1), { timeout: 5000, interval: 100 }).toBe(BOTS);
      // Its runs' rows end with it once it has been silent for two lease times.
      const killedId = before.get(killedIp)!.id;
      const openRuns = async () => Number((await sql<{ n: number }>`select count(*)::int as n from runs where node_id = ${killedId} and ended_at is null`.execute(database.db)).rows[0]!.n);
      await expect.poll(openRuns, { timeout: LEASE_SECONDS * 2000 + 5000, interval: 250 }).toBe(0);
      // A runner cut off the network: it stops its bots before its leases expire, and they start on the last one.
      const left = [...(await runnerBots())].filter(([ip, n]) => ip !== killedIp && n.alive);
      expect(left).toHaveLength(2);
      const [cutIp] = left.sort((a, b) => b[1].bots - a[1].bots)[0]!;
      const cut = [...nodes.values()].find((n) => n.host.ip === cutIp)!;
      cut.host.cut();
      await expect.poll(() => cut.output().includes('could not renew its leases in time'), { timeout: LEASE_SECONDS * 1000 + 2000, interval: 100 }).toBe(true);
      const heldByTheLast = async () => [...(await runnerBots())].filter(([ip]) => ip !== killedIp && ip !== cutIp).reduce((sum, [, n]) => sum + n.bots, 0);
      await expect.poll(heldByTheLast, { timeout: LEASE_SECONDS * 1000 + 5000, interval: 100 }).toBe(BOTS);
      await expect.poll(() => allRunning(web1), { timeout: 5000, interval: 100 }).toBe(BOTS);
      await expect.poll(pollingNow, { timeout: 5000, interval: 100 }).toBe(BOTS);
      cut.host.restore();
      // PostgreSQL down for longer than a lease (every runner stops its bots), then up again: every
      // deployed bot runs again, nothing lost, the ledger equal to the balances.
      await postgres.restart(LEASE_SECONDS * 1000 + 1000);
      // Ten sandboxes started again on two cores shared with the other test files: give them time.
      await expect.poll(() => allRunning(web1).catch(() => 0), { timeout: 60_000, interval: 250 }).toBe(BOTS);
      await expect.poll(pollingNow, { timeout: 30_000, interval: 250 }).toBe(BOTS);
      expect([...nodes.values()].filter((n) => n.output().includes('could not renew its leases in time')).length).toBeGreaterThanOrEqual(2);
      const counts = await sql<{ deployments: number; projects: number }>`select (select count(*) from deployments)::int as deployments, (select count(*) from projects)::int as projects`.execute(database.db);
      expect(counts.rows[0]).toEqual({ deployments: BOTS, projects: BOTS });
      const unbalanced = await sql`select u.id from users u where u.credits <> coalesce((select sum(amount) from credit_transactions t where t.user_id = u.id), 0)`.execute(database.db);
      expect(unbalanced.rows).toEqual([]);
      // A drained runner ends with no bots; the bots keep running elsewhere.
      await expect.poll(async () => (await runnerBots()).get(cutIp)?.alive, { timeout: 15_000, interval: 250 }).toBe(true);
      const busiest = [...(await runnerBots())].filter(([, n]) => n.alive).sort((a, b) => b[1].bots - a[1].bots)[0]!;
      expect((await admin(web2, 'POST', `/api/admin/nodes/${busiest[1].id}/drain`)).status).toBe(200);
      await expect.poll(async () => (await runnerBots()).get(busiest[0])?.bots, { timeout: 20_000, interval: 250 }).toBe(0);
      await expect.poll(() => allRunning(web2), { timeout: 15_000, interval: 250 }).toBe(BOTS);
      // Never two pollers for one token: no poll was ever cut short by another copy's.
      const stats = await apiStats();
      expect(Object.keys(stats).sort()).toEqual(bots.map((b) => b.token).sort());
      for (const bot of bots) expect({ token: bot.token, polled: stats[bot.token]!.polls > 0, conflicts: stats[bot.token]!.conflicts }).toEqual({ token: bot.token, polled: true, conflicts: 0 });
    } finally {
      await database.close();
    }
  }, 240_000);
});
