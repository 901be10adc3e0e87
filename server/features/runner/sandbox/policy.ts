// Whether this server runs bots (and dependency installs), given where it listens (HOST), what
// RUNNER_SANDBOX asks for and what the probe found. A server that strangers can reach must not run
// their code outside the full sandbox (without bubblewrap a bot is a plain process of the server's
// user, root included, on the host's network), unless its operator said so with RUNNER_SANDBOX=off;
// a server on loopback is a local trial and runs with what the host offers. Pure, so every row of
// the table is unit-tested (policy.test.ts); the sandbox applies it (index.ts).
import { isIP } from 'node:net';
import type { ProtectionFix, SandboxMode, SandboxPolicy, SandboxStatus } from './sandbox';

// The policy's shape is the sandbox's (sandbox.ts), named here too for its callers.
export type { SandboxMode, SandboxPolicy };

/** 127.0.0.0/8, ::1 (IPv4-mapped 127/8 too) and `localhost`; a name that resolves elsewhere is not. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) !== 6) return false;
  // The URL parser writes an IPv6 address one way: '::1', and '::ffff:7fxx:...' for a mapped 127/8.
  // (It refuses a zone, 'fe80::1%eth0': not loopback either.)
  const canonical = URL.parse(`http://[${h}]/`)?.hostname ?? '';
  return canonical === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:/.test(canonical);
}

const REFUSED = 'bots run only in the full sandbox, so every run and install is refused';
const OFFERED = 'bots run with the protections this host offers';
const UNCONFINED = " (without bubblewrap: as ordinary processes of the server's user, on the host's network)";

export function sandboxPolicy(input: { host: string; mode: SandboxMode; status: SandboxStatus }): SandboxPolicy {
  const { host, mode, status } = input;
  const loopback = isLoopbackHost(host);
  const missing = missingPieces(status);
  if (status.full) return { mode, host, loopback, runs: 'allowed', reason: 'every protection is on: bots run in the full sandbox', refusal: null, missing };
  const unconfined = status.protections.some((p) => p.name === 'bubblewrap' && !p.active) ? UNCONFINED : '';
  if (mode === 'off') {
    return { mode, host, loopback, runs: 'allowed', reason: `RUNNER_SANDBOX=off: ${OFFERED}, on any HOST, at the operator's risk${unconfined}`, refusal: null, missing };
  }
  if (mode === 'auto' && loopback) {
    return { mode, host, loopback, runs: 'allowed', reason: `RUNNER_SANDBOX=auto and HOST=${host} is this machine only: ${OFFERED}${unconfined}`, refusal: null, missing };
  }
  const fix = whatToDo(missing);
  if (mode === 'required') {
    return { mode, host, loopback, runs: 'refused', reason: `RUNNER_SANDBOX=required: ${REFUSED}`, refusal: `This server runs bots only in a full sandbox (RUNNER_SANDBOX=required): ${fix}`, missing };
  }
  return {
    mode,
    host,
    loopback,
    runs: 'refused',
    reason: `RUNNER_SANDBOX=auto and HOST=${host} is reachable from other machines: ${REFUSED}`,
    refusal: `This server runs bots only in a full sandbox: ${fix}, or set RUNNER_SANDBOX=off to run them without it at your own risk`,
    missing,
  };
}

/**
 * Each missing piece once, in the order of the protections (one package or cause may keep several
 * off: without bubblewrap there is no network namespace or syscall filter either). A protection
 * the probe gave no fix for is named, with the log as the place to look.
 */
function missingPieces(status: SandboxStatus): ProtectionFix {
  const install = new Set<string>();
  const other = new Set<string>();
  for (const p of status.protections) {
    if (p.active) continue;
    if (!p.fix || p.fix.install.length + p.fix.other.length === 0) {
      other.add(`make ${p.name} work (the start-up log says why it is off)`);
      continue;
    }
    for (const name of p.fix.install) install.add(name);
    for (const step of p.fix.other) other.add(step);
  }
  return { install: [...install], other: [...other] };
}

/** 'install a and b (apt-get install a b) and <step>'. */
function whatToDo(missing: ProtectionFix): string {
  const parts = missing.install.length > 0 ? [`install ${inWords(missing.install)} (apt-get install ${missing.install.join(' ')})`] : [];
  return inWords([...parts, ...missing.other]);
}

/** 'a', 'a and b', 'a, b and c'. */
function inWords(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
