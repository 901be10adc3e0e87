// DATA_DIR/server.lock: a running server holds an exclusive SQLite lock on this small file for its
// whole life, so `npm run restore` can tell that a server uses the DATA_DIR. The kernel drops the
// lock when the process ends however it ends (kill -9 included): a stale file never blocks anyone.
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { createDataDir, privateFile } from '../../data-dir';

export const LOCK_FILE = 'server.lock';

export type ServerLock = { file: string; release(): void };

/**
 * Takes the DATA_DIR's lock without waiting: the held lock, or null when another process holds it.
 * Any other failure (an unreadable lock file) is thrown.
 */
export function takeServerLock(dataDir: string): ServerLock | null {
  createDataDir(dataDir);
  const file = path.join(dataDir, LOCK_FILE);
  closeSync(openSync(file, 'a', 0o600));
  privateFile(file);
  const db = new SQLite(file, { timeout: 0 });
  try {
    // In exclusive locking mode SQLite keeps the lock of a transaction once it has taken it.
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY') return null;
    throw err;
  }
  return { file, release: () => db.open && db.close() };
}

/**
 * The server's side: takes the lock before the database is opened and lets it go after everything
 * else has closed (Fastify runs onClose hooks last-registered first, so call this first in buildApp).
 * A lock another process holds is logged, never a reason not to start.
 */
export function holdServerLock(app: FastifyInstance, dataDir: string): void {
  let lock: ServerLock | null = null;
  try {
    lock = takeServerLock(dataDir);
    if (!lock) app.log.warn(`${path.join(dataDir, LOCK_FILE)} is held by another process (another server, or a restore): two servers must not share a DATA_DIR`);
  } catch (err) {
    app.log.warn({ err }, `${path.join(dataDir, LOCK_FILE)} could not be locked: npm run restore cannot tell that this server runs`);
  }
  app.addHook('onClose', async () => lock?.release());
}
