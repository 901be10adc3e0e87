// The escape and abuse suite every executor must pass (docs/security.md lists what it covers),
// run against the real sandbox of this host. Each case is a real attack; each asserts the
// containment and, first, that its probe can see what it looks for (so a broken probe fails rather
// than passes). Cases skip only where the start-up probe says this host lacks a protection, and
// their title then names what is missing. Small limits keep it fast.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, openSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { descendantsOf, processState } from './process-usage';
import { createSandbox, limitsFor } from './index';
import type { NetworkMode, SandboxExit, SandboxMount, SandboxProtection, SandboxedProcess } from './sandbox';

// ---- the host side: a server environment, another project, a DATA_DIR, all outside the sandbox ----

const root = mkdtempSync(path.join(os.tmpdir(), 'botwright-escape-'));
const dataDir = path.join(root, 'data');
const runsDir = path.join(dataDir, 'runs');
const otherProject = path.join(dataDir, 'projects', 'other-project');
const secretOf = (label: string) => `${label}-${randomBytes(12).toString('hex')}`;
const OTHER_PROJECT_SECRET = secretOf('other-project-secret');
const DATA_DIR_SECRET = secretOf('data-dir-secret');
const HOST_TARGET_TEXT = secretOf('host-target-original');
mkdirSync(otherProject, { recursive: true });
writeFileSync(path.join(otherProject, 'bot.py'), `TOKEN = "${OTHER_PROJECT_SECRET}"\n`);
writeFileSync(path.join(dataDir, 'app.db'), `SQLite format 3\0 sessions ${DATA_DIR_SECRET}`);
const hostTarget = path.join(root, 'host-target.txt');
writeFileSync(hostTarget, HOST_TARGET_TEXT);

// A variable of the server's own environment: it must never reach a sandbox.
const SERVER_MARKER = secretOf('server-env-marker');
process.env.BOTWRIGHT_ESCAPE_MARKER = SERVER_MARKER;

const config = loadConfig({
  DATA_DIR: dataDir,
  JWT_SECRET: 'escape-suite-jwt-secret-that-is-long-enough',
  RUNNER_MEMORY_MB: '256',
  RUNNER_PIDS: '64',
  RUNNER_TMP_MB: '16',
  RUNNER_CPU_PERCENT: '100',
  RUNNER_STOP_GRACE_MS: '300',
});
const limits = limitsFor(config.runner);
const PYTHON = config.runner.python;
const NODE = config.runner.node;

const logLines: string[] = [];
const record = (level: string) => (...args: unknown[]) => void logLines.push(`${level} ${args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ')}`);
const log = { info: record('info'), warn: record('warn'), error: record('error'), debug: record('debug'), trace: record('trace'), fatal: record('fatal'), level: 'info' } as unknown as FastifyBaseLogger;
(log as unknown as { child: () => FastifyBaseLogger }).child = () => log;

const sandbox = await createSandbox(config.runner, runsDir, log);
const protection = new Map(sandbox.status.protections.map((p) => [p.name, p]));

/** describe(), skipped with the missing protections named where the probe says this host lacks them. */
function given(needs: SandboxProtection[], title: string, body: () => void): void {
  const missing = needs.filter((n) => !protection.get(n)?.active);
  const reason = missing.map((n) => `${n}: ${protection.get(n)?.detail ?? 'not probed'}`).join('; ');
  describe.skipIf(missing.length > 0)(missing.length ? `${title} [skipped: this host lacks ${reason}]` : title, body);
}

// ---- running things in the sandbox ----

type Run = {
  proc: SandboxedProcess;
  stdout(): string;
  stderr(): string;
  stdoutBytes(): number;
  exited(): SandboxExit | null;
  waitFor(text: string | RegExp, ms?: number): Promise<void>;
};

