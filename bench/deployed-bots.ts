// Always-on bots, through the real app and sandbox as in runner.ts: 20 bots of one person,
// each its own project with an idle Python bot (it prints one line, then sleeps), deployed through
// POST /api/bots/:projectId/deploy.
//
// - 'deployed idle bots: server CPU': the server process's CPU (user + system, % of one core) over a
//   window with the 20 bots deployed and idle, against the same window with none deployed. Goal: the
//   value itself, < 2% of a core.
// - 'deployed idle bots: event-loop delay p99': perf_hooks' event-loop delay p99 over the same kind
//   of windows. Goal: the value itself, p99 < 20 ms.
// - 'reconcile 20 deployed bots at start-up': ms from a server's listen to its 20 deployed bots all
//   running (the supervisor's reconcile, on the same data after a restart), against starting the same
//   20 runs at once on a running server (runs/run.service.ts, no supervisor, no start-up). Goal: <= 1.5x.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestApp, type TestApp } from '../server/testing/test-app';
import { newUser } from '../server/testing/fixtures';
import type { Scenario } from './harness';
import { sandboxNote } from './runner';
import { startRun } from '../server/features/runner/runs/run.service';

const BOTS = 20;
/** How long each side is watched a round (20 s rather than 60 s, to keep three rounds of two scenarios near 5 minutes). */
const WINDOW_MS = 20_000;
const SETTLE_MS = 3_000;
const START_TIMEOUT_MS = 60_000;
const IDLE_BOT = 'import time\nprint("idle bot up", flush=True)\nwhile True:\n    time.sleep(3600)\n';
const ENV = { LOG_LEVEL: 'warn', RUNNER_MEMORY_MB: '128', RUNNER_MAX_DEPLOYED_PER_USER: String(BOTS), RUNNER_MAX_RUNS_PER_USER: String(BOTS), RUNNER_STOP_GRACE_MS: '200' };

type Fleet = { t: TestApp; token: string; bots: Array<{ projectId: string; fileId: string }> };

async function fleet(t: TestApp): Promise<Fleet> {
  const { token } = await newUser(t);
  const bots = [];
  for (let i = 0; i < BOTS; i++) {
    const projectId = (await t.request('POST', '/api/projects', { token, body: { name: `Idle ${i}` } })).body.id as string;
    const file = await t.request('PUT', `/api/projects/${projectId}/files/idle_bot.py`, { token, body: { content: IDLE_BOT } });
    if (file.status !== 200) throw new Error(`saving a bot answered ${file.status}`);
    bots.push({ projectId, fileId: file.body.id as string });
  }
  return { t, token, bots };
}

/** Waits until every bot's process is up (its run 'running', not just 'starting'). */
async function allLive(t: TestApp, fileIds: string[], timeoutMs = START_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const running = (id: string) => t.app.deps.runs.live(id)?.running === true;
  while (!fileIds.every(running)) {
    if (Date.now() > deadline) throw new Error(`only ${fileIds.filter(running).length}/${fileIds.length} bots running after ${timeoutMs} ms`);
    await sleep(20);
  }
}

async function deployAll(f: Fleet): Promise<void> {
  for (const bot of f.bots) {
    const res = await f.t.request('POST', `/api/bots/${bot.projectId}/deploy`, { token: f.token, body: { fileId: bot.fileId } });
    if (res.status !== 200) throw new Error(`deploy answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  await allLive(f.t, f.bots.map((b) => b.fileId));
}

async function undeployAll(f: Fleet): Promise<void> {
  await Promise.all(f.bots.map((bot) => f.t.request('POST', `/api/bots/${bot.projectId}/undeploy`, { token: f.token })));
}

/** The server process's CPU, % of one core, over a window. */
async function cpuPercent(windowMs: number): Promise<number> {
  const start = process.cpuUsage();
  const t0 = performance.now();
  await sleep(windowMs);
  const used = process.cpuUsage(start);
  return ((used.user + used.system) / 1000 / (performance.now() - t0)) * 100;
}

/** perf_hooks' event-loop delay p99 over a window, in ms. */
async function loopDelayP99(windowMs: number): Promise<number> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  await sleep(windowMs);
  h.disable();
  return h.percentile(99) / 1e6;
}

function idleScenario(name: string, unit: string, goal: number, measure: (windowMs: number) => Promise<number>): Scenario {
  return {
    name,
    unit,
    subjectLabel: `${BOTS} deployed idle bots`,
    baselineLabel: 'no bot deployed',
    goal: { op: '<=', value: goal },
    async prepare() {
      const t = await startTestApp(ENV);
      const f = await fleet(t);
      return {
        note: `${sandboxNote(t)}; windows of ${WINDOW_MS / 1000} s after ${SETTLE_MS / 1000} s to settle; the bots print one line and sleep`,
        async baseline() {
          await undeployAll(f);
          await sleep(SETTLE_MS);
          return measure(WINDOW_MS);
        },
        async subject() {
          await deployAll(f);
          await sleep(SETTLE_MS);
          return measure(WINDOW_MS);
        },
        async close() {
          await undeployAll(f).catch(() => {});
          await t.close();
        },
      };
    },
  };
}

const reconcile: Scenario = {
  name: `reconcile ${BOTS} deployed bots at start-up`,
  unit: 'ms',
  subjectLabel: 'server start to all deployed bots running',
  baselineLabel: `the same ${BOTS} runs started at once on a running server`,
  goal: { op: '<=', ratio: 1.5 },
  async prepare() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'botwright-bench-deploy-'));
    chmodSync(dataDir, 0o711);
    const env = { ...ENV, DATA_DIR: dataDir };
    let t = await startTestApp(env);
    const f = await fleet(t);
    await deployAll(f);
    await t.close();
    let listenedAt = 0;
    return {
      async baseline() {
        // The same server as the subject's, its bots undeployed, then started one after another by hand.
        t = await startTestApp(env);
        await allLive(t, f.bots.map((b) => b.fileId));
        await undeployAll({ ...f, t });
        const user = (await t.request('GET', '/api/auth/me', { token: f.token })).body.id as string;
        const t0 = performance.now();
        await Promise.all(f.bots.map((bot) => startRun({ deps: t.app.deps, userId: user }, { fileId: bot.fileId, mode: 'live', supervised: true })));
        await allLive(t, f.bots.map((b) => b.fileId));
        const ms = performance.now() - t0;
        await deployAll({ ...f, t }); // deployed again (restarting them) for the subject's server start
        await t.close();
        return ms;
      },
      async subject() {
        const t0 = performance.now();
        t = await startTestApp(env);
        listenedAt = performance.now() - t0;
        const started = performance.now();
        await allLive(t, f.bots.map((b) => b.fileId));
        const ms = performance.now() - started;
        await t.close();
        return ms;
      },
      get note() {
        return `${sandboxNote(t)}; the subject counts from listen (the server itself took ${Math.round(listenedAt)} ms to listen)`;
      },
      async close() {
        await t.close().catch(() => {});
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

export const deployedBotsScenarios: Scenario[] = [
  idleScenario('deployed idle bots: server CPU', '% of a core', 2, cpuPercent),
  idleScenario('deployed idle bots: event-loop delay p99', 'ms', 20, loopDelayP99),
  reconcile,
];
