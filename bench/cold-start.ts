// Cold start: milliseconds from spawning the server the way `npm start` does after its build
// (`node dist/server/main.js`, on a fresh temp DATA_DIR and a free port) to its first 200 on
// `GET /` (index.html of the built client), against a bare node:http
// server (bench/fixtures/bare-http.mjs) spawned with plain `node` to its first 200. Each start gets
// a clean environment, a new port and a new data dir, so the server generates its secret and runs
// every migration, as on a first `npm start`.
// Second start: `npm start` itself with the build up to date (npm, the check of the sources that finds
// nothing changed, then the same server), against `node dist/server/main.js` started directly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, type Scenario } from './harness';
import type { TimedStep } from '../server/step-timings';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_INDEX = path.join(ROOT, 'dist/client/index.html');
const SERVER_BUNDLE = path.join(ROOT, 'dist/server/main.js');
const BARE = path.join(ROOT, 'bench/fixtures/bare-http.mjs');
const POLL_MS = 5;
const START_TIMEOUT_MS = 30_000;

type Ready = { path: string; status: number; label: string };

/** Builds the client and the server when either is missing; the path and status that mean "ready". */
function ensureBuilt(): { ready: Ready; note: string } {
  if (existsSync(CLIENT_INDEX) && existsSync(SERVER_BUNDLE)) return { ready: { path: '/', status: 200, label: '200 on GET / (built client)' }, note: '' };
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0 || !existsSync(SERVER_BUNDLE)) throw new Error('`npm run build` failed: ' + build.stderr);
  if (existsSync(CLIENT_INDEX)) return { ready: { path: '/', status: 200, label: '200 on GET / (built client)' }, note: '' };
  // Without a built client no path of a fresh server answers 200; the full app is still up
  // (database migrated, every route registered) when it answers /api/auth/me with its 401.
  return {
    ready: { path: '/api/auth/me', status: 401, label: '401 on GET /api/auth/me' },
    note: 'the client did not build (`vite build` failed), so the server is timed to its first 401 on GET /api/auth/me instead of a 200 on GET /; ',
  };
}

