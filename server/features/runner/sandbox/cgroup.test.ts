// A run's cgroup is removed only once every process in it has ended: removal kills what is left
// (a fork bomb's last children, a process that outlived bwrap) and waits for the kernel, rather
// than giving up while they live. Real cgroups on this host; the processes are plain `sh`/`sleep`.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRunCgroup, findCgroupHost, type RunCgroup } from './cgroup';
import { processState } from './process-usage';

const host = findCgroupHost();
let count = 0;

/** A run cgroup with `script` running in it (joined before it starts, as the sandbox's chain does). */
async function runIn(script: string, pids = 32): Promise<{ cgroup: RunCgroup; child: ChildProcess }> {
  const cgroup = createRunCgroup(host!, `${process.pid}-cgroup-test-${count++}`, { memoryBytes: 256 << 20, pids, cpuPercent: 100 });
  const child = spawn('/bin/sh', ['-c', 'while [ "$1" != "--" ]; do echo $$ > "$1"; shift; done; shift; eval "$1"', 'run', ...cgroup.procsFiles, '--', script], { stdio: ['ignore', 'pipe', 'ignore'] });
  await once(child.stdout!, 'data');
  return { cgroup, child };
}

function dirsOf(cgroup: RunCgroup): string[] {
  return cgroup.procsFiles.map((f) => path.dirname(f));
}

describe.skipIf(!host)(host ? 'removing a run cgroup' : 'removing a run cgroup [skipped: no writable cgroup hierarchy on this host]', () => {
  it('kills what is still in it, and is done only once the processes have ended', async () => {
    const { cgroup, child } = await runIn('echo started; exec sleep 60');
    expect(cgroup.pids()).toContain(child.pid);
    const ended = once(child, 'exit');
    await cgroup.remove();
    expect(await ended).toEqual([null, 'SIGKILL']);
    expect(dirsOf(cgroup).filter((d) => existsSync(d))).toEqual([]);
  });

  it('ends a fork bomb held at its limit, however fast it forks', async () => {
    // Each bomb stays once it has forked (sleep), so the cgroup is held full: on some hosts the forks
    // that fail end their shells so fast that a bomb with nothing to wait for is down to 1 process.
    const { cgroup } = await runIn('echo started; bomb() { bomb | bomb & sleep 60; }; bomb & exec sleep 60', 24);
    // Up to 10 s: on a busy machine the bomb forks slowly (2 s was short once).
    // Some hosts refuse forks before the pids limit (one here stops at 13 of 24): ten alive is a bomb.
    for (let i = 0; i < 1000 && cgroup.pids().length < 10; i++) await new Promise((r) => setTimeout(r, 10));
    expect(cgroup.pids().length).toBeGreaterThanOrEqual(10);
    const pids = cgroup.pids();
    await cgroup.remove();
    expect(dirsOf(cgroup).filter((d) => existsSync(d))).toEqual([]);
    // Every process seen in it has ended (a zombie waits for its parent, which has ended too).
    expect(pids.filter((pid) => !['Z', null].includes(processState(pid)))).toEqual([]);
  });
});
