// A cgroup per run: memory (no swap), process count and CPU quota, on cgroup v2 where the host
// delegates those controllers to us, else on the v1 hierarchies (hybrid hosts keep the controllers
// there). The run's first process joins before it execs; Stop kills everything inside.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type CgroupLimits = { memoryBytes: number; pids: number; cpuPercent: number };

export type CgroupControllers = { memory: boolean; pids: boolean; cpu: boolean };

/** Where run cgroups are made: one directory (v2) or one per controller (v1). */
export type CgroupHost =
  | { version: 2; base: string; controllers: CgroupControllers }
  | { version: 1; bases: Partial<Record<'memory' | 'pids' | 'cpu', string>>; controllers: CgroupControllers };

export interface RunCgroup {
  /** The `cgroup.procs` files the run's first process writes its pid into. */
  readonly procsFiles: string[];
  /** Host pids of every process in the run. */
  pids(): number[];
  oomKills(): number;
  kill(): void;
  /**
   * Kills whatever is still in the cgroup and removes it once the kernel has ended every process
   * of the run (killing again while it waits); rejects when something is still there after 10 s.
   */
  remove(): Promise<void>;
}

const ROOT = '/sys/fs/cgroup';
const PREFIX = 'botwright';

/** Finds a place for run cgroups, creating `botwright/` under this process's own cgroup. Null when none works. */
export function findCgroupHost(): CgroupHost | null {
  return findV2() ?? findV1();
}

function ownPaths(): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of readFileSync('/proc/self/cgroup', 'utf8').split('\n')) {
    const [, controllers, p] = line.split(':');
    if (p === undefined) continue;
    for (const c of controllers === '' ? ['unified'] : controllers.split(',')) map.set(c, p);
  }
  return map;
}

function findV2(): CgroupHost | null {
  const own = ownPaths().get('unified');
  // Pure v2 mounts at /sys/fs/cgroup; hybrid hosts mount it at /sys/fs/cgroup/unified.
  const mount = existsSync(path.join(ROOT, 'cgroup.controllers')) ? ROOT : path.join(ROOT, 'unified');
  if (own === undefined || !existsSync(path.join(mount, 'cgroup.controllers'))) return null;
  const mine = path.join(mount, own);
  const available = read(path.join(mine, 'cgroup.controllers')).split(/\s+/);
  if (!available.includes('memory') || !available.includes('pids')) return null;
  try {
    const base = path.join(mine, PREFIX);
    mkdirSync(base, { recursive: true });
    enableControllers(mine, available);
    enableControllers(base, available);
    return {
      version: 2,
      base,
      controllers: { memory: true, pids: true, cpu: available.includes('cpu') },
    };
  } catch {
    return null;
  }
}

function enableControllers(dir: string, available: string[]): void {
  const wanted = ['memory', 'pids', 'cpu'].filter((c) => available.includes(c));
  const line = wanted.map((c) => `+${c}`).join(' ');
  try {
    writeFileSync(path.join(dir, 'cgroup.subtree_control'), line);
  } catch (err) {
    // "No internal processes": a cgroup that holds processes cannot hand controllers down.
    // Move this server into a leaf beside the runs, then try again.
    if ((err as NodeJS.ErrnoException).code !== 'EBUSY') throw err;
    const leaf = path.join(dir, `${PREFIX}-server`);
    mkdirSync(leaf, { recursive: true });
    for (const pid of read(path.join(dir, 'cgroup.procs')).split('\n').filter(Boolean)) {
      try {
        writeFileSync(path.join(leaf, 'cgroup.procs'), pid);
      } catch {
        /* a process that has gone or cannot move */
      }
    }
    writeFileSync(path.join(dir, 'cgroup.subtree_control'), line);
  }
}

function findV1(): CgroupHost | null {
  const own = ownPaths();
  const bases: Partial<Record<'memory' | 'pids' | 'cpu', string>> = {};
  for (const controller of ['memory', 'pids', 'cpu'] as const) {
    const mount = path.join(ROOT, controller);
    const mine = own.get(controller);
    if (mine === undefined || !existsSync(path.join(mount, 'cgroup.procs'))) continue;
    const base = path.join(mount, mine, PREFIX);
    try {
      mkdirSync(base, { recursive: true });
      bases[controller] = base;
    } catch {
      /* not writable: this controller stays off */
    }
  }
  if (!bases.memory && !bases.pids) return null;
  return { version: 1, bases, controllers: { memory: !!bases.memory, pids: !!bases.pids, cpu: !!bases.cpu } };
}

