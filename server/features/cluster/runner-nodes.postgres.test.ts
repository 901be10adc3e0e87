// Runner nodes sharing one PostgreSQL, each a real app in this process with its own DATA_DIR and
// sandbox: deployed bots are placed on the least-loaded runner, move when a runner closes, and a
// runner cut off from the database (a TCP proxy that stops passing bytes) stops its bots before its
// leases expire, so another runner takes them and no bot ever runs twice. A web node deploys and
// shows the bots, and runs none.
import { createHmac } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { testDatabaseEnv } from '../../testing/test-database';
import { startTcpProxy, type TcpProxy } from '../../testing/tcp-proxy';
import { RunClient } from '../../testing/run-client';
import { startNpmRegistry } from '../../testing/package-index';
import { ECHO_TEST_BOT } from '../../testing/test-chat-bots';
import { nodeIdOf } from './node-id';
import type { BotSummary } from '../../../shared/bots.schema';
import { claimKey, tokenClaims } from '../runner/runs/token-claims';

const tokenHashes = (node: TestApp, token: string) => tokenClaims({ TELEGRAM_BOT_TOKEN: token }, claimKey(node.config.jwtSecret));

const ECHO_BOT = String.raw`
const http = require('node:http');
http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (d) => chunks.push(d));
  req.on('end', () => {
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() }));
  });
}).listen(Number(process.env.PORT), () => console.log('listening'));
`;
/** A deployed bot that needs a package: says what the package says, then waits. */
const LIB_BOT = "console.log(require('tiny-lib'));\nsetInterval(() => {}, 60_000);\n";
const BOT = 'import time\nprint("up and polling", flush=True)\ntime.sleep(600)\n';
const LEASE_MS = 2000;
const SHARED = {
  JWT_SECRET: 'a-secret-every-node-of-this-server-shares-0123456789',
  CLUSTER_SECRET: 'the-cluster-secret-of-this-test-server-0123456789',
  BOT_LEASE_SECONDS: String(LEASE_MS / 1000),
  RUNNER_MEMORY_MB: '128',
  RUNNER_STOP_GRACE_MS: '300',
  RUNNER_MAX_DEPLOYED_PER_USER: '10',
  ADMIN_KEY: 'the-operator-key-of-this-test',
};
const asAdmin = (node: TestApp, method: string, path: string) => node.request(method, path, { headers: { 'x-admin-key': SHARED.ADMIN_KEY } });

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

/** A free loopback port: a node says where it listens (NODE_URL) before it listens. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function server(): Promise<{ url: string; node(role: 'web' | 'runner', over?: { databaseUrl?: string } & Record<string, string>): Promise<TestApp> }> {
  const database = await testDatabaseEnv();
  cleanups.push(database.drop);
  return {
    url: database.env.DATABASE_URL!,
    async node(role, over = {}) {
      const port = await freePort();
      const { databaseUrl, ...env } = over;
      const app = await startTestApp({ ...SHARED, ...env, DATABASE_URL: databaseUrl ?? database.env.DATABASE_URL!, BOTWRIGHT_ROLE: role, PORT: String(port), NODE_URL: `http://127.0.0.1:${port}` });
      cleanups.push(() => app.close());
      return app;
    },
  };
}

async function deployedBots(web: TestApp, token: string, count: number, secrets: Record<string, string> = {}): Promise<Array<{ projectId: string; fileId: string }>> {
  const bots = [];
  for (let i = 0; i < count; i++) {
    const projectId = (await web.request('POST', '/api/projects', { token, body: { name: `Bot ${i}` } })).body.id as string;
    const fileId = (await web.request('PUT', `/api/projects/${projectId}/files/bot.py`, { token, body: { content: BOT } })).body.id as string;
    if (Object.keys(secrets).length) expect((await web.request('PUT', `/api/projects/${projectId}/env-vars`, { token, body: { set: secrets } })).status).toBe(200);
    const deployed = await web.request('POST', `/api/bots/${projectId}/deploy`, { token, body: { fileId } });
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    bots.push({ projectId, fileId });
  }
  return bots;
}

/** On which runners each bot's process runs now. */
const copies = (runners: TestApp[], fileId: string) => runners.filter((r) => r.app.deps.runs.live(fileId)?.running).length;
const runningOn = (runner: TestApp, bots: Array<{ fileId: string }>) => bots.filter((b) => runner.app.deps.runs.live(b.fileId)?.running).length;

