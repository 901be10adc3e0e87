// Network for a sandbox: slirp4netns gives its empty network namespace a user-mode TCP/IP stack
// (10.0.2.0/24, DNS at 10.0.2.3). The host's loopback (10.0.2.2 -> 127.0.0.1) is blocked unless
// the caller asks for it (the installer, when the configured package index is on loopback).
import { spawn } from 'node:child_process';

export type AttachedNetwork = { close(): void };

/** Host address a sandbox uses to reach the host's 127.0.0.1 when loopback is allowed. */
export const HOST_LOOPBACK_FROM_SANDBOX = '10.0.2.2';

export async function attachNetwork(slirp4netns: string, sandboxPid: number, allowHostLoopback: boolean): Promise<AttachedNetwork> {
  const args = ['--configure', '--mtu=65520', '--ready-fd=3'];
  if (!allowHostLoopback) args.push('--disable-host-loopback');
  // By path, so slirp4netns does not first join the sandbox's (nested) user namespace, from
  // which the network namespace would be out of its reach.
  args.push('--netns-type=path', `/proc/${sandboxPid}/ns/net`, 'tap0');
  const child = spawn(slirp4netns, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe'], env: {} });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr = (stderr + String(d)).slice(-2000)));
  await new Promise<void>((resolve, reject) => {
    const ready = child.stdio[3]!;
    ready.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`slirp4netns exited (${code}): ${stderr.trim()}`)));
    child.once('error', reject);
  });
  child.removeAllListeners('exit');
  return {
    close() {
      child.kill('SIGKILL');
    },
  };
}
