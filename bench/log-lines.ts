// 'log lines to the browser' (and its block-buffered variant), through the real app (runner.ts's
// startBench): lines per second a websocket client receives (counted in execution_output frames,
// several lines a frame) from a Python bot printing N lines as fast as it can, against the same
// program's pipe read directly by this process (newlines counted in the chunks). The client runs in
// a worker thread (bench/fixtures/ws-lines-worker.mjs), so the frames are parsed off the server's
// event loop, as in a browser.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { fmt, median, type Prepared, type Scenario } from './harness';
import { PYTHON_ENV, RUN_TIMEOUT_MS, sandboxNote, startBench } from './runner';

/** The rate cap the app gets in the log scenarios: far above anything a bot prints here. */
const BENCH_LINES_PER_SECOND = 10_000_000;
/**
 * Lines a run prints. Unbuffered, Python makes one write per line (~0.3 M lines/s here), so 300,000
 * take about a second. Block-buffered it writes several million a second: 300,000 would be done in
 * ~50 ms, one batch interval, too short to measure a rate, so that variant prints 2,000,000 (~23 MiB).
 */
const LINES = { unbuffered: 300_000, blockBuffered: 2_000_000 };
const LINES_WORKER = path.join(import.meta.dirname, 'fixtures', 'ws-lines-worker.mjs');

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
  const linesARun = blockBuffered ? LINES.blockBuffered : LINES.unbuffered;
  const variant = blockBuffered ? 'block-buffered stdout (64 KiB)' : 'unbuffered stdout (python -u, as the runner starts it)';
  return {
    name: blockBuffered ? 'log lines to the browser, block-buffered' : 'log lines to the browser',
    unit: 'lines/s',
    subjectLabel: `execution_output lines at a /ws client, python printing ${linesARun} lines, ${variant}`,
    baselineLabel: 'the same program with its pipe read directly',
    goal: { op: '>=', ratio: 0.5 },
    prepare: () => prepareLogLines(blockBuffered, linesARun),
  };
}

/** What the rounds saw, for the note. */
type Seen = { subjects: (Flow & { frames: number })[]; baselines: Flow[]; notices: Set<string>; warmUpNote: string };

async function prepareLogLines(blockBuffered: boolean, linesARun: number): Promise<Prepared> {
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
    const program = printLines(linesARun, blockBuffered);
    const { id: fileId } = await b.save(blockBuffered ? 'lines_buffered.py' : 'lines.py', program);
    const w = new Worker(LINES_WORKER, { execArgv: [], workerData: { url: `${b.t.url.replace('http', 'ws')}/ws`, origin: b.t.url, token: b.token } });
    worker = w;
    let failed: Error | null = null;
    w.on('error', (err) => (failed = err));
    await new Promise<void>((resolve, reject) => {
      w.once('message', (msg: { ready?: boolean; error?: string }) => (msg.ready ? resolve() : reject(new Error(msg.error))));
      w.once('error', reject);
    });

    const seen: Seen = { subjects: [], baselines: [], notices: new Set(), warmUpNote: '' };
    const subject = () => {
      if (failed) throw failed;
      return viaSocket(w, fileId, linesARun, seen);
    };
    const baseline = () => readDirectly(python, program, linesARun, seen);
    const sandbox = sandboxNote(b.t);
    return {
      get note() {
        return logLinesNote(sandbox, linesARun, seen);
      },
      async warmUp() {
        await baseline();
        await subject();
        const lost = linesARun - seen.subjects[0]!.lines;
        if (lost > 0 || seen.notices.size) seen.warmUpNote = `; the uncounted warm-up run got ${lost} lines fewer than printed (${[...seen.notices].join(' / ') || 'no notice'})`;
        seen.subjects.length = 0;
        seen.baselines.length = 0;
        seen.notices.clear();
      },
      baseline,
      subject,
      close: closeAll,
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}

/** One run through the app, its lines counted by the worker's client: the streaming rate. */
async function viaSocket(w: Worker, fileId: string, linesARun: number, seen: Seen): Promise<number> {
  const r = await new Promise<WorkerResult>((resolve) => {
    w.once('message', resolve);
    w.postMessage({ fileId, expected: linesARun, timeoutMs: RUN_TIMEOUT_MS });
  });
  if (r.error) throw new Error(r.error);
  if (r.exit.reason !== 'exited' || r.exit.code !== 0) throw new Error(`the bot did not exit cleanly: ${r.exit.message}: ${r.errors.join('\n').slice(-1500)}`);
  if (r.firstAt === null || r.lastReceived === null) throw new Error('no execution_output frame');
  for (const n of r.notices) seen.notices.add(n.replace(/\d+/g, 'N'));
  // Lines the server skipped or dropped are not delivered: the rate counts only what arrived.
  const flow = { lines: r.lines, first: r.firstAt, last: r.allAt ?? r.lastReceived, start: r.sentAt, frames: r.frames, writeMs: elapsedOf(r.errors.join('\n')) };
  seen.subjects.push(flow);
  return streamRate(flow);
}

/** The same program with its pipe read here: the streaming rate. */
async function readDirectly(python: string, program: string, linesARun: number, seen: Seen): Promise<number> {
  const flow = await readPipeDirectly(python, program);
  if (flow.lines !== linesARun) throw new Error(`the direct read counted ${flow.lines} lines, expected ${linesARun}`);
  seen.baselines.push(flow);
  return streamRate(flow);
}

function logLinesNote(sandbox: string, linesARun: number, seen: Seen): string {
  const { subjects, baselines, notices } = seen;
  const mr = (flows: Flow[], rate: (f: Flow) => number) => (flows.length ? fmt(median(flows.map(rate))) : '-');
  const writeMs = (flows: Flow[]) => {
    const ms = flows.map((f) => f.writeMs).filter((x): x is number => x !== null);
    return ms.length ? fmt(median(ms)) : '-';
  };
  const lost = subjects.filter((s) => s.lines < linesARun).map((s) => linesARun - s.lines);
  return (
    `${sandbox}; rate = lines / time from the first line read off the pipe (the server's \`at\` of the first execution_output frame; ` +
    `the first chunk on the direct side) to the last line received (Date.now(), ms); ` +
    `counting from execute-file sent / from spawn instead: ${mr(subjects, wholeRate)} vs ${mr(baselines, wholeRate)} lines/s; ` +
    `${subjects.length ? Math.round(median(subjects.map((s) => s.frames))) : '-'} execution_output frames a run (batched every 50 ms); ` +
    `Python's own time to write the lines (perf_counter, on stderr; includes blocking on a full pipe): ${writeMs(subjects)} ms in the sandbox vs ${writeMs(baselines)} ms direct; ` +
    `app started with RUNNER_LOG_LINES_PER_SECOND=${BENCH_LINES_PER_SECOND} (the default cap of 1,000 lines/s, burst 5,000, would drop most lines), ` +
    `output volume limit the default 200 MiB (a run prints ${((linesARun * 12) / 1048576).toFixed(1)} MiB or so); ` +
    `the client parses frames in a worker thread; ` +
    (lost.length ? `LINES NOT DELIVERED in ${lost.length} runs (${lost.join(', ')}): ${[...notices].join(' / ')}` : 'every line delivered in every run') +
    (notices.size && !lost.length ? `; notices: ${[...notices].join(' / ')}` : '') +
    seen.warmUpNote
  );
}

export const logLinesScenarios: Scenario[] = [logLinesScenario(false), logLinesScenario(true)];
