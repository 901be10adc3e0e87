// The runner's sandbox for this host: probes which protections work (docs/runner.md), once per
// sandbox (buildApp makes one per app, with that app's RUNNER_* settings), decides whether bots may
// run at all (policy.ts: HOST, RUNNER_SANDBOX), says both in the log, and runs commands in
// bubblewrap, or as plain processes where bwrap is missing and the policy allows it.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RunnerConfig } from '../../../config';
import { sweepStaleBridgeDirs } from './bridge-dirs';
import { AppError } from '../../../errors';
import { findCgroupHost, sweepStaleCgroups, type CgroupHost } from './cgroup';
import { spawnInBubblewrap, type BubblewrapOptions } from './bubblewrap';
import { findHostTools, type HostTools } from './host-tools';
import { spawnPlainProcess } from './plain-process';
import { sandboxPolicy } from './policy';
import { seccompProgram, type SeccompProgram } from './seccomp';
import type { ProtectionFix, Sandbox, SandboxLimits, SandboxProtection, SandboxSpec, SandboxStatus } from './sandbox';

export type { Sandbox, SandboxSpec, SandboxStatus } from './sandbox';

/**
 * This server refuses to run bots: its sandbox is not what HOST and RUNNER_SANDBOX ask for. The
 * message is the policy's refusal (what is missing, what to do), for the person to read: a 503.
 */
export class SandboxUnavailableError extends AppError {
  constructor(message: string) {
    super('SERVICE_UNAVAILABLE', message);
  }
}

type Probed = { tools: HostTools; cgroups: CgroupHost | null; status: SandboxStatus; bubblewrap: boolean; network: boolean; seccomp: Buffer | null };

export function limitsFor(config: RunnerConfig): SandboxLimits {
  return {
    memoryBytes: config.memoryBytes,
    pids: config.pids,
    cpuPercent: config.cpuPercent,
    tmpBytes: config.tmpBytes,
    fileSizeBytes: 64 * 1024 * 1024,
    openFiles: 1024,
  };
}

/**
 * `hostTools`: host programs to use instead of those found (tests: `{ bwrap: null }` is a host
 * without bubblewrap).
 */
export async function createSandbox(config: RunnerConfig, runsDir: string, log: FastifyBaseLogger, hostTools: Partial<HostTools> = {}): Promise<Sandbox> {
  const extraSystemDirs = interpreterDirs([config.python, config.node]);
  const { tools, cgroups, status, bubblewrap, network, seccomp } = await probe(config, extraSystemDirs, hostTools);
  // One line says what protects the runs; each protection's detail is a debug line of its own.
  for (const p of status.protections) log.debug(`Runner sandbox: ${p.name} ${p.active ? 'active' : 'NOT active'} (${p.detail})`);
  const on = status.protections.filter((p) => p.active).map((p) => p.name);
  const off = status.protections.filter((p) => !p.active);
  if (off.length === 0) log.info(`Runner sandbox: every protection is on (${on.join(', ')})`);
  else log.warn(`Runner sandbox: ${off.map((p) => `${p.name} is off (${p.detail})`).join('; ')}. On: ${on.join(', ') || 'none'}`);
  // And one line says whether bots run here at all, and why.
  const policy = sandboxPolicy({ host: config.listenHost, mode: config.sandbox, status });
  if (policy.refusal) log.warn(`Runner sandbox: ${policy.reason}. ${policy.refusal}`);
  else if (!status.full) log.warn(`Runner sandbox: ${policy.reason}`);
  const options: BubblewrapOptions = { tools, cgroups, extraSystemDirs, seccomp, allowNetworks: config.allowNetworks };
  return {
    status,
    policy,
    supportsBridge: bubblewrap && tools.python3 !== null,
    async spawn(spec: SandboxSpec) {
      // Runs and installs check first (runs.ts, installer.ts); this is the last word for any other way in.
      if (policy.refusal) throw new SandboxUnavailableError(policy.refusal);
      const effective = network ? spec : { ...spec, network: 'none' as const };
      return bubblewrap ? spawnInBubblewrap(options, effective) : spawnPlainProcess({ tools, cgroups, runsDir }, spec);
    },
  };
}

/** Directories outside /usr that the interpreters live in (e.g. /opt/node), bound read-only. */
function interpreterDirs(interpreters: string[]): string[] {
  const dirs = new Set<string>();
  for (const interpreter of interpreters) {
    try {
      const real = realpathSync(interpreter);
      if (real.startsWith('/usr/')) continue;
      dirs.add(path.dirname(path.dirname(real)));
    } catch {
      /* missing: the run reports it */
    }
  }
  return [...dirs];
}

type Host = { tools: HostTools; cgroups: CgroupHost | null; cgroupDetail: string; filter: SeccompProgram };

