// A networked sandbox reaches the internet but no private network, and
// its slirp4netns never outlives the server that started it. Runs against this host's real sandbox.
// Nothing here sends a packet: `ip route get` only asks the kernel which route it would take.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config';
import { findCgroupHost, sweepStaleCgroups } from './cgroup';
import { findHostTools } from './host-tools';
import { createSandbox, limitsFor } from './index';
import { attachNetwork, type AttachedNetwork } from './network';
import { SLIRP_OWNER_VARIABLE, sweepStaleNetworks } from './slirp-owner';
import type { SandboxedProcess } from './sandbox';

const root = mkdtempSync(path.join(os.tmpdir(), 'botwright-network-'));
const env = { DATA_DIR: path.join(root, 'data'), JWT_SECRET: 'network-suite-jwt-secret-that-is-long-enough', RUNNER_MEMORY_MB: '256', RUNNER_PIDS: '64', RUNNER_TMP_MB: '16' };
const config = loadConfig(env);
const limits = limitsFor(config.runner);
const log = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, level: 'info' } as unknown as FastifyBaseLogger;
(log as unknown as { child: () => FastifyBaseLogger }).child = () => log;
const sandbox = await createSandbox(config.runner, path.join(root, 'data', 'runs'), log);
const networked = sandbox.status.protections.find((p) => p.name === 'network-isolation')!;
const tools = findHostTools();
const asRoot = process.getuid?.() === 0;
const IP = ['/usr/sbin/ip', '/usr/bin/ip'].find((p) => existsSync(p)) ?? '/usr/sbin/ip';

// An `unreachable` route answers EHOSTUNREACH; an IPv6 address with no route at all ENETUNREACH.
const NO_ROUTE = /^RTNETLINK answers: (No route to host|Network is unreachable)$|^unreachable /;
const BLOCKED = ['10.1.2.3', '172.16.5.5', '172.31.255.1', '192.168.1.1', '100.64.0.1', '198.18.0.1', '198.19.255.1', 'fd00::1', 'fc00::1'];
// The clouds' metadata and host services: link-local (AWS, GCP, Azure's IMDS, Oracle...), Alibaba's,
// and Azure's WireServer, a public address that trusts the host's root (slirp4netns is root).
const METADATA = ['169.254.169.254', '169.254.0.23', '100.100.100.200', '168.63.129.16'];
const ROUTED = ['10.0.2.3', '10.0.2.2', '1.1.1.1', '8.8.8.8'];

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs a python bot with network and returns what it printed. */
async function runBot(script: string, args: string[] = []): Promise<string> {
  const proc: SandboxedProcess = await sandbox.spawn({
    argv: [config.runner.python, '-c', script, ...args],
    cwd: '/app',
    mounts: [],
    workdir: { path: '/app', files: [] },
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', PYTHONUNBUFFERED: '1' },
    network: 'internet',
    limits,
  });
  cleanups.push(() => proc.stop(0).then(() => {}));
  let out = '';
  let err = '';
  proc.stdout.on('data', (d) => (out += String(d)));
  proc.stderr.on('data', (d) => (err += String(d)));
  const exit = await proc.exit;
  expect(exit.code, err).toBe(0);
  return out;
}

// Prints {"<address>": "<ip route get output or error>"} for each address given.
const ROUTE_GET = `
import json, subprocess, sys
out = {}
for a in sys.argv[2:]:
    r = subprocess.run([sys.argv[1], '-o', 'route', 'get', a], capture_output=True, text=True)
    out[a] = (r.stdout + r.stderr).strip()
print(json.dumps(out))
`;

