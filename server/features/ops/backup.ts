// `npm run backup -- <file>`: a consistent copy of DATA_DIR/app.db through SQLite's online backup
// API, safe while the server runs and writes (WAL: the copy reads one snapshot and blocks no
// writer). The copy is written beside its target and renamed into place only when complete, is
// readable by its owner alone (it holds password hashes and bots' encrypted secrets), and never
// replaces an existing file.
import { existsSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Refusal, fileProblem } from './refusal';

export type BackupResult = { source: string; file: string; bytes: number; ms: number };

/** All remaining pages in one step: one read snapshot, so writes meanwhile cannot restart the copy. */
const ALL_PAGES = 0x7fffffff;

export async function backupDatabase(dataDir: string, file: string): Promise<BackupResult> {
  const started = performance.now();
  const source = path.join(dataDir, 'app.db');
  const target = path.resolve(file);
  if (!existsSync(source)) throw new Refusal(`Backup failed: there is no database at ${source} (is DATA_DIR right?)`);
  if (existsSync(target)) throw new Refusal(`Backup refused: ${target} already exists; choose a new file name`);
  const folder = path.dirname(target);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new Refusal(`Backup failed: the folder ${folder} does not exist`);

  const partial = `${target}.partial-${process.pid}`;
  try {
    writeFileSync(partial, '', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    throw fileProblem('Backup failed: cannot write', partial, err);
  }
  let db: SQLite.Database | null = null;
  try {
    try {
      db = new SQLite(source, { fileMustExist: true, timeout: 5000 });
    } catch (err) {
      throw fileProblem('Backup failed: cannot open', source, err);
    }
    await db.backup(partial, { progress: () => ALL_PAGES });
    renameSync(partial, target);
  } catch (err) {
    rmSync(partial, { force: true });
    if (err instanceof Refusal) throw err;
    const code = (err as { code?: string }).code;
    throw new Refusal(`Backup failed: ${code === 'SQLITE_NOTADB' ? `${source} is not a SQLite database` : code ?? (err as Error).message}`);
  } finally {
    db?.close();
  }
  return { source, file: target, bytes: statSync(target).size, ms: performance.now() - started };
}

/** The one line `npm run backup` prints. */
export function describeBackup(r: BackupResult): string {
  return `Backed up ${r.source} to ${r.file} (${formatBytes(r.bytes)}) in ${(r.ms / 1000).toFixed(2)} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
