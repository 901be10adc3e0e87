// Network for a sandbox: slirp4netns gives its empty network namespace a user-mode TCP/IP stack
// (10.0.2.0/24, DNS at 10.0.2.3). The host's loopback (10.0.2.2 -> 127.0.0.1) is blocked unless
// the caller asks for it (the installer, when the configured package index is on loopback).
// slirp4netns connects out from the host, so whatever the host reaches the sandbox would too: before
// the command starts, the namespace gets "unreachable" routes for the cloud metadata service
// (link-local) and the host's own addresses. The bot cannot remove them (no capabilities).
import { spawn } from 'node:child_process';
import { networkInterfaces } from 'node:os';

export type AttachedNetwork = { close(): void };

/** Host address a sandbox uses to reach the host's 127.0.0.1 when loopback is allowed. */
export const HOST_LOOPBACK_FROM_SANDBOX = '10.0.2.2';

export type NetworkTools = { slirp4netns: string; nsenter: string | null; ip: string | null };

export async function attachNetwork(tools: NetworkTools, sandboxPid: number, allowHostLoopback: boolean): Promise<AttachedNetwork> {
  if (!tools.nsenter || !tools.ip) throw new Error('nsenter and ip (iproute2) are needed to close the metadata service and host addresses');
  // slirp4netns parses the sandbox's packets as root: it confines itself (own mount namespace,
  // capabilities dropped, a syscall filter).
  const args = ['--configure', '--mtu=65520', '--ready-fd=3', '--enable-sandbox', '--enable-seccomp'];
  if (!allowHostLoopback) args.push('--disable-host-loopback');
  // By path, so slirp4netns does not first join the sandbox's (nested) user namespace, from
  // which the network namespace would be out of its reach.
  args.push('--netns-type=path', `/proc/${sandboxPid}/ns/net`, 'tap0');
  const child = spawn(tools.slirp4netns, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], env: {} });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + String(d)).slice(-2000)));
  try {
    await new Promise<void>((resolve, reject) => {
      const ready = child.stdio[3]!;
      ready.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`slirp4netns exited (${code}): ${stderr.trim()}`)));
      child.once('error', reject);
    });
    child.removeAllListeners('exit');
    await closeRoutes(tools.nsenter, tools.ip, sandboxPid);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    close() {
      child.kill('SIGKILL');
    },
  };
}

/** Destinations no sandbox reaches: link-local (169.254.169.254 and kin), Alibaba's metadata, the host's own IPv4 addresses. */
export function closedDestinations(): string[] {
  const own = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal && a.address !== HOST_LOOPBACK_FROM_SANDBOX && a.address !== '10.0.2.3')
    .map((a) => `${a!.address}/32`);
  return ['169.254.0.0/16', '100.100.100.200/32', ...new Set(own)];
}

async function closeRoutes(nsenter: string, ip: string, sandboxPid: number): Promise<void> {
  const child = spawn(nsenter, [`--net=/proc/${sandboxPid}/ns/net`, '--', ip, '-batch', '-'], { stdio: ['pipe', 'ignore', 'pipe'], env: {} });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + String(d)).slice(-2000)));
  child.stdin!.on('error', () => {});
  child.stdin!.end(closedDestinations().map((d) => `route add unreachable ${d}\n`).join(''));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('exit', resolve);
    child.once('error', reject);
  });
  if (code !== 0) throw new Error(`could not close routes in the sandbox (${code}): ${stderr.trim()}`);
}
