// 'deployed bot start on a remote runner': the milliseconds from sending `POST /api/bots/:projectId/deploy`
// to a `web` node process to `GET /api/bots` on that same node saying 'running' for the bot (what the
// person waits), which a `runner` node process runs (placed there through its lease, woken by LISTEN/NOTIFY, its
// state published back in the database), against the same on one `all` node process, where the bot
// runs on the node that took the deploy. Both servers are real node processes (cluster.ts) on two
// databases of one PostgreSQL, up side by side the whole time, with the default BOT_LEASE_SECONDS.
// The bot is Python that prints one line and sleeps. Each measurement is a new project (made
// beforehand through an in-process app), deployed, polled every 20 ms, then undeployed, and the next
// waits until the runner's sandbox processes of it are gone; the median of 5 a round. The people are
// several, since a person may start a bot only 10 times a minute.
import { readFileSync, readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { newUser } from '../server/testing/fixtures';
import type { TestApp } from '../server/testing/test-app';
import { call, machineNote, sandboxLine, startCluster, type Cluster, type NodeProcess } from './cluster';
import { fmt, median, type Scenario } from './harness';

const BOT = 'import time\nprint("up", flush=True)\ntime.sleep(600)\n';
const STARTS_PER_ROUND = 5;
/** The warm-up start and 3 rounds of 5, and a spare. */
const PROJECTS = 1 + 3 * STARTS_PER_ROUND + 2;
const PEOPLE = 4;
const POLL_MS = 20;
const RUNNING_TIMEOUT_MS = 30_000;
const GONE_TIMEOUT_MS = 5_000;
const NODE_ENV = { RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '200' };

type Bot = { token: string; projectId: string; fileId: string };

/** People and their bot projects (bot.py saved), made through the in-process app: PROJECTS of them, round-robin over PEOPLE. */
async function makeBots(setup: TestApp): Promise<Bot[]> {
  const people = [];
  for (let i = 0; i < PEOPLE; i++) people.push(await newUser(setup, { name: `Bench Person ${i + 1}` }));
  const bots: Bot[] = [];
  for (let i = 0; i < PROJECTS; i++) {
    const { token } = people[i % PEOPLE]!;
    const project = await setup.request('POST', '/api/projects', { token, body: { name: `Remote ${i}` } });
    if (project.status !== 200) throw new Error(`creating a project answered ${project.status}: ${JSON.stringify(project.body)}`);
    const file = await setup.request('PUT', `/api/projects/${project.body.id}/files/bot.py`, { token, body: { content: BOT } });
    if (file.status !== 200) throw new Error(`saving bot.py answered ${file.status}: ${JSON.stringify(file.body)}`);
    bots.push({ token, projectId: project.body.id, fileId: file.body.id });
  }
  return bots;
}

/** The processes under a node process (its sandboxes and their helpers), from /proc. */
function descendants(pid: number): number {
  let n = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${p}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      let children = '';
      try {
        children = readFileSync(`/proc/${p}/task/${task}/children`, 'utf8');
      } catch {
        continue;
      }
      for (const c of children.split(' ').filter(Boolean)) {
        n += 1;
        stack.push(Number(c));
      }
    }
  }
  return n;
}

/** deployMs: the deploy request itself; fromAnsweredMs: from sending the deploy to 'running' (what the person waits). */
type Side = { deployOn: NodeProcess; runsOn: NodeProcess; bots: Bot[]; deployMs: number[]; fromAnsweredMs: number[] };

