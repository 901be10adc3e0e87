// The bubblewrap executor (docs/runner.md): the run joins its cgroup, gets rlimits, drops to
// an unprivileged uid and enters bwrap's own user, pid, ipc, uts, net and mount namespaces with a
// minimal read-only view of the system. Network comes from slirp4netns with host loopback blocked.
// The command chain is exec'd in place (sh -> prlimit -> setpriv -> bwrap), so the pid we hold is
// bwrap's; that chain runs with a fixed environment of its own (HOST_ENV), and the run's variables
// reach only the sandboxed command, through a pipe (never a command line or a host-side process).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, openSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { constants as fsConstants } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createRunCgroup, type CgroupHost, type RunCgroup } from './cgroup';
import { descendantsOf, processState, processUsage } from './process-usage';
import { StepTimings } from '../../../step-timings';
import { attachNetwork, type AttachedNetwork } from './network';
import type { SandboxExit, SandboxSpec, SandboxedProcess } from './sandbox';
import type { HostTools } from './host-tools';
import { sandboxEtc } from './etc-files';
import { attachBridge } from './service-bridge';
import { claimUid, releaseUid } from './uid-claims';
import { projectArchive } from './project-archive';

export type BubblewrapOptions = {
  tools: HostTools;
  cgroups: CgroupHost | null;
  /** Host directories outside /usr that interpreters live in (e.g. an nvm prefix), bound read-only. */
  extraSystemDirs: string[];
  /** A compiled seccomp program (seccomp.ts) every sandboxed process is confined by, when there is one. */
  seccomp?: Buffer | null;
  /** Private networks a sandbox may reach anyway (RUNNER_ALLOW_NETWORKS, e.g. a mirror on the LAN). */
  allowNetworks?: readonly string[];
};

let runCounter = 0;

export async function spawnInBubblewrap(options: BubblewrapOptions, spec: SandboxSpec): Promise<SandboxedProcess> {
  const { tools } = options;
  const timings = new StepTimings();
  const runId = `${process.pid}-${Date.now().toString(36)}-${(runCounter++).toString(36)}`;
  const cgroup = options.cgroups ? createRunCgroup(options.cgroups, runId, spec.limits) : null;
  const ownUid = tools.setpriv && spec.uid === undefined ? claimUid() : null;
  const uid = tools.setpriv ? (spec.uid ?? ownUid) : null;
  const withNetwork = spec.network !== 'none' && tools.slirp4netns !== null;
  // The command waits (bwrap --block-fd) until its network and bridge are in place.
  const gated = withNetwork || spec.bridge !== undefined;

  let child: ChildProcess;
  try {
    child = await startChain(options, spec, hostChain(tools, cgroup, uid, spec.limits), { gated, uid });
  } catch (err) {
    if (ownUid !== null) releaseUid(ownUid);
    await cgroup?.remove().catch(() => {});
    throw err;
  }

  const block = child.stdio[FD.block] as NodeJS.WritableStream & { destroy(): void };
  const state: SetUp = { innerPid: null, network: null, bridge: null };
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;

  // Until the command runs, stderr is bwrap's own: kept to explain a failed set-up.
  let setupErrors = '';
  const collectSetupErrors = (d: Buffer) => (setupErrors = (setupErrors + String(d)).slice(-2000));
  child.stderr!.on('data', collectSetupErrors);
  try {
    await setUp(child, exited, { tools, spec, withNetwork, allowNetworks: options.allowNetworks, timings }, state);
  } catch (err) {
    // The sandbox could not be set up: make sure nothing of it stays.
    child.kill('SIGKILL');
    await exited;
    await endRun();
    throw new Error(setupErrors.trim() ? `${(err as Error).message} (${setupErrors.trim()})` : (err as Error).message);
  }
  child.stderr!.off('data', collectSetupErrors);
  // Let the command start (bwrap's --block-fd waits for one byte).
  if (gated) block.write('1');
  block.end();

  let stopping: Promise<SandboxExit> | null = null;
  const exit: Promise<SandboxExit> = exited.then(async ([code, signal]) => {
    const oomKilled = (cgroup?.oomKills() ?? 0) > 0;
    await endRun();
    return { code, signal, oomKilled };
  });

  // bwrap exits as soon as the command does, while its pid 1 may still be ending the rest of the
  // namespace (a fork bomb's last processes, say). The run has ended when all of them have: its
  // cgroup is empty, and pid 1 has reaped the last of them (pid 1 leaves the cgroup before it starts
  // that wait). Only then is its uid free for another run; a uid whose processes would not end
  // stays claimed.
  async function endRun(): Promise<void> {
    state.network?.close();
    state.bridge?.close();
    const ended = await Promise.all([cgroup?.remove(), namespaceEnded(state.innerPid)]).then(
      () => true,
      () => false,
    );
    if (ownUid !== null && ended) releaseUid(ownUid);
  }

  const { innerPid } = state;
  return {
    pid: child.pid!,
    stdout: child.stdout!,
    stderr: child.stderr!,
    exit,
    startup: timings.steps,
    usage: () => processUsage(innerPid === null ? [child.pid!] : [innerPid, ...sandboxPids(cgroup, innerPid)], innerPid),
    stop(graceMs: number) {
      stopping ??= stopSandbox(child, cgroup, innerPid, exit, graceMs);
      return stopping;
    },
  };
}

