// '100 idle deployed bots over three runners': a server of one `web` node and three `runner` node
// processes of the real server (cluster.ts) holding 100 deployed idle Python bots (each prints one
// line and sleeps), against the same four nodes with no bot deployed. Both servers are up side by
// side the whole time, on two databases of one PostgreSQL, so the rounds need no 100 deploys and
// undeploys between them: the measurement alternates between them. Over a 20 s window: each runner
// process's CPU (utime + stime from /proc/<pid>/stat before and after; the bots' own CPU is in their
// sandboxes, other processes, not counted) and the database's transactions a second
// (pg_stat_database.xact_commit + xact_rollback of that server's database, before and after). The
// figure is the busiest runner's CPU in % of one core; the note gives every runner's CPU and bots,
// the web node's CPU and the database's transactions/s on both sides.
import { setTimeout as sleep } from 'node:timers/promises';
import { newUser } from '../server/testing/fixtures';
import type { TestApp } from '../server/testing/test-app';
import { SHARED, call, cpuMsOf, machineNote, sandboxLine, startCluster, type Cluster, type NodeProcess } from './cluster';
import { fmt, type Scenario } from './harness';

const BOTS = 100;
/** A person may start a bot 10 times a minute, and has 20 projects: 25 people of 4 bots. */
const PEOPLE = 25;
const RUNNERS = 3;
const WINDOW_MS = 20_000;
const SETTLE_MS = 3_000;
const RUNNING_TIMEOUT_MS = 120_000;
const DEPLOYS_AT_ONCE = 8;
const BOT = 'import time\nprint("up", flush=True)\ntime.sleep(600)\n';
const NODE_ENV = { RUNNER_MAX_DEPLOYED_PER_USER: '100', RUNNER_MEMORY_MB: '64', RUNNER_STOP_GRACE_MS: '200' };

type Bot = { token: string; projectId: string; fileId: string };
type Server = { name: string; db: string; web: NodeProcess; runners: NodeProcess[] };
type Window = { runnerCpu: number[]; webCpu: number; xactPerSecond: number; runnerBots: number[] };

async function makeBots(setup: TestApp): Promise<Bot[]> {
  const bots: Bot[] = [];
  for (let p = 0; p < PEOPLE; p++) {
    const { token } = await newUser(setup, { name: `Bench Person ${p + 1}` });
    for (let i = 0; i < BOTS / PEOPLE; i++) {
      const project = await setup.request('POST', '/api/projects', { token, body: { name: `Idle ${p}-${i}` } });
      if (project.status !== 200) throw new Error(`creating a project answered ${project.status}: ${JSON.stringify(project.body)}`);
      const file = await setup.request('PUT', `/api/projects/${project.body.id}/files/bot.py`, { token, body: { content: BOT } });
      if (file.status !== 200) throw new Error(`saving bot.py answered ${file.status}: ${JSON.stringify(file.body)}`);
      bots.push({ token, projectId: project.body.id, fileId: file.body.id });
    }
  }
  return bots;
}