/** One start: deploy, poll until 'running', undeploy, wait until the runner's processes of it are gone. */
async function startOnce(side: Side): Promise<number> {
  const bot = side.bots.shift();
  if (!bot) throw new Error('no bot project left');
  const before = descendants(side.runsOn.pid);
  const asked = performance.now();
  const deployed = await call(side.deployOn.url, 'POST', `/api/bots/${bot.projectId}/deploy`, { token: bot.token, body: { fileId: bot.fileId } });
  const answered = performance.now();
  if (deployed.status !== 200) throw new Error(`deploy answered ${deployed.status}: ${JSON.stringify(deployed.body)}`);
  side.deployMs.push(answered - asked);
  let ms: number;
  for (;;) {
    const list = await call(side.deployOn.url, 'GET', '/api/bots', { token: bot.token });
    if (list.status !== 200) throw new Error(`GET /api/bots answered ${list.status}: ${JSON.stringify(list.body)}`);
    const status = (list.body.bots as Array<{ projectId: string; status: string }>).find((b) => b.projectId === bot.projectId)?.status;
    if (status === 'running') {
      const now = performance.now();
      ms = now - asked;
      side.fromAnsweredMs.push(now - answered);
      break;
    }
    if (status === 'refused' || status === 'crashing') throw new Error(`the bot is ${status}: ${JSON.stringify(list.body).slice(0, 500)}`);
    if (performance.now() - answered > RUNNING_TIMEOUT_MS) throw new Error(`the bot was not running ${RUNNING_TIMEOUT_MS} ms after its deploy (status ${status})`);
    await sleep(POLL_MS);
  }
  const undeployed = await call(side.deployOn.url, 'POST', `/api/bots/${bot.projectId}/undeploy`, { token: bot.token });
  if (undeployed.status !== 200) throw new Error(`undeploy answered ${undeployed.status}: ${JSON.stringify(undeployed.body)}`);
  const deadline = performance.now() + GONE_TIMEOUT_MS;
  while (descendants(side.runsOn.pid) > before && performance.now() < deadline) await sleep(POLL_MS);
  return ms;
}

async function medianOf(side: Side): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < STARTS_PER_ROUND; i++) times.push(await startOnce(side));
  return median(times);
}

export const remoteStart: Scenario = {
  name: 'deployed bot start on a remote runner',
  unit: 'ms',
  subjectLabel: 'deploy sent to a web node to running on a runner node (GET /api/bots on the web node)',
  baselineLabel: 'the same on one all node',
  goal: { op: '<=', ratio: 1.5 },
  async prepare() {
    const cluster: Cluster = await startCluster();
    try {
      const [single, split] = [await cluster.database('single'), await cluster.database('split')];
      const setups = [await cluster.setupApp(single), await cluster.setupApp(split)];
      const [singleBots, splitBots] = [await makeBots(setups[0]!), await makeBots(setups[1]!)];
      for (const s of setups) await s.close();

      const [all, web, runner] = await Promise.all([
        cluster.node(single, 'all', NODE_ENV),
        cluster.node(split, 'web', NODE_ENV),
        cluster.node(split, 'runner', NODE_ENV),
      ]);
      // The web node places a deployed bot on a live runner: the runner must have beaten first.
      const deadline = Date.now() + 20_000;
      while (!(await cluster.adminNodes(web.url)).some((n) => n.role === 'runner' && n.alive && n.url === runner.url)) {
        if (Date.now() > deadline) throw new Error('the runner node did not show as alive on the web node');
        await sleep(100);
      }
      const subjectSide: Side = { deployOn: web, runsOn: runner, bots: splitBots, deployMs: [], fromAnsweredMs: [] };
      const baselineSide: Side = { deployOn: all, runsOn: all, bots: singleBots, deployMs: [], fromAnsweredMs: [] };
      const med = (xs: number[]) => (xs.length ? `${fmt(median(xs))} ms` : '-');
      // The rounds' starts only (the warm-up's are the first of each list).
      const counted = (xs: number[]) => xs.slice(1);
      const fromAnswered = () => {
        const [s, b] = [counted(subjectSide.fromAnsweredMs), counted(baselineSide.fromAnsweredMs)];
        return s.length && b.length ? `${med(s)} vs ${med(b)}, ratio ${fmt(median(s) / median(b))}x` : '-';
      };
      return {
        get note() {
          return (
            `${machineNote()}; two servers side by side on two databases: a web node and a runner node, and one all node; ` +
            `BOT_LEASE_SECONDS 15 (the default: runners beat every 5 s), status polled every ${POLL_MS} ms after the deploy's answer, the median of ${STARTS_PER_ROUND} starts a round, each a new project undeployed after; ` +
            `the deploy request itself took a median ${med(counted(subjectSide.deployMs))} on the web node (it answers once the bot is placed) and ${med(counted(baselineSide.deployMs))} on the all node (it starts the bot before it answers); ` +
            `counted from the deploy's answer instead: ${fromAnswered()}; ` +
            `runner: ${sandboxLine(runner)}; all node: ${sandboxLine(all)}`
          );
        },
        async warmUp() {
          await startOnce(baselineSide);
          await startOnce(subjectSide);
        },
        baseline: () => medianOf(baselineSide),
        subject: () => medianOf(subjectSide),
        close: cluster.close,
      };
    } catch (err) {
      await cluster.close();
      throw err;
    }
  },
};
