// Installs a project's dependencies (POST /api/dependencies/install) in a sandbox of its own:
// the request is checked first (400, nothing started), the project resolved for its owner (404),
// one install per project and per person at a time (409, installs.ts), the owner's storage must not
// be full (409: packages count in it), then the steps run as the installer's uid with the
// project's packages dir writable at /deps, network only to the package index, a clean environment
// (no secrets) and one time limit for the whole install. Runs mount the result read-only.
import { execFile } from 'node:child_process';
import type { Deps } from '../../../deps';
import type { ServiceCtx } from '../../../trpc';
import type { RunnerConfig } from '../../../config';
import type { InstallInput } from '../../../../shared/runner.schema';
import { AppError } from '../../../errors';
import { ownedProject } from '../../workspace/projects';
import { assertRoomToInstall } from '../../workspace/storage';
import { planInstall, type InstallPlan } from '../install-request';
import { HOST_ENV } from '../sandbox/bubblewrap';
import { claimUid, releaseUid } from '../sandbox/uid-claims';
import { limitsFor, SandboxUnavailableError } from '../sandbox';
import { INSTALLER_UID, type SandboxLimits, type SandboxSpec, type SandboxedProcess, type SandboxExit } from '../sandbox/sandbox';
import { caTrust } from '../sandbox/ca-bundle';
import { HostSetupError, nodeModulesReady, preparePackagesDir, readManifestDependencies, venvReady, writeManifest } from './packages-dir';
import { InstallOutput } from './install-output';
import { markInstalledHere, packagesMissingHere, recordPackages } from './packages-here';
import { PACKAGES_MOUNT, type InstallStep } from './install-step';
import { npmInstallStep, npmManifest } from './npm-command';
import { pipInstallStep, venvStep } from './pip-command';

export type InstallResult = { message: string; output: string };

const STOP_GRACE_MS = 2000;
const MiB = 1024 * 1024;

/**
 * The run limits, raised where package managers need more than a bot: pip and npm unpack and
 * build in /tmp (a tmpfs that counts against memory), npm opens many files at once, and a wheel
 * may be far larger than the 64 MiB a bot may write.
 */
export function installLimits(config: RunnerConfig): SandboxLimits {
  const run = limitsFor(config);
  return {
    memoryBytes: Math.max(run.memoryBytes, 1024 * MiB),
    pids: Math.max(run.pids, 256),
    cpuPercent: Math.max(run.cpuPercent, 100),
    tmpBytes: Math.max(run.tmpBytes, 512 * MiB),
    fileSizeBytes: 1024 * MiB,
    openFiles: 4096,
  };
}

/**
 * The sandbox of one install step: the project's packages dir writable at /deps, the step's own
 * mounts, the install's uid and limits, and the host's CA store (installs behind a TLS-inspecting
 * proxy must trust its root, as the host does).
 */
export function installSpec(config: RunnerConfig, step: InstallStep, packagesDir: string, uid: number): SandboxSpec {
  const trust = caTrust();
  return {
    argv: step.argv,
    cwd: '/tmp',
    mounts: [{ host: packagesDir, sandbox: PACKAGES_MOUNT, writable: true }, ...step.mounts],
    files: trust.files,
    uid,
    env: { ...trust.env, ...step.env },
    network: step.network,
    limits: installLimits(config),
  };
}

/** What a run of this project can mount: `<deps>/venv` at /deps/venv, `<deps>/node_modules` at /app/node_modules. */
export function installedDependencies(packagesDir: string | null): { venv: boolean; nodeModules: boolean } {
  if (!packagesDir) return { venv: false, nodeModules: false };
  return { venv: venvReady(packagesDir), nodeModules: nodeModulesReady(packagesDir) };
}

/** Installs the request's packages; `onLine` gets each output line as the installer prints it. */
export async function installDependencies({ deps, userId }: ServiceCtx, input: InstallInput, onLine?: (line: string) => void): Promise<InstallResult> {
  const plan = planInstall(input);
  const project = await ownedProject(deps.db, deps.clock, userId, input.projectId);
  // Before the install is claimed and its volume made: a server that refuses runs refuses installs too.
  if (deps.sandbox.policy.refusal) throw new SandboxUnavailableError(deps.sandbox.policy.refusal);
  const release = deps.installs.claim(project.id, userId);
  try {
    // Refused while the person's storage is full (409): what the packages take counts in it. After
    // the claim, so no other install of theirs can end between this look and this install's start.
    await assertRoomToInstall(deps, userId);
  } catch (err) {
    release();
    throw err;
  }
  const started = performance.now();
  try {
    const result = await install(deps, project.id, plan, new InstallOutput(onLine));
    await recordPackages(deps.db, project.id, plan);
    deps.log.info({ projectId: project.id, ecosystem: plan.ecosystem, packages: plan.packages, ms: Math.round(performance.now() - started) }, 'dependencies installed');
    return result;
  } catch (err) {
    deps.log.warn(
      {
        projectId: project.id,
        ecosystem: plan.ecosystem,
        packages: plan.packages,
        ms: Math.round(performance.now() - started),
        reason: err instanceof HostSetupError ? err.detail : (err as Error).message,
      },
      'dependency install failed',
    );
    throw err;
  } finally {
    // Counted again from what this install left (a volume's writes reach its image first).
    await deps.packageVolumes.installEnded(project.id);
    release();
  }
}

