// `npm run restore -- <file>`: puts a backup in place of DATA_DIR/app.db, with the server stopped.
// In order: the file must be readable; no server may hold DATA_DIR/server.lock (and the restore
// holds it meanwhile); a copy of the backup beside app.db must pass PRAGMA integrity_check and be
// a Botwright database this version knows (its kysely_migration table, no unknown migration);
// then the current app.db is kept as app.db.before-restore-<time> (its WAL folded in first) and
// the copy is renamed into place. Any refusal leaves DATA_DIR as it was.
import { accessSync, constants, copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { migrations } from '../../../migrations';
import { createDataDir, privateFile } from '../../data-dir';
import { Refusal, fileProblem } from './refusal';
import { LOCK_FILE, takeServerLock } from './server-lock';

export type RestoreResult = { file: string; database: string; kept: string | null };

export function restoreDatabase(dataDir: string, file: string, now: Date = new Date()): RestoreResult {
  const source = path.resolve(file);
  try {
    if (!statSync(source).isFile()) throw new Refusal(`Restore failed: ${source} is not a file`);
    accessSync(source, constants.R_OK);
  } catch (err) {
    throw err instanceof Refusal ? err : fileProblem('Restore failed: cannot read', source, err);
  }

  createDataDir(dataDir);
  const lock = takeServerLock(dataDir);
  if (!lock) {
    throw new Refusal(`Restore refused: a Botwright server is running on ${dataDir} (it holds ${path.join(dataDir, LOCK_FILE)}); stop it, then restore`);
  }
  const database = path.join(dataDir, 'app.db');
  const staging = path.join(dataDir, `app.db.restoring-${process.pid}`);
  try {
    try {
      copyFileSync(source, staging);
    } catch (err) {
      throw fileProblem('Restore failed: cannot copy the backup to', staging, err);
    }
    privateFile(staging);
    checkBackup(staging, source);

    let kept: string | null = null;
    if (existsSync(database)) {
      kept = keptName(database, now);
      foldWal(database);
      renameSync(database, kept);
      // Left only when the old database could not be opened: its WAL goes with it, unapplied.
      if (existsSync(`${database}-wal`)) renameSync(`${database}-wal`, `${kept}-wal`);
    }
    rmSync(`${database}-wal`, { force: true });
    rmSync(`${database}-shm`, { force: true });
    renameSync(staging, database);
    return { file: source, database, kept };
  } finally {
    for (const f of [staging, `${staging}-wal`, `${staging}-shm`, `${staging}-journal`]) rmSync(f, { force: true });
    lock.release();
  }
}

/** Refuses a file that is not a sound Botwright database; the file is a copy, so opening it changes nothing of the backup. */
function checkBackup(copy: string, source: string): void {
  let db: SQLite.Database | null = null;
  try {
    db = new SQLite(copy, { fileMustExist: true, timeout: 0 });
    const problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new Refusal(`Restore refused: ${source} failed the integrity check (${problems[0]}${problems.length > 1 ? `, and ${problems.length - 1} more problems` : ''})`);
    }
    const migrated = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'").get();
    if (!migrated) throw new Refusal(`Restore refused: ${source} is not a Botwright database (it has no kysely_migration table)`);
    const names = db.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all() as string[];
    const unknown = names.filter((name) => !(name in migrations));
    if (unknown.length > 0) {
      throw new Refusal(`Restore refused: ${source} comes from a newer Botwright (migrations unknown here: ${unknown.join(', ')}); restore it with that version`);
    }
  } catch (err) {
    if (err instanceof Refusal) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'SQLITE_NOTADB') throw new Refusal(`Restore refused: ${source} is not a SQLite database`);
    if (code.startsWith('SQLITE_CORRUPT')) throw new Refusal(`Restore refused: ${source} is damaged (${code})`);
    throw new Refusal(`Restore refused: ${source} could not be checked (${code || (err as Error).message})`);
  } finally {
    db?.close();
  }
}

/** Commits whatever the old database's WAL still holds into it (and so removes the WAL), when it can be opened. */
function foldWal(database: string): void {
  try {
    const db = new SQLite(database, { fileMustExist: true, timeout: 0 });
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
  } catch {
    /* damaged: it is kept as it is, with its WAL beside it */
  }
}

/** app.db.before-restore-20250102T030405Z, with -2, -3... should that name be taken. */
function keptName(database: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  let name = `${database}.before-restore-${stamp}`;
  for (let i = 2; existsSync(name); i++) name = `${database}.before-restore-${stamp}-${i}`;
  return name;
}

/** The one line `npm run restore` prints. */
export function describeRestore(r: RestoreResult): string {
  const kept = r.kept ? `; the previous database is kept as ${r.kept}` : '';
  return `Restored ${r.file} into ${r.database}${kept}. Start the server: it migrates the database if needed.`;
}
