// Whether this server runs bots, as a pure function of HOST, RUNNER_SANDBOX and what the probe
// found: every row of the table, which HOSTs count as loopback, and the refusal naming exactly
// what is missing (Debian packages, or what to do when it is not a package).
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, sandboxPolicy, type SandboxMode } from './policy';
import type { SandboxProtection, SandboxStatus } from './sandbox';

const ALL: SandboxProtection[] = ['bubblewrap', 'unprivileged-user', 'cgroup-memory', 'cgroup-pids', 'cgroup-cpu', 'network-isolation', 'syscall-filter'];
const CGROUPS = 'give the runs cgroups (run the server as root, or under a delegated cgroup v2 with the memory, pids and cpu controllers)';

/** A probe's status: every protection on except those given, each with what would turn it on. */
function status(off: Partial<Record<SandboxProtection, { install?: string[]; other?: string[] }>> = {}): SandboxStatus {
  const protections = ALL.map((name) => {
    const fix = off[name];
    return fix ? { name, active: false, detail: `${name} is off`, fix: { install: fix.install ?? [], other: fix.other ?? [] } } : { name, active: true, detail: `${name} works` };
  });
  return { full: protections.every((p) => p.active), protections };
}

/** A host without bubblewrap (root server): what the probe reports then. */
const noBubblewrap = status({
  bubblewrap: { install: ['bubblewrap'] },
  'unprivileged-user': { install: ['bubblewrap'] },
  'network-isolation': { install: ['bubblewrap'] },
  'syscall-filter': { install: ['bubblewrap'] },
});
/** A host with neither bubblewrap nor slirp4netns. */
const noBubblewrapNorSlirp = status({
  bubblewrap: { install: ['bubblewrap'] },
  'unprivileged-user': { install: ['bubblewrap'] },
  'network-isolation': { install: ['bubblewrap', 'slirp4netns'] },
  'syscall-filter': { install: ['bubblewrap'] },
});

