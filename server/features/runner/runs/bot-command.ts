// How a bot file is started inside the sandbox: which interpreter (directly, never a shim), which
// files and dependency dirs it sees, and its clean environment (docs/runner.md "The environment").
import type { BotLaunch } from './run-state';
import path from 'node:path';
import { AppError } from '../../../errors';
import type { RunnerConfig } from '../../../config';
import { installedDependencies } from '../dependencies/installer';
import { caTrust } from '../sandbox/ca-bundle';
import type { SandboxMount } from '../sandbox/sandbox';
import { TYPESCRIPT_LOADER_ARGS, typescriptLoaderFiles } from '../typescript';

export const APP_DIR = '/app';
const VENV_DIR = '/deps/venv';

export type BotLanguage = 'python' | 'javascript' | 'typescript';

export function botLanguage(filename: string): BotLanguage | null {
  const ext = path.extname(filename).toLowerCase();
  if (ext === '.py') return 'python';
  if (ext === '.js' || ext === '.mjs' || ext === '.cjs') return 'javascript';
  if (ext === '.ts') return 'typescript';
  return null;
}


/**
 * The sandbox spec of a run: the project's files copied into a fresh /app (the bot may write there
 * while it runs), its venv at /deps/venv and its node_modules at /app/node_modules, read-only.
 */
export function botLaunch(input: {
  config: RunnerConfig;
  /** The project's dependency dir on the host (PackageVolumes), null when nothing was installed. */
  packagesDir: string | null;
  filename: string;
  files: { name: string; content: string }[];
  secrets: Record<string, string>;
  /** A CA the run trusts besides the host's (the test chat's emulator), appended to the bundle. */
  extraCaPem?: string;
}): BotLaunch {
  const language = botLanguage(input.filename);
  if (!language) throw new AppError('BAD_REQUEST', 'Only .py, .js and .ts files can be run');
  const deps = input.packagesDir ?? '';
  // lstat only: a venv or node_modules an install replaced with a symlink counts as missing.
  const installed = installedDependencies(input.packagesDir);
  const mounts: SandboxMount[] = [];
  const env: Record<string, string> = {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: '/tmp',
    LANG: 'C.UTF-8',
    TMPDIR: '/tmp',
  };
  let argv: string[];
  let files: BotLaunch['files'] = [];
  if (language === 'python') {
    const venv = installed.venv;
    if (venv) {
      mounts.push({ host: path.join(deps, 'venv'), sandbox: VENV_DIR });
      env.VIRTUAL_ENV = VENV_DIR;
      env.PATH = `${VENV_DIR}/bin:${env.PATH}`;
    }
    Object.assign(env, { PYTHONUNBUFFERED: '1', PYTHONDONTWRITEBYTECODE: '1' });
    // After '--': a file named '-rf.py' is a script, never interpreter options.
    argv = [venv ? `${VENV_DIR}/bin/python` : input.config.python, '-u', '--', input.filename];
  } else {
    if (installed.nodeModules) mounts.push({ host: path.join(deps, 'node_modules'), sandbox: `${APP_DIR}/node_modules` });
    env.NODE_ENV = 'production';
    // Node takes the script after '--' as a module name to resolve: './' keeps it the file.
    const script = `./${input.filename}`;
    if (language === 'typescript') {
      files = typescriptLoaderFiles();
      argv = [input.config.node, ...TYPESCRIPT_LOADER_ARGS, '--', script];
    } else {
      // A .js bot may be written with `import` or with `require`: let Node tell them apart.
      argv = [input.config.node, '--experimental-detect-module', '--disable-warning=ExperimentalWarning', '--', script];
    }
  }
  const trust = caTrust(input.extraCaPem);
  return {
    argv,
    cwd: APP_DIR,
    mounts,
    workdir: { path: APP_DIR, files: input.files },
    files: [...trust.files, ...files],
    // The person's variables last: inside the sandbox they can only change their own bot's world.
    env: { ...env, ...trust.env, ...input.secrets },
  };
}

export type { BotLaunch };