// What the host offers whatever an app's settings are, found once per process (not per app):
// finding the cgroups may move this process into a leaf cgroup of its own, and the sweep removes
// run cgroups of a dead server, which names carrying this process's own pid count as (a server
// before a reboot had it). A second app in the process must not sweep the first one's runs.
let host: Promise<Host> | null = null;

function findHost(): Promise<Host> {
  host ??= (async () => {
    const tools = findHostTools();
    const filter = await seccompProgram();
    // The bridge folders of a server that was killed: before any run of this process makes its own.
    sweepStaleBridgeDirs();
    let cgroups: CgroupHost | null = null;
    let cgroupDetail = 'no writable cgroup hierarchy (needs root or a delegated cgroup v2)';
    try {
      cgroups = findCgroupHost();
      if (cgroups) {
        await sweepStaleCgroups(cgroups);
        cgroupDetail = `cgroup v${cgroups.version}`;
      }
    } catch (err) {
      cgroupDetail = `cgroups unusable: ${(err as Error).message}`;
    }
    return { tools, cgroups, cgroupDetail, filter };
  })();
  return host;
}

// What to do when the missing piece is not a package, in the refusal's words.
const BWRAP_NAMESPACES = 'let bubblewrap create namespaces on this host (a container must allow it)';
const CGROUPS: ProtectionFix = { install: [], other: ['give the runs cgroups (run the server as root, or under a delegated cgroup v2 with the memory, pids and cpu controllers)'] };
const SLIRP_FAILED: ProtectionFix = { install: [], other: ['make slirp4netns work here (the start-up log says why it failed)'] };
const SECCOMP_FAILED: ProtectionFix = { install: [], other: ['make /usr/bin/python3 build the seccomp filter (the start-up log says why it could not)'] };

/** A protection's fix from its parts: packages (strings) and other fixes; `false` parts do not apply. */
function needs(...parts: Array<ProtectionFix | string | false>): ProtectionFix {
  const fix: ProtectionFix = { install: [], other: [] };
  for (const part of parts) {
    if (typeof part === 'string') fix.install.push(part);
    else if (part) {
      fix.install.push(...part.install);
      fix.other.push(...part.other);
    }
  }
  return fix;
}

/** Which protections work for this app's settings (its limits, its interpreters' directories), and what would turn on those that do not. */
async function probe(config: RunnerConfig, extraSystemDirs: string[], hostTools: Partial<HostTools>): Promise<Probed> {
  const found = await findHost();
  const { filter } = found;
  const tools = { ...found.tools, ...hostTools };
  const limits = limitsFor(config);
  const tryRun: TryRun = async (cgroups, network) => {
    const child = await spawnInBubblewrap({ tools, cgroups, extraSystemDirs, seccomp: filter.program }, {
      argv: ['/usr/bin/true'],
      cwd: '/',
      mounts: [],
      env: { PATH: '/usr/bin:/bin' },
      network,
      limits,
    });
    child.stdout.resume();
    child.stderr.resume();
    const exit = await child.exit;
    if (exit.code !== 0) throw new Error(`exit ${exit.code ?? exit.signal}`);
  };
  const sandbox = await probeBubblewrap(tools, found, tryRun);
  const network = await probeNetwork(tools, sandbox, tryRun);
  const probed = protectionsFound(config, tools, filter, sandbox, network);
  // A protection that is on needs no fix.
  const protections: SandboxStatus['protections'] = probed.map(({ fix, ...p }) => (p.active ? p : { ...p, fix }));
  const { bubblewrap, cgroups } = sandbox;
  return { tools, cgroups, bubblewrap, network: network.network, seccomp: filter.program, status: { full: protections.every((p) => p.active), protections } };
}

/** Runs /usr/bin/true in bubblewrap; throws when it could not. */
type TryRun = (cgroups: CgroupHost | null, network: 'none' | 'internet') => Promise<void>;
type BubblewrapFound = { bubblewrap: boolean; bwrapDetail: string; cgroups: CgroupHost | null; cgroupDetail: string };

/** Whether bwrap makes its namespaces here, with the run cgroups if it can join them, else without them. */
async function probeBubblewrap(tools: HostTools, host: Pick<Host, 'cgroups' | 'cgroupDetail'>, tryRun: TryRun): Promise<BubblewrapFound> {
  let { cgroups, cgroupDetail } = host;
  const works = `${tools.bwrap}: own user, pid, ipc, uts, net and mount namespaces`;
  if (!tools.bwrap) return { bubblewrap: false, bwrapDetail: 'bwrap not found (apt install bubblewrap)', cgroups, cgroupDetail };
  try {
    await tryRun(cgroups, 'none');
    return { bubblewrap: true, bwrapDetail: works, cgroups, cgroupDetail };
  } catch (err) {
    if (!cgroups) return { bubblewrap: false, bwrapDetail: `bwrap cannot create namespaces here: ${(err as Error).message}`, cgroups, cgroupDetail };
    cgroupDetail = `a sandbox could not join the run cgroup (${(err as Error).message})`;
    cgroups = null;
    try {
      await tryRun(null, 'none');
      return { bubblewrap: true, bwrapDetail: works, cgroups, cgroupDetail };
    } catch (again) {
      return { bubblewrap: false, bwrapDetail: `bwrap cannot create namespaces here: ${(again as Error).message}`, cgroups, cgroupDetail };
    }
  }
}

