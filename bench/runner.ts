// The code runner's start, end to end through the real app (startTestApp: buildApp on a temp
// DATA_DIR, the real sandbox, the real /ws socket with a real `ws` client, a user with a session, the
// bot saved with PUT /api/projects/default/files/...): 'run start, python' / 'run start, node' are
// the milliseconds from sending {type:'execute-file'} to the first execution_output frame of a bot
// that prints one line at once, against a bare child_process.spawn of the same interpreter (clean
// environment, as the runner gives its bots) to its first stdout byte. The median of several starts
// a round on each side. The app, user and socket here serve the other runner benches too
// (log-lines.ts, test-chat.ts, ...).
import { spawn } from 'node:child_process';
import WebSocket from 'ws';
import { newUser } from '../server/testing/fixtures';
import { startTestApp, type TestApp } from '../server/testing/test-app';
import type { Sandbox } from '../server/features/runner/sandbox';
import type { TimedStep } from '../server/step-timings';
import type { ServerFrame } from '../shared/runner.schema';
import { RUN_STARTS_PER_MINUTE } from '../server/features/runner/runs/runs';
import { fmt, median, type Prepared, type Scenario } from './harness';

const STARTS_PER_ROUND = 7;
export const RUN_TIMEOUT_MS = 30_000;

/** What the runner gives a bot (bot-command.ts), minus its saved variables: the bare side gets the same. */
export const CLEAN_ENV = { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', TMPDIR: '/tmp' };
export const PYTHON_ENV = { ...CLEAN_ENV, PYTHONUNBUFFERED: '1', PYTHONDONTWRITEBYTECODE: '1' };
export const NODE_ENV = { ...CLEAN_ENV, NODE_ENV: 'production' };

// ---- The app, a signed-in user and a socket (also test-chat.ts's) -----------------------------

/** The app, a signed-in user (`newUser`) and how to save a file in their default project. */
export type Bench = { t: TestApp; token: string; userId: string; save(filename: string, content: string): Promise<{ id: string; projectId: string }> };

export async function startBench(env: Record<string, string> = {}): Promise<Bench> {
  const t = await startTestApp({ LOG_LEVEL: 'warn', ...env });
  try {
    const { token, id: userId } = await newUser(t);
    return {
      t,
      token,
      userId,
      async save(filename, content) {
        const res = await t.request('PUT', `/api/projects/default/files/${filename}`, { token, body: { content } });
        if (res.status !== 200) throw new Error(`saving ${filename} answered ${res.status}: ${JSON.stringify(res.body)}`);
        return { id: res.body.id as string, projectId: res.body.projectId as string };
      },
    };
  } catch (err) {
    await t.close();
    throw err;
  }
}

export function sandboxNote(t: TestApp): string {
  const status = t.app.deps.sandbox.status;
  if (status.full) return 'sandbox fully active (every protection: bubblewrap, unprivileged uid, cgroup memory/pids/cpu, slirp4netns)';
  const off = status.protections.filter((p) => !p.active).map((p) => `${p.name} (${p.detail})`);
  return `sandbox NOT fully active, missing: ${off.join('; ')}`;
}

/** A signed-in /ws client in this process that keeps every frame and can wait for one. */
export class Socket {
  private readonly frames: { frame: ServerFrame; at: number }[] = [];
  private waiter: (() => void) | null = null;
  private closed: number | null = null;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push({ frame: JSON.parse(String(data)), at: performance.now() });
      this.waiter?.();
    });
    ws.on('close', (code) => {
      this.closed = code;
      this.waiter?.();
    });
  }

  static async open(b: Bench): Promise<Socket> {
    const ws = new WebSocket(`${b.t.url.replace('http', 'ws')}/ws`, { headers: { origin: b.t.url } });
    const s = new Socket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    s.send({ type: 'auth', token: b.token });
    await s.next((f) => f.type === 'runs');
    return s;
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** The frames received so far (since the last clear) that match; does not wait. */
  matching(match: (f: ServerFrame) => boolean): ServerFrame[] {
    return this.frames.filter((f) => match(f.frame)).map((f) => f.frame);
  }

  /** Forgets the frames received so far. */
  clear(): void {
    this.frames.length = 0;
  }

  /** The first frame (received so far or later) that matches, with the performance.now() it arrived at. */
  async next(match: (f: ServerFrame) => boolean, timeoutMs = RUN_TIMEOUT_MS): Promise<{ frame: ServerFrame; at: number }> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find((f) => match(f.frame));
      if (found) return found;
      if (this.closed !== null) throw new Error(`socket closed (${this.closed})`);
      if (performance.now() > deadline) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.map((f) => f.frame)).slice(-1000)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiter = () => {
          clearTimeout(timer);
          this.waiter = null;
          resolve();
        };
      });
    }
  }

  close(): void {
    this.ws.close();
  }
}

