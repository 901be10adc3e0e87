// The executor for hosts without bubblewrap (where policy.ts allows it: RUNNER_SANDBOX=off, or auto
// on a loopback HOST): the command runs as an ordinary child process in its own process group,
// with a clean environment, rlimits and, where the host allows, the run's cgroup. The sandbox paths of the spec are mapped onto host paths: the
// workdir becomes a fresh directory under the runs dir and mounts become symlinks in it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRunCgroup, type CgroupHost } from './cgroup';
import { descendantsOf, processUsage } from './process-usage';
import type { HostTools } from './host-tools';
import type { SandboxExit, SandboxSpec, SandboxedProcess } from './sandbox';

let counter = 0;

export async function spawnPlainProcess(
  options: { tools: HostTools; cgroups: CgroupHost | null; runsDir: string },
  spec: SandboxSpec,
): Promise<SandboxedProcess> {
  const runId = `${process.pid}-${Date.now().toString(36)}-${(counter++).toString(36)}`;
  const root = path.join(options.runsDir, runId);
  const translations = hostLayout(root, spec);
  const argv = spec.argv.map((a) => translate(a, translations));
  const env = Object.fromEntries(Object.entries(spec.env).map(([k, v]) => [k, translate(v, translations)]));

  const cgroup = options.cgroups ? createRunCgroup(options.cgroups, runId, spec.limits) : null;
  const chain = [
    ...(cgroup ? cgroup.procsFiles : []),
    '--',
    options.tools.prlimit,
    `--nofile=${spec.limits.openFiles}:${spec.limits.openFiles}`,
    `--fsize=${spec.limits.fileSizeBytes}:${spec.limits.fileSizeBytes}`,
    '--core=0:0',
    '--',
    ...argv,
  ];
  const child = spawn(options.tools.sh, ['-c', 'while [ "$1" != "--" ]; do echo $$ > "$1" || exit 125; shift; done; shift; exec "$@"', 'run', ...chain], {
    cwd: translate(spec.cwd, translations),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Out of descriptors or processes: an unheard 'error' would end the server.
  const failed = new Promise<Error>((resolve) => child.on('error', resolve));
  if (child.pid === undefined) {
    await cgroup?.remove().catch(() => {});
    rmSync(root, { recursive: true, force: true });
    throw new Error(`The bot could not be started: ${(await failed).message}`);
  }
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      /* gone */
    }
  };
  const exit: Promise<SandboxExit> = (once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>).then(async ([code, signal]) => {
    killGroup('SIGKILL');
    cgroup?.kill();
    const oomKilled = (cgroup?.oomKills() ?? 0) > 0;
    await cgroup?.remove().catch(() => {});
    rmSync(root, { recursive: true, force: true });
    return { code, signal, oomKilled };
  });
  let stopping: Promise<SandboxExit> | null = null;
  return {
    pid: child.pid!,
    stdout: child.stdout!,
    stderr: child.stderr!,
    exit,
    usage: () => processUsage([child.pid!, ...(cgroup ? cgroup.pids() : descendantsOf(child.pid!))], null),
    stop(graceMs) {
      stopping ??= (async () => {
        killGroup('SIGTERM');
        const timer = new Promise<'timeout'>((r) => setTimeout(r, graceMs, 'timeout').unref());
        if ((await Promise.race([exit, timer])) === 'timeout') {
          killGroup('SIGKILL');
          cgroup?.kill();
        }
        return exit;
      })();
      return stopping;
    },
  };
}

/**
 * The run's folder under the runs dir (its /tmp): the workdir's files and the generated files
 * copied in, mounts inside them linked; answers how sandbox paths map onto host paths.
 */
function hostLayout(root: string, spec: SandboxSpec): [string, string][] {
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const translations: [string, string][] = [];
  if (spec.workdir) {
    const dir = path.join(root, 'workdir');
    mkdirSync(dir);
    for (const file of spec.workdir.files) writeFileSync(path.join(dir, file.name), file.content);
    translations.push([spec.workdir.path, dir]);
  }
  (spec.files ?? []).forEach((file, i) => {
    const copy = path.join(root, `file-${i}-${path.basename(file.path)}`);
    writeFileSync(copy, file.content, { mode: 0o444 });
    translations.push([file.path, copy]);
  });
  for (const mount of spec.mounts) {
    const inside = translate(mount.sandbox, translations);
    if (inside !== mount.sandbox) symlinkSync(mount.host, inside);
    else translations.push([mount.sandbox, mount.host]);
  }
  translations.push(['/tmp', root]);
  return translations;
}

function translate(value: string, translations: [string, string][]): string {
  for (const [inside, host] of translations) {
    if (value === inside) return host;
    if (value.startsWith(inside + '/')) return host + value.slice(inside.length);
  }
  return value;
}