describe('isLoopbackHost', () => {
  it('127.0.0.0/8, ::1 (any spelling, IPv4-mapped 127/8 too) and localhost are loopback', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '127.255.255.254', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', 'localhost', 'LOCALHOST', ' localhost ']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it('every other address or name is not: the wildcard, LAN and public addresses, names that resolve elsewhere', () => {
    for (const host of ['0.0.0.0', '::', '[::]', '192.168.1.10', '10.0.0.1', '203.0.113.5', '2001:db8::1', '::ffff:10.0.0.1', '128.0.0.1', '127.0.0', '127.0.0.1.example.com', 'example.com', 'localhost.example.com', 'my-server']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe('sandboxPolicy: the table', () => {
  const rows: Array<[SandboxMode, string, SandboxStatus, 'allowed' | 'refused']> = [
    // A full sandbox: runs everywhere, whatever the mode.
    ['auto', '127.0.0.1', status(), 'allowed'],
    ['auto', '0.0.0.0', status(), 'allowed'],
    ['off', '127.0.0.1', status(), 'allowed'],
    ['off', '0.0.0.0', status(), 'allowed'],
    ['required', '127.0.0.1', status(), 'allowed'],
    ['required', '0.0.0.0', status(), 'allowed'],
    // A protection missing: auto runs only on loopback, off everywhere, required nowhere.
    ['auto', '127.0.0.1', noBubblewrap, 'allowed'],
    ['auto', 'localhost', noBubblewrap, 'allowed'],
    ['auto', '::1', noBubblewrap, 'allowed'],
    ['auto', '0.0.0.0', noBubblewrap, 'refused'],
    ['auto', '::', noBubblewrap, 'refused'],
    ['auto', '192.168.1.10', noBubblewrap, 'refused'],
    ['auto', 'bots.example.com', noBubblewrap, 'refused'],
    ['off', '127.0.0.1', noBubblewrap, 'allowed'],
    ['off', '0.0.0.0', noBubblewrap, 'allowed'],
    ['required', '127.0.0.1', noBubblewrap, 'refused'],
    ['required', '0.0.0.0', noBubblewrap, 'refused'],
    // One protection missing is enough.
    ['auto', '0.0.0.0', status({ 'cgroup-cpu': { other: [CGROUPS] } }), 'refused'],
    ['auto', '127.0.0.1', status({ 'cgroup-cpu': { other: [CGROUPS] } }), 'allowed'],
  ];
  it.each(rows)('RUNNER_SANDBOX=%s, HOST=%s -> runs %4$s', (mode, host, probed, runs) => {
    const policy = sandboxPolicy({ mode, host, status: probed });
    expect(policy.runs).toBe(runs);
    expect(policy.mode).toBe(mode);
    expect(policy.loopback).toBe(isLoopbackHost(host));
    expect(policy.refusal === null).toBe(runs === 'allowed');
    expect(policy.reason).not.toBe('');
  });
});

describe('sandboxPolicy: what it says', () => {
  it('auto off loopback without bubblewrap: refused with the package to install and RUNNER_SANDBOX=off as the way out', () => {
    const policy = sandboxPolicy({ mode: 'auto', host: '0.0.0.0', status: noBubblewrap });
    expect(policy.refusal).toBe(
      'This server runs bots only in a full sandbox: install bubblewrap (apt-get install bubblewrap), or set RUNNER_SANDBOX=off to run them without it at your own risk',
    );
    expect(policy.missing).toEqual({ install: ['bubblewrap'], other: [] });
    expect(policy.reason).toBe('RUNNER_SANDBOX=auto and HOST=0.0.0.0 is reachable from other machines: bots run only in the full sandbox, so every run and install is refused');
  });

  it('names each missing package once, in the order of the protections', () => {
    expect(sandboxPolicy({ mode: 'auto', host: '0.0.0.0', status: noBubblewrapNorSlirp }).refusal).toBe(
      'This server runs bots only in a full sandbox: install bubblewrap and slirp4netns (apt-get install bubblewrap slirp4netns), or set RUNNER_SANDBOX=off to run them without it at your own risk',
    );
    const three = status({ 'network-isolation': { install: ['slirp4netns', 'iproute2'] }, 'syscall-filter': { install: ['python3-seccomp'] } });
    expect(sandboxPolicy({ mode: 'auto', host: '10.0.0.5', status: three }).refusal).toBe(
      'This server runs bots only in a full sandbox: install slirp4netns, iproute2 and python3-seccomp (apt-get install slirp4netns iproute2 python3-seccomp), or set RUNNER_SANDBOX=off to run them without it at your own risk',
    );
  });

  it('says what to do when the missing piece is not a package (cgroups), once for the three cgroup protections', () => {
    const noCgroups = status({ 'cgroup-memory': { other: [CGROUPS] }, 'cgroup-pids': { other: [CGROUPS] }, 'cgroup-cpu': { other: [CGROUPS] }, 'syscall-filter': { install: ['python3-seccomp'] } });
    const policy = sandboxPolicy({ mode: 'auto', host: '0.0.0.0', status: noCgroups });
    expect(policy.missing).toEqual({ install: ['python3-seccomp'], other: [CGROUPS] });
    expect(policy.refusal).toBe(
      `This server runs bots only in a full sandbox: install python3-seccomp (apt-get install python3-seccomp) and ${CGROUPS}, or set RUNNER_SANDBOX=off to run them without it at your own risk`,
    );
    const onlyCgroups = sandboxPolicy({ mode: 'auto', host: '0.0.0.0', status: status({ 'cgroup-pids': { other: [CGROUPS] } }) });
    expect(onlyCgroups.refusal).toBe(`This server runs bots only in a full sandbox: ${CGROUPS}, or set RUNNER_SANDBOX=off to run them without it at your own risk`);
  });

  it('a protection the probe gave no fix for is named, with the log as the place to look', () => {
    const bare: SandboxStatus = { full: false, protections: [{ name: 'syscall-filter', active: false, detail: 'no filter' }] };
    expect(sandboxPolicy({ mode: 'auto', host: '0.0.0.0', status: bare }).refusal).toBe(
      'This server runs bots only in a full sandbox: make syscall-filter work (the start-up log says why it is off), or set RUNNER_SANDBOX=off to run them without it at your own risk',
    );
  });

  it('required: refused on any HOST, without suggesting to turn the sandbox off', () => {
    const policy = sandboxPolicy({ mode: 'required', host: '127.0.0.1', status: noBubblewrapNorSlirp });
    expect(policy.refusal).toBe('This server runs bots only in a full sandbox (RUNNER_SANDBOX=required): install bubblewrap and slirp4netns (apt-get install bubblewrap slirp4netns)');
    expect(policy.reason).toBe('RUNNER_SANDBOX=required: bots run only in the full sandbox, so every run and install is refused');
  });

  it('allowed with protections missing: the reason says why, and that bots are plain processes without bubblewrap', () => {
    expect(sandboxPolicy({ mode: 'auto', host: '127.0.0.1', status: noBubblewrap }).reason).toBe(
      "RUNNER_SANDBOX=auto and HOST=127.0.0.1 is this machine only: bots run with the protections this host offers (without bubblewrap: as ordinary processes of the server's user, on the host's network)",
    );
    expect(sandboxPolicy({ mode: 'off', host: '0.0.0.0', status: noBubblewrap }).reason).toBe(
      "RUNNER_SANDBOX=off: bots run with the protections this host offers, on any HOST, at the operator's risk (without bubblewrap: as ordinary processes of the server's user, on the host's network)",
    );
    const noCpu = sandboxPolicy({ mode: 'off', host: '0.0.0.0', status: status({ 'cgroup-cpu': { other: [CGROUPS] } }) });
    expect(noCpu.reason).toBe("RUNNER_SANDBOX=off: bots run with the protections this host offers, on any HOST, at the operator's risk");
    expect(noCpu.missing).toEqual({ install: [], other: [CGROUPS] });
  });

  it('full: bots run in the full sandbox, nothing missing', () => {
    for (const mode of ['auto', 'off', 'required'] as const) {
      const policy = sandboxPolicy({ mode, host: '0.0.0.0', status: status() });
      expect(policy).toMatchObject({ runs: 'allowed', refusal: null, missing: { install: [], other: [] }, reason: 'every protection is on: bots run in the full sandbox' });
    }
  });
});
