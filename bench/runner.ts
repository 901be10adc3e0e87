// The code runner, end to end through the real app (startTestApp: buildApp on a temp DATA_DIR,
// the real sandbox, the real /ws socket with a real `ws` client, a user with a session, the bot saved
// with PUT /api/projects/default/files/...):
//
// - 'run start, python' / 'run start, node': milliseconds from sending {type:'execute-file'} to the
//   first execution_output frame of a bot that prints one line at once, against a bare
//   child_process.spawn of the same interpreter (clean environment, as the runner gives its bots)
//   to its first stdout byte. The median of several starts a round on each side.
// - 'log lines to the browser' (and its block-buffered variant): lines per second a websocket client
//   receives (counted in execution_output frames, several lines a frame) from a Python bot printing
//   N lines as fast as it can, against the same program's pipe read directly by this process
//   (newlines counted in the chunks). The client runs in a worker thread (bench/fixtures/
//   ws-lines-worker.mjs), so the frames are parsed off the server's event loop, as in a browser.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import { newUser } from '../server/testing/fixtures';
import { startTestApp, type TestApp } from '../server/testing/test-app';
import type { Sandbox } from '../server/features/runner/sandbox';
import type { TimedStep } from '../server/step-timings';
import type { ServerFrame } from '../shared/runner.schema';
import { RUN_STARTS_PER_MINUTE } from '../server/features/runner/runs/runs';
import { fmt, median, type Scenario } from './harness';

const STARTS_PER_ROUND = 7;
const RUN_TIMEOUT_MS = 30_000;
/** The rate cap the app gets in the log scenarios: far above anything a bot prints here. */
const BENCH_LINES_PER_SECOND = 10_000_000;
/**
 * Lines a run prints. Unbuffered, Python makes one write per line (~0.3 M lines/s here), so 300,000
 * take about a second. Block-buffered it writes several million a second: 300,000 would be done in
 * ~50 ms, one batch interval, too short to measure a rate, so that variant prints 2,000,000 (~23 MiB).
 */
const LINES = { unbuffered: 300_000, blockBuffered: 2_000_000 };
const LINES_WORKER = path.join(import.meta.dirname, 'fixtures', 'ws-lines-worker.mjs');

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
    async prepare() {
      const b = await startBench({ RUNNER_STOP_GRACE_MS: '500' });
      const sockets: Socket[] = [];
      let restoreSpawn = () => {};
      const timings: StartTiming[] = [];
      try {
        const runner = b.t.config.runner;
        // A person may start a bot RUN_STARTS_PER_MINUTE times a minute: a new person (their own
        // socket and copy of the bot) takes over before that, so no start is refused.
        let person = { socket: null as unknown as Socket, fileId: '', starts: RUN_STARTS_PER_MINUTE };
        const personWithStartsLeft = async () => {
          if (person.starts < RUN_STARTS_PER_MINUTE) return person;
          const { token, id: userId } = await newUser(b.t);
          const saved = await b.t.request('PUT', `/api/projects/default/files/${bot.filename}`, { token, body: { content: bot.content } });
          const socket = await Socket.open({ ...b, token, userId });
          sockets.push(socket);
          person = { socket, fileId: saved.body.id as string, starts: 0 };
          return person;
        };
        let spawned: { calledAt: number; resolvedAt: number; steps: readonly TimedStep[] } = { calledAt: 0, resolvedAt: 0, steps: [] };
        restoreSpawn = timeSandboxSpawns(b.t, (calledAt, resolvedAt, steps) => (spawned = { calledAt, resolvedAt, steps }));

        const start = async (): Promise<StartTiming> => {
          const who = await personWithStartsLeft();
          who.starts++;
          const { socket: s, fileId } = who;
          s.clear();
          spawned = { calledAt: 0, resolvedAt: 0, steps: [] };
          const sentWall = Date.now();
          const sent = performance.now();
          s.send({ type: 'execute-file', fileId });
          const forRun = (f: ServerFrame) => 'fileId' in f && f.fileId === fileId;
          const out = await s.next((f) => f.type === 'execution_output' && forRun(f));
          // Not counted: Stop, and wait for the run to be gone before the next start.
          s.send({ type: 'stop-execution', fileId });
          const exit = await s.next((f) => f.type === 'execution_exit' && forRun(f));
          if (exit.frame.type === 'execution_exit' && exit.frame.reason !== 'stopped') throw new Error(`the bot ended by itself: ${exit.frame.message}`);
          const log = await s.next((f) => f.type === 'execution_log' && forRun(f));
          const total = out.at - sent;
          // `at` is the server's Date.now() when it logged 'Starting execution' / read the line from
          // the pipe: the app runs in this process, so it is the same clock as sentWall (ms resolution).
          const lineRead = (out.frame as { at: number }).at - sentWall;
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
        };
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
              python
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
          },
          async warmUp() {
            await bare();
            await start();
          },
          baseline: bare,
          subject: measuredStarts,
          async close() {
            restoreSpawn();
            for (const s of sockets) s.close();
            await b.t.close();
          },
        };
      } catch (err) {
        restoreSpawn();
        for (const s of sockets) s.close();
        await b.t.close();
        throw err;
      }
    },
  };
}

