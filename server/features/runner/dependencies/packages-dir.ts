// The project's packages dir on the host. The server creates it and hands it to the installer's uid;
// everything inside was written by an install sandbox, so host code here never follows a link in
// it (lstat, O_NOFOLLOW, O_EXCL) and never chowns or walks what the sandbox made.
import { chmodSync, chownSync, closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readSync, statSync, unlinkSync, writeSync, fchownSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../errors';
import { INSTALLER_UID } from '../sandbox/sandbox';
import { projectPackagesDir } from '../paths';

const MANIFEST = 'package.json';
const MAX_MANIFEST_BYTES = 1024 * 1024;

const isRoot = () => process.getuid?.() === 0;

/** A host set-up problem: `detail` is for the operator's log, the message for the person. */
export class HostSetupError extends AppError {
  constructor(
    readonly detail: string,
    message: string,
  ) {
    super('SERVICE_UNAVAILABLE', message);
  }
}

/**
 * Whether a sandbox uid (no groups, so the "other" bits apply) can walk down to `dir`. bwrap
 * resolves a mount's source path (even one given by descriptor, /proc/self/fd/N) with realpath()
 * after dropping to that uid, so every directory above a mount needs o+x. Always true when the
 * server is not root: then bwrap runs as the server's own uid.
 */
export function sandboxCanReach(dir: string): boolean {
  if (!isRoot()) return true;
  for (let p = path.dirname(path.resolve(dir)); ; p = path.dirname(p)) {
    try {
      if ((statSync(p).mode & 0o001) === 0) return false;
    } catch {
      return false;
    }
    if (p === path.dirname(p)) return true;
  }
}

/**
 * Creates `<data>/projects/<id>/deps` (owned by the installer's uid, 0755: runs read, never write
 * it). The two directories above it get o+x (search, not listing) so sandboxes can reach it.
 */
export function preparePackagesDir(dataDir: string, projectId: string): string {
  const dir = projectPackagesDir(dataDir, projectId);
  mkdirSync(path.dirname(dir), { recursive: true, mode: 0o755 });
  for (const above of [path.dirname(path.dirname(dir)), path.dirname(dir)]) {
    const mode = statSync(above).mode & 0o7777;
    if (isRoot() && (mode & 0o001) === 0) chmodSync(above, mode | 0o001);
  }
  if (!sandboxCanReach(dir)) {
    throw new HostSetupError(
      `the sandbox's uids cannot reach ${dir}: every directory above it, DATA_DIR included, needs the o+x (search) permission`,
      'Dependencies cannot be installed right now: the server\'s data directory is not set up for the sandbox.',
    );
  }
  try {
    mkdirSync(dir, { mode: 0o755 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // Its parent belongs to the server, so `deps` itself is always the directory made here.
  const stat = lstatSync(dir);
  if (!stat.isDirectory()) throw new Error(`${dir} is not a directory`);
  if (isRoot() && stat.uid !== INSTALLER_UID) chownSync(dir, INSTALLER_UID, INSTALLER_UID);
  return dir;
}

function lstatOrNull(p: string) {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
}

/** A real directory (not a link) directly inside the packages dir. */
function realDir(packagesDir: string, name: string): boolean {
  return lstatOrNull(path.join(packagesDir, name))?.isDirectory() ?? false;
}

/**
 * A venv was made: `venv/` is a directory with its `pyvenv.cfg`, `bin/python` and `bin/pip` (the
 * last thing `python -m venv` writes, so a venv cut short by the time limit is made again).
 */
export function venvReady(packagesDir: string): boolean {
  if (!realDir(packagesDir, 'venv')) return false;
  const venv = path.join(packagesDir, 'venv');
  return (
    (lstatOrNull(path.join(venv, 'pyvenv.cfg'))?.isFile() ?? false) &&
    lstatOrNull(path.join(venv, 'bin', 'python')) !== null &&
    lstatOrNull(path.join(venv, 'bin', 'pip')) !== null
  );
}

export function nodeModulesReady(packagesDir: string): boolean {
  return realDir(packagesDir, 'node_modules');
}

/** `dependencies` of the package.json an earlier install left (read without following a link). */
export function readManifestDependencies(packagesDir: string): Record<string, unknown> {
  let fd: number;
  try {
    fd = openSync(path.join(packagesDir, MANIFEST), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return {};
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > MAX_MANIFEST_BYTES) return {};
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    const parsed = JSON.parse(buffer.subarray(0, read).toString('utf8')) as { dependencies?: unknown };
    const deps = parsed?.dependencies;
    return deps && typeof deps === 'object' && !Array.isArray(deps) ? (deps as Record<string, unknown>) : {};
  } catch {
    return {};
  } finally {
    closeSync(fd);
  }
}

/**
 * Replaces package.json with the server's own. Whatever an earlier sandbox left under that name is
 * unlinked first (unlink never follows a link), then the file is created exclusively. No install of
 * this project runs meanwhile, and runs see the dir read-only, so nothing can race this.
 */
export function writeManifest(packagesDir: string, manifest: unknown): void {
  const file = path.join(packagesDir, MANIFEST);
  try {
    unlinkSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EISDIR' || code === 'EPERM') {
      throw new AppError('CONFLICT', "The project's package.json could not be replaced: an earlier install made it a directory.");
    }
    if (code !== 'ENOENT') throw err;
  }
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
  try {
    writeSync(fd, JSON.stringify(manifest, null, 2) + '\n');
    // npm may rewrite it (normalising); the server reads it back only through the name check.
    if (isRoot()) fchownSync(fd, INSTALLER_UID, INSTALLER_UID);
  } finally {
    closeSync(fd);
  }
}