/** A web node and two runners, and four bots deployed through the web node: two on each runner. */
async function fourBotsOnTwoRunners() {
  const s = await server();
  const web = await s.node('web');
  const [a, b] = [await s.node('runner'), await s.node('runner')];
  const user = await newUser(web, { credits: 100 });
  const bots = await deployedBots(web, user.token, 4);
  await expect.poll(() => [runningOn(a, bots), runningOn(b, bots)], { timeout: 15_000, interval: 100 }).toEqual([2, 2]);
  return { web, a, b, user, bots };
}

async function statuses(web: TestApp, token: string): Promise<string[]> {
  const list = await web.request('GET', '/api/bots', { token });
  return (list.body.bots as BotSummary[]).map((b) => b.status);
}

describe('runner nodes on one PostgreSQL', () => {
  it('places deployed bots on the least-loaded runners, shows them from the web node, and moves them when a runner closes', async () => {
    const { web, a, b, user, bots } = await fourBotsOnTwoRunners();
    // None on the web node.
    expect(runningOn(web, bots)).toBe(0);
    await expect.poll(() => statuses(web, user.token), { timeout: 10_000, interval: 200 }).toEqual(['running', 'running', 'running', 'running']);

    // A runner that closes hands its bots back: the other runs all four.
    await a.close();
    await expect.poll(() => runningOn(b, bots), { timeout: LEASE_MS + 5000, interval: 100 }).toBe(4);
    // Undeployed from the web node: its runner stops it.
    expect((await web.request('POST', `/api/bots/${bots[0]!.projectId}/undeploy`, { token: user.token })).status).toBe(200);
    await expect.poll(() => runningOn(b, bots), { timeout: 5000, interval: 100 }).toBe(3);
  });

  it('/admin shows every node with its role, heartbeat and bots; a drained runner ends with no bots and takes none until taken back', async () => {
    const { web, a, b, user, bots } = await fourBotsOnTwoRunners();

    const listed = await asAdmin(web, 'GET', '/api/admin/nodes');
    expect(listed.status).toBe(200);
    const nodes = listed.body.nodes as Array<{ id: string; role: string; alive: boolean; draining: boolean; bots: number; url: string }>;
    expect(nodes.map((n) => n.role).sort()).toEqual(['runner', 'runner', 'web']);
    expect(nodes.every((n) => n.alive && !n.draining)).toBe(true);
    expect(nodes.filter((n) => n.role === 'runner').map((n) => n.bots)).toEqual([2, 2]);
    expect(listed.body.thisNode).toBe(nodes.find((n) => n.role === 'web')!.id);
    // Nobody but the operator sees them.
    expect((await web.request('GET', '/api/admin/nodes', { token: user.token })).status).toBe(401);

    const aId = nodes.find((n) => n.url === a.config.cluster.nodeUrl)!.id;
    const drained = await asAdmin(web, 'POST', `/api/admin/nodes/${aId}/drain`);
    expect(drained.status).toBe(200);
    expect(drained.body.message).toBe(`Draining ${aId}: its bots move to the other runners`);
    await expect.poll(() => [runningOn(a, bots), runningOn(b, bots)], { timeout: LEASE_MS + 5000, interval: 100 }).toEqual([0, 4]);
    // A bot deployed now goes to the runner that is not drained.
    const [late] = await deployedBots(web, user.token, 1);
    await expect.poll(() => runningOn(b, [late!]), { timeout: 5000, interval: 100 }).toBe(1);
    expect(runningOn(a, [late!])).toBe(0);
    expect(((await asAdmin(web, 'GET', '/api/admin/nodes')).body.nodes as Array<{ id: string; draining: boolean; bots: number }>).find((n) => n.id === aId)).toMatchObject({ draining: true, bots: 0 });

    // Taken back, it takes new bots again; unknown nodes and web nodes are refused.
    expect((await asAdmin(web, 'POST', `/api/admin/nodes/${aId}/undrain`)).body.message).toBe(`${aId} takes bots again`);
    const [after] = await deployedBots(web, user.token, 1);
    await expect.poll(() => runningOn(a, [after!]), { timeout: 5000, interval: 100 }).toBe(1);
    expect((await asAdmin(web, 'POST', '/api/admin/nodes/no-such-node/drain')).status).toBe(404);
    expect((await asAdmin(web, 'POST', `/api/admin/nodes/${listed.body.thisNode}/drain`)).body.error).toBe('A web node runs no bots: there is nothing to drain');
  });

  it('a runner cut off from the database stops its bots before its leases expire; the other runner takes them; never two copies', async () => {
    const s = await server();
    const target = new URL(s.url);
    const proxy: TcpProxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(s.url);
    viaProxy.port = String(proxy.port);
    const a = await s.node('runner', { databaseUrl: viaProxy.toString() });
    const b = await s.node('runner');
    const user = await newUser(b, { credits: 100 });
    const bots = await deployedBots(b, user.token, 2);
    await expect.poll(() => [runningOn(a, bots), runningOn(b, bots)], { timeout: 15_000, interval: 100 }).toEqual([1, 1]);

    // Watch every bot's copies the whole time, every 20 ms.
    let most = 0;
    const watch = setInterval(() => {
      for (const bot of bots) most = Math.max(most, copies([a, b], bot.fileId));
    }, 20);
    cleanups.push(async () => clearInterval(watch));
    const cutAt = Date.now();
    proxy.cut();
    // Stopped on the cut-off runner before one lease time has passed since its last renewal.
    await expect.poll(() => runningOn(a, bots), { timeout: LEASE_MS + 1000, interval: 20 }).toBe(0);
    expect(Date.now() - cutAt).toBeLessThan(LEASE_MS);
    // Running again on the other runner within the lease time and 5 s.
    await expect.poll(() => runningOn(b, bots), { timeout: LEASE_MS + 5000, interval: 50 }).toBe(2);
    expect(a.logs.join('')).toContain('could not renew its leases in time');

    // Back on the network: it beats again, and takes nothing another runner holds.
    proxy.restore();
    await new Promise((r) => setTimeout(r, LEASE_MS * 1.5));
    expect(runningOn(a, bots)).toBe(0);
    expect(runningOn(b, bots)).toBe(2);
    // The ends of the runs it stopped while cut off are written once it reaches the database again.
    const openOnA = async () => (await b.app.deps.db.selectFrom('runs').select('id').where('node_id', '=', nodeIdOf(a.config.dataDir)).where('ended_at', 'is', null).execute()).length;
    await expect.poll(openOnA, { timeout: LEASE_MS * 2, interval: 100 }).toBe(0);
    clearInterval(watch);
    expect(most).toBe(1);
  });

  it('two bots with one platform token never run at once, on whichever runners they are placed', async () => {
    const s = await server();
    const [a, b] = [await s.node('runner'), await s.node('runner')];
    const user = await newUser(a, { credits: 100 });
    const token = '123456789:AAE_cluster-test-token-abcdefghijklmnopq';
    const [first] = await deployedBots(a, user.token, 1, { TELEGRAM_BOT_TOKEN: token });
    await expect.poll(() => copies([a, b], first!.fileId), { timeout: 10_000, interval: 100 }).toBe(1);
    // Refused before it is placed, whichever runner it would land on: a run on another runner holds the token.
    const projectId = (await a.request('POST', '/api/projects', { token: user.token, body: { name: 'Copy' } })).body.id as string;
    const fileId = (await a.request('PUT', `/api/projects/${projectId}/files/bot.py`, { token: user.token, body: { content: BOT } })).body.id as string;
    await a.request('PUT', `/api/projects/${projectId}/env-vars`, { token: user.token, body: { set: { TELEGRAM_BOT_TOKEN: token } } });
    const holder = a.app.deps.runs.live(first!.fileId) ? a : b;
    const other = holder === a ? b : a;
    const refused = await other.request('POST', `/api/bots/${projectId}/deploy`, { token: user.token, body: { fileId } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/already used by your bot 'Bot 0'/);
    // A plain run of it on the other runner is refused too: the claim is in the database, not in the holder's memory.
    await expect(other.app.deps.runs.start({ userId: user.id, fileId, filename: 'bot.py', secrets: {}, claims: { tokens: tokenHashes(other, token), botName: 'Copy' } }, async () => {
      throw new Error('never launched');
    })).rejects.toThrow(/already used by your bot 'Bot 0'/);
    expect(copies([a, b], fileId)).toBe(0);
    expect(copies([a, b], first!.fileId)).toBe(1);
  });

  it("a sign-out on one web node closes the person's sockets on the others", async () => {
    const s = await server();
    const [one, two] = [await s.node('web'), await s.node('web')];
    // The socket on the second web node is relayed to the person's runner.
    const runner = await s.node('runner');
    const user = await newUser(one);
    const socket = await RunClient.open(two.url, { token: user.token });
    // Each node's channel is listening.
    await Promise.all([one, two, runner].map((node) => node.app.deps.channel!.ensure()));
    expect((await one.request('POST', '/api/auth/logout', { token: user.token })).status).toBe(200);
    await socket.waitFor(() => false, 3000).catch(() => {});
    expect(socket.closeCode).toBe(4401);
    expect(socket.frames.at(-1)).toEqual({ type: 'execution_error', message: 'Your session has ended. Please sign in again.' });
  });

  it("a webhook sent to a web node reaches the bot on the runner that runs it, and goes no further when passed on", async () => {
    const s = await server();
    const web = await s.node('web');
    const [a, b] = [await s.node('runner'), await s.node('runner')];
    const user = await newUser(web, { credits: 100 });
    const projectId = (await web.request('POST', '/api/projects', { token: user.token, body: { name: 'Hooked' } })).body.id as string;
    const fileId = (await web.request('PUT', `/api/projects/${projectId}/files/echo.js`, { token: user.token, body: { content: ECHO_BOT } })).body.id as string;
    await web.request('PUT', `/api/projects/${projectId}/env-vars`, { token: user.token, body: { set: { PORT: '8080' } } });
    await web.request('PUT', `/api/projects/${projectId}/env-vars`, { token: user.token, body: { set: { PORT: '8080' } } });
    const deployed = await web.request('POST', `/api/bots/${projectId}/deploy`, { token: user.token, body: { fileId } });
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    await expect.poll(() => copies([a, b], fileId), { timeout: 15_000, interval: 100 }).toBe(1);
    const holder = a.app.deps.runs.live(fileId) ? a : b;
    const other = holder === a ? b : a;
    const hook = new URL((await web.request('GET', `/api/bots/${projectId}/hook`, { token: user.token })).body.webhookUrl as string).pathname;
    // The bot listens a moment after its process starts.
    const send = (node: TestApp, headers: Record<string, string> = {}) => node.request('POST', `${hook}/updates?x=1`, { body: { update_id: 7 }, headers });
    await expect.poll(async () => (await send(web)).status, { timeout: 10_000, interval: 200 }).toBe(201);
    for (const node of [web, other, holder]) {
      const answer = await send(node);
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ method: 'POST', url: '/updates?x=1', body: '{"update_id":7}' });
      // The bot never sees the nodes' signature.
      expect(answer.body.headers['x-botwright-node']).toBeUndefined();
    }
    // A request that says another node passed it on, but is not signed with the cluster secret, is passed on once.
    expect((await send(web, { 'x-botwright-node': 'f'.repeat(64) })).status).toBe(201);
    // A request another node did pass on is answered where it lands: the bot is not on the web node.
    const signed = createHmac('sha256', SHARED.CLUSTER_SECRET).update(`hook ${hook}/updates?x=1`).digest('hex');
    const refused = await send(web, { 'x-botwright-node': signed });
    expect(refused.status).toBe(503);
    expect(refused.body.error).toBe('This bot is not running. Start or deploy it in Botwright.');
  });

  it("a person's /ws on a web node streams the logs of their bot on a runner (recent lines first), and Stop there stops it", async () => {
    const s = await server();
    const web = await s.node('web');
    const runner = await s.node('runner');
    const user = await newUser(web, { credits: 100 });
    const [bot] = await deployedBots(web, user.token, 1);
    await expect.poll(() => copies([runner], bot!.fileId), { timeout: 15_000, interval: 100 }).toBe(1);
    // The run's row, which names its node, is written a moment after it starts.
    await expect.poll(() => runner.app.deps.runRecords.liveRunNodeOfFile(bot!.fileId)).not.toBeNull();

    const socket = await RunClient.open(web.url, { token: user.token });
    socket.send({ type: 'attach', fileId: bot!.fileId });
    await socket.waitFor((f) => f.type === 'execution_output' && f.fileId === bot!.fileId && f.message.includes('up and polling'), 10_000);
    // Somebody else's socket on the web node gets nothing of it.
    const stranger = await newUser(web);
    const other = await RunClient.open(web.url, { token: stranger.token });
    other.send({ type: 'attach', fileId: bot!.fileId });
    await other.waitFor((f) => f.type === 'execution_log', 5000);
    expect(other.frames.filter((f) => f.type === 'execution_output')).toEqual([]);
    expect(other.frames.at(-1)).toMatchObject({ type: 'execution_log', message: 'This file is not running' });

    socket.send({ type: 'stop-execution', fileId: bot!.fileId });
    await socket.waitFor((f) => f.type === 'execution_exit' && f.fileId === bot!.fileId, 10_000);
    expect(copies([runner], bot!.fileId)).toBe(0);
    // Stop on a deployed bot undeploys it, as on one machine.
    await expect.poll(async () => ((await web.request('GET', '/api/bots', { token: user.token })).body.bots as BotSummary[])[0]?.deployed, { timeout: 5000 }).toBe(false);
    socket.close();
    other.close();
  });

  it("a web node passes a person's runs and test chat on to their runner: a test run started on the web node's /ws answers in the test chat there", async () => {
    const s = await server();
    const web = await s.node('web');
    const runners = [await s.node('runner'), await s.node('runner')];
    const [ann, bob] = [await newUser(web, { credits: 100 }), await newUser(web, { credits: 100 })];
    const saved = async (token: string) => (await web.request('PUT', '/api/projects/default/files/echo_bot.py', { token, body: { content: ECHO_TEST_BOT } })).body.id as string;
    const [annFile, bobFile] = [await saved(ann.token), await saved(bob.token)];

    const socket = await RunClient.open(web.url, { token: ann.token });
    socket.send({ type: 'execute-file', fileId: annFile, mode: 'test' });
    await socket.waitFor((f) => f.type === 'execution_output' && /I am @\w+_bot/.test(f.message), 20_000);
    // It runs on one runner, and nowhere else.
    expect(web.app.deps.runs.live(annFile)).toBeNull();
    const home = runners.find((r) => r.app.deps.runs.live(annFile)?.running)!;
    expect(home).toBeDefined();

    // The test chat, through the web node: the message reaches the bot, its answer the page's socket.
    const posted = await web.request('POST', `/api/test-chat/${annFile}/messages`, { token: ann.token, body: { text: 'hello' } });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    await socket.waitFor((f) => f.type === 'test_chat_update' && f.fileId === annFile && f.message?.text === 'You said: hello', 10_000);
    const read = await web.request('GET', `/trpc/testChat.messages?input=${encodeURIComponent(JSON.stringify({ fileId: annFile }))}`, { token: ann.token });
    expect(read.status).toBe(200);
    expect((read.body.result.data.messages as Array<{ text: string }>).map((m) => m.text)).toEqual(['hello', 'You said: hello']);
    // Nobody else reads it, through any node.
    expect((await web.request('GET', `/api/test-chat/${annFile}/messages`, { token: bob.token })).status).toBe(404);
    // The runs list comes from the runner too.
    expect(((await web.request('GET', '/api/bots', { token: ann.token })).body.bots as BotSummary[])[0]).toMatchObject({ status: 'running', testMode: true });

    // The second person is placed on the other runner.
    const bobSocket = await RunClient.open(web.url, { token: bob.token });
    bobSocket.send({ type: 'execute-file', fileId: bobFile, mode: 'test' });
    await bobSocket.waitFor((f) => f.type === 'execution_output' && /I am @\w+_bot/.test(f.message), 20_000);
    expect(runners.find((r) => r.app.deps.runs.live(bobFile)?.running)).toBe(runners.find((r) => r !== home));

    socket.send({ type: 'stop-execution', fileId: annFile });
    await socket.waitForExit(annFile);
    expect(home.app.deps.runs.live(annFile)?.running).toBeFalsy();

    // Her runner gone, her next call lands on the other one, and her page's socket closes to reconnect there.
    await home.close();
    await socket.waitFor(() => false, 1000).catch(() => {});
    expect(socket.closeCode).toBe(1012);
    await expect.poll(async () => (await web.request('GET', '/api/runner/status', { token: ann.token })).status, { timeout: LEASE_MS + 5000, interval: 200 }).toBe(200);
    const again = await RunClient.open(web.url, { token: ann.token });
    again.send({ type: 'execute-file', fileId: annFile, mode: 'test' });
    await again.waitFor((f) => f.type === 'execution_output' && /I am @\w+_bot/.test(f.message), 20_000);
    expect(runners.find((r) => r !== home)!.app.deps.runs.live(annFile)?.running).toBe(true);
    for (const client of [again, bobSocket]) client.close();
  }, 90_000);

  it('a bot deployed on a runner other than the one its packages were installed on gets them installed there first', async () => {
    const registry = await startNpmRegistry();
    cleanups.push(() => registry.close());
    registry.publish({ name: 'tiny-lib', version: '1.2.0', files: { 'index.js': "module.exports = 'tiny-lib 1.2 works';\n" } });
    const s = await server();
    const web = await s.node('web', { RUNNER_NPM_REGISTRY: registry.url });
    const first = await s.node('runner', { RUNNER_NPM_REGISTRY: registry.url });
    const user = await newUser(web, { credits: 100 });
    const projectId = (await web.request('POST', '/api/projects', { token: user.token, body: { name: 'Needs a lib' } })).body.id as string;
    const fileId = (await web.request('PUT', `/api/projects/${projectId}/files/bot.js`, { token: user.token, body: { content: LIB_BOT } })).body.id as string;
    // Installed through the web node: on the person's runner, the only one.
    const installed = await web.request('POST', '/api/dependencies/install', { token: user.token, body: { command: 'npm install tiny-lib@^1.0.0', projectId } });
    expect(installed.status, JSON.stringify(installed.body)).toBe(200);
    expect(await first.app.deps.packageVolumes.dir(projectId, false)).not.toBeNull();

    // A second runner, the first drained: the bot is deployed on the second, which installs the package before starting it.
    const second = await s.node('runner', { RUNNER_NPM_REGISTRY: registry.url });
    const firstId = ((await asAdmin(web, 'GET', '/api/admin/nodes')).body.nodes as Array<{ id: string; url: string }>).find((n) => n.url === first.config.cluster.nodeUrl)!.id;
    expect((await asAdmin(web, 'POST', `/api/admin/nodes/${firstId}/drain`)).status).toBe(200);
    const tarballs = () => registry.requests.filter((r) => r.endsWith('.tgz')).length;
    const before = tarballs();
    const deployed = await web.request('POST', `/api/bots/${projectId}/deploy`, { token: user.token, body: { fileId } });
    expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    await expect.poll(() => second.app.deps.runs.live(fileId)?.running, { timeout: 60_000, interval: 200 }).toBe(true);
    expect(first.app.deps.runs.live(fileId)).toBeNull();
    expect(tarballs()).toBe(before + 1);
    const socket = await RunClient.open(web.url, { token: user.token });
    socket.send({ type: 'attach', fileId });
    await socket.waitForLine('tiny-lib 1.2 works', 10_000);
    socket.close();
  }, 120_000);

  it('a call to /cluster that is not signed with the cluster secret is refused', async () => {
    const s = await server();
    const runner = await s.node('runner');
    const stop = await fetch(`${runner.url}/cluster/stop`, { method: 'POST', headers: { 'x-botwright-user': 'u', 'x-botwright-file': 'f', 'x-botwright-at': String(Date.now()), 'x-botwright-node': 'f'.repeat(64) } });
    expect(stop.status).toBe(403);
    // Signed, but a minute and more ago: refused too.
    const at = Date.now() - 61_000;
    const old = createHmac('sha256', SHARED.CLUSTER_SECRET).update(`stop u f ${at}`).digest('hex');
    expect((await fetch(`${runner.url}/cluster/stop`, { method: 'POST', headers: { 'x-botwright-user': 'u', 'x-botwright-file': 'f', 'x-botwright-at': String(at), 'x-botwright-node': old } })).status).toBe(403);
  });
});