// ---- Run start ---------------------------------------------------------------------------------

/** Milliseconds from spawning the command to its first stdout byte; resolves once it has exited. */
function spawnToFirstByte(cmd: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let first: number | null = null;
    let stderr = '';
    child.stdout.once('data', () => (first = performance.now() - start));
    child.stdout.resume();
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.once('error', reject);
    child.once('close', (code) => {
      if (first === null) reject(new Error(`${cmd} printed nothing (exit ${code}): ${stderr.trim().slice(-300)}`));
      else resolve(first);
    });
  });
}

type StartTiming = { total: number; accepted: number; spawnCalled: number; spawnResolved: number; lineRead: number; batchWait: number; sandboxSteps: readonly TimedStep[] };

/**
 * Times the app's sandbox.spawn (called once the run's files are loaded; resolves once the sandbox
 * is set up, network included, and the command is let go): a wrapper around the app's own object,
 * for the breakdown in the note only. Returns the restore function.
 */
function timeSandboxSpawns(t: TestApp, onSpawn: (calledAt: number, resolvedAt: number, steps: readonly TimedStep[]) => void): () => void {
  const sandbox = t.app.deps.sandbox as { spawn: Sandbox['spawn'] };
  const real = sandbox.spawn;
  sandbox.spawn = async (spec) => {
    const calledAt = Date.now();
    const child = await real.call(sandbox, spec);
    onSpawn(calledAt, Date.now(), child.startup ?? []);
    return child;
  };
  return () => void (sandbox.spawn = real);
}

/** The sandbox's own steps, each the median over the starts: "cgroup, prlimit, setpriv, bwrap namespaces 9 ms, loopback 2 ms, ...". */
function sandboxSteps(timings: StartTiming[]): string {
  const names = [...new Set(timings.flatMap((t) => t.sandboxSteps.map((s) => s.step)))];
  if (names.length === 0) return 'no step breakdown from this sandbox';
  return names.map((name) => `${name} ${fmt(median(timings.map((t) => t.sandboxSteps.find((s) => s.step === name)?.ms ?? 0)))} ms`).join(', ');
}

/** Bots that print one line at once and then keep running, as a bot does (so only the batch timer can deliver the line). */
const START_BOTS = {
  python: { filename: 'bot.py', content: 'import time\nprint(1)\ntime.sleep(120)\n', label: 'bot.py: print(1), then sleeps' },
  node: { filename: 'bot.js', content: 'console.log(1);\nsetTimeout(() => {}, 120_000);\n', label: 'bot.js: console.log(1), then waits' },
};

function runStartScenario(language: 'python' | 'node'): Scenario {
  const python = language === 'python';
  const bot = START_BOTS[language];
  return {
    name: `run start, ${language}`,
    unit: 'ms',
    subjectLabel: `execute-file over /ws to the first execution_output frame (${bot.label})`,
    baselineLabel: python ? "spawn python3 -u -c 'print(1)' to its first stdout byte" : "spawn node -e 'console.log(1)' to its first stdout byte",
    goal: { op: '<=', ratio: python ? 2 : 1.5 },
    prepare: () => prepareRunStart(language),
  };
}

