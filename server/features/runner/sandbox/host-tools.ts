// The host programs the sandbox is built from, found once by absolute path (never through PATH at
// spawn time, and never a version-manager shim).
import { accessSync, constants } from 'node:fs';

export type HostTools = {
  sh: string;
  /** Unpacks a run's project inside its sandbox (the same path there: /usr is bound read-only). */
  tar: string;
  prlimit: string;
  bwrap: string | null;
  /** Only when running as root: drops each run to its own unprivileged uid. */
  setpriv: string | null;
  slirp4netns: string | null;
  /** nsenter + ip (iproute2): close routes inside a sandbox's network namespace (network.ts). */
  nsenter: string | null;
  ip: string | null;
  /** Runs the test chat's relay (service-bridge.ts). */
  python3: string | null;
};

const SEARCH = ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin'];

export function findExecutable(name: string): string | null {
  for (const dir of SEARCH) {
    const candidate = `${dir}/${name}`;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* next */
    }
  }
  return null;
}

export function findHostTools(): HostTools {
  return {
    sh: findExecutable('sh') ?? '/bin/sh',
    tar: findExecutable('tar') ?? '/bin/tar',
    prlimit: findExecutable('prlimit') ?? 'prlimit',
    bwrap: findExecutable('bwrap'),
    setpriv: process.getuid?.() === 0 ? findExecutable('setpriv') : null,
    slirp4netns: findExecutable('slirp4netns'),
    nsenter: findExecutable('nsenter'),
    ip: findExecutable('ip'),
    python3: findExecutable('python3'),
  };
}
