// The bubblewrap executor (runner.md "Design"): the run joins its cgroup, gets rlimits, drops to
// an unprivileged uid and enters bwrap's own user, pid, ipc, uts, net and mount namespaces with a
// minimal read-only view of the system. Network comes from slirp4netns with host loopback blocked.
// The command chain is exec'd in place (sh -> prlimit -> setpriv -> bwrap), so the pid we hold is
// bwrap's, and no secret is ever on a command line (`ps` shows argv, not the environment).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, openSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createRunCgroup, type CgroupHost, type RunCgroup } from './cgroup';
import { attachNetwork, type AttachedNetwork } from './network';
import type { SandboxExit, SandboxSpec, SandboxedProcess } from './sandbox';
import type { HostTools } from './host-tools';
import { SANDBOX_ETC } from './etc-files';

/** Uids handed to runs, one per live run, so RLIMIT_NPROC of one run never starves another. */
const UID_BASE = 200_000;
const UID_SLOTS = 10_000;
const usedUids = new Set<number>();
let nextUid = 0;

function takeUid(): number {
  for (let i = 0; i < UID_SLOTS; i++) {
    const uid = UID_BASE + ((nextUid + i) % UID_SLOTS);
    if (!usedUids.has(uid)) {
      usedUids.add(uid);
      nextUid = (nextUid + i + 1) % UID_SLOTS;
      return uid;
    }
  }
  throw new Error('No free sandbox uid');
}

export type BubblewrapOptions = {
  tools: HostTools;
  cgroups: CgroupHost | null;
  /** Host directories outside /usr that interpreters live in (e.g. an nvm prefix), bound read-only. */
  extraSystemDirs: string[];
};

let runCounter = 0;