async function prepareRunStart(language: 'python' | 'node'): Promise<Prepared> {
  const b = await startBench({ RUNNER_STOP_GRACE_MS: '500' });
  const starters = new Starters(b, START_BOTS[language]);
  let restoreSpawn = () => {};
  const closeAll = async () => {
    restoreSpawn();
    starters.close();
    await b.t.close();
  };
  try {
    const runner = b.t.config.runner;
    const timings: StartTiming[] = [];
    const spawns = { seen: NOT_SPAWNED };
    restoreSpawn = timeSandboxSpawns(b.t, (calledAt, resolvedAt, steps) => (spawns.seen = { calledAt, resolvedAt, steps }));
    const start = async () => timedStart(await starters.next(), spawns);
    const measuredStarts = async () => {
      const round: number[] = [];
      for (let i = 0; i < STARTS_PER_ROUND; i++) {
        const timing = await start();
        timings.push(timing);
        round.push(timing.total);
      }
      return median(round);
    };
    const bare = async () => {
      const round: number[] = [];
      for (let i = 0; i < STARTS_PER_ROUND; i++) {
        round.push(
          language === 'python'
            ? await spawnToFirstByte(runner.python, ['-u', '-c', 'print(1)'], PYTHON_ENV)
            : await spawnToFirstByte(runner.node, ['-e', 'console.log(1)'], NODE_ENV),
        );
      }
      return median(round);
    };
    const sandbox = sandboxNote(b.t);
    return {
      // Read again after the rounds, so it reports what they saw.
      get note() {
        return runStartNote(sandbox, timings);
      },
      async warmUp() {
        await bare();
        await start();
      },
      baseline: bare,
      subject: measuredStarts,
      close: closeAll,
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}

/**
 * The people who start the bot. A person may start a bot RUN_STARTS_PER_MINUTE times a minute: a
 * new person (their own socket and copy of the bot) takes over before that, so no start is refused.
 */
class Starters {
  private readonly sockets: Socket[] = [];
  private person = { socket: null as unknown as Socket, fileId: '', starts: RUN_STARTS_PER_MINUTE };

  constructor(
    private readonly b: Bench,
    private readonly bot: { filename: string; content: string },
  ) {}

  /** Who starts next, counted as a start. */
  async next(): Promise<{ socket: Socket; fileId: string }> {
    if (this.person.starts >= RUN_STARTS_PER_MINUTE) {
      const { token, id: userId } = await newUser(this.b.t);
      const saved = await this.b.t.request('PUT', `/api/projects/default/files/${this.bot.filename}`, { token, body: { content: this.bot.content } });
      const socket = await Socket.open({ ...this.b, token, userId });
      this.sockets.push(socket);
      this.person = { socket, fileId: saved.body.id as string, starts: 0 };
    }
    this.person.starts++;
    return this.person;
  }

  close(): void {
    for (const s of this.sockets) s.close();
  }
}

type SpawnSeen = { calledAt: number; resolvedAt: number; steps: readonly TimedStep[] };
const NOT_SPAWNED: SpawnSeen = { calledAt: 0, resolvedAt: 0, steps: [] };

/** One start to the bot's first line, then (not counted) Stop, and the run gone before the next. */
async function timedStart(who: { socket: Socket; fileId: string }, spawns: { seen: SpawnSeen }): Promise<StartTiming> {
  const { socket: s, fileId } = who;
  s.clear();
  spawns.seen = NOT_SPAWNED;
  const sentWall = Date.now();
  const sent = performance.now();
  s.send({ type: 'execute-file', fileId });
  const forRun = (f: ServerFrame) => 'fileId' in f && f.fileId === fileId;
  const out = await s.next((f) => f.type === 'execution_output' && forRun(f));
  s.send({ type: 'stop-execution', fileId });
  const exit = await s.next((f) => f.type === 'execution_exit' && forRun(f));
  if (exit.frame.type === 'execution_exit' && exit.frame.reason !== 'stopped') throw new Error(`the bot ended by itself: ${exit.frame.message}`);
  const log = await s.next((f) => f.type === 'execution_log' && forRun(f));
  const total = out.at - sent;
  // `at` is the server's Date.now() when it logged 'Starting execution' / read the line from
  // the pipe: the app runs in this process, so it is the same clock as sentWall (ms resolution).
  const lineRead = (out.frame as { at: number }).at - sentWall;
  const spawned = spawns.seen;
  if (!spawned.calledAt) throw new Error('the run did not go through sandbox.spawn');
  return {
    total,
    accepted: (log.frame as { at: number }).at - sentWall,
    spawnCalled: spawned.calledAt - sentWall,
    spawnResolved: spawned.resolvedAt - sentWall,
    lineRead,
    batchWait: total - lineRead,
    sandboxSteps: spawned.steps,
  };
}

function runStartNote(sandbox: string, timings: StartTiming[]): string {
  const m = (pick: (t: StartTiming) => number) => (timings.length ? fmt(median(timings.map(pick))) : '-');
  return (
    `${sandbox}; median of ${STARTS_PER_ROUND} starts a side a round (each run stopped and gone before the next; one uncounted start of each first); ` +
    `the bare side gets the runner's clean environment; the bot keeps running after its line (a bot that exits at once gets its line ` +
    `flushed with the exit instead); of the subject's median ${m((t) => t.total)} ms: ${m((t) => t.accepted)} ms to 'Starting execution' ` +
    `(socket frame, file and secrets lookup), ${m((t) => t.spawnCalled - t.accepted)} ms more to sandbox.spawn (the project's files query), ` +
    `${m((t) => t.spawnResolved - t.spawnCalled)} ms in sandbox.spawn (${sandboxSteps(timings)}), ` +
    `${m((t) => t.lineRead - t.spawnResolved)} ms more until the server read the line from the pipe (the interpreter's start in the sandbox), ` +
    `then ${m((t) => t.batchWait)} ms until the frame arrived: ` +
    `RunOutput sends a line after a quiet spell at once and batches what follows within 50 ms, so the first line may wait ` +
    `for the batch that carried 'Starting execution' (figures from the server's own \`at\`, ms resolution)`
  );
}

export const runnerScenarios: Scenario[] = [runStartScenario('python'), runStartScenario('node')];