async function install(deps: Deps, projectId: string, plan: InstallPlan, output: InstallOutput): Promise<InstallResult> {
  const config = deps.config.runner;
  const deadline = performance.now() + config.installTimeoutMs;
  const packagesDir = deps.packageVolumes.storage.volumes ? (await deps.packageVolumes.dir(projectId, true))! : preparePackagesDir(deps.config.dataDir, projectId);
  const slirp = deps.sandbox.status.protections.some((p) => p.name === 'network-isolation' && p.active);
  const steps: InstallStep[] = [];
  if (plan.ecosystem === 'pip') {
    if (!venvReady(packagesDir)) steps.push(venvStep(config));
    steps.push(pipInstallStep(config, plan.packages, slirp));
  } else {
    steps.push(npmInstallStep(config, plan.packages, slirp));
    writeManifest(packagesDir, npmManifest(readManifestDependencies(packagesDir), plan.packages));
  }
  // A uid of this install's own (RLIMIT_NPROC counts per uid: a shared one would let one install's
  // fork bomb starve every other), given the whole dependency dir first. Nothing else writes it
  // meanwhile (one install per project; runs mount it read-only), and chown -R never follows a link.
  const uid = process.getuid?.() === 0 ? claimUid() : undefined;
  try {
    if (uid !== undefined) await ownPackagesDir(packagesDir, uid);
    for (const step of steps) await runStep(deps, step, packagesDir, deadline, output, uid);
  } finally {
    if (uid !== undefined) releaseUid(uid);
  }
  markInstalledHere(packagesDir, plan);
  return { message: `Dependencies installed successfully: ${plan.packages.join(', ')}`, output: output.text() };
}

/**
 * On a server of several nodes, before a run starts: installs what the project asked for that this
 * runner lacks (its bot was deployed, or the person installed, on another runner). Refused (409) while
 * another install of the project runs; a failure is the run's failure, with the installer's reason.
 */
export async function installMissingPackages(deps: Deps, userId: string, projectId: string): Promise<void> {
  const missing = await packagesMissingHere(deps.db, projectId, await deps.packageVolumes.dir(projectId, false));
  if (missing.length === 0) return;
  const release = deps.installs.claim(projectId, userId);
  try {
    for (const plan of missing) {
      await install(deps, projectId, plan, new InstallOutput());
      deps.log.info({ projectId, ecosystem: plan.ecosystem, packages: plan.packages }, 'dependencies installed on this runner for a run');
    }
  } finally {
    await deps.packageVolumes.installEnded(projectId);
    release();
  }
}

function ownPackagesDir(dir: string, uid: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile('/bin/chown', ['-R', '-P', '-h', `${uid}:${uid}`, '--', dir], { env: { ...HOST_ENV } }, (err, _out, stderr) =>
      err ? reject(new Error(`could not hand the dependency dir to the install: ${String(stderr).trim() || err.message}`)) : resolve(),
    );
    child.on('error', () => {});
  });
}

async function runStep(deps: Deps, step: InstallStep, packagesDir: string, deadline: number, output: InstallOutput, uid: number | undefined): Promise<void> {
  const config = deps.config.runner;
  const timedOut = () => new AppError('GATEWAY_TIMEOUT', `Installation timed out after ${Math.round(config.installTimeoutMs / 1000)} s`);
  const remaining = deadline - performance.now();
  if (remaining <= 0) throw timedOut();
  output.line(step.title);
  const child: SandboxedProcess = await deps.sandbox.spawn(installSpec(config, step, packagesDir, uid ?? INSTALLER_UID));
  const streams = Promise.all([output.follow(child.stdout), output.follow(child.stderr)]);
  let stopped = false;
  const timer = setTimeout(() => {
    stopped = true;
    void child.stop(STOP_GRACE_MS);
  }, remaining);
  let exit: SandboxExit;
  try {
    exit = await child.exit;
  } finally {
    clearTimeout(timer);
  }
  // Everything in the sandbox is gone, so its pipes close; don't wait forever if one lingers.
  await Promise.race([streams, new Promise((r) => setTimeout(r, 1000).unref())]);
  if (stopped) throw timedOut();
  if (exit.oomKilled) throw new AppError('UNPROCESSABLE_CONTENT', `Installation ran out of memory (limit ${Math.round(installLimits(config).memoryBytes / MiB)} MiB).`);
  if (exit.code !== 0) {
    const summary = output.errorSummary();
    throw new AppError('UNPROCESSABLE_CONTENT', `${step.tool} failed${summary ? `: ${summary}` : ` (exit ${exit.code ?? exit.signal})`}`);
  }
}
