// The pieces of an install that need no sandbox: the pip and npm commands (argv, environment,
// network, mounts), the URL a sandbox uses for a loopback mirror, the package.json the server
// writes, the host-side handling of the packages dir (never following what a sandbox planted), and
// the output's line splitting and cap.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type RunnerConfig } from '../../../config';
import { nodeModulesReady, readManifestDependencies, venvReady, writeManifest } from './packages-dir';
import { InstallOutput, MAX_LINE_CHARS } from './install-output';
import { npmCliFor, npmInstallStep, npmManifest } from './npm-command';
import { splitNpmSpec } from '../install-request';
import { pipInstallStep, venvStep, WHEELS_MOUNT } from './pip-command';
import { sandboxUrl } from './sandbox-url';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'botwright-deps-'));
  chmodSync(dir, 0o755); // a wheel directory below it must be reachable by the installer's uid
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const runner = (env: Record<string, string> = {}): RunnerConfig => loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32), ...env }).runner;

describe('sandboxUrl', () => {
  it('sends a loopback mirror through 10.0.2.2 with host loopback allowed, only under slirp4netns', () => {
    expect(sandboxUrl('http://127.0.0.1:4873/', true)).toEqual({ url: 'http://10.0.2.2:4873/', network: 'internet-and-host-loopback', host: '10.0.2.2:4873', insecure: true });
    expect(sandboxUrl('http://localhost:3141/root/pypi/+simple/', true).url).toBe('http://10.0.2.2:3141/root/pypi/+simple/');
    expect(sandboxUrl('http://127.0.0.1:4873/', false).url).toBe('http://127.0.0.1:4873/');
    expect(sandboxUrl('https://registry.example.com/npm/', true)).toEqual({
      url: 'https://registry.example.com/npm/',
      network: 'internet',
      host: 'registry.example.com',
      insecure: false,
    });
  });
});

describe('pip commands', () => {
  it('a wheel directory: --no-index --find-links at a read-only mount, no network', () => {
    const wheels = path.join(dir, 'wheels');
    mkdirSync(wheels);
    const step = pipInstallStep(runner({ RUNNER_PIP_FIND_LINKS: wheels }), ['mypkg', 'requests>=2.31'], true);
    expect(step.argv).toEqual([
      '/deps/venv/bin/python', '-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--no-cache-dir',
      '--progress-bar', 'off', '--no-warn-script-location', '--no-index', '--find-links', WHEELS_MOUNT, '--', 'mypkg', 'requests>=2.31',
    ]);
    expect(step.network).toBe('none');
    expect(step.mounts).toEqual([{ host: wheels, sandbox: WHEELS_MOUNT }]);
  });

  it('a missing wheel directory is the server\'s problem (503), said without its path', () => {
    expect(() => pipInstallStep(runner({ RUNNER_PIP_FIND_LINKS: path.join(dir, 'gone') }), ['mypkg'], true)).toThrow(
      expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', message: expect.not.stringContaining(dir) }),
    );
  });

  it('a loopback index over http: rewritten for the sandbox and named a trusted host', () => {
    const step = pipInstallStep(runner({ RUNNER_PIP_INDEX_URL: 'http://127.0.0.1:3141/simple/' }), ['mypkg'], true);
    expect(step.argv.slice(-6)).toEqual(['--index-url', 'http://10.0.2.2:3141/simple/', '--trusted-host', '10.0.2.2:3141', '--', 'mypkg']);
    expect(step.network).toBe('internet-and-host-loopback');
  });

  it('PyPI by default, through the isolated network; a clean environment without the server\'s variables', () => {
    process.env.BOTWRIGHT_TEST_SECRET = 'do-not-leak';
    try {
      const step = pipInstallStep(runner(), ['mypkg'], true);
      expect(step.network).toBe('internet');
      expect(step.argv).not.toContain('--index-url');
      expect(Object.keys(step.env).sort()).toEqual(['HOME', 'LANG', 'PATH', 'PIP_CONFIG_FILE', 'PYTHONDONTWRITEBYTECODE', 'PYTHONUNBUFFERED', 'TMPDIR', 'VIRTUAL_ENV']);
      expect(JSON.stringify(step)).not.toContain('do-not-leak');
    } finally {
      delete process.env.BOTWRIGHT_TEST_SECRET;
    }
  });

  it('the venv is made by the configured interpreter at /deps/venv, offline', () => {
    const step = venvStep(runner({ RUNNER_PYTHON: '/usr/bin/python3' }));
    expect(step.argv).toEqual(['/usr/bin/python3', '-m', 'venv', '/deps/venv']);
    expect(step.network).toBe('none');
  });
});

