// The folders that hold a run's bridge sockets (the webhooks' and the test chat's, under /run when
// the server is root) are named after the server that made them. A server killed with SIGKILL
// leaves its folders behind: the next server removes them as it starts (a real server process,
// src/main.ts), and never a folder whose server is still alive.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../../testing/server-process';

// Where the server makes them: /run as root, else the system's temp dir.
const ROOT = process.getuid?.() === 0 ? '/run' : tmpdir();
const dataDir = mkdtempSync(path.join(tmpdir(), 'botwright-bridge-dirs-'));
chmodSync(dataDir, 0o711);
const made: string[] = [];
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const fn of cleanups) fn();
  for (const dir of [...made, dataDir]) rmSync(dir, { recursive: true, force: true });
});

/** A folder as a server with this pid would have left it, a socket's file inside. */
function leftover(kind: 'hooks' | 'test-chat', ownerPid: number): string {
  const dir = path.join(ROOT, `botwright-${kind}-${ownerPid}-${randomBytes(8).toString('hex')}`);
  mkdirSync(dir, { mode: 0o711 });
  writeFileSync(path.join(dir, 'inbound.sock'), '');
  made.push(dir);
  return dir;
}

describe('bridge folders a killed server left', () => {
  it('are removed when a server starts; those of a server still alive stay', async () => {
    // A pid that has ended (its process was reaped before we go on), and one that lives.
    const dead = spawnSync('true').pid;
    const live = spawn('sleep', ['60'], { stdio: 'ignore' });
    cleanups.push(() => void live.kill('SIGKILL'));
    const stale = [leftover('hooks', dead), leftover('test-chat', dead)];
    const kept = [leftover('hooks', live.pid!), leftover('test-chat', live.pid!)];

    const server = await startServerProcess({ DATA_DIR: dataDir, RUNNER_MEMORY_MB: '128' });
    cleanups.push(() => void server.child.kill('SIGKILL'));
    await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('The runner is ready');
    expect([...stale, ...kept].filter((dir) => existsSync(dir))).toEqual(kept);
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }, 60_000);
});
