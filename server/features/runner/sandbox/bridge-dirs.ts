// The folders that hold a run's bridge sockets (service-bridge.ts): the relay's inbound socket for
// webhooks and the test chat, and the test chat's emulator socket. One per run, made by the server
// and removed when the run ends; a server killed with SIGKILL cannot remove its own, so each name
// carries the pid of the server that made it, and a server starting removes those whose server is
// gone (as it does with a dead server's run cgroups and dependency volumes), never a live one's.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type BridgeDirKind = 'hooks' | 'test-chat';

const NAME = /^botwright-(?:hooks|test-chat)-(\d+)-[0-9a-f]{16}$/;

/** /run when the server may write there (root), else the system's temp dir. */
export function bridgeDirRoot(): string {
  return process.getuid?.() === 0 ? '/run' : os.tmpdir();
}

/**
 * A new folder for one run's sockets: searchable by the relay (which runs as nobody), listable by
 * the server alone.
 */
export function makeBridgeDir(kind: BridgeDirKind): string {
  const dir = path.join(bridgeDirRoot(), `botwright-${kind}-${process.pid}-${randomBytes(8).toString('hex')}`);
  mkdirSync(dir, { mode: 0o711 });
  chmodSync(dir, 0o711);
  return dir;
}

/** Removes the folders of servers that are gone; returns how many. Never throws: a leftover is no reason not to start. */
export function sweepStaleBridgeDirs(root = bridgeDirRoot()): number {
  let swept = 0;
  let entries: string[] = [];
  try {
    entries = readdirSync(root);
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const owner = NAME.exec(entry);
    if (!owner || alive(Number(owner[1]))) continue;
    try {
      rmSync(path.join(root, entry), { recursive: true, force: true });
      swept++;
    } catch {
      /* the next start tries again */
    }
  }
  return swept;
}

// This server's own are alive too: several apps may share a process (the tests), and /run starts
// empty at boot, so a pid of ours there is never a previous boot's.
function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