/** Deploys every bot through the web node, a few at once, and waits until every one is 'running' there. */
async function deployAll(server: Server, bots: Bot[]): Promise<number> {
  const t0 = performance.now();
  const queue = [...bots];
  await Promise.all(
    Array.from({ length: DEPLOYS_AT_ONCE }, async () => {
      for (let bot = queue.shift(); bot; bot = queue.shift()) {
        const res = await call(server.web.url, 'POST', `/api/bots/${bot.projectId}/deploy`, { token: bot.token, body: { fileId: bot.fileId } });
        if (res.status !== 200) throw new Error(`deploy answered ${res.status}: ${JSON.stringify(res.body)}`);
      }
    }),
  );
  const deadline = performance.now() + RUNNING_TIMEOUT_MS;
  for (;;) {
    const res = await call(server.web.url, 'GET', '/api/admin/bots', { headers: { 'x-admin-key': SHARED.ADMIN_KEY } });
    if (res.status !== 200) throw new Error(`GET /api/admin/bots answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    const list = (Array.isArray(res.body) ? res.body : res.body.bots) as Array<{ status: string; deployed: boolean }>;
    const running = list.filter((b) => b.deployed && b.status === 'running').length;
    const bad = list.filter((b) => b.status === 'refused' || b.status === 'crashing');
    if (bad.length) throw new Error(`${bad.length} bots are ${bad[0]!.status}: ${JSON.stringify(bad[0]).slice(0, 400)}`);
    if (running === bots.length) break;
    if (performance.now() > deadline) throw new Error(`only ${running}/${bots.length} bots running ${RUNNING_TIMEOUT_MS / 1000} s after the deploys`);
    await sleep(500);
  }
  return performance.now() - t0;
}

const xacts = async (cluster: Cluster, db: string) => {
  const name = new URL(db).pathname.slice(1);
  const rows = await cluster.query<{ n: string }>(db, 'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1', [name]);
  return Number(rows[0]!.n);
};

/** One window on one server: the runners' and web node's CPU, the database's transactions a second. */
async function measure(cluster: Cluster, server: Server): Promise<Window> {
  const nodes = [...server.runners, server.web];
  const before = nodes.map((n) => cpuMsOf(n.pid));
  const x0 = await xacts(cluster, server.db);
  const t0 = performance.now();
  await sleep(WINDOW_MS);
  const x1 = await xacts(cluster, server.db);
  const elapsed = performance.now() - t0;
  const after = nodes.map((n) => cpuMsOf(n.pid));
  const cpu = nodes.map((_, i) => ((after[i]! - before[i]!) / elapsed) * 100);
  const listed = await cluster.adminNodes(server.web.url);
  return {
    runnerCpu: cpu.slice(0, server.runners.length),
    webCpu: cpu[server.runners.length]!,
    // Less the two reads' own transactions.
    xactPerSecond: Math.max(0, x1 - x0 - 1) / (elapsed / 1000),
    runnerBots: server.runners.map((r) => listed.find((n) => n.url === r.url)?.bots ?? -1),
  };
}

const windowNote = (w: Window | null) =>
  w
    ? `runners ${w.runnerCpu.map((c, i) => `${fmt(c)}% (${w.runnerBots[i]} bots)`).join(', ')}, web node ${fmt(w.webCpu)}%, database ${fmt(w.xactPerSecond)} transactions/s`
    : '-';

export const idleBots: Scenario = {
  name: '100 idle deployed bots over three runners',
  unit: '% of a core',
  subjectLabel: `busiest of ${RUNNERS} runner node processes with ${BOTS} idle deployed bots`,
  baselineLabel: 'the same four nodes with no bot deployed',
  goal: { op: '<=', value: 10 },
  async prepare() {
    const cluster: Cluster = await startCluster();
    try {
      const [idleDb, busyDb] = [await cluster.database('idle'), await cluster.database('busy')];
      // The in-process apps migrate both databases (so four nodes starting at once find them ready) and make the bots.
      const idleSetup = await cluster.setupApp(idleDb);
      await idleSetup.close();
      const busySetup = await cluster.setupApp(busyDb);
      const bots = await makeBots(busySetup);
      await busySetup.close();

      const start = async (name: string, db: string): Promise<Server> => {
        const [web, ...runners] = await Promise.all([
          cluster.node(db, 'web', NODE_ENV),
          ...Array.from({ length: RUNNERS }, () => cluster.node(db, 'runner', NODE_ENV)),
        ]);
        return { name, db, web: web!, runners };
      };
      const idle = await start('idle', idleDb);
      const busy = await start('busy', busyDb);
      // Every runner alive on the web node before the deploys, so the bots are spread over all three.
      const deadline = Date.now() + 30_000;
      while ((await cluster.adminNodes(busy.web.url)).filter((n) => n.role === 'runner' && n.alive).length < RUNNERS) {
        if (Date.now() > deadline) throw new Error(`fewer than ${RUNNERS} runners alive on the web node after 30 s`);
        await sleep(200);
      }
      const deployMs = await deployAll(busy, bots);
      await sleep(SETTLE_MS);

      let lastSubject: Window | null = null;
      let lastBaseline: Window | null = null;
      return {
        get note() {
          return (
            `${machineNote()}; two servers side by side (4 nodes each, two databases): ${BOTS} bots of ${PEOPLE} people deployed through the web node in ${fmt(deployMs / 1000)} s, all running, and none; ` +
            `windows of ${WINDOW_MS / 1000} s; CPU of each node process from /proc (the bots' sandboxes not counted), in % of one core; database transactions from pg_stat_database (commits + rollbacks); ` +
            `BOT_LEASE_SECONDS 15 (the default), RUNNER_MEMORY_MB 64; last subject window: ${windowNote(lastSubject)}; last baseline window: ${windowNote(lastBaseline)}; ` +
            `runners: ${sandboxLine(busy.runners[0]!)}`
          );
        },
        async baseline() {
          lastBaseline = await measure(cluster, idle);
          return Math.max(...lastBaseline.runnerCpu);
        },
        async subject() {
          lastSubject = await measure(cluster, busy);
          const held = lastSubject.runnerBots.reduce((s, n) => s + n, 0);
          if (held !== BOTS) throw new Error(`the runners hold ${held} bots, not ${BOTS}`);
          return Math.max(...lastSubject.runnerCpu);
        },
        close: cluster.close,
      };
    } catch (err) {
      await cluster.close();
      throw err;
    }
  },
};
