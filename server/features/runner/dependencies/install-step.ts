// One sandboxed command of an install (create the venv, pip install, npm install). The installer
// adds what every step shares: the project's packages dir bound writable at /deps, the installer's
// uid, the limits and the time left.
import type { NetworkMode, SandboxMount } from '../sandbox/sandbox';

/** Where the project's packages dir appears inside an install sandbox. */
export const PACKAGES_MOUNT = '/deps';
/** The venv, as the installer builds it and as runs see it (mounted read-only at the same path). */
export const VENV_DIR = `${PACKAGES_MOUNT}/venv`;

export type InstallStep = {
  /** Shown in the install log before the step's own output, e.g. `$ pip install requests`. */
  title: string;
  /** Names the step in failure messages: 'pip', 'npm', 'Creating the Python environment'. */
  tool: string;
  argv: string[];
  /** The complete environment: nothing of the server's own (no secrets) is added. */
  env: Record<string, string>;
  network: NetworkMode;
  /** Besides /deps, e.g. a wheel directory read-only at /wheels. */
  mounts: SandboxMount[];
};

export const BASE_ENV = {
  PATH: '/usr/local/bin:/usr/bin:/bin',
  HOME: '/tmp',
  TMPDIR: '/tmp',
  LANG: 'C.UTF-8',
} as const;
