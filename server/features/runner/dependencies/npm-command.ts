// The npm side of an install: the server writes /deps/package.json from the checked names (never
// a file the request sent), and npm installs it inside the sandbox with --ignore-scripts (no
// package's install scripts run), with the npm that ships with the configured node.
import { accessSync, constants, realpathSync } from 'node:fs';
import path from 'node:path';
import type { RunnerConfig } from '../../../config';
import { AppError } from '../../../errors';
import { checkPackage, splitNpmSpec } from '../install-request';
import { BASE_ENV, PACKAGES_MOUNT, type InstallStep } from './install-step';
import { sandboxUrl } from './sandbox-url';

export type NpmManifest = { name: string; private: true; description: string; dependencies: Record<string, string> };

/**
 * The project's package.json: what earlier installs asked for (entries that no longer pass the
 * name check are dropped) plus the new packages, so one install never removes another's packages.
 */
export function npmManifest(previous: Record<string, unknown>, packages: string[]): NpmManifest {
  const dependencies: Record<string, string> = {};
  for (const [name, range] of Object.entries(previous)) {
    if (typeof range !== 'string') continue;
    try {
      checkPackage('npm', range === '*' ? name : `${name}@${range}`);
      dependencies[name] = range;
    } catch {
      /* not something this server would have written */
    }
  }
  for (const spec of packages) {
    const [name, range] = splitNpmSpec(spec);
    dependencies[name] = range;
  }
  return { name: 'botwright-project', private: true, description: 'Written by Botwright', dependencies };
}

/** npm-cli.js of the configured node's own npm (`<prefix>/lib/node_modules/npm`), or Debian's. */
export function npmCliFor(node: string): string {
  const candidates: string[] = [];
  try {
    candidates.push(path.join(path.dirname(path.dirname(realpathSync(node))), 'lib/node_modules/npm/bin/npm-cli.js'));
  } catch {
    /* node missing: reported below */
  }
  candidates.push('/usr/lib/node_modules/npm/bin/npm-cli.js', '/usr/share/nodejs/npm/bin/npm-cli.js');
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.R_OK);
      return candidate;
    } catch {
      /* next */
    }
  }
  throw new AppError('SERVICE_UNAVAILABLE', 'npm packages cannot be installed right now: npm is not available on this server.');
}

/** `slirp`: the sandbox's network is slirp4netns (a loopback registry is reached at 10.0.2.2). */
export function npmInstallStep(config: RunnerConfig, packages: string[], slirp: boolean, npmCli: string = npmCliFor(config.node)): InstallStep {
  const registry = config.npmRegistry ? sandboxUrl(config.npmRegistry, slirp) : null;
  const registryArgs = registry ? ['--registry', registry.url] : [];
  // A loopback mirror's packuments may name tarballs at 127.0.0.1, which inside the sandbox is
  // the sandbox itself: fetch every tarball from the registry's own address instead.
  if (registry && slirp && registry.network === 'internet-and-host-loopback') registryArgs.push('--replace-registry-host', 'always');
  return {
    title: `$ npm install ${packages.join(' ')}`,
    tool: 'npm',
    argv: [
      config.node,
      npmCli,
      'install',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--no-update-notifier',
      '--prefix',
      PACKAGES_MOUNT,
      ...registryArgs,
    ],
    env: {
      ...BASE_ENV,
      PATH: `${path.dirname(config.node)}:${BASE_ENV.PATH}`,
      // Neither the host's npmrc files (they may hold registry tokens) nor a user one: both name
      // files that do not exist on the sandbox's fresh /tmp (npm refuses one file for both).
      npm_config_userconfig: '/tmp/.npmrc',
      npm_config_globalconfig: '/tmp/.npmrc-global',
      npm_config_cache: '/tmp/.npm',
      npm_config_color: 'false',
      npm_config_progress: 'false',
      npm_config_loglevel: 'http',
      NO_COLOR: '1',
    },
    network: registry?.network ?? 'internet',
    mounts: [],
  };
}
