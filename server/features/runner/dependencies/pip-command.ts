// The pip side of an install: a venv made inside the sandbox at /deps/venv by the configured
// interpreter, then pip from that venv with the checked requirement strings as separate argv after
// `--` (no shell, no requirements file, no options from the request). The index is the operator's:
// a wheel directory (`--no-index --find-links`, no network), a mirror URL, or PyPI.
import { realpathSync, statSync } from 'node:fs';
import type { RunnerConfig } from '../../../config';
import { HostSetupError, sandboxCanReach } from './packages-dir';
import { BASE_ENV, VENV_DIR, type InstallStep } from './install-step';
import { sandboxUrl } from './sandbox-url';

/** Where RUNNER_PIP_FIND_LINKS appears inside the sandbox, read-only. */
export const WHEELS_MOUNT = '/wheels';

const PIP_ENV = {
  ...BASE_ENV,
  PATH: `${VENV_DIR}/bin:${BASE_ENV.PATH}`,
  VIRTUAL_ENV: VENV_DIR,
  PYTHONUNBUFFERED: '1',
  PYTHONDONTWRITEBYTECODE: '1',
  // No pip.conf of the host or of a previous install is read.
  PIP_CONFIG_FILE: '/dev/null',
};

export function venvStep(config: RunnerConfig): InstallStep {
  return {
    title: `$ python -m venv ${VENV_DIR}`,
    tool: 'Creating the Python environment',
    argv: [config.python, '-m', 'venv', VENV_DIR],
    env: { ...PIP_ENV, PATH: BASE_ENV.PATH },
    network: 'none',
    mounts: [],
  };
}

/** `slirp`: the sandbox's network is slirp4netns (a loopback index is reached at 10.0.2.2). */
export function pipInstallStep(config: RunnerConfig, packages: string[], slirp: boolean): InstallStep {
  const source: { args: string[]; network: InstallStep['network']; mounts: InstallStep['mounts'] } = { args: [], network: 'internet', mounts: [] };
  if (config.pipFindLinks) {
    source.args = ['--no-index', '--find-links', WHEELS_MOUNT];
    source.network = 'none';
    source.mounts = [{ host: wheelDir(config.pipFindLinks), sandbox: WHEELS_MOUNT }];
  } else if (config.pipIndexUrl) {
    const index = sandboxUrl(config.pipIndexUrl, slirp);
    source.args = ['--index-url', index.url, ...(index.insecure ? ['--trusted-host', index.host] : [])];
    source.network = index.network;
  }
  return {
    title: `$ pip install ${packages.join(' ')}`,
    tool: 'pip',
    argv: [
      `${VENV_DIR}/bin/python`,
      '-m',
      'pip',
      'install',
      '--disable-pip-version-check',
      '--no-input',
      '--no-cache-dir',
      '--progress-bar',
      'off',
      '--no-warn-script-location',
      ...source.args,
      '--',
      ...packages,
    ],
    env: PIP_ENV,
    network: source.network,
    mounts: source.mounts,
  };
}

/** The operator's wheel directory, resolved here; the installer's uid must reach and list it. */
function wheelDir(configured: string): string {
  const unavailable = (detail: string) =>
    new HostSetupError(`RUNNER_PIP_FIND_LINKS ${configured} ${detail}`, "Python packages cannot be installed right now: the server's package directory is not available.");
  let real: string;
  try {
    real = realpathSync(configured);
  } catch {
    throw unavailable('does not exist');
  }
  if (!statSync(real).isDirectory()) throw unavailable('is not a directory');
  if (!sandboxCanReach(real) || (statSync(real).mode & 0o005) !== 0o005) throw unavailable('must be readable by others (o+rx), and every directory above it searchable (o+x)');
  return real;
}