export async function spawnInBubblewrap(options: BubblewrapOptions, spec: SandboxSpec): Promise<SandboxedProcess> {
  const { tools } = options;
  const runId = `${process.pid}-${Date.now().toString(36)}-${(runCounter++).toString(36)}`;
  const cgroup = options.cgroups ? createRunCgroup(options.cgroups, runId, spec.limits) : null;
  const ownUid = tools.setpriv && spec.uid === undefined ? takeUid() : null;
  const uid = tools.setpriv ? (spec.uid ?? ownUid) : null;
  const withNetwork = spec.network !== 'none' && tools.slirp4netns !== null;

  const chain: string[] = [];
  if (cgroup) chain.push(...cgroup.procsFiles, '--');
  else chain.push('--');
  chain.push(
    tools.prlimit,
    `--nofile=${spec.limits.openFiles}:${spec.limits.openFiles}`,
    `--fsize=${spec.limits.fileSizeBytes}:${spec.limits.fileSizeBytes}`,
    '--core=0:0',
  );
  if (uid !== null) chain.push(`--nproc=${spec.limits.pids}:${spec.limits.pids}`);
  chain.push('--');
  if (uid !== null && tools.setpriv) {
    chain.push(tools.setpriv, `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--inh-caps=-all', '--');
  }
  // fd 3: bwrap's info (the sandbox's pid 1); fd 4: bwrap waits on it until the network is up;
  // then one descriptor per mounted directory (opened here, so the sandbox's uid needs no access
  // to the path above it) and one pipe per generated file (/etc files, then workdir files).
  const mountFds: number[] = [];
  let child: ChildProcess;
  try {
    for (const mount of spec.mounts) mountFds.push(openSync(mount.host, 'r'));
    const data = [...Object.values(SANDBOX_ETC), ...(spec.workdir?.files ?? []).map((f) => f.content)];
    const stdio: ('ignore' | 'pipe' | number)[] = ['ignore', 'pipe', 'pipe', 'pipe', 'pipe', ...mountFds, ...data.map(() => 'pipe' as const)];
    chain.push(tools.bwrap!, ...bwrapArgs(options, spec, withNetwork), '--', ...spec.argv);
    child = spawn(tools.sh, ['-c', JOIN_AND_EXEC, 'sandbox', ...chain], { stdio, env: spec.env, detached: true });
    // bwrap closes its ends whenever it is done with them; that is not an error here.
    for (const stream of child.stdio.slice(3)) (stream as NodeJS.EventEmitter | null)?.on('error', () => {});
    data.forEach((content, i) => (child.stdio[5 + mountFds.length + i] as NodeJS.WritableStream).end(content));
  } catch (err) {
    if (ownUid !== null) usedUids.delete(ownUid);
    await cgroup?.remove().catch(() => {});
    throw err;
  } finally {
    for (const fd of mountFds) closeSync(fd);
  }

  const info = child.stdio[3] as Readable;
  const block = child.stdio[4] as NodeJS.WritableStream & { destroy(): void };
  let network: AttachedNetwork | null = null;
  let innerPid: number | null = null;
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;

  const infoText = readAll(info);
  try {
    const text = await Promise.race([infoText, exited.then(() => '')]);
    if (text) innerPid = JSON.parse(text.slice(0, text.lastIndexOf('}') + 1))['child-pid'] as number;
    if (withNetwork && innerPid !== null) {
      network = await attachNetwork(tools.slirp4netns!, innerPid, spec.network === 'internet-and-host-loopback');
    }
  } catch (err) {
    // The sandbox could not be set up: make sure nothing of it stays.
    child.kill('SIGKILL');
    await exited;
    cleanup();
    throw err;
  }
  // Let the command start (bwrap's --block-fd waits for one byte).
  if (withNetwork) block.write('1');
  block.end();

  let stopping: Promise<SandboxExit> | null = null;
  const exit: Promise<SandboxExit> = exited.then(async ([code, signal]) => {
    // bwrap's pid 1 takes the whole pid namespace with it; the cgroup sweep is belt and braces.
    cgroup?.kill();
    const oomKilled = (cgroup?.oomKills() ?? 0) > 0;
    cleanup();
    await cgroup?.remove().catch(() => {});
    return { code, signal, oomKilled };
  });

  function cleanup(): void {
    network?.close();
    if (ownUid !== null) usedUids.delete(ownUid);
  }

  return {
    pid: child.pid!,
    stdout: child.stdout!,
    stderr: child.stderr!,
    exit,
    stop(graceMs: number) {
      stopping ??= (async () => {
        // SIGTERM to the bot and everything it started, but not to bwrap itself: bwrap dying would
        // take the namespace down at once and leave the bot no time to shut down cleanly.
        const skip = new Set([child.pid!, innerPid ?? -1]);
        signalAll(sandboxPids(cgroup, innerPid).filter((pid) => !skip.has(pid)), 'SIGTERM');
        const timer = new Promise<'timeout'>((r) => setTimeout(r, graceMs, 'timeout').unref());
        if ((await Promise.race([exit, timer])) === 'timeout') {
          signalAll([child.pid!], 'SIGKILL');
          cgroup?.kill();
        }
        return exit;
      })();
      return stopping;
    },
  };
}

// Joins every cgroup named before '--', then execs the rest: the run is inside before it starts.
const JOIN_AND_EXEC = 'while [ "$1" != "--" ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"';

function bwrapArgs(options: BubblewrapOptions, spec: SandboxSpec, withNetwork: boolean): string[] {
  const args = [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--uid',
    '1000',
    '--gid',
    '1000',
    '--hostname',
    'botwright',
    '--ro-bind',
    '/usr',
    '/usr',
  ];
  // Merged-/usr hosts link /bin, /lib... into /usr; others get them bound read-only.
  for (const dir of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
    if (!existsSync(dir)) continue;
    const target = safeReadlink(dir);
    if (target !== null) args.push('--symlink', target, dir);
    else args.push('--ro-bind', dir, dir);
  }
  for (const dir of ['/etc/ssl', '/etc/ca-certificates', '/etc/alternatives', '/etc/localtime', '/etc/mime.types']) {
    if (existsSync(dir)) args.push('--ro-bind', dir, dir);
  }
  for (const dir of options.extraSystemDirs) args.push('--ro-bind', dir, dir);
  let fd = 5 + spec.mounts.length;
  for (const name of Object.keys(SANDBOX_ETC)) args.push('--ro-bind-data', String(fd++), `/etc/${name}`);
  args.push('--proc', '/proc', '--dev', '/dev', '--size', String(spec.limits.tmpBytes), '--tmpfs', '/tmp');
  if (spec.workdir) {
    args.push('--size', String(spec.limits.tmpBytes), '--tmpfs', spec.workdir.path);
    for (const file of spec.workdir.files) args.push('--file', String(fd++), path.posix.join(spec.workdir.path, file.name));
  }
  spec.mounts.forEach((mount, i) => args.push(mount.writable ? '--bind-fd' : '--ro-bind-fd', String(5 + i), mount.sandbox));
  args.push('--chdir', spec.cwd, '--info-fd', '3');
  if (withNetwork) args.push('--block-fd', '4');
  return args;
}

function safeReadlink(p: string): string | null {
  try {
    return readlinkSync(p);
  } catch {
    return null;
  }
}

/** Host pids of the run except bwrap's own: from the cgroup, or the process tree under the sandbox's pid 1. */
function sandboxPids(cgroup: RunCgroup | null, innerPid: number | null): number[] {
  if (cgroup) return cgroup.pids();
  return innerPid === null ? [] : descendantsOf(innerPid);
}

export function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      /* gone meanwhile */
    }
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      /* gone */
    }
  }
}

function readAll(stream: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
      // bwrap keeps the info fd open only until it has written the JSON object.
      if (text.includes('}')) resolve(text);
    });
    stream.on('end', () => resolve(text));
    stream.on('error', reject);
  });
}
