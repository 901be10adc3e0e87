// The executor interface every way of running untrusted code implements (bubblewrap.ts, plain-process.ts):
// spawn a command with mounts, a clean environment and limits; read its output; stop it.
import type { Readable } from 'node:stream';
import type { ServiceBridge } from './service-bridge';
import type { ProcessUsage } from './process-usage';
import type { TimedStep } from '../../../step-timings';
import type { RunnerConfig } from '../../../config';

/** 'internet' goes through slirp4netns with the host's loopback blocked; the installer may allow it. */
export type NetworkMode = 'none' | 'internet' | 'internet-and-host-loopback';

export type SandboxMount = {
  /** An absolute host directory, opened by the server and bound by descriptor; read-only unless `writable`. */
  host: string;
  /** Where it appears inside the sandbox. */
  sandbox: string;
  writable?: boolean;
};

export type SandboxLimits = {
  memoryBytes: number;
  pids: number;
  /** Percent of one core. */
  cpuPercent: number;
  tmpBytes: number;
  /** RLIMIT_FSIZE and RLIMIT_NOFILE. */
  fileSizeBytes: number;
  openFiles: number;
};

export type SandboxSpec = {
  /** argv[0] is an absolute path that exists inside the sandbox (system dirs are mounted as on the host). */
  argv: string[];
  /** Working directory inside the sandbox. */
  cwd: string;
  mounts: SandboxMount[];
  /**
   * A fresh size-limited tmpfs (limits.tmpBytes) holding these files, writable by the process and
   * gone with it: a run's copy of the project. Mounts below its path are laid over it.
   */
  workdir?: { path: string; files: { name: string; content: string }[] };
  /** Read-only files the server provides (e.g. the TypeScript loader), at these absolute paths. */
  files?: { path: string; content: string | Buffer }[];
  /** A fixed host uid (the installer's); by default each run gets a uid of its own. */
  uid?: number;
  /**
   * The complete environment of the sandboxed command; nothing of the server's own is added, and
   * none of it reaches a process outside the sandbox (the launchers get a fixed one of their own).
   */
  env: Record<string, string>;
  network: NetworkMode;
  limits: SandboxLimits;
  /** Extra names in the sandbox's /etc/hosts (test mode: api.telegram.org -> the bridge's address). */
  hosts?: Record<string, string>;
  /** A host service reachable at one fixed address inside, and a way into the sandbox's loopback (service-bridge.ts). */
  bridge?: ServiceBridge;
};

/** The host uid installs run as: dependency dirs belong to it and are read-only to runs. */
export const INSTALLER_UID = 199_999;

export type SandboxExit = {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The memory cgroup killed a process of the run. */
  oomKilled: boolean;
};

export interface SandboxedProcess {
  readonly pid: number;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** Settles once every process of the run is gone. */
  readonly exit: Promise<SandboxExit>;
  /** Where setting the sandbox up took its time, step by step (bubblewrap only; the run-start bench prints it). */
  readonly startup?: readonly TimedStep[];
  /** What the run's processes use now (process-usage.ts). */
  usage(): ProcessUsage;
  /** SIGTERM, then after `graceMs` SIGKILL to everything the run started; resolves when all are gone. */
  stop(graceMs: number): Promise<SandboxExit>;
}

/** What would turn a missing protection on: Debian packages to install, and steps that are not a package (in words). */
export type ProtectionFix = { install: string[]; other: string[] };

export type SandboxMode = RunnerConfig['sandbox'];

export type SandboxPolicy = {
  mode: SandboxMode;
  /** HOST, as configured. */
  host: string;
  /** HOST is a loopback address: only this machine reaches the server. */
  loopback: boolean;
  /** 'refused': every run and install is refused with `refusal`, for the life of the server. */
  runs: 'allowed' | 'refused';
  /** What applies and why, in one sentence: the start-up log and the Runner page. */
  reason: string;
  /** What a refused run or install is told (what is missing, what to do); null when runs are allowed. */
  refusal: string | null;
  /** What the host lacks for the full sandbox: Debian packages, and what is not a package. */
  missing: ProtectionFix;
};

/** Which protections work on this host with the app's settings (probed when the app makes its sandbox). */
export type SandboxStatus = {
  /** Every protection below is active. */
  full: boolean;
  /** `fix` is given for a protection that is off. */
  protections: { name: SandboxProtection; active: boolean; detail: string; fix?: ProtectionFix }[];
};
export type SandboxProtection = 'bubblewrap' | 'unprivileged-user' | 'cgroup-memory' | 'cgroup-pids' | 'cgroup-cpu' | 'network-isolation' | 'syscall-filter';

export interface Sandbox {
  readonly status: SandboxStatus;
  /** Whether bots and installs may run here (HOST, RUNNER_SANDBOX and the status: policy.ts); spawn refuses when not. */
  readonly policy: SandboxPolicy;
  /** Specs may carry a `bridge` (bubblewrap with python3 on the host). */
  readonly supportsBridge: boolean;
  spawn(spec: SandboxSpec): Promise<SandboxedProcess>;
}