describe.skipIf(!networked.active)(`a networked bot${networked.active ? '' : ` [skipped: ${networked.detail}]`}`, () => {
  it('has no route to private networks (10/8, 172.16/12, 192.168/16, 100.64/10, 198.18/15, fc00::/7) nor the clouds\' metadata services (Azure\'s 168.63.129.16 too) but reaches slirp and the internet', async () => {
    const routes = JSON.parse(await runBot(ROUTE_GET, [IP, ...BLOCKED, ...METADATA, ...ROUTED])) as Record<string, string>;
    for (const address of [...BLOCKED, ...METADATA]) expect(routes[address], address).toMatch(NO_ROUTE);
    // slirp's own /24 is more specific than 10/8: its DNS and gateway stay on-link.
    expect(routes['10.0.2.3']).toMatch(/^10\.0\.2\.3 dev tap0 /);
    expect(routes['10.0.2.2']).toMatch(/^10\.0\.2\.2 dev tap0 /);
    for (const address of ['1.1.1.1', '8.8.8.8']) expect(routes[address], address).toMatch(new RegExp(`^${address.replaceAll('.', '\\.')} via 10\\.0\\.2\\.2 dev tap0 `));
  });

  it('cannot remove, replace or get around the blocks (no capabilities)', async () => {
    const script = `
import json, subprocess, sys
ip = sys.argv[1]
def run(*args):
    r = subprocess.run([ip, *args], capture_output=True, text=True)
    return [r.returncode, (r.stdout + r.stderr).strip()]
caps = [l for l in open('/proc/self/status') if l.startswith('CapEff')][0].split()[1]
print(json.dumps({
  'caps': caps,
  'del': run('route', 'del', 'unreachable', '10.0.0.0/8'),
  'flush': run('route', 'flush', 'type', 'unreachable'),
  'add': run('route', 'add', '10.1.2.0/24', 'via', '10.0.2.2'),
  'replace': run('route', 'replace', '192.168.0.0/16', 'via', '10.0.2.2'),
  'del6': run('-6', 'route', 'del', 'unreachable', 'fc00::/7'),
  'after': run('-o', 'route', 'get', '10.1.2.3'),
}))
`;
    const r = JSON.parse(await runBot(script, [IP])) as Record<string, string | [number, string]>;
    expect(r.caps).toBe('0000000000000000');
    for (const key of ['del', 'flush', 'add', 'replace', 'del6']) {
      const [code, text] = r[key] as [number, string];
      expect(code, key).not.toBe(0);
      expect(text, key).toMatch(/Operation not permitted/);
    }
    expect((r.after as [number, string])[1]).toMatch(NO_ROUTE);
  });
});

// ---- the allow-list (RUNNER_ALLOW_NETWORKS), on a bare network namespace with a real slirp4netns ----

/** A process in a network namespace of its own (root's `unshare --net`), gone after the test. */
function bareNamespace(): ChildProcess {
  const child = spawn('unshare', ['--net', '--', 'sleep', '60'], { stdio: 'ignore' });
  cleanups.push(() => void child.kill('SIGKILL'));
  return child;
}