// ---- Log lines to the browser ------------------------------------------------------------------

/**
 * The bot: N lines as fast as Python writes them, then (on stderr, not counted) how long the writing
 * took by its own clock, which includes any time spent blocked on a full pipe (a slow reader).
 */
const printLines = (n: number, blockBuffered: boolean) =>
  [
    'import sys, time',
    ...(blockBuffered ? ['sys.stdout = open(1, "w", buffering=1 << 16)'] : []),
    'w = sys.stdout.write',
    't0 = time.perf_counter()',
    `for i in range(${n}):`,
    '    w(f"line {i}\\n")',
    'sys.stdout.flush()',
    'sys.stderr.write(f"elapsed {time.perf_counter() - t0:.4f}\\n")',
    '',
  ].join('\n');

/** Seconds the bot reported on stderr ('elapsed 0.1234'), or null. */
const elapsedOf = (stderr: string) => {
  const m = /elapsed (\d+\.\d+)/.exec(stderr);
  return m ? Number(m[1]) * 1000 : null;
};

type Flow = { lines: number; first: number; last: number; start: number; writeMs: number | null };

/** Lines/s of the streaming part: from the first line read off the pipe to the last line delivered. */
const streamRate = (f: Flow) => f.lines / (Math.max(1, f.last - f.first) / 1000);
/** Lines/s from the start (spawn, or execute-file sent) to the last line delivered. */
const wholeRate = (f: Flow) => f.lines / (Math.max(1, f.last - f.start) / 1000);

/** Spawns python on the program and counts the newlines it writes, reading the pipe in this process. */
function readPipeDirectly(python: string, program: string): Promise<Flow> {
  return new Promise((resolve, reject) => {
    const start = Date.now();
    const child = spawn(python, ['-u', '-c', program], { env: PYTHON_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    let first = 0;
    let last = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (lines === 0) first = Date.now();
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      last = Date.now();
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) reject(new Error(`python exited with ${code}: ${stderr.trim().slice(-300)}`));
      else resolve({ lines, first, last, start, writeMs: elapsedOf(stderr) });
    });
  });
}

type WorkerResult = {
  error?: string;
  sentAt: number;
  firstAt: number | null;
  firstReceived: number | null;
  lastReceived: number | null;
  allAt: number | null;
  lines: number;
  frames: number;
  notices: string[];
  errors: string[];
  exit: { reason: string; code: number | null; message: string };
};