/** The host side of the launch, before bwrap: join the run's cgroup, set rlimits, drop to the run's uid. */
function hostChain(tools: HostTools, cgroup: RunCgroup | null, uid: number | null, limits: SandboxSpec['limits']): string[] {
  const chain: string[] = [];
  if (cgroup) chain.push(...cgroup.procsFiles, '--');
  else chain.push('--');
  chain.push(tools.prlimit, `--nofile=${limits.openFiles}:${limits.openFiles}`, `--fsize=${limits.fileSizeBytes}:${limits.fileSizeBytes}`, '--core=0:0');
  if (uid !== null) chain.push(`--nproc=${limits.pids}:${limits.pids}`);
  chain.push('--');
  if (uid !== null && tools.setpriv) {
    chain.push(tools.setpriv, `--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--inh-caps=-all', '--');
  }
  return chain;
}

/**
 * Starts the chain and hands bwrap its arguments, the mounts' descriptors, the generated files and
 * the project's archive. A fixed number of descriptors whatever the project (FD below): stdin
 * carries the archive, 3 bwrap's info, 4 the network gate, 5 bwrap's own arguments (with the run's
 * variables), then one per mounted directory and one per generated file. bwrap resolves a mount's
 * descriptor back to its path as the run's uid, so every directory above a mount must be searchable
 * by others (checked first, for a clear message).
 */
async function startChain(options: BubblewrapOptions, spec: SandboxSpec, chain: string[], launch: { gated: boolean; uid: number | null }): Promise<ChildProcess> {
  const { tools } = options;
  const mountFds: number[] = [];
  try {
    if (launch.uid !== null) for (const mount of spec.mounts) assertSearchable(mount.host, launch.uid);
    // Never through a link: a packages dir's entries were written by an install sandbox, which could
    // leave `venv` pointing at any host directory (the DATA_DIR, say) for the next run to mount.
    for (const mount of spec.mounts) mountFds.push(openSync(mount.host, fsConstants.O_RDONLY | fsConstants.O_DIRECTORY | fsConstants.O_NOFOLLOW));
    const data: (string | Buffer)[] = [...Object.values(sandboxEtc(spec.hosts)), ...(spec.files ?? []).map((f) => f.content)];
    if (options.seccomp) data.push(options.seccomp);
    const archive = spec.workdir ? projectArchive(spec.workdir.files) : null;
    const stdio: ('ignore' | 'pipe' | number)[] = [archive ? 'pipe' : 'ignore', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe', ...mountFds, ...data.map(() => 'pipe' as const)];
    const args = [...bwrapArgs(options, spec, launch.gated), '--clearenv', ...Object.entries(spec.env).flatMap(([k, v]) => ['--setenv', k, v])];
    const command = spec.workdir ? [tools.sh, '-c', UNPACK_AND_EXEC, 'botwright', tools.tar, spec.workdir.path, ...spec.argv] : spec.argv;
    chain.push(tools.bwrap!, '--args', String(FD.args), '--', ...command);
    // cwd '/': the shell exports PWD, which bwrap's pid 1 would otherwise show the bot (the server's directory).
    const child = spawn(tools.sh, ['-c', JOIN_AND_EXEC, 'sandbox', ...chain], { stdio, env: { ...HOST_ENV }, cwd: '/', detached: true });
    // Out of descriptors or processes: Node reports it as an event, which must never go unheard
    // (an unheard 'error' ends the server, and every bot with it).
    const failed = new Promise<Error>((resolve) => child.on('error', resolve));
    if (child.pid === undefined) throw new Error(`The sandbox could not be started: ${(await failed).message}`);
    // bwrap closes its ends whenever it is done with them; that is not an error here.
    for (const stream of child.stdio) (stream as NodeJS.EventEmitter | null)?.on('error', () => {});
    (child.stdio as unknown as NodeJS.WritableStream[])[FD.args]!.end(args.map((a) => a + '\0').join(''));
    const firstData = FD.mounts + mountFds.length;
    data.forEach((content, i) => (child.stdio as unknown as NodeJS.WritableStream[])[firstData + i]!.end(content));
    if (archive) child.stdin!.end(archive);
    return child;
  } finally {
    for (const fd of mountFds) closeSync(fd);
  }
}

/** What the set-up gave the run, filled in as it goes (a failed set-up ends what it had). */
type SetUp = { innerPid: number | null; network: AttachedNetwork | null; bridge: { close(): void } | null };

/** Once bwrap says its pid 1: the run's network (slirp4netns) and service bridge, before the command starts. */
async function setUp(
  child: ChildProcess,
  exited: Promise<unknown>,
  run: { tools: HostTools; spec: SandboxSpec; withNetwork: boolean; allowNetworks?: readonly string[]; timings: StepTimings },
  state: SetUp,
): Promise<void> {
  const { tools, spec, timings } = run;
  const text = await Promise.race([readAll(child.stdio[FD.info] as Readable), exited.then(() => '')]);
  if (text) state.innerPid = JSON.parse(text.slice(0, text.lastIndexOf('}') + 1))['child-pid'] as number;
  timings.mark('cgroup, prlimit, setpriv, bwrap namespaces');
  const innerPid = state.innerPid;
  if (innerPid === null) return;
  if (run.withNetwork) {
    // bwrap brings up the namespace's loopback after it reports its pid: configuring the same
    // namespace meanwhile makes one of the two fail, so wait for it.
    await loopbackUp(innerPid);
    timings.mark('loopback');
    state.network = await attachNetwork({ slirp4netns: tools.slirp4netns!, nsenter: tools.nsenter, ip: tools.ip }, innerPid, spec.network === 'internet-and-host-loopback', run.allowNetworks);
    timings.mark('slirp4netns and routes');
  }
  if (spec.bridge) {
    if (!run.withNetwork) await loopbackUp(innerPid);
    state.bridge = await attachBridge(tools, innerPid, spec.bridge);
    timings.mark('bridge');
  }
}

/** SIGTERM to the bot and everything it started; after the grace, the whole namespace goes. */
async function stopSandbox(child: ChildProcess, cgroup: RunCgroup | null, innerPid: number | null, exit: Promise<SandboxExit>, graceMs: number): Promise<SandboxExit> {
  // Not to bwrap itself: bwrap dying would take the namespace down at once and leave the bot no
  // time to shut down cleanly.
  const skip = new Set([child.pid!, innerPid ?? -1]);
  signalAll(sandboxPids(cgroup, innerPid).filter((pid) => !skip.has(pid)), 'SIGTERM');
  const timer = new Promise<'timeout'>((r) => setTimeout(r, graceMs, 'timeout').unref());
  if ((await Promise.race([exit, timer])) === 'timeout') {
    // Killing the sandbox's pid 1 ends its whole pid namespace, and bwrap outside reaps it
    // (killing bwrap first would leave that pid 1 a zombie for the host's init to collect).
    signalAll([innerPid ?? child.pid!], 'SIGKILL');
    const reaped = new Promise<'timeout'>((r) => setTimeout(r, 1000, 'timeout').unref());
    if ((await Promise.race([exit, reaped])) === 'timeout') {
      signalAll([child.pid!], 'SIGKILL');
      cgroup?.kill();
    }
  }
  return exit;
}

/** Resolves once the sandbox's pid 1 has ended its pid namespace (it is a zombie, or gone). */
async function namespaceEnded(pid: number | null): Promise<void> {
  const deadline = Date.now() + 10_000;
  // Usually a matter of a millisecond or two: look often at first, then less.
  for (let wait = 1; pid !== null; wait = Math.min(wait * 2, 20)) {
    const state = processState(pid);
    if (state === null || state === 'Z' || state === 'X') return;
    if (Date.now() > deadline) throw new Error(`the sandbox's pid 1 (${pid}) is still running`);
    await new Promise((r) => setTimeout(r, wait));
  }
}

// Joins every cgroup named before '--', then execs the rest: the run is inside before it starts.
const JOIN_AND_EXEC = 'while [ "$1" != "--" ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"';

// Inside the sandbox, as the run's user: unpack the project (stdin) into the workdir, then become the bot.
const UNPACK_AND_EXEC = '"$1" -x -o -f - -C "$2" || exit 126; shift 2; exec "$@" </dev/null';

/** The descriptors of the launch (see startChain). */
const FD = { info: 3, block: 4, args: 5, mounts: 6 } as const;

/**
 * The whole environment of every host-side process of a run (sh, prlimit, setpriv, bwrap): glibc
 * acts on LD_PRELOAD, GCONV_PATH and kin in programs that start as root, so nothing of the run's
 * may be there. The run's variables travel in bwrap's --args pipe (never on a command line) and
 * are set by bwrap for the sandboxed command alone.
 */
export const HOST_ENV: Readonly<Record<string, string>> = Object.freeze({ PATH: '/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C' });

function bwrapArgs(options: BubblewrapOptions, spec: SandboxSpec, gated: boolean): string[] {
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
  let fd = FD.mounts + spec.mounts.length;
  for (const name of Object.keys(sandboxEtc(spec.hosts))) args.push('--ro-bind-data', String(fd++), `/etc/${name}`);
  for (const file of spec.files ?? []) args.push('--ro-bind-data', String(fd++), file.path);
  args.push('--proc', '/proc', '--dev', '/dev', '--size', String(spec.limits.tmpBytes), '--tmpfs', '/tmp');
  if (spec.workdir) args.push('--size', String(spec.limits.tmpBytes), '--tmpfs', spec.workdir.path);
  spec.mounts.forEach((mount, i) => args.push(mount.writable ? '--bind-fd' : '--ro-bind-fd', String(FD.mounts + i), mount.sandbox));
  // bwrap's root is a tmpfs the bot could otherwise fill past every size limit (or plant files in /etc).
  args.push('--remount-ro', '/');
  args.push('--chdir', spec.cwd, '--info-fd', String(FD.info));
  if (gated) args.push('--block-fd', String(FD.block));
  if (options.seccomp) args.push('--seccomp', String(fd++));
  return args;
}

/** bwrap opens each mount by path as the run's uid (and gid, no other groups): every directory above it must let that uid through. */
function assertSearchable(hostPath: string, uid: number): void {
  let dir = path.dirname(realpathSync(hostPath));
  for (;;) {
    const st = statSync(dir);
    const bit = st.uid === uid ? 0o100 : st.gid === uid ? 0o010 : 0o001;
    if ((st.mode & bit) === 0) {
      throw new Error(`The sandbox cannot reach ${hostPath}: ${dir} is not searchable by its user (chmod o+x ${dir}, or keep the data elsewhere)`);
    }
    if (dir === '/') return;
    dir = path.dirname(dir);
  }
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

async function loopbackUp(pid: number): Promise<void> {
  for (let waited = 0; waited < 2000; waited += 2) {
    try {
      if (readFileSync(`/proc/${pid}/net/fib_trie`, 'utf8').includes('127.0.0.1')) return;
    } catch {
      throw new Error('The sandbox ended while it was being set up');
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error('The sandbox did not bring up its loopback interface');
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
