// Network for a sandbox: slirp4netns gives its empty network namespace a user-mode TCP/IP stack
// (10.0.2.0/24, DNS at 10.0.2.3). The host's loopback (10.0.2.2 -> 127.0.0.1) is blocked unless
// the caller asks for it (the installer, when the configured package index is on loopback).
// slirp4netns connects out from the host, so whatever the host reaches the sandbox would too: before
// the command starts, the namespace gets "unreachable" routes for the clouds' metadata and host
// services (CLOUD_SERVICES), the host's own addresses and the private networks (LANs, VPCs, carrier
// NAT), except those the operator opened (RUNNER_ALLOW_NETWORKS). The bot cannot change them (no
// capabilities).
// slirp4netns runs as root and would outlive a killed server: it watches a pipe the server holds
// (--exit-fd) and goes when the server does; a sweep ends any a dead server left all the same.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { PRIVATE_IPV4, PRIVATE_IPV6 } from './private-networks';
import { withinSetupDeadline } from './setup-deadline';
import { ownMarker, SLIRP_OWNER_VARIABLE, sweepStaleNetworks } from './slirp-owner';

export type AttachedNetwork = { close(): void };

/** Host address a sandbox uses to reach the host's 127.0.0.1 when loopback is allowed. */
export const HOST_LOOPBACK_FROM_SANDBOX = '10.0.2.2';

export type NetworkTools = { slirp4netns: string; nsenter: string | null; ip: string | null };

// Once per server, before its first slirp4netns: the probe at start-up is the first.
let swept: Promise<unknown> | null = null;

/**
 * Gives the sandbox whose pid 1 is `sandboxPid` its network. `allowNetworks`: private IPv4 networks
 * (validated CIDRs, RUNNER_ALLOW_NETWORKS) routed through slirp after all.
 */
export async function attachNetwork(tools: NetworkTools, sandboxPid: number, allowHostLoopback: boolean, allowNetworks: readonly string[] = []): Promise<AttachedNetwork> {
  if (!tools.nsenter || !tools.ip) throw new Error('nsenter and ip (iproute2) are needed to close the metadata service and host addresses');
  swept ??= sweepStaleNetworks().catch(() => 0);
  await swept;
  // slirp4netns parses the sandbox's packets as root: it confines itself (own mount namespace,
  // capabilities dropped, a syscall filter). fd 4 is a pipe only this server holds the other end
  // of: slirp4netns exits when it closes, however the server ends.
  const args = ['--configure', '--mtu=65520', '--ready-fd=3', '--exit-fd=4', '--enable-sandbox', '--enable-seccomp'];
  if (!allowHostLoopback) args.push('--disable-host-loopback');
  // By path, so slirp4netns does not first join the sandbox's (nested) user namespace, from
  // which the network namespace would be out of its reach.
  args.push('--netns-type=path', `/proc/${sandboxPid}/ns/net`, 'tap0');
  const child = spawn(tools.slirp4netns, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], env: { [SLIRP_OWNER_VARIABLE]: ownMarker() } });
  child.on('error', () => {});
  const exitPipe = child.stdio[4]!;
  exitPipe.on('error', () => {});
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + String(d)).slice(-2000)));
  try {
    await withinSetupDeadline(
      new Promise<void>((resolve, reject) => {
        const ready = child.stdio[3]!;
        ready.once('data', () => resolve());
        child.once('exit', (code) => reject(new Error(`slirp4netns exited (${code}): ${stderr.trim()}`)));
        child.once('error', reject);
      }),
      'slirp4netns',
    );
    child.removeAllListeners('exit');
    await closeRoutes(tools.nsenter, tools.ip, sandboxPid, allowNetworks);
  } catch (err) {
    child.kill('SIGKILL');
    exitPipe.destroy();
    throw err;
  }
  return {
    close() {
      child.kill('SIGKILL');
      exitPipe.destroy();
    },
  };
}

/**
 * The clouds' metadata and host services: link-local (169.254.169.254 of AWS, GCP, Azure, Oracle...,
 * Tencent's 169.254.0.23), Alibaba's 100.100.100.200, and Azure's WireServer 168.63.129.16, a public
 * address that answers a VM's root (slirp4netns, which connects for the sandbox, runs as root).
 */
const CLOUD_SERVICES = ['169.254.0.0/16', '100.100.100.200/32', '168.63.129.16/32'];

/**
 * IPv4 destinations no sandbox reaches: the clouds' services, the host's own addresses, and the
 * private ranges not opened whole by `allowNetworks`.
 */
export function closedDestinations(allowNetworks: readonly string[] = []): string[] {
  const own = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal && a.address !== HOST_LOOPBACK_FROM_SANDBOX && a.address !== '10.0.2.3')
    .map((a) => `${a!.address}/32`);
  const ranges = PRIVATE_IPV4.filter((r) => !allowNetworks.includes(r));
  return [...CLOUD_SERVICES, ...ranges, ...new Set(own)];
}

/**
 * The route table inside the sandbox. slirp's own 10.0.2.0/24 is on-link and more specific than
 * 10/8, so its gateway and DNS keep working; allowed networks are more specific than the ranges
 * they sit in, and the host's own /32s more specific than any allowed network.
 */
async function closeRoutes(nsenter: string, ip: string, sandboxPid: number, allowNetworks: readonly string[]): Promise<void> {
  const closed = closedDestinations(allowNetworks);
  // A whole range opened needs no route of its own (the default one takes it); the host's own
  // addresses stay closed even inside an opened network.
  const opened = allowNetworks.filter((n) => !PRIVATE_IPV4.includes(n) && !closed.includes(n));
  const lines = [
    ...closed.map((d) => `route add unreachable ${d}`),
    ...opened.map((n) => `route add ${n} via ${HOST_LOOPBACK_FROM_SANDBOX} dev tap0`),
  ];
  // IPv6 only where the kernel has it (slirp gives the sandbox no IPv6 route today: this is for
  // the day it does).
  if (existsSync(`/proc/${sandboxPid}/net/if_inet6`)) lines.push(...PRIVATE_IPV6.map((d) => `route add unreachable ${d}`));
  await ipBatch(nsenter, ip, sandboxPid, lines);
}

async function ipBatch(nsenter: string, ip: string, sandboxPid: number, commands: string[]): Promise<void> {
  const child = spawn(nsenter, [`--net=/proc/${sandboxPid}/ns/net`, '--', ip, '-batch', '-'], { stdio: ['pipe', 'ignore', 'pipe'], env: {} });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + String(d)).slice(-2000)));
  child.stdin!.on('error', () => {});
  child.stdin!.end(commands.map((c) => `${c}\n`).join(''));
  const code = await withinSetupDeadline(
    new Promise<number | null>((resolve, reject) => {
      child.once('exit', resolve);
      child.once('error', reject);
    }),
    'the route set-up (ip -batch)',
  ).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });
  if (code !== 0) throw new Error(`could not close routes in the sandbox (${code}): ${stderr.trim()}`);
}