describe('npm commands', () => {
  it('install scripts off, prefix /deps, a loopback registry rewritten (tarball hosts too), no npmrc read', () => {
    const config = runner({ RUNNER_NPM_REGISTRY: 'http://127.0.0.1:4873/' });
    const step = npmInstallStep(config, ['axios'], true, '/usr/lib/node_modules/npm/bin/npm-cli.js');
    expect(step.argv).toEqual([
      config.node, '/usr/lib/node_modules/npm/bin/npm-cli.js', 'install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-update-notifier',
      '--prefix', '/deps', '--registry', 'http://10.0.2.2:4873/', '--replace-registry-host', 'always',
    ]);
    expect(step.network).toBe('internet-and-host-loopback');
    expect(step.env).toMatchObject({ npm_config_userconfig: '/tmp/.npmrc', npm_config_globalconfig: '/tmp/.npmrc-global', HOME: '/tmp' });
  });

  it('the public registry by default; no package name ever reaches argv', () => {
    const step = npmInstallStep(runner(), ['left-pad'], true, '/x/npm-cli.js');
    expect(step.network).toBe('internet');
    expect(step.argv.join(' ')).not.toContain('left-pad');
    expect(step.argv).not.toContain('--registry');
  });

  it('finds the npm that ships with node', () => {
    expect(existsSync(npmCliFor(process.execPath))).toBe(true);
  });

  it('package.json: checked names and ranges, earlier installs kept, anything odd dropped', () => {
    expect(splitNpmSpec('@scope/pkg@^1.2')).toEqual(['@scope/pkg', '^1.2']);
    expect(splitNpmSpec('axios')).toEqual(['axios', '*']);
    const manifest = npmManifest(
      { 'tiny-lib': '^1.0.0', evil: 'file:../../etc', other: 'git+https://x/y', bad: 42, '@scope/a': '*' },
      ['axios@^1.7', '@scope/b'],
    );
    expect(manifest).toEqual({
      name: 'botwright-project',
      private: true,
      description: 'Written by Botwright',
      dependencies: { 'tiny-lib': '^1.0.0', '@scope/a': '*', axios: '^1.7', '@scope/b': '*' },
    });
  });
});

describe('the packages dir on the host: what a sandbox planted is never followed', () => {
  it('writeManifest replaces a planted link to a host file instead of writing through it', () => {
    const victim = path.join(dir, 'victim.txt');
    writeFileSync(victim, 'precious');
    const deps = path.join(dir, 'deps');
    mkdirSync(deps);
    symlinkSync(victim, path.join(deps, 'package.json'));
    expect(readManifestDependencies(deps)).toEqual({});
    writeManifest(deps, { dependencies: { a: '*' } });
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(readManifestDependencies(deps)).toEqual({ a: '*' });
  });

  it('a venv or node_modules that is a link is not installed', () => {
    const real = path.join(dir, 'elsewhere');
    mkdirSync(path.join(real, 'bin'), { recursive: true });
    writeFileSync(path.join(real, 'pyvenv.cfg'), 'home = /usr/bin\n');
    writeFileSync(path.join(real, 'bin', 'python'), '');
    writeFileSync(path.join(real, 'bin', 'pip'), '');
    const deps = path.join(dir, 'deps');
    mkdirSync(deps);
    symlinkSync(real, path.join(deps, 'venv'));
    symlinkSync(real, path.join(deps, 'node_modules'));
    expect(venvReady(deps)).toBe(false);
    expect(nodeModulesReady(deps)).toBe(false);
    rmSync(path.join(deps, 'venv'));
    mkdirSync(path.join(deps, 'venv', 'bin'), { recursive: true });
    writeFileSync(path.join(deps, 'venv', 'pyvenv.cfg'), 'home = /usr/bin\n');
    symlinkSync('/usr/bin/python3', path.join(deps, 'venv', 'bin', 'python'));
    expect(venvReady(deps)).toBe(false); // cut short before pip was in place
    writeFileSync(path.join(deps, 'venv', 'bin', 'pip'), '');
    expect(venvReady(deps)).toBe(true);
  });
});

describe('InstallOutput', () => {
  it('splits chunks into lines as they come, keeps the last redraw of a \\r line, strips colours', async () => {
    const seen: string[] = [];
    const output = new InstallOutput((l) => seen.push(l));
    const stream = new PassThrough();
    const done = output.follow(stream);
    stream.write('Collecting my');
    stream.write('pkg\nDownloading 10%\rDownloading 100%\n\x1b[31mERROR: boom\x1b[0m\n');
    expect(seen).toEqual(['Collecting mypkg', 'Downloading 100%', 'ERROR: boom']);
    stream.end('no newline at the end');
    await done;
    expect(seen.at(-1)).toBe('no newline at the end');
    expect(output.errorSummary()).toBe('ERROR: boom');
  });

  it('cuts long lines and keeps only the tail of a flood', () => {
    const output = new InstallOutput(undefined, 1000);
    output.line('x'.repeat(MAX_LINE_CHARS * 2));
    for (let i = 0; i < 500; i++) output.line(`line ${i}`);
    const text = output.text();
    expect(Buffer.byteLength(text)).toBeLessThan(1100);
    expect(text).toMatch(/^\[\d+ earlier lines not kept\]\n/);
    expect(text.endsWith('line 499')).toBe(true);
  });
});