const live = new Set<SandboxedProcess>();
const cleanups: (() => void | Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all([...live].map((p) => p.stop(0).catch(() => {})));
  live.clear();
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

afterAll(() => {
  delete process.env.BOTWRIGHT_ESCAPE_MARKER;
  rmSync(root, { recursive: true, force: true });
});

const TAIL = 64 * 1024;

async function start(opts: {
  python?: string;
  node?: string;
  argv?: string[];
  env?: Record<string, string>;
  network?: NetworkMode;
  mounts?: SandboxMount[];
}): Promise<Run> {
  const files: { name: string; content: string }[] = [];
  let argv = opts.argv ?? [];
  if (opts.python !== undefined) {
    files.push({ name: 'bot.py', content: opts.python });
    argv = [PYTHON, '-u', 'bot.py', ...argv];
  } else if (opts.node !== undefined) {
    files.push({ name: 'bot.mjs', content: opts.node });
    argv = [NODE, 'bot.mjs', ...argv];
  }
  const proc = await sandbox.spawn({
    argv,
    cwd: '/app',
    mounts: opts.mounts ?? [],
    workdir: { path: '/app', files },
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', PYTHONUNBUFFERED: '1', ...opts.env },
    network: opts.network ?? 'none',
    limits,
  });
  live.add(proc);
  let out = '';
  let err = '';
  let outBytes = 0;
  let exit: SandboxExit | null = null;
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  proc.stdout.on('data', (d: Buffer) => {
    outBytes += d.length;
    out = (out + d.toString('latin1')).slice(-TAIL);
    wake();
  });
  proc.stderr.on('data', (d: Buffer) => {
    err = (err + d.toString('latin1')).slice(-TAIL);
    wake();
  });
  void proc.exit.then((e) => {
    exit = e;
    live.delete(proc);
    wake();
  });
  return {
    proc,
    stdout: () => out,
    stderr: () => err,
    stdoutBytes: () => outBytes,
    exited: () => exit,
    waitFor(text, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const seen = typeof text === 'string' ? out.includes(text) || err.includes(text) : text.test(out) || text.test(err);
          if (seen) done(resolve);
          else if (exit) done(() => reject(new Error(`exited ${JSON.stringify(exit)} before "${text}"\nstdout: ${out.slice(-2000)}\nstderr: ${err.slice(-2000)}`)));
        };
        const timer = setTimeout(() => done(() => reject(new Error(`no "${text}" within ${ms} ms\nstdout: ${out.slice(-2000)}\nstderr: ${err.slice(-2000)}`))), ms);
        const done = (fn: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          fn();
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** The last line of stdout that parses as JSON. */
function lastJson<T = Record<string, unknown>>(run: Run): T {
  const lines = run.stdout().trim().split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    try {
      return JSON.parse(lines[i]) as T;
    } catch {
      /* not this one */
    }
  }
  throw new Error(`no JSON in the output\nstdout: ${run.stdout().slice(-2000)}\nstderr: ${run.stderr().slice(-2000)}`);
}

async function finished(run: Run, ms = 15_000): Promise<SandboxExit> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running after ${ms} ms\nstdout: ${run.stdout().slice(-2000)}\nstderr: ${run.stderr().slice(-2000)}`)), ms);
  });
  try {
    return await Promise.race([run.proc.exit, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function expectOk(run: Run, exit: SandboxExit): void {
  expect(exit, `stdout: ${run.stdout().slice(-2000)}\nstderr: ${run.stderr().slice(-2000)}`).toEqual({ code: 0, signal: null, oomKilled: false });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

// ---- looking at the run from the host ----

function hostPids(): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number);
}

/** Real, effective, saved and filesystem uid of a host process (null when gone). */
function uidsOf(pid: number): number[] | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Uid:'))!;
    return line.split(/\s+/).slice(1, 5).map(Number);
  } catch {
    return null;
  }
}

function pidsWithUid(uid: number): number[] {
  return hostPids().filter((pid) => uidsOf(pid)?.[0] === uid);
}

/** The host pids of everything inside the run (not the outer bwrap). */
function runPids(run: Run): number[] {
  return descendantsOf(run.proc.pid);
}

/** The run's host uid: the uid of the sandbox's processes, which all share it. */
function runUid(run: Run): number {
  const pid = runPids(run)[0];
  const uids = pid === undefined ? null : uidsOf(pid);
  if (!uids) throw new Error('the run has no process on the host');
  return uids[0];
}

/** The directory of the run's cgroup for one controller ('pids', 'memory'), v1 or v2. */
function cgroupDir(pid: number, controller: 'pids' | 'memory'): string {
  const lines = readFileSync(`/proc/${pid}/cgroup`, 'utf8').trim().split('\n');
  const v1 = lines.find((l) => l.split(':')[1].split(',').includes(controller));
  if (v1) return path.join('/sys/fs/cgroup', controller, v1.split(':')[2]);
  const v2 = lines.find((l) => l.startsWith('0::'))!.slice(3);
  const mount = existsSync('/sys/fs/cgroup/cgroup.controllers') ? '/sys/fs/cgroup' : '/sys/fs/cgroup/unified';
  return path.join(mount, v2);
}

function pgrep(exact: string): number[] {
  const r = spawnSync('pgrep', ['-x', '-f', exact], { encoding: 'utf8' });
  return r.stdout.split('\n').filter(Boolean).map(Number);
}

function snapshot(file: string): { content: string; mtimeMs: number; mode: number } {
  const s = statSync(file);
  return { content: readFileSync(file, 'latin1'), mtimeMs: s.mtimeMs, mode: s.mode };
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => path.join(dir, p));
}

const FORK_BOMB_PY = `
import os, time
print("bombing", flush=True)
while True:
    try:
        os.fork()
    except OSError:
        time.sleep(0.05)
`;

// ================================================================================================

describe('the probe', () => {
  it('reports every protection it checked', () => {
    expect([...protection.keys()].sort()).toEqual(['bubblewrap', 'cgroup-cpu', 'cgroup-memory', 'cgroup-pids', 'network-isolation', 'syscall-filter', 'unprivileged-user']);
    // Not a secret anywhere in what the sandbox logged.
    expect(logLines.join('\n')).not.toContain(SERVER_MARKER);
  });
});

// ---- the launcher chain: what runs as root on the host before the uid drop ----

/** A real shared library whose constructor appends "pid uid argv0" to `marker` wherever it is loaded. */
function buildPreloadLibrary(marker: string): string {
  const dir = mkdtempSync(path.join(root, 'preload-'));
  const source = path.join(dir, 'mark.c');
  writeFileSync(
    source,
    `#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
__attribute__((constructor)) static void mark(void) {
  char self[256] = {0}, line[512];
  int f = open("/proc/self/cmdline", O_RDONLY);
  if (f >= 0) { read(f, self, sizeof self - 1); close(f); }
  int n = snprintf(line, sizeof line, "%d %d %s\\n", (int)getpid(), (int)getuid(), self);
  int fd = open(${JSON.stringify(marker)}, O_WRONLY | O_CREAT | O_APPEND, 0666);
  if (fd >= 0) { write(fd, line, n); close(fd); }
}
`,
  );
  const library = path.join(dir, 'mark.so');
  const gcc = spawnSync('gcc', ['-shared', '-fPIC', '-o', library, source], { encoding: 'utf8' });
  if (gcc.status !== 0) throw new Error(`gcc failed: ${gcc.stderr}`);
  chmodSync(dir, 0o755);
  chmodSync(library, 0o755);
  return library;
}

given(['bubblewrap'], 'loader variables and the launcher chain', () => {
  it('LD_PRELOAD of a host library reaches no host-side process (sh, prlimit, setpriv, bwrap, slirp4netns)', async () => {
    const marker = path.join(root, `preload-marker-${randomBytes(4).toString('hex')}`);
    const library = buildPreloadLibrary(marker);
    // The probe: the same library, loaded by a host program, writes the marker.
    spawnSync('/usr/bin/true', [], { env: { LD_PRELOAD: library } });
    expect(readFileSync(marker, 'utf8')).toMatch(/^\d+ 0 \/usr\/bin\/true/);
    rmSync(marker);
    const run = await start({
      argv: ['/usr/bin/true'],
      env: { LD_PRELOAD: library, LD_LIBRARY_PATH: path.dirname(library), LD_AUDIT: library, GCONV_PATH: path.dirname(library) },
      network: protection.get('network-isolation')?.active ? 'internet' : 'none',
    });
    await finished(run);
    expect(existsSync(marker) ? readFileSync(marker, 'utf8') : '').toBe('');
  });

  it('LD_PRELOAD=/proc/<pid>/root/tmp/x.so of another run loads nothing, anywhere', async () => {
    const marker = path.join(root, `proc-root-marker-${randomBytes(4).toString('hex')}`);
    const library = readFileSync(buildPreloadLibrary(marker)).toString('base64');
    // Bot A plants the library in its own /tmp and waits.
    const a = await start({
      python: `import base64, time\nopen("/tmp/e.so", "wb").write(base64.b64decode("${library}"))\nprint("planted", flush=True)\ntime.sleep(30)\n`,
    });
    await a.waitFor('planted');
    const pids = [a.proc.pid, ...runPids(a)];
    // The path is real on the host: root can read the planted file through it.
    expect(pids.some((pid) => existsSync(`/proc/${pid}/root/tmp/e.so`))).toBe(true);
    // Bot B points the loader at every process of A (the attack tried 300 pids per start).
    for (const pid of pids) {
      const b = await start({ argv: ['/usr/bin/true'], env: { LD_PRELOAD: `/proc/${pid}/root/tmp/e.so` } });
      await finished(b);
    }
    expect(existsSync(marker) ? readFileSync(marker, 'utf8') : '').toBe('');
  });

  it('the host-side processes of a run hold a fixed minimal environment, never the run\'s variables', async () => {
    const secret = secretOf('run-variable');
    const run = await start({ python: 'import time\nprint("ready", flush=True)\ntime.sleep(30)\n', env: { RUN_VARIABLE: secret } });
    await run.waitFor('ready');
    // bwrap outside the namespaces (and whatever launched it) has no variable of the run.
    const outer = readFileSync(`/proc/${run.proc.pid}/environ`, 'latin1');
    expect(outer).not.toContain(secret);
    expect(outer).not.toContain('PYTHONUNBUFFERED');
    expect(outer).not.toContain(SERVER_MARKER);
    // The bot itself has them.
    const bot = runPids(run).find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'latin1').startsWith(`${PYTHON}\0`))!;
    expect(readFileSync(`/proc/${bot}/environ`, 'latin1')).toContain(`RUN_VARIABLE=${secret}`);
  });
});

given(['bubblewrap', 'syscall-filter'], 'the syscall filter', () => {
  it('a bot runs under seccomp: io_uring, keyrings, bpf, userfaultfd and new namespaces answer EPERM', async () => {
    const run = await start({
      python: `
import ctypes, errno, json
libc = ctypes.CDLL(None, use_errno=True)
def call(nr, *args):
    r = libc.syscall(nr, *[ctypes.c_long(a) for a in args])
    return "EPERM" if r == -1 and ctypes.get_errno() == errno.EPERM else "r=%d errno=%d" % (r, ctypes.get_errno())
status = open("/proc/self/status").read()
print(json.dumps({
  "seccomp": [l.split()[1] for l in status.splitlines() if l.startswith("Seccomp:")][0],
  "io_uring_setup": call(425, 1, 0), "keyctl": call(250, 0, 0), "bpf": call(321, 0, 0, 0),
  "userfaultfd": call(323, 0), "unshare": call(272, 0x10000000), "perf_event_open": call(298, 0, 0, -1, -1, 0),
}))
`,
    });
    expectOk(run, await finished(run));
    const out = lastJson<Record<string, string>>(run);
    expect(out.seccomp).toBe('2');
    for (const name of ['io_uring_setup', 'keyctl', 'bpf', 'userfaultfd', 'unshare', 'perf_event_open']) expect(out[name], name).toBe('EPERM');
  });
});

given(['bubblewrap'], 'no host path inside', () => {
  it('/proc/self/mountinfo names no host directory: the project and the server\'s files arrive as data', async () => {
    const run = await start({ python: 'print(open("/proc/self/mountinfo").read())\nprint(open("/opt/botwright/extra.txt").read())\n' });
    await finished(run);
    expect(run.stdout()).toContain('/app');
    const withFile = await sandbox.spawn({
      argv: ['/bin/cat', '/proc/self/mountinfo', '/opt/botwright/extra.txt'],
      cwd: '/app',
      mounts: [],
      workdir: { path: '/app', files: [{ name: 'bot.py', content: 'x' }] },
      files: [{ path: '/opt/botwright/extra.txt', content: 'server-provided' }],
      env: { PATH: '/usr/bin:/bin' },
      network: 'none',
      limits,
    });
    live.add(withFile);
    let out = '';
    withFile.stdout.on('data', (d: Buffer) => (out += String(d)));
    withFile.stderr.resume();
    expect((await withFile.exit).code).toBe(0);
    expect(out).toContain('server-provided');
    expect(out).toContain(' /app ');
    for (const hostPath of [root, dataDir, process.cwd(), os.tmpdir() + '/', '/root', '/home', '/work']) expect(out, hostPath).not.toContain(hostPath);
  });
});

given(['bubblewrap'], 'the project reaches the sandbox as one archive', () => {
  it('10,000 files start (one descriptor, not one per file) and arrive intact', async () => {
    const files = Array.from({ length: 10_000 }, (_, i) => ({ name: `f${i}.txt`, content: `file ${i}\n` }));
    files.push({ name: 'bot.py', content: 'import os\nnames = [n for n in os.listdir("/app") if n.startswith("f")]\nprint("files", len(names), open("/app/f9999.txt").read().strip(), flush=True)\n' });
    const proc = await sandbox.spawn({
      argv: [PYTHON, '-u', 'bot.py'],
      cwd: '/app',
      mounts: [],
      workdir: { path: '/app', files },
      env: { PATH: '/usr/bin:/bin' },
      network: 'none',
      // Each file takes a page of the workdir's tmpfs.
      limits: { ...limits, tmpBytes: 64 * 1024 * 1024 },
    });
    live.add(proc);
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += String(d)));
    proc.stderr.resume();
    const exit = await proc.exit;
    expect(out).toContain('files 10000 file 9999');
    expect(exit.code).toBe(0);
  });

  it('a spawn that fails (the server is out of descriptors) is a rejected promise, never an uncaught error', async () => {
    // Exhaust this process's descriptors, as a huge project or a flood of starts would.
    const held: number[] = [];
    try {
      for (;;) held.push(openSync('/dev/null', 'r'));
    } catch (err) {
      expect((err as NodeJS.ErrnoException).code).toBe('EMFILE');
    }
    // Free a few: enough for the server's own bookkeeping, not for a sandbox's pipes.
    for (const fd of held.splice(-4)) closeSync(fd);
    let failure: unknown = null;
    try {
      await start({ argv: ['/usr/bin/true'] });
    } catch (err) {
      failure = err;
    } finally {
      for (const fd of held) closeSync(fd);
    }
    expect(String(failure)).toMatch(/EMFILE|descriptor/i);
    // The process is still here and the sandbox still works.
    const run = await start({ argv: ['/usr/bin/true'] });
    expect((await finished(run)).code).toBe(0);
  });
});

given(['bubblewrap', 'cgroup-pids'], 'fork bombs', () => {
  async function heldAtTheLimit(run: Run): Promise<void> {
    const before = hostPids().length;
    await run.waitFor('bombing');
    const cg = cgroupDir(run.proc.pid, 'pids');
    // The protection is there: this run's cgroup has the configured limit.
    expect(readFileSync(path.join(cg, 'pids.max'), 'utf8').trim()).toBe(String(limits.pids));
    const uid = runUid(run);
    const current = () => Number(readFileSync(path.join(cg, 'pids.current'), 'utf8'));
    const peakFile = path.join(cg, 'pids.peak');
    const peak = () => (existsSync(peakFile) ? Number(readFileSync(peakFile, 'utf8')) : current());
    // It really is a fork bomb: it runs into the limit (fork fails: EAGAIN, "Cannot fork")...
    await until(() => peak() >= limits.pids - 4 || /Cannot fork/.test(run.stderr()), 10_000, `the bomb to reach ${limits.pids} processes`);
    // ...and gets no further, however long it keeps trying.
    for (let i = 0; i < 10; i++) {
      expect(current()).toBeLessThanOrEqual(limits.pids);
      expect(peak()).toBeLessThanOrEqual(limits.pids);
      expect(pidsWithUid(uid).length).toBeLessThanOrEqual(limits.pids);
      // Other work on this host may come and go; a bomb that got out would add thousands.
      expect(hostPids().length).toBeLessThan(before + limits.pids + 200);
      await sleep(30);
    }
    expect(run.exited()).toBeNull();
    const t0 = Date.now();
    const exit = await run.proc.stop(config.runner.stopGraceMs);
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(exit.code === 0).toBe(false);
    // Everything is gone: no process of the run's uid, no cgroup. (bwrap's pid 1 may stay a zombie
    // for a moment: the outer bwrap exits without reaping it, so the host's init does, maybe
    // between the two reads here.)
    expect(pidsWithUid(uid).filter((pid) => ![null, 'Z'].includes(processState(pid)))).toEqual([]);
    expect(existsSync(cg)).toBe(false);
  }

  it('python os.fork() loop', async () => {
    await heldAtTheLimit(await start({ python: FORK_BOMB_PY }));
  });

  it('shell fork bomb', async () => {
    // The shell itself forks once, before the bomb can fill the run (a failed fork ends a script).
    await heldAtTheLimit(await start({ argv: ['/bin/sh', '-c', 'bomb() { bomb | bomb & }; bomb & echo bombing; exec sleep 60'] }));
  });
});

given(['bubblewrap', 'cgroup-memory'], '1 GiB allocations', () => {
  it('python is killed by the memory cgroup', async () => {
    const run = await start({ python: 'x = b"x" * (1 << 30)\nprint("allocated", len(x))\n' });
    const exit = await finished(run);
    expect(run.stdout()).not.toContain('allocated');
    expect(exit.oomKilled).toBe(true);
    expect(exit.code === 137 || exit.signal === 'SIGKILL').toBe(true);
  });

  it('node is killed by the memory cgroup', async () => {
    // Filled, so every page is really touched (a zeroed Buffer may stay virtual).
    const run = await start({ node: 'const b = Buffer.alloc(2 ** 30, 1);\nconsole.log("allocated", b.length);\n' });
    const exit = await finished(run);
    expect(run.stdout()).not.toContain('allocated');
    expect(exit.oomKilled).toBe(true);
    expect(exit.code === 137 || exit.signal === 'SIGKILL').toBe(true);
  });
});

given(['bubblewrap'], 'output floods', () => {
  /** The longest the event loop was blocked while `fn` ran. */
  async function maxLag<T>(fn: () => Promise<T>): Promise<[T, number]> {
    let last = performance.now();
    let worst = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last - 10);
      last = now;
    }, 10);
    try {
      return [await fn(), worst];
    } finally {
      clearInterval(timer);
    }
  }

  it('50 MiB from python is read without blocking, then stop() works', async () => {
    const MiB = 1 << 20;
    const run = await start({
      python: `
import sys, time
chunk = (b"x" * 1023 + b"\\n") * 1024
for _ in range(50):
    sys.stdout.buffer.write(chunk)
sys.stdout.buffer.flush()
sys.stderr.write("flooded\\n")
sys.stderr.flush()
time.sleep(60)
`,
    });
    const [, lag] = await maxLag(async () => {
      await run.waitFor('flooded', 20_000);
      await until(() => run.stdoutBytes() >= 50 * MiB, 10_000, 'all 50 MiB');
    });
    expect(run.stdoutBytes()).toBe(50 * MiB);
    expect(lag).toBeLessThan(500);
    const t0 = Date.now();
    const exit = await run.proc.stop(config.runner.stopGraceMs);
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(exit.code === 0).toBe(false);
  });

  it('an endless `yes` is read as fast as it comes and stops', async () => {
    const run = await start({ argv: ['/usr/bin/yes', 'flood'] });
    const [, lag] = await maxLag(() => until(() => run.stdoutBytes() > 4 << 20, 10_000, '4 MiB of yes'));
    expect(lag).toBeLessThan(500);
    const ended = new Promise<void>((resolve) => run.proc.stdout.once('close', () => resolve()));
    const t0 = Date.now();
    await run.proc.stop(config.runner.stopGraceMs);
    await ended;
    expect(Date.now() - t0).toBeLessThan(2_000);
    const after = run.stdoutBytes();
    await sleep(100);
    expect(run.stdoutBytes()).toBe(after);
  });
});

given(['bubblewrap'], 'filling the disk', () => {
  const FILL_PY = `
import errno, json, os
out = {}
for d in ["/tmp", "/app"]:
    fd = os.open(d + "/fill", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    written = 0
    try:
        while True:
            written += os.write(fd, b"\\0" * (1 << 20))
    except OSError as e:
        out[d] = {"error": errno.errorcode.get(e.errno, str(e.errno)), "written": written}
    os.close(fd)
    os.remove(d + "/fill")
# Around the limits: bwrap's own root (and /etc in it) is read-only.
for p in ["/fill", "/etc/fill", "/usr/fill"]:
    try:
        open(p, "wb").close()
        out[p] = "WROTE"
    except OSError as e:
        out[p] = errno.errorcode.get(e.errno, str(e.errno))
mounts = {}
for line in open("/proc/self/mounts"):
    dev, where, kind, options = line.split()[:4]
    mounts[where] = [kind, options]
out["mounts"] = {d: mounts.get(d) for d in ["/tmp", "/app"]}
print(json.dumps(out))
`;

  it('/tmp and the workdir stop at the tmpfs size (ENOSPC) and live in memory, not on the host disk', async () => {
    const before = new Set(walk(root));
    const run = await start({ python: FILL_PY });
    expectOk(run, await finished(run));
    const out = lastJson<Record<string, { error: string; written: number }> & Record<string, string> & { mounts: Record<string, [string, string]> }>(run);
    for (const d of ['/tmp', '/app']) {
      expect(out[d].error).toBe('ENOSPC');
      expect(out[d].written).toBeGreaterThan(limits.tmpBytes / 2);
      expect(out[d].written).toBeLessThanOrEqual(limits.tmpBytes);
      expect(out.mounts[d][0]).toBe('tmpfs');
      expect(out.mounts[d][1]).toContain(`size=${limits.tmpBytes / 1024}k`);
    }
    for (const p of ['/fill', '/etc/fill', '/usr/fill']) expect(out[p], p).toBe('EROFS');
    // Nothing of it reached the server's disk.
    expect(walk(root).filter((p) => !before.has(p))).toEqual([]);
  });

  it('a writable host dir stops at RLIMIT_FSIZE (64 MiB: EFBIG / SIGXFSZ)', async () => {
    // Beside, not inside, the 0700 test root: bwrap reaches a mount by path as the run's uid.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'botwright-escape-writable-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    chmodSync(dir, 0o777);
    const run = await start({
      python: `
import errno, json, os, subprocess
fd = os.open("/data/big", os.O_WRONLY | os.O_CREAT, 0o600)
written = 0
try:
    while True:
        written += os.write(fd, b"\\0" * (1 << 20))
except OSError as e:
    error = errno.errorcode.get(e.errno, str(e.errno))
r = subprocess.run(["/bin/sh", "-c", "head -c 100000000 /dev/zero > /data/big2"])
print(json.dumps({"error": error, "written": written, "shell": r.returncode}))
`,
      mounts: [{ host: dir, sandbox: '/data', writable: true }],
    });
    expectOk(run, await finished(run));
    const out = lastJson<{ error: string; written: number; shell: number }>(run);
    expect(out.error).toBe('EFBIG');
    expect(out.written).toBe(limits.fileSizeBytes);
    // head gets SIGXFSZ (the shell reports 128 + 25) or, where it is ignored, EFBIG.
    expect([153, 1, -25]).toContain(out.shell);
    expect(statSync(path.join(dir, 'big')).size).toBe(limits.fileSizeBytes);
    expect(statSync(path.join(dir, 'big2')).size).toBeLessThanOrEqual(limits.fileSizeBytes);
  });
});

given(['bubblewrap', 'unprivileged-user'], 'mounts', () => {
  it('a mount the run\'s uid could not reach is refused with a clear message', async () => {
    const hidden = path.join(otherProject, 'deps');
    mkdirSync(hidden, { recursive: true });
    await expect(start({ argv: ['/usr/bin/true'], mounts: [{ host: hidden, sandbox: '/deps' }] })).rejects.toThrow(/not searchable/);
  });
});

given(['bubblewrap'], 'reading what is not the bot\'s', () => {
  it('/root, /home, other projects, DATA_DIR, /etc/shadow, the server\'s code and environment are invisible', async () => {
    const targets = [
      '/root',
      '/home',
      '/etc/shadow',
      '/etc/gshadow',
      '/etc/sudoers',
      '/var/lib',
      '/run',
      '/sys/fs/cgroup',
      '/work',
      root,
      dataDir,
      path.join(dataDir, 'app.db'),
      otherProject,
      path.join(otherProject, 'bot.py'),
      process.cwd(),
      path.join(process.cwd(), 'package.json'),
      `/proc/${process.pid}/environ`,
    ];
    const run = await start({
      python: `
import errno, json, os, sys
def probe(p):
    try:
        if os.path.isdir(p):
            return "DIR:" + ",".join(sorted(os.listdir(p)))
        with open(p, "rb") as f:
            return "FILE:" + f.read(100000).decode("latin-1")
    except OSError as e:
        return "ERR:" + errno.errorcode.get(e.errno, str(e.errno))
out = {p: probe(p) for p in json.loads(sys.argv[1])}
out["/app/bot.py"] = probe("/app/bot.py")
environs = {}
for pid in os.listdir("/proc"):
    if pid.isdigit():
        environs[pid] = probe("/proc/%s/environ" % pid)
out["environs"] = environs
out["self"] = probe("/proc/self/environ")
print(json.dumps(out))
`,
      argv: [JSON.stringify(targets)],
      env: { VISIBLE_TO_BOT: 'visible-value' },
    });
    expectOk(run, await finished(run));
    const out = lastJson<Record<string, string> & { environs: Record<string, string> }>(run);
    // The probe reads what the bot may read...
    expect(out['/app/bot.py']).toMatch(/^FILE:\nimport errno/);
    expect(out.self).toContain('VISIBLE_TO_BOT=visible-value');
    expect(Object.keys(out.environs)).toContain('1');
    // ...and nothing else.
    for (const target of targets) expect(out[target], target).toMatch(/^ERR:(ENOENT|EACCES|EPERM)$/);
    // pid 1 is bwrap: it holds the launchers' fixed environment, never the server's (nor its directory).
    expect(out.environs['1']).toMatch(/^FILE:PATH=/);
    for (const text of Object.values(out.environs)) {
      expect(text).not.toContain('BOTWRIGHT_ESCAPE_MARKER');
      expect(text).not.toContain(`PWD=${process.cwd()}\0`);
    }
    const all = run.stdout() + run.stderr();
    for (const secret of [SERVER_MARKER, OTHER_PROJECT_SECRET, DATA_DIR_SECRET, HOST_TARGET_TEXT]) expect(all).not.toContain(secret);
  });

  it('the sandbox processes on the host carry the launchers\' or the run\'s environment, never the server\'s', async () => {
    const run = await start({ python: 'import time\nprint("ready")\ntime.sleep(30)\n' });
    await run.waitFor('ready');
    const pids = [run.proc.pid, ...runPids(run)];
    expect(pids.length).toBeGreaterThanOrEqual(3);
    const environs = pids.map((pid) => readFileSync(`/proc/${pid}/environ`, 'latin1'));
    expect(environs.filter((e) => e.includes('PYTHONUNBUFFERED=1'))).toHaveLength(1);
    for (const environ of environs) expect(environ).not.toContain(SERVER_MARKER);
  });
});

given(['bubblewrap', 'network-isolation'], 'network', () => {
  const hostAddress = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

  const CONNECT_PY = `
import json, socket, sys, time
out = {"interfaces": [n for _, n in socket.if_nameindex()], "connect": {}}
for target in json.loads(sys.argv[1]):
    host, port = target.rsplit(":", 1)
    t = time.time()
    s = socket.socket()
    s.settimeout(3)
    try:
        s.connect((host, int(port)))
        result = "CONNECTED:" + s.recv(100).decode()
    except OSError as e:
        result = "ERR:" + type(e).__name__ + ":" + str(e)
    out["connect"][target] = [result, round(time.time() - t, 3)]
print(json.dumps(out))
`;

  async function hostServer(hostname: string): Promise<{ port: number; connections: () => number }> {
    let connections = 0;
    const server = net.createServer((socket) => {
      connections++;
      socket.end('host-service\n');
    });
    await new Promise<void>((resolve) => server.listen(0, hostname, resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return { port: (server.address() as net.AddressInfo).port, connections: () => connections };
  }

  type Connect = { interfaces: string[]; connect: Record<string, [string, number]> };

  // The metadata services are checked by their routes only (network.test.ts): a test sends nothing
  // to an address it did not make, not even to see it refused.
  it('host 127.0.0.1 services and the host\'s own address are unreachable; tap0 is up', async () => {
    const loopback = await hostServer('127.0.0.1');
    const everywhere = await hostServer('0.0.0.0');
    const targets = [`127.0.0.1:${loopback.port}`, `10.0.2.2:${loopback.port}`];
    if (hostAddress) targets.push(`${hostAddress}:${everywhere.port}`);
    const run = await start({ python: CONNECT_PY, argv: [JSON.stringify(targets)], network: 'internet' });
    expectOk(run, await finished(run));
    const out = lastJson<Connect>(run);
    // The network is there: tap0 is up (read with if_nameindex, as /sys is not mounted in the sandbox).
    expect(out.interfaces).toEqual(['lo', 'tap0']);
    for (const target of targets) {
      const [result, seconds] = out.connect[target];
      expect(result, target).toMatch(/^ERR:/);
      // Refused or unroutable at once, never a hanging connect.
      expect(seconds).toBeLessThan(1.5);
    }
    expect(loopback.connections()).toBe(0);
    expect(everywhere.connections()).toBe(0);
  });

  it('the same probe does reach the host where the installer is allowed to (so it can fail)', async () => {
    const loopback = await hostServer('127.0.0.1');
    const run = await start({ python: CONNECT_PY, argv: [JSON.stringify([`10.0.2.2:${loopback.port}`])], network: 'internet-and-host-loopback' });
    expectOk(run, await finished(run));
    expect(lastJson<Connect>(run).connect[`10.0.2.2:${loopback.port}`][0]).toBe('CONNECTED:host-service\n');
    expect(loopback.connections()).toBe(1);
  });

  it('the bot cannot lift the blocks', async () => {
    const run = await start({
      python: `
import json, subprocess
ip = "/usr/sbin/ip" if __import__("os").path.exists("/usr/sbin/ip") else "/sbin/ip"
r = subprocess.run([ip, "route", "del", "169.254.0.0/16"], capture_output=True, text=True)
routes = subprocess.run([ip, "route"], capture_output=True, text=True).stdout
print(json.dumps({"del": r.returncode, "err": r.stderr, "routes": routes}))
`,
      network: 'internet',
    });
    expectOk(run, await finished(run));
    const out = lastJson<{ del: number; err: string; routes: string }>(run);
    expect(out.routes).toContain('unreachable 169.254.0.0/16');
    expect(out.del).not.toBe(0);
    expect(out.err).toMatch(/not permitted/i);
  });

  it("'none' has only a loopback interface", async () => {
    const run = await start({ python: CONNECT_PY, argv: [JSON.stringify(['1.1.1.1:53'])], network: 'none' });
    expectOk(run, await finished(run));
    const out = lastJson<Connect>(run);
    expect(out.interfaces).toEqual(['lo']);
    expect(out.connect['1.1.1.1:53'][0]).toMatch(/^ERR:.*unreachable/i);
  });
});

given(['bubblewrap'], 'privileges', () => {
  it('unshare -r, nested user namespaces, mount and setuid binaries give nothing', async () => {
    // The setuid binaries are really there on the host, so trying them means something.
    const setuid = ['/usr/bin/su', '/usr/bin/mount', '/usr/bin/passwd'].filter((p) => existsSync(p) && (statSync(p).mode & 0o4000) !== 0);
    const run = await start({
      python: `
import ctypes, json, os, subprocess, sys
def run(argv):
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=5, stdin=subprocess.DEVNULL)
        return [r.returncode, (r.stdout + r.stderr)[-300:]]
    except FileNotFoundError:
        return None
libc = ctypes.CDLL(None, use_errno=True)
def call(fn, *args):
    rc = fn(*args)
    return [rc, ctypes.get_errno()]
out = {
    "unshare_plain": run(["unshare", "true"]),
    "unshare_r": run(["unshare", "-r", "id", "-u"]),
    "unshare_U": run(["unshare", "-U", "true"]),
    "unshare_m": run(["unshare", "-m", "true"]),
    "unshare_n": run(["unshare", "-n", "true"]),
    "syscall_userns": call(libc.unshare, 0x10000000),
    "syscall_mountns": call(libc.unshare, 0x00020000),
    "mount": run(["mount", "-t", "tmpfs", "none", "/tmp"]),
    "syscall_mount": call(libc.mount, b"none", b"/tmp", b"tmpfs", 0, None),
    "setuid": {p: run([p] + (["-c", "id -u", "root"] if p.endswith("/su") else ["-S", "root"] if p.endswith("passwd") else ["-t", "tmpfs", "none", "/tmp"])) for p in json.loads(sys.argv[1])},
    "uid": [os.getuid(), os.geteuid()],
}
status = {}
for line in open("/proc/self/status"):
    key, _, value = line.partition(":")
    status[key] = value.strip()
out["status"] = {k: status.get(k) for k in ["Uid", "Gid", "CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb", "NoNewPrivs"]}
print(json.dumps(out))
`,
      argv: [JSON.stringify(setuid)],
    });
    expectOk(run, await finished(run));
    const out = lastJson<Record<string, [number, string] | null> & { setuid: Record<string, [number, string] | null>; uid: number[]; status: Record<string, string> }>(run);
    // The tool works as such: only the namespaces are refused (under the syscall filter, unshare(2) itself is).
    if (!protection.get('syscall-filter')?.active) expect(out.unshare_plain?.[0]).toBe(0);
    for (const key of ['unshare_r', 'unshare_U', 'unshare_m', 'unshare_n', 'mount']) {
      expect(out[key], key).not.toBeNull();
      expect(out[key]![0], key).not.toBe(0);
    }
    expect(out.unshare_r?.[1]).not.toMatch(/^0$/m);
    for (const key of ['syscall_userns', 'syscall_mountns', 'syscall_mount']) expect(out[key]![0], key).toBe(-1);
    expect(Object.keys(out.setuid)).toEqual(setuid);
    for (const [binary, result] of Object.entries(out.setuid)) {
      expect(result![0], binary).not.toBe(0);
      expect(result![1], binary).not.toMatch(/^0$/m);
    }
    expect(out.uid).toEqual([1000, 1000]);
    expect(out.status.Uid.split(/\s+/)).toEqual(['1000', '1000', '1000', '1000']);
    expect(out.status.NoNewPrivs).toBe('1');
    for (const caps of ['CapInh', 'CapPrm', 'CapEff', 'CapBnd', 'CapAmb']) expect(out.status[caps], caps).toBe('0000000000000000');
  });
});

given(['bubblewrap'], 'planted symlinks', () => {
  it('symlinks to host paths in the workdir and /tmp lead nowhere, and the host never follows them', async () => {
    const watched = [hostTarget, path.join(dataDir, 'app.db'), path.join(otherProject, 'bot.py')];
    const before = watched.map(snapshot);
    const shadowBefore = existsSync('/etc/shadow') ? statSync('/etc/shadow').mtimeMs : null;
    const treeBefore = walk(root).sort();
    const run = await start({
      python: `
import errno, json, os, sys
out = {}
for i, target in enumerate(json.loads(sys.argv[1]) + ["/etc/shadow", "/root/.ssh/authorized_keys", "/proc/1/root/etc/passwd"]):
    for base in ["/app", "/tmp"]:
        link = "%s/link%d" % (base, i)
        os.symlink(target, link)
        try:
            with open(link, "a") as f:
                f.write("PWNED")
            out[link] = "WROTE"
        except OSError as e:
            out[link] = "ERR:" + errno.errorcode.get(e.errno, str(e.errno))
# Swap the bot's own file and the workdir itself for links out.
os.remove("/app/bot.py")
os.symlink(json.loads(sys.argv[1])[0], "/app/bot.py")
os.symlink("/", "/tmp/root-link")
print(json.dumps(out))
`,
      argv: [JSON.stringify(watched)],
    });
    expectOk(run, await finished(run));
    const out = lastJson<Record<string, string>>(run);
    expect(Object.keys(out).length).toBe(12);
    // Inside, the targets do not exist, or are read-only (/etc/shadow would land in the sandbox's
    // read-only root; /proc/1/root/etc/passwd is its own generated, read-only file).
    for (const [link, result] of Object.entries(out)) expect(result, link).toMatch(/^ERR:(ENOENT|EACCES|EROFS|EPERM)$/);
    // The host is as it was: nothing read into, written, created.
    expect(watched.map(snapshot)).toEqual(before);
    if (shadowBefore !== null) expect(statSync('/etc/shadow').mtimeMs).toBe(shadowBefore);
    expect(walk(root).sort()).toEqual(treeBefore);
    expect(run.stdout() + run.stderr()).not.toContain(HOST_TARGET_TEXT);
  });
});

given(['bubblewrap'], 'daemons', () => {
  const daemonPy = (marker: string, stay: boolean) => `
import os, signal, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        os.execv("/usr/bin/sleep", ["sleep", "${marker}"])
    os._exit(0)
os.wait()
print("daemonised", flush=True)
${stay ? 'while True:\n    time.sleep(1)' : 'time.sleep(0.2)'}
`;

  it('a double-forked, setsid, TERM-ignoring child is gone after stop()', async () => {
    const run = await start({ python: daemonPy('31337', true) });
    await run.waitFor('daemonised');
    await until(() => pgrep('sleep 31337').length === 1, 2_000, 'the daemon on the host');
    // It is the run's, and really left the bot's process tree: reparented to the sandbox's pid 1.
    const [daemon] = pgrep('sleep 31337');
    expect(runPids(run)).toContain(daemon);
    expect(readFileSync(`/proc/${daemon}/stat`, 'utf8').split(') ')[1].split(' ')[1]).toBe(String(runPids(run)[0]));
    await run.proc.stop(config.runner.stopGraceMs);
    expect(pgrep('sleep 31337')).toEqual([]);
    expect(existsSync(`/proc/${daemon}`)).toBe(false);
  });

  it('and gone once the bot exits on its own', async () => {
    const run = await start({ python: daemonPy('31338', false) });
    await run.waitFor('daemonised');
    await until(() => pgrep('sleep 31338').length === 1, 2_000, 'the daemon on the host');
    expectOk(run, await finished(run));
    expect(pgrep('sleep 31338')).toEqual([]);
  });
});

given(['bubblewrap'], 'secrets', () => {
  it('a secret in env is in the bot\'s environment, but not in host `ps`, any cmdline or the log', async () => {
    const secret = secretOf('sk-live');
    const run = await start({
      python: `
import hashlib, os, time
print("sha=" + hashlib.sha256(os.environ.get("API_TOKEN", "").encode()).hexdigest() + ";", flush=True)
time.sleep(30)
`,
      env: { API_TOKEN: secret },
    });
    await run.waitFor(/sha=\w+;/);
    expect(run.stdout()).toContain(`sha=${createHash('sha256').update(secret).digest('hex')};`);
    const ps = spawnSync('ps', ['-eo', 'args', 'ww'], { encoding: 'utf8' });
    expect(ps.status).toBe(0);
    expect(ps.stdout).toContain('bwrap');
    expect(ps.stdout).not.toContain(secret);
    const cmdline = readFileSync(`/proc/${run.proc.pid}/cmdline`, 'utf8');
    expect(cmdline).toContain('bwrap');
    expect(cmdline).not.toContain(secret);
    for (const pid of hostPids()) {
      try {
        expect(readFileSync(`/proc/${pid}/cmdline`, 'latin1')).not.toContain(secret);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT' && (err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
      }
    }
    await run.proc.stop(0);
    expect(logLines.join('\n')).not.toContain(secret);
  });
});

given(['bubblewrap', 'unprivileged-user'], 'isolation between runs', () => {
  it('a run sees only its own processes and runs as its own unprivileged host uid', async () => {
    const a = await start({ python: 'import time\nprint("ready", flush=True)\ntime.sleep(30)\n', argv: ['run-a-marker'] });
    await a.waitFor('ready');
    const b = await start({
      python: `
import json, os, time
procs = {}
for pid in os.listdir("/proc"):
    if pid.isdigit():
        try:
            procs[pid] = open("/proc/%s/cmdline" % pid, "rb").read().replace(b"\\0", b" ").decode()
        except OSError as e:
            procs[pid] = "ERR"
print(json.dumps({"self": os.getpid(), "uid": os.getuid(), "procs": procs}), flush=True)
time.sleep(30)
`,
    });
    await b.waitFor(/^\{.*\}\n/m);
    const out = lastJson<{ self: number; uid: number; procs: Record<string, string> }>(b);
    // The probe sees this run's own processes...
    expect(out.procs[String(out.self)]).toContain('bot.py');
    expect(Object.keys(out.procs)).toContain('1');
    // ...and nothing of the other run, the server or the host.
    expect(Object.keys(out.procs).length).toBeLessThanOrEqual(3);
    for (const cmd of Object.values(out.procs)) {
      expect(cmd).not.toContain('run-a-marker');
      expect(cmd).not.toMatch(/vitest|node/);
    }
    expect(out.uid).toBe(1000);
    // On the host: every process of each run has one unprivileged uid, a different one per run.
    const uidA = runUid(a);
    const uidB = runUid(b);
    for (const [run, uid] of [[a, uidA], [b, uidB]] as const) {
      const pids = [run.proc.pid, ...runPids(run)];
      expect(pids.length).toBeGreaterThanOrEqual(3);
      for (const pid of pids) expect(uidsOf(pid)).toEqual([uid, uid, uid, uid]);
    }
    expect(uidA).toBeGreaterThanOrEqual(100_000);
    expect(uidB).toBeGreaterThanOrEqual(100_000);
    expect(uidA).not.toBe(uidB);
  });
});

given(['bubblewrap'], 'stop()', () => {
  it('a bot that honours SIGTERM exits within the grace period with its own code', async () => {
    const run = await start({
      python: `
import signal, sys, time
def bye(*_):
    print("bye", flush=True)
    sys.exit(7)
signal.signal(signal.SIGTERM, bye)
print("ready", flush=True)
while True:
    time.sleep(1)
`,
    });
    await run.waitFor('ready');
    const t0 = Date.now();
    const exit = await run.proc.stop(5_000);
    expect(Date.now() - t0).toBeLessThan(2_000);
    expect(exit).toEqual({ code: 7, signal: null, oomKilled: false });
    expect(run.stdout()).toContain('bye');
  });

  it('a bot that ignores SIGTERM is killed after the grace period', async () => {
    const run = await start({
      python: `
import signal, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
print("ready", flush=True)
while True:
    time.sleep(1)
`,
    });
    await run.waitFor('ready');
    const grace = config.runner.stopGraceMs;
    const t0 = Date.now();
    const exit = await run.proc.stop(grace);
    const took = Date.now() - t0;
    expect(took).toBeGreaterThanOrEqual(grace - 5);
    expect(took).toBeLessThan(grace + 2_000);
    expect(exit.signal === 'SIGKILL' || exit.code === 137).toBe(true);
  });
});