async function namespacePid(child: ChildProcess): Promise<number> {
  // unshare execs sleep: the pid is the namespace's once its net namespace differs from ours.
  const ours = readlinkSafe('/proc/self/ns/net');
  for (let i = 0; i < 500; i++) {
    const theirs = readlinkSafe(`/proc/${child.pid}/ns/net`);
    if (theirs && theirs !== ours && readFileSync(`/proc/${child.pid}/comm`, 'utf8').trim() === 'sleep') return child.pid!;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('unshare --net did not start');
}

function readlinkSafe(p: string): string | null {
  try {
    return readlinkSync(p);
  } catch {
    return null;
  }
}

function routeIn(pid: number, address: string): string {
  const r = spawnSync(tools.nsenter!, [`--net=/proc/${pid}/ns/net`, '--', tools.ip!, '-o', 'route', 'get', address], { encoding: 'utf8' });
  return (r.stdout + r.stderr).trim();
}

const canMakeNamespaces = asRoot && !!tools.slirp4netns && !!tools.nsenter && !!tools.ip;
describe('RUNNER_ALLOW_NETWORKS', () => {
  it('is read from the environment as IPv4 CIDRs; anything else stops start-up', () => {
    expect(config.runner.allowNetworks).toEqual([]);
    expect(loadConfig({ ...env, RUNNER_ALLOW_NETWORKS: '192.168.50.0/24, 10.20.0.0/16' }).runner.allowNetworks).toEqual(['192.168.50.0/24', '10.20.0.0/16']);
    for (const bad of ['192.168.50.7/24', '10.0.0.0/33', 'evil', '192.168.50.0', 'fd00::/8', '169.254.169.254/32', '10.0.2.0/24', '0.0.0.0/0', '127.0.0.0/8', '192.168.1.0/24;rm']) {
      expect(() => loadConfig({ ...env, RUNNER_ALLOW_NETWORKS: bad }), bad).toThrow(ConfigError);
    }
  });

  it.skipIf(!canMakeNamespaces)(`routes the allowed networks through slirp while the rest stay unreachable${canMakeNamespaces ? '' : ' [skipped: needs root, slirp4netns, nsenter and ip]'}`, async () => {
    const pid = await namespacePid(bareNamespace());
    const network: AttachedNetwork = await attachNetwork({ slirp4netns: tools.slirp4netns!, nsenter: tools.nsenter, ip: tools.ip }, pid, false, ['192.168.50.0/24']);
    cleanups.push(() => network.close());
    expect(routeIn(pid, '192.168.50.7')).toMatch(/^192\.168\.50\.7 via 10\.0\.2\.2 dev tap0 /);
    expect(routeIn(pid, '192.168.1.1')).toMatch(NO_ROUTE);
    expect(routeIn(pid, '192.168.51.1')).toMatch(NO_ROUTE);
    expect(routeIn(pid, '10.0.2.3')).toMatch(/^10\.0\.2\.3 dev tap0 /);
    expect(routeIn(pid, '169.254.169.254')).toMatch(NO_ROUTE);

    // A whole private range opened: its block goes, slirp's own /24 stays on-link.
    const whole = await namespacePid(bareNamespace());
    const wholeNetwork = await attachNetwork({ slirp4netns: tools.slirp4netns!, nsenter: tools.nsenter, ip: tools.ip }, whole, false, ['10.0.0.0/8']);
    cleanups.push(() => wholeNetwork.close());
    expect(routeIn(whole, '10.1.2.3')).toMatch(/^10\.1\.2\.3 via 10\.0\.2\.2 dev tap0 /);
    expect(routeIn(whole, '10.0.2.3')).toMatch(/^10\.0\.2\.3 dev tap0 /);
    expect(routeIn(whole, '172.16.5.5')).toMatch(NO_ROUTE);
  });
});

// ---- slirp4netns and the server's life ----

function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function slirpsUnder(root: number): number[] {
  const out: number[] = [];
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  for (const [pid] of parents) {
    let p: number | undefined = pid;
    for (let depth = 0; p && p !== root && depth < 50; depth++) p = parents.get(p);
    if (p === root && commandOf(pid) === 'slirp4netns') out.push(pid);
  }
  return out;
}

/** A process's command name, or null when it ended between listing /proc and reading it. */
function commandOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

describe.skipIf(!networked.active)(`slirp4netns${networked.active ? '' : ` [skipped: ${networked.detail}]`}`, () => {
  it('exits when the server that started it is killed (SIGKILL)', async () => {
    // Last: the run cgroup the killed server leaves, as the next server's start-up would.
    cleanups.push(async () => {
      const host = findCgroupHost();
      if (host) await sweepStaleCgroups(host);
    });
    const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'network.fixture.ts');
    const server = spawn(process.execPath, ['--import', 'tsx', fixture], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env, RUNNER_PYTHON: config.runner.python },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => void server.kill('SIGKILL'));
    let out = '';
    server.stdout!.on('data', (d) => (out += String(d)));
    server.stderr!.on('data', (d) => (out += String(d)));
    expect(await until(() => out.includes('running'), 20_000), out).toBe(true);
    const slirps = slirpsUnder(server.pid!);
    expect(slirps, out).toHaveLength(1);
    cleanups.push(() => void spawnSync('kill', ['-9', String(slirps[0])]));

    server.kill('SIGKILL');
    expect(await until(() => !isRunning(slirps[0]), 15_000), 'slirp4netns still running after its server was killed').toBe(true);
  }, 60_000);

  it.skipIf(!asRoot)('start-up sweep ends slirp4netns left by a dead server, and nothing else', async () => {
    const pid = await namespacePid(bareNamespace());
    const ownStart = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')[19];
    let taps = 0;
    const slirp = (owner: string | null) => {
      const env = owner === null ? {} : { [SLIRP_OWNER_VARIABLE]: owner };
      const child = spawn(tools.slirp4netns!, ['--netns-type=path', `/proc/${pid}/ns/net`, `tap${taps++}`], { stdio: 'ignore', env });
      cleanups.push(() => void child.kill('SIGKILL'));
      return child;
    };
    // A dead server's (its pid now belongs to another process: the start time differs), a live server's.
    const stale = slirp(`${process.pid}:${Number(ownStart) + 1}`);
    const live = slirp(`${process.pid}:${ownStart}`);
    const marked = spawn('sleep', ['60'], { stdio: 'ignore', env: { [SLIRP_OWNER_VARIABLE]: '1:1' } });
    cleanups.push(() => void marked.kill('SIGKILL'));
    const unmarked = slirp(null);
    await new Promise((r) => setTimeout(r, 300));
    // The stale one may already be gone: a server starting in another test worker sweeps too, and ends
    // it just as this sweep would. The others must be running, before and after.
    expect(stale.pid).toBeGreaterThan(0);
    expect([live, marked, unmarked].map((c) => isRunning(c.pid!))).toEqual([true, true, true]);

    await sweepStaleNetworks();
    expect(await until(() => !isRunning(stale.pid!), 2000)).toBe(true);
    for (const other of [live, marked, unmarked]) expect(isRunning(other.pid!)).toBe(true);
  });
});