/** Whether a sandbox reaches the internet through slirp4netns. */
async function probeNetwork(tools: HostTools, sandbox: BubblewrapFound, tryRun: TryRun): Promise<{ network: boolean; networkDetail: string }> {
  if (!sandbox.bubblewrap) return { network: false, networkDetail: 'no network namespace without bwrap: bots share the host network' };
  if (!tools.slirp4netns) return { network: false, networkDetail: 'slirp4netns not found (apt install slirp4netns): bots get no network' };
  try {
    // Once more on failure: a host under heavy load can fail one set-up, and the answer lasts
    // for the whole life of the server.
    await tryRun(sandbox.cgroups, 'internet').catch(() => tryRun(sandbox.cgroups, 'internet'));
    return { network: true, networkDetail: 'slirp4netns with host loopback, the clouds\' metadata services, private networks and the host\'s own addresses blocked' };
  } catch (err) {
    return { network: false, networkDetail: `slirp4netns failed: ${(err as Error).message}; bots get no network` };
  }
}

/** Each protection: whether it is on, in words, and what would turn it on. */
function protectionsFound(config: RunnerConfig, tools: HostTools, filter: SeccompProgram, sandbox: BubblewrapFound, net: { network: boolean; networkDetail: string }) {
  const { bubblewrap, bwrapDetail, cgroups, cgroupDetail } = sandbox;
  const unprivileged = process.getuid?.() !== 0 || tools.setpriv !== null;
  // What turns each protection on, for the message that names what is missing (policy.ts). Most
  // protections need bubblewrap first; then a package of their own, or (cgroups, a failure on a
  // host that has every program) something that is not a package.
  const bwrapFix: ProtectionFix = tools.bwrap ? { install: [], other: [BWRAP_NAMESPACES] } : { install: ['bubblewrap'], other: [] };
  const withoutBwrap = !bubblewrap && bwrapFix;
  const seccompFix = filter.program === null && (filter.install.length > 0 ? { install: filter.install, other: [] } : SECCOMP_FAILED);
  const slirpFailed = bubblewrap && tools.slirp4netns && tools.nsenter && tools.ip;
  return [
    { name: 'bubblewrap', active: bubblewrap, detail: bwrapDetail, fix: bwrapFix },
    {
      name: 'unprivileged-user',
      active: unprivileged && (bubblewrap || process.getuid?.() !== 0),
      detail:
        process.getuid?.() !== 0
          ? 'the server is not root'
          : !tools.setpriv
            ? 'setpriv not found: runs keep root'
            : bubblewrap
              ? 'each run gets its own uid (setpriv)'
              : "without bubblewrap, runs keep the server's user: root",
      fix: needs(withoutBwrap, !tools.setpriv && 'util-linux'),
    },
    { name: 'cgroup-memory', active: !!cgroups?.controllers.memory, detail: cgroups?.controllers.memory ? `${cgroupDetail}, ${config.memoryBytes / 1048576} MiB` : cgroupDetail, fix: CGROUPS },
    { name: 'cgroup-pids', active: !!cgroups?.controllers.pids, detail: cgroups?.controllers.pids ? `${cgroupDetail}, ${config.pids} processes` : cgroupDetail, fix: CGROUPS },
    { name: 'cgroup-cpu', active: !!cgroups?.controllers.cpu, detail: cgroups?.controllers.cpu ? `${cgroupDetail}, ${config.cpuPercent}% of a core` : cgroupDetail, fix: CGROUPS },
    {
      name: 'network-isolation',
      active: net.network,
      detail: net.networkDetail,
      fix: slirpFailed ? SLIRP_FAILED : needs(withoutBwrap, !tools.slirp4netns && 'slirp4netns', !tools.nsenter && 'util-linux', !tools.ip && 'iproute2'),
    },
    {
      name: 'syscall-filter',
      active: bubblewrap && filter.program !== null,
      detail: !bubblewrap
        ? `no syscall filter without bwrap${filter.program ? '' : `; ${filter.reason}`}`
        : filter.program
          ? 'seccomp: io_uring, keyrings, bpf, perf, mounts, namespaces, ptrace, vsock, NUMA policy, modules and clocks refused'
          : filter.reason,
      fix: needs(withoutBwrap, seccompFix),
    },
  ] satisfies { name: SandboxProtection; active: boolean; detail: string; fix: ProtectionFix }[];
}