function logLinesScenario(blockBuffered: boolean): Scenario {
  const LINES_A_RUN = blockBuffered ? LINES.blockBuffered : LINES.unbuffered;
  const variant = blockBuffered ? 'block-buffered stdout (64 KiB)' : 'unbuffered stdout (python -u, as the runner starts it)';
  return {
    name: blockBuffered ? 'log lines to the browser, block-buffered' : 'log lines to the browser',
    unit: 'lines/s',
    subjectLabel: `execution_output lines at a /ws client, python printing ${LINES_A_RUN} lines, ${variant}`,
    baselineLabel: 'the same program with its pipe read directly',
    goal: { op: '>=', ratio: 0.5 },
    async prepare() {
      // The per-run line cap defaults to 1,000 lines/s (burst 5,000): it would drop all but a few
      // thousand of the lines, so the app gets a cap far above the bot's rate.
      const b = await startBench({ RUNNER_LOG_LINES_PER_SECOND: String(BENCH_LINES_PER_SECOND) });
      let worker: Worker | null = null;
      const closeAll = async () => {
        await worker?.terminate();
        await b.t.close();
      };
      try {
        const python = b.t.config.runner.python;
        const program = printLines(LINES_A_RUN, blockBuffered);
        const { id: fileId } = await b.save(blockBuffered ? 'lines_buffered.py' : 'lines.py', program);
        const w = new Worker(LINES_WORKER, { execArgv: [], workerData: { url: `${b.t.url.replace('http', 'ws')}/ws`, origin: b.t.url, token: b.token } });
        worker = w;
        let failed: Error | null = null;
        w.on('error', (err) => (failed = err));
        await new Promise<void>((resolve, reject) => {
          w.once('message', (msg: { ready?: boolean; error?: string }) => (msg.ready ? resolve() : reject(new Error(msg.error))));
          w.once('error', reject);
        });

        const subjects: (Flow & { frames: number })[] = [];
        const baselines: Flow[] = [];
        const notices = new Set<string>();
        let warmUpNote = '';
        const viaSocket = async (): Promise<number> => {
          if (failed) throw failed;
          const r = await new Promise<WorkerResult>((resolve) => {
            w.once('message', resolve);
            w.postMessage({ fileId, expected: LINES_A_RUN, timeoutMs: RUN_TIMEOUT_MS });
          });
          if (r.error) throw new Error(r.error);
          if (r.exit.reason !== 'exited' || r.exit.code !== 0) throw new Error(`the bot did not exit cleanly: ${r.exit.message}: ${r.errors.join('\n').slice(-1500)}`);
          if (r.firstAt === null || r.lastReceived === null) throw new Error('no execution_output frame');
          for (const n of r.notices) notices.add(n.replace(/\d+/g, 'N'));
          // Lines the server skipped or dropped are not delivered: the rate counts only what arrived.
          const flow = { lines: r.lines, first: r.firstAt, last: r.allAt ?? r.lastReceived, start: r.sentAt, frames: r.frames, writeMs: elapsedOf(r.errors.join('\n')) };
          subjects.push(flow);
          return streamRate(flow);
        };
        const direct = async (): Promise<number> => {
          const flow = await readPipeDirectly(python, program);
          if (flow.lines !== LINES_A_RUN) throw new Error(`the direct read counted ${flow.lines} lines, expected ${LINES_A_RUN}`);
          baselines.push(flow);
          return streamRate(flow);
        };
        const sandbox = sandboxNote(b.t);
        return {
          get note() {
            const mr = (flows: Flow[], rate: (f: Flow) => number) => (flows.length ? fmt(median(flows.map(rate))) : '-');
            const writeMs = (flows: Flow[]) => {
              const ms = flows.map((f) => f.writeMs).filter((x): x is number => x !== null);
              return ms.length ? fmt(median(ms)) : '-';
            };
            const lost = subjects.filter((s) => s.lines < LINES_A_RUN).map((s) => LINES_A_RUN - s.lines);
            return (
              `${sandbox}; rate = lines / time from the first line read off the pipe (the server's \`at\` of the first execution_output frame; ` +
              `the first chunk on the direct side) to the last line received (Date.now(), ms); ` +
              `counting from execute-file sent / from spawn instead: ${mr(subjects, wholeRate)} vs ${mr(baselines, wholeRate)} lines/s; ` +
              `${subjects.length ? Math.round(median(subjects.map((s) => s.frames))) : '-'} execution_output frames a run (batched every 50 ms); ` +
              `Python's own time to write the lines (perf_counter, on stderr; includes blocking on a full pipe): ${writeMs(subjects)} ms in the sandbox vs ${writeMs(baselines)} ms direct; ` +
              `app started with RUNNER_LOG_LINES_PER_SECOND=${BENCH_LINES_PER_SECOND} (the default cap of 1,000 lines/s, burst 5,000, would drop most lines), ` +
              `output volume limit the default 200 MiB (a run prints ${((LINES_A_RUN * 12) / 1048576).toFixed(1)} MiB or so); ` +
              `the client parses frames in a worker thread; ` +
              (lost.length ? `LINES NOT DELIVERED in ${lost.length} runs (${lost.join(', ')}): ${[...notices].join(' / ')}` : 'every line delivered in every run') +
              (notices.size && !lost.length ? `; notices: ${[...notices].join(' / ')}` : '') +
              warmUpNote
            );
          },
          async warmUp() {
            await direct();
            await viaSocket();
            const lost = LINES_A_RUN - subjects[0]!.lines;
            if (lost > 0 || notices.size) warmUpNote = `; the uncounted warm-up run got ${lost} lines fewer than printed (${[...notices].join(' / ') || 'no notice'})`;
            subjects.length = 0;
            baselines.length = 0;
            notices.clear();
          },
          baseline: direct,
          subject: viaSocket,
          close: closeAll,
        };
      } catch (err) {
        await closeAll();
        throw err;
      }
    },
  };
}

export const runnerScenarios: Scenario[] = [
  runStartScenario('python'),
  runStartScenario('node'),
  logLinesScenario(false),
  logLinesScenario(true),
];
