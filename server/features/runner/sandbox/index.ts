// The runner's sandbox for this host: probes which protections work (docs/runner.md), once per
// sandbox (buildApp makes one per app, with that app's RUNNER_* settings), says so in the log, and
// runs commands in bubblewrap, or as plain processes where bwrap is missing and RUNNER_SANDBOX is
// not 'required'.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RunnerConfig } from '../../../config';
import { sweepStaleBridgeDirs } from './bridge-dirs';
import { findCgroupHost, sweepStaleCgroups, type CgroupHost } from './cgroup';
import { spawnInBubblewrap, type BubblewrapOptions } from './bubblewrap';
import { findHostTools, type HostTools } from './host-tools';
import { spawnPlainProcess } from './plain-process';
import { seccompProgram, type SeccompProgram } from './seccomp';
import type { Sandbox, SandboxLimits, SandboxProtection, SandboxSpec, SandboxStatus } from './sandbox';

export type { Sandbox, SandboxSpec, SandboxStatus } from './sandbox';

/** A sandbox that refuses every spawn: RUNNER_SANDBOX=required on a host without the full sandbox. */
export class SandboxUnavailableError extends Error {}

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

export async function createSandbox(config: RunnerConfig, runsDir: string, log: FastifyBaseLogger): Promise<Sandbox> {
  const extraSystemDirs = interpreterDirs([config.python, config.node]);
  const { tools, cgroups, status, bubblewrap, network, seccomp } = await probe(config, extraSystemDirs);
  // One line says what protects the runs; each protection's detail is a debug line of its own.
  for (const p of status.protections) log.debug(`Runner sandbox: ${p.name} ${p.active ? 'active' : 'NOT active'} (${p.detail})`);
  const on = status.protections.filter((p) => p.active).map((p) => p.name);
  const off = status.protections.filter((p) => !p.active);
  if (off.length === 0) log.info(`Runner sandbox: every protection is on (${on.join(', ')})`);
  else log.warn(`Runner sandbox: ${off.map((p) => `${p.name} is off (${p.detail})`).join('; ')}. On: ${on.join(', ') || 'none'}`);
  if (!status.full && config.sandbox === 'required') log.warn('Runner sandbox: RUNNER_SANDBOX=required, so bots will not run on this host');
  const options: BubblewrapOptions = { tools, cgroups, extraSystemDirs, seccomp, allowNetworks: config.allowNetworks };
  return {
    status,
    supportsBridge: bubblewrap && tools.python3 !== null,
    async spawn(spec: SandboxSpec) {
      if (!status.full && config.sandbox === 'required') {
        throw new SandboxUnavailableError('The sandbox is not fully available on this server (RUNNER_SANDBOX=required).');
      }
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

/** Which protections work for this app's settings (its limits, its interpreters' directories). */
async function probe(config: RunnerConfig, extraSystemDirs: string[]): Promise<Probed> {
  const found = await findHost();
  const { tools, filter } = found;
  let { cgroups, cgroupDetail } = found;
  const limits = limitsFor(config);
  const tryRun = async (withCgroups: boolean, network: 'none' | 'internet') => {
    const child = await spawnInBubblewrap({ tools, cgroups: withCgroups ? cgroups : null, extraSystemDirs, seccomp: filter.program }, {
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

  let bubblewrap = false;
  let bwrapDetail = 'bwrap not found (apt install bubblewrap)';
  if (tools.bwrap) {
    try {
      await tryRun(cgroups !== null, 'none');
      bubblewrap = true;
      bwrapDetail = `${tools.bwrap}: own user, pid, ipc, uts, net and mount namespaces`;
    } catch (err) {
      if (cgroups) {
        cgroupDetail = `a sandbox could not join the run cgroup (${(err as Error).message})`;
        cgroups = null;
        try {
          await tryRun(false, 'none');
          bubblewrap = true;
          bwrapDetail = `${tools.bwrap}: own user, pid, ipc, uts, net and mount namespaces`;
        } catch (again) {
          bwrapDetail = `bwrap cannot create namespaces here: ${(again as Error).message}`;
        }
      } else {
        bwrapDetail = `bwrap cannot create namespaces here: ${(err as Error).message}`;
      }
    }
  }

  let network = false;
  let networkDetail = 'slirp4netns not found (apt install slirp4netns): bots get no network';
  if (bubblewrap && tools.slirp4netns) {
    try {
      // Once more on failure: a host under heavy load can fail one set-up, and the answer lasts
      // for the whole life of the server.
      await tryRun(cgroups !== null, 'internet').catch(() => tryRun(cgroups !== null, 'internet'));
      network = true;
      networkDetail = 'slirp4netns with host loopback, the clouds\' metadata services, private networks and the host\'s own addresses blocked';
    } catch (err) {
      networkDetail = `slirp4netns failed: ${(err as Error).message}; bots get no network`;
    }
  } else if (!bubblewrap) {
    networkDetail = 'no network namespace without bwrap: bots share the host network';
  }

  const unprivileged = process.getuid?.() !== 0 || tools.setpriv !== null;
  const protections: SandboxStatus['protections'] = [
    { name: 'bubblewrap', active: bubblewrap, detail: bwrapDetail },
    {
      name: 'unprivileged-user',
      active: unprivileged && (bubblewrap || process.getuid?.() !== 0),
      detail: process.getuid?.() === 0 ? (tools.setpriv ? 'each run gets its own uid (setpriv)' : 'setpriv not found: runs keep root') : 'the server is not root',
    },
    { name: 'cgroup-memory', active: !!cgroups?.controllers.memory, detail: cgroups?.controllers.memory ? `${cgroupDetail}, ${config.memoryBytes / 1048576} MiB` : cgroupDetail },
    { name: 'cgroup-pids', active: !!cgroups?.controllers.pids, detail: cgroups?.controllers.pids ? `${cgroupDetail}, ${config.pids} processes` : cgroupDetail },
    { name: 'cgroup-cpu', active: !!cgroups?.controllers.cpu, detail: cgroups?.controllers.cpu ? `${cgroupDetail}, ${config.cpuPercent}% of a core` : cgroupDetail },
    { name: 'network-isolation', active: network, detail: networkDetail },
    {
      name: 'syscall-filter',
      active: bubblewrap && filter.program !== null,
      detail: filter.program ? 'seccomp: io_uring, keyrings, bpf, perf, mounts, namespaces, ptrace, vsock, NUMA policy, modules and clocks refused' : filter.reason,
    },
  ] satisfies { name: SandboxProtection; active: boolean; detail: string }[];
  return { tools, cgroups, bubblewrap, network, seccomp: filter.program, status: { full: protections.every((p) => p.active), protections } };
}
