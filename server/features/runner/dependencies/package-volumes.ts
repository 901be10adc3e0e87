// Where a project's installed dependencies live. On a server running as root (the full sandbox),
// each project gets a volume of its own: a sparse ext4 image (`DATA_DIR/projects/<id>/deps.img`,
// RUNNER_DEPS_MB) loop-mounted, nosuid and nodev, under a neutral directory of /run while the
// server runs. So an install cannot write more than the image holds, and a sandbox's mounts show
// the image's own paths (`/venv`), never DATA_DIR or any host directory (mountinfo), and they are
// reachable wherever DATA_DIR is (a checkout under /root included). Elsewhere (not root, no loop
// devices) the dependencies are a plain directory `DATA_DIR/projects/<id>/deps`, as the status says.
// Either way, what they take on disk counts in their owner's storage (usedBytes).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { findExecutable } from '../sandbox/host-tools';
import { HOST_ENV } from '../sandbox/bubblewrap';
import { INSTALLER_UID } from '../sandbox/sandbox';
import { projectPackagesDir } from '../paths';
import { diskUsage } from '../disk-usage';

const MOUNT_ROOT = '/run/botwright-deps';
const IMAGE = 'deps.img';

export type PackageStorage = { volumes: boolean; detail: string };

type Tools = { mkfs: string; mount: string; umount: string; sync: string | null };

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    // The host's tools get the launchers' fixed environment, like every host-side process of the runner.
    const child = execFile(file, args, { env: { ...HOST_ENV }, timeout: 30_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${path.basename(file)} failed: ${String(stderr).trim() || err.message}`));
      else resolve(String(stdout));
    });
    child.on('error', () => {});
  });
}

let probed: Promise<{ tools: Tools | null; detail: string }> | null = null;

/** Whether this host can make and loop-mount ext4 images (root, mkfs.ext4, loop devices): tried once per process. */
function probe(): Promise<{ tools: Tools | null; detail: string }> {
  probed ??= (async () => {
    if (process.getuid?.() !== 0) return { tools: null, detail: 'the server is not root: dependencies are plain directories under DATA_DIR' };
    const mkfs = findExecutable('mkfs.ext4');
    const mount = findExecutable('mount');
    const umount = findExecutable('umount');
    if (!mkfs || !mount || !umount) return { tools: null, detail: 'mkfs.ext4 or mount not found (apt install e2fsprogs mount): dependencies are plain directories' };
    const tools = { mkfs, mount, umount, sync: findExecutable('sync') };
    const dir = path.join(tmpdir(), `botwright-deps-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      const image = path.join(dir, IMAGE);
      await makeImage(tools, image, 32 * 1024 * 1024);
      mkdirSync(path.join(dir, 'mnt'));
      await run(mount, ['-o', 'loop,nosuid,nodev', image, path.join(dir, 'mnt')]);
      await run(umount, [path.join(dir, 'mnt')]);
      return { tools, detail: 'each project\'s dependencies on a size-limited volume of their own' };
    } catch (err) {
      return { tools: null, detail: `loop-mounted volumes do not work here (${(err as Error).message}): dependencies are plain directories` };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return probed;
}

async function makeImage(tools: Tools, image: string, sizeBytes: number): Promise<void> {
  // Sparse: the image takes on disk only what is installed.
  closeSync(openSync(image, 'w', 0o600));
  await run('/usr/bin/truncate', ['-s', String(sizeBytes), image]).catch(async () => {
    const { truncateSync } = await import('node:fs');
    truncateSync(image, sizeBytes);
  });
  // The root directory belongs to the installer; a small journal, no space held back for root.
  await run(tools.mkfs, ['-q', '-F', '-m', '0', '-J', 'size=4', '-E', `root_owner=${INSTALLER_UID}:${INSTALLER_UID}`, image]);
}

export class PackageVolumes {
  private readonly mounted = new Map<string, Promise<string>>();
  private readonly base: string | null;
  /** Plain packages dirs' bytes as last walked: only an install changes them (runs mount them read-only). */
  private readonly walked = new Map<string, number>();
  /** Counts the installs ended: a walk that began before one does not keep its (older) figure. */
  private installsEnded = 0;

  private constructor(
    private readonly dataDir: string,
    private readonly sizeBytes: number,
    private readonly tools: Tools | null,
    readonly storage: PackageStorage,
    private readonly log: FastifyBaseLogger,
  ) {
    this.base = tools ? path.join(MOUNT_ROOT, `${process.pid}.${randomBytes(4).toString('hex')}`) : null;
  }

  static async open(options: { dataDir: string; sizeBytes: number; log: FastifyBaseLogger }): Promise<PackageVolumes> {
    const { tools, detail } = await probe();
    if (tools) await sweepStale(tools, options.log);
    return new PackageVolumes(options.dataDir, options.sizeBytes, tools, { volumes: tools !== null, detail }, options.log);
  }

  /**
   * The project's dependency directory on the host, mounted if it is a volume; made first when
   * `create`. Null when nothing was ever installed for the project (and `create` is false).
   */
  async dir(projectId: string, create: boolean): Promise<string | null> {
    if (!this.tools) {
      const dir = projectPackagesDir(this.dataDir, projectId);
      return create || existsSync(dir) ? dir : null;
    }
    const image = path.join(this.dataDir, 'projects', projectId, IMAGE);
    if (!create && !existsSync(image) && !this.mounted.has(projectId)) return null;
    let mounting = this.mounted.get(projectId);
    if (!mounting) {
      mounting = this.mount(projectId, image);
      this.mounted.set(projectId, mounting);
      mounting.catch(() => this.mounted.delete(projectId));
    }
    return mounting;
  }

  private async mount(projectId: string, image: string): Promise<string> {
    const tools = this.tools!;
    if (!existsSync(image)) {
      mkdirSync(path.dirname(image), { recursive: true, mode: 0o700 });
      await makeImage(tools, image, this.sizeBytes);
    }
    // Searchable by the sandboxes' uids (they reach a mount by path); nothing here is listable.
    mkdirSync(MOUNT_ROOT, { recursive: true, mode: 0o711 });
    mkdirSync(this.base!, { recursive: true, mode: 0o711 });
    const target = path.join(this.base!, projectId);
    mkdirSync(target, { recursive: true, mode: 0o711 });
    await run(tools.mount, ['-o', 'loop,nosuid,nodev', image, target]);
    return target;
  }

  /**
   * What the project's installed packages take on disk: the blocks of everything in its
   * `projects/<id>` folder, its volume image (sparse: what was written into it, never its size) or
   * its plain packages dir. A volume's folder holds only its image, looked at each time; a plain
   * dir is walked once and its figure kept until an install of the project ends (a big environment
   * is thousands of files).
   */
  async usedBytes(projectId: string): Promise<number> {
    const folder = path.dirname(projectPackagesDir(this.dataDir, projectId));
    if (this.tools) return diskUsage(folder);
    const known = this.walked.get(projectId);
    if (known !== undefined) return known;
    const ended = this.installsEnded;
    const bytes = await diskUsage(folder);
    if (ended === this.installsEnded) this.walked.set(projectId, bytes);
    return bytes;
  }

  /**
   * An install of the project has ended (done or not): its packages are walked again next time,
   * and a volume's writes are pushed down to its image first, so the image's blocks include them.
   */
  async installEnded(projectId: string): Promise<void> {
    this.installsEnded++;
    this.walked.delete(projectId);
    const mounting = this.mounted.get(projectId);
    const target = mounting ? await mounting.catch(() => null) : null;
    if (!target || !this.tools?.sync) return;
    await run(this.tools.sync, ['-f', target]).catch((err) => this.log.warn({ err: String(err), projectId }, 'a dependency volume could not be synced'));
  }

  /**
   * Lets go of one project's volume (the project is being deleted): unmounted (lazily, so a
   * lingering holder cannot block it) and its mount point removed. The image itself stays for the
   * caller to delete with the project's directory. Nothing to do for plain directories.
   */
  async release(projectId: string): Promise<void> {
    this.installsEnded++;
    this.walked.delete(projectId);
    const mounting = this.mounted.get(projectId);
    if (!this.tools || !mounting) return;
    this.mounted.delete(projectId);
    const target = await mounting.catch(() => null);
    if (!target) return;
    await run(this.tools.umount, ['-l', target]).catch((err) => this.log.warn({ err: String(err), projectId }, 'a dependency volume could not be unmounted'));
    try {
      rmdirSync(target);
    } catch {
      /* still busy: the sweep of the next start removes it */
    }
  }

  /** Unmounts every volume (server shutdown); a run still holding one keeps it until it ends. */
  async close(): Promise<void> {
    if (!this.tools || !this.base) return;
    const targets = await Promise.all([...this.mounted.values()].map((p) => p.catch(() => null)));
    this.mounted.clear();
    for (const target of targets) {
      if (!target) continue;
      await run(this.tools.umount, ['-l', target]).catch((err) => this.log.warn({ err: String(err) }, 'a dependency volume could not be unmounted'));
      try {
        rmdirSync(target);
      } catch {
        /* still busy: the sweep of the next start removes it */
      }
    }
    try {
      rmdirSync(this.base);
    } catch {
      /* not empty or never made */
    }
  }
}

/** Volumes left mounted by a server that died (its pid is gone): unmounted at start-up. */
async function sweepStale(tools: Tools, log: FastifyBaseLogger): Promise<void> {
  if (!existsSync(MOUNT_ROOT)) return;
  for (const entry of readdirSync(MOUNT_ROOT)) {
    const owner = Number(entry.split('.')[0]);
    if (!Number.isInteger(owner) || owner <= 0 || alive(owner)) continue;
    const dir = path.join(MOUNT_ROOT, entry);
    for (const project of readdirSync(dir)) {
      const target = path.join(dir, project);
      // A mount point is on another device than its parent.
      if (statSync(target).dev !== statSync(dir).dev) await run(tools.umount, ['-l', target]).catch((err) => log.warn({ err: String(err) }, 'stale dependency volume'));
      try {
        rmdirSync(target);
      } catch {
        /* busy */
      }
    }
    try {
      rmdirSync(dir);
    } catch {
      /* busy */
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
