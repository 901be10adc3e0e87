// Hosts a test makes on this machine: a bridge of its own (no address on it) and one network
// namespace per host, each joined to the bridge by a veth pair, with an address inside the namespace
// only, on a /24 no other host uses. Traffic stays between these namespaces. `cut` takes a host's link
// down (its cable pulled); `remove` ends the namespaces and deletes the bridge. Needs root, `ip`,
// `unshare` and `nsenter`.
//
// Each namespace is held by a process of its own (`unshare --net sleep`) and entered through
// /proc/<pid>/ns/net, never through /run/netns: a sandbox's slirp4netns started on this machine at
// the same time (another test's) can unmount the bind mounts there, through mount propagation.
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readlinkSync } from 'node:fs';

export type Host = {
  name: string;
  ip: string;
  /** The command prefix that runs a program inside the namespace. */
  enter: string[];
  /** Runs a program inside the namespace. */
  spawn(file: string, args: string[], options?: SpawnOptions): ChildProcess;
  cut(): void;
  restore(): void;
};

export type Network = { hosts: Map<string, Host>; remove(): void };

const run = (file: string, ...args: string[]) => execFileSync(file, args, { stdio: 'pipe' });

/** A new network namespace, held by a sleeping process until it is killed. */
function holder(): ChildProcess {
  const child = spawn('unshare', ['--net', '--', 'sleep', 'infinity'], { stdio: 'ignore', detached: true });
  const own = readlinkSync('/proc/self/ns/net');
  // Entered once unshare has exec'd sleep (its netns is no longer ours).
  for (let i = 0; i < 500; i++) {
    try {
      if (child.pid && readlinkSync(`/proc/${child.pid}/ns/net`) !== own) return child;
    } catch {
      /* not there yet */
    }
    execFileSync('sleep', ['0.01']);
  }
  child.kill('SIGKILL');
  throw new Error('unshare --net did not make a namespace');
}

/** Makes the hosts on a new bridge, addresses 10.<240-249>.<x>.<2...>. */
export function makeNetwork(names: string[]): Network {
  const tag = randomBytes(3).toString('hex');
  const bridge = `bwbr${tag}`;
  const subnet = `10.${240 + (randomBytes(1)[0]! % 10)}.${randomBytes(1)[0]!}`;
  const hosts = new Map<string, Host>();
  const holders: ChildProcess[] = [];
  const remove = () => {
    for (const h of holders) h.kill('SIGKILL');
    try {
      run('ip', 'link', 'del', bridge);
    } catch {
      /* already gone */
    }
  };
  try {
    run('ip', 'link', 'add', bridge, 'type', 'bridge');
    run('ip', 'link', 'set', bridge, 'up');
    names.forEach((name, i) => {
      const held = holder();
      holders.push(held);
      const enter = ['nsenter', `--net=/proc/${held.pid}/ns/net`, '--'];
      const inside = (...args: string[]) => run(enter[0]!, ...enter.slice(1), 'ip', ...args);
      const outside = `bw${tag}h${i}`;
      const address = `${subnet}.${i + 2}`;
      run('ip', 'link', 'add', outside, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', String(held.pid));
      run('ip', 'link', 'set', outside, 'master', bridge);
      run('ip', 'link', 'set', outside, 'up');
      inside('addr', 'add', `${address}/24`, 'dev', 'eth0');
      inside('link', 'set', 'eth0', 'up');
      inside('link', 'set', 'lo', 'up');
      hosts.set(name, {
        name,
        ip: address,
        enter,
        spawn: (file, args, options = {}) => spawn(enter[0]!, [...enter.slice(1), file, ...args], options),
        cut: () => void run('ip', 'link', 'set', outside, 'down'),
        restore: () => void run('ip', 'link', 'set', outside, 'up'),
      });
    });
  } catch (err) {
    remove();
    throw err;
  }
  return { hosts, remove };
}