/** Makes the cgroup of one run with its limits. */
export function createRunCgroup(host: CgroupHost, runId: string, limits: CgroupLimits): RunCgroup {
  const name = `run-${runId}`;
  const period = 100_000;
  const quota = Math.round((limits.cpuPercent / 100) * period);
  if (host.version === 2) {
    const dir = path.join(host.base, name);
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'memory.max'), String(limits.memoryBytes));
    tryWrite(path.join(dir, 'memory.swap.max'), '0');
    writeFileSync(path.join(dir, 'pids.max'), String(limits.pids));
    if (host.controllers.cpu) writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${period}`);
    const kill = () => {
      if (!tryWrite(path.join(dir, 'cgroup.kill'), '1')) killAll(pidsIn(path.join(dir, 'cgroup.procs')));
    };
    return {
      procsFiles: [path.join(dir, 'cgroup.procs')],
      pids: () => pidsIn(path.join(dir, 'cgroup.procs')),
      oomKills: () => counter(path.join(dir, 'memory.events'), 'oom_kill'),
      kill,
      remove: () => removeDirs([dir], kill),
    };
  }
  const dirs: Partial<Record<'memory' | 'pids' | 'cpu', string>> = {};
  for (const [controller, base] of Object.entries(host.bases)) {
    const dir = path.join(base, name);
    mkdirSync(dir);
    dirs[controller as 'memory' | 'pids' | 'cpu'] = dir;
  }
  if (dirs.memory) {
    writeFileSync(path.join(dirs.memory, 'memory.limit_in_bytes'), String(limits.memoryBytes));
    tryWrite(path.join(dirs.memory, 'memory.memsw.limit_in_bytes'), String(limits.memoryBytes));
  }
  if (dirs.pids) writeFileSync(path.join(dirs.pids, 'pids.max'), String(limits.pids));
  if (dirs.cpu) {
    writeFileSync(path.join(dirs.cpu, 'cpu.cfs_period_us'), String(period));
    writeFileSync(path.join(dirs.cpu, 'cpu.cfs_quota_us'), String(quota));
  }
  const all = Object.values(dirs);
  const main = dirs.pids ?? dirs.memory!;
  // A pids-limited fork bomb cannot outrun this loop: it can never exceed the limit.
  const kill = () => {
    for (let i = 0; i < 20; i++) {
      const pids = pidsIn(path.join(main, 'cgroup.procs'));
      if (pids.length === 0) return;
      killAll(pids);
    }
  };
  return {
    procsFiles: all.map((d) => path.join(d, 'cgroup.procs')),
    pids: () => pidsIn(path.join(main, 'cgroup.procs')),
    oomKills: () => (dirs.memory ? counter(path.join(dirs.memory, 'memory.oom_control'), 'oom_kill') : 0),
    kill,
    remove: () => removeDirs(all, kill),
  };
}

/** Removes run cgroups left by a server that died; their processes are killed first. */
export async function sweepStaleCgroups(host: CgroupHost): Promise<number> {
  const bases = host.version === 2 ? [host.base] : Object.values(host.bases);
  let swept = 0;
  for (const base of bases) {
    for (const entry of readdirSync(base, { withFileTypes: true })) {
      if (!entry.isDirectory() || !entry.name.startsWith('run-')) continue;
      // run-<server pid>-...: another live server on this host (or a parallel test worker) owns it.
      if (ownerAlive(entry.name)) continue;
      const dir = path.join(base, entry.name);
      await removeDirs([dir], () => {
        if (host.version === 2) tryWrite(path.join(dir, 'cgroup.kill'), '1');
        killAll(pidsIn(path.join(dir, 'cgroup.procs')));
      });
      swept++;
    }
  }
  return swept;
}

function ownerAlive(name: string): boolean {
  const owner = Number(name.split('-')[1]);
  if (!Number.isInteger(owner) || owner <= 0 || owner === process.pid) return false;
  try {
    process.kill(owner, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function pidsIn(procsFile: string): number[] {
  try {
    return read(procsFile).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function killAll(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

function counter(file: string, name: string): number {
  try {
    const line = read(file).split('\n').find((l) => l.startsWith(name + ' '));
    return line ? Number(line.split(' ')[1]) : 0;
  } catch {
    return 0;
  }
}

/** How long removal waits for the kernel to end a run's processes (a fork bomb on a busy host takes a while). */
const REMOVE_WITHIN_MS = 10_000;

// A cgroup cannot be removed while a process is in it, and one that was just killed stays in it until
// the kernel has ended it; a process forked as the kill was sent may have escaped it (cgroup v1).
async function removeDirs(dirs: string[], killRest: () => void): Promise<void> {
  const deadline = Date.now() + REMOVE_WITHIN_MS;
  let wait = 1; // usually a matter of a millisecond or two: look often at first, then less
  for (const dir of dirs) {
    for (;;) {
      try {
        rmdirSync(dir);
        break;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') break;
        if (code !== 'EBUSY' || Date.now() > deadline) throw err;
        killRest();
        await new Promise((r) => setTimeout(r, wait));
        wait = Math.min(wait * 2, 20);
      }
    }
  }
}

function read(file: string): string {
  return readFileSync(file, 'utf8').trim();
}

function tryWrite(file: string, value: string): boolean {
  try {
    writeFileSync(file, value);
    return true;
  } catch {
    return false;
  }
}