/** A fresh data directory per start, all removed when the scenario closes. */
function dataDirs(prefix: string) {
  const dirs: string[] = [];
  return {
    fresh() {
      const dir = mkdtempSync(path.join(tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
    removeAll() {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    },
  };
}

export const coldStart: Scenario = {
  name: 'cold start',
  unit: 'ms',
  subjectLabel: 'node dist/server/main.js to first 200',
  baselineLabel: 'bare node:http',
  goal: { op: '<=', ratio: 3 },
  async prepare() {
    const { ready, note } = ensureBuilt();
    const dirs = dataDirs('botwright-cold-');
    const steps: TimedStep[][] = [];
    const server = () =>
      timeToReady(process.execPath, [SERVER_BUNDLE], { DATA_DIR: dirs.fresh(), LOG_FORMAT: 'json' }, ready, (out) => {
        // The ready line's own breakdown (src/main.ts): where the server's start-up time went.
        const line = out.split('\n').find((l) => l.includes('"startup"') && l.includes('Botwright is ready'));
        if (line) steps.push((JSON.parse(line) as { startup: TimedStep[] }).startup);
      });
    const bare = () => timeToReady(process.execPath, [BARE], {}, { path: '/', status: 200, label: '200' });
    return {
      get note() {
        const names = [...new Set(steps.flat().map((s) => s.step))];
        const breakdown = names.map((name) => `${name} ${Math.round(median(steps.map((run) => run.find((s) => s.step === name)?.ms ?? 0)))}`).join(', ');
        return (
          `${note}subject ready = ${ready.label}; fresh DATA_DIR and port per start, polled every ${POLL_MS} ms; one uncounted start of each first (warm OS file cache, as on every start after the very first)` +
          (breakdown ? `; the server's own breakdown to listening, median ms: ${breakdown} (the runner is set up after listening, in the background)` : '')
        );
      },
      async warmUp() {
        await bare();
        await server();
      },
      baseline: bare,
      subject: server,
      close: async () => dirs.removeAll(),
    };
  },
};

export const secondStart: Scenario = {
  name: 'second npm start',
  unit: 'ms',
  subjectLabel: '`npm start` with the build up to date, to first 200',
  baselineLabel: 'node dist/server/main.js directly',
  goal: { op: '<=', ratio: 1.5 },
  async prepare() {
    const { ready, note } = ensureBuilt();
    // The stamp must match the sources, or the subject would time a build.
    const check = spawnSync(process.execPath, ['-e', "import('./scripts/build-stamp.mjs').then((m) => console.log(m.whyBuild() || ''))"], { cwd: ROOT, encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`could not read the build stamp: ${check.stderr}`);
    if (check.stdout.trim()) {
      const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
      if (build.status !== 0) throw new Error('`npm run build` failed: ' + build.stderr);
    }
    const dirs = dataDirs('botwright-second-');
    const start = (cmd: string, args: string[]) => async () => {
      let out = '';
      const ms = await timeToReady(cmd, args, { DATA_DIR: dirs.fresh(), LOG_FORMAT: 'json' }, ready, (stdout) => (out = stdout));
      if (out.includes('Building Botwright first')) throw new Error('`npm start` rebuilt although nothing changed');
      return ms;
    };
    const npmStart = start('npm', ['start', '--silent']);
    const direct = start(process.execPath, [SERVER_BUNDLE]);
    return {
      note: `${note}subject ready = ${ready.label}; fresh DATA_DIR and port per start, polled every ${POLL_MS} ms; the subject is npm's own start, the check of scripts/build-stamp.mjs (sizes and times of the sources) and the same server; one uncounted start of each first`,
      async warmUp() {
        await direct();
        await npmStart();
      },
      baseline: direct,
      subject: npmStart,
      close: async () => dirs.removeAll(),
    };
  },
};

/** Spawns the command and polls until `ready` answers; returns the milliseconds from spawn, then stops it. */
async function timeToReady(cmd: string, args: string[], extraEnv: Record<string, string>, ready: Ready, onOutput?: (stdout: string) => void): Promise<number> {
  const port = await freePort();
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? tmpdir(), HOST: '127.0.0.1', PORT: String(port), ...extraEnv };
  const start = performance.now();
  // Its own process group, so stopping it also stops the node process tsx runs the app in.
  const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', onOutput ? 'pipe' : 'ignore', 'pipe'], detached: true });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) => child.once('exit', (code) => ((exited = code), resolve())));
  try {
    for (;;) {
      const status = await probe(port, ready.path);
      if (status === ready.status) return performance.now() - start;
      if (status !== null) throw new Error(`GET ${ready.path} answered ${status}, expected ${ready.status}`);
      if (exited !== undefined) throw new Error(`${path.basename(args[args.length - 1]!)} exited with ${exited} before answering: ${stderr.trim().slice(-500)}`);
      if (performance.now() - start > START_TIMEOUT_MS) throw new Error(`no answer within ${START_TIMEOUT_MS} ms`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  } finally {
    if (onOutput) {
      // The ready line is written just after listening: give it a moment to arrive.
      for (let i = 0; i < 100 && !stdout.includes('Botwright is ready'); i++) await new Promise((r) => setTimeout(r, 10));
      onOutput(stdout);
    }
    if (exited === undefined) {
      process.kill(-child.pid!, 'SIGTERM');
      const killer = setTimeout(() => exited === undefined && process.kill(-child.pid!, 'SIGKILL'), 5000);
      await exit;
      clearTimeout(killer);
    }
  }
}

/** The status of one GET, or null when nothing listens yet. */
function probe(port: number, urlPath: string): Promise<number | null> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? null));
    });
    req.on('error', () => resolve(null));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
