// `npm run backup` and `npm run restore` as the operator runs them: the real scripts in child
// processes (node with tsx, the loader `npm run` uses) against a temp DATA_DIR. A backup taken
// while the app keeps writing is sound and consistent; a restore brings the data back to a new
// server; a restore is refused while a server runs on the DATA_DIR, and for a file that is no
// sound Botwright database, each time with one line and DATA_DIR left exactly as it was.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { runNpmScript } from '../../testing/npm-script';
import { newUser } from '../../testing/fixtures';
import { recordCredit } from '../credits/ledger';

const JWT_SECRET = 'backup-restore-test-secret-0123456789abcdef';

/** `npm run <script> -- <args>` as npm runs it (tsx), with DATA_DIR set. */
const runScript = (script: 'backup' | 'restore', args: string[], dataDir: string, env: Record<string, string> = {}) =>
  runNpmScript(script, args, { DATA_DIR: dataDir, ...env });

const dirs: string[] = [];
function tempDir(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `botwright-${name}-`));
  dirs.push(dir);
  return dir;
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
/** Everything in a folder, with each file's hash: what "changes nothing" compares. */
const snapshot = (dir: string) => Object.fromEntries(readdirSync(dir).sort().map((f) => [f, statSync(path.join(dir, f)).isFile() ? sha(path.join(dir, f)) : 'dir']));

function openCopy(file: string) {
  return new SQLite(file, { fileMustExist: true });
}

/** One line, nothing else. */
function oneLine(text: string): string {
  expect(text.endsWith('\n')).toBe(true);
  expect(text.trimEnd().split('\n')).toHaveLength(1);
  return text.trimEnd();
}

let dataDir: string;
let backups: string;
let t: TestApp;
let user: { id: string; token: string };
/** The backup taken while the app wrote, and what had been committed when it started and ended. */
let backup: { file: string; committedBefore: number; committedAfter: number };

beforeAll(async () => {
  dataDir = tempDir('live');
  backups = tempDir('backups');
  t = await startTestApp({ LOG_LEVEL: 'warn', DATA_DIR: dataDir, JWT_SECRET });
  user = await newUser(t);
  // A database of some megabytes, so that the copy takes a while.
  const deps = t.app.deps;
  for (let batch = 0; batch < 10; batch++) {
    await deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 1000; i++) await recordCredit(trx, deps.clock, { userId: user.id, amount: 1, type: 'purchase', description: `filler ${batch}/${i} ${'x'.repeat(400)}` });
    });
  }
});

afterAll(async () => {
  await t?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function ledgerRows(): Promise<number> {
  const row = await t.app.deps.db.selectFrom('credit_transactions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('npm run backup', () => {
  it('copies the database while the app keeps writing: the copy passes integrity_check and holds one consistent moment', async () => {
    const deps = t.app.deps;
    let writing = true;
    let committed = await ledgerRows();
    // Each write moves the balance and adds its ledger row in one transaction.
    const writer = (async () => {
      while (writing) {
        await deps.db.transaction().execute((trx) => recordCredit(trx, deps.clock, { userId: user.id, amount: 1, type: 'purchase', description: 'during the backup' }));
        committed += 1;
        await new Promise((r) => setImmediate(r));
      }
    })();
    // Writes are under way before the backup starts, and go on until it has ended.
    await new Promise((r) => setTimeout(r, 50));
    const committedBefore = committed;
    const file = path.join(backups, 'while-writing.db');
    const result = await runScript('backup', [file], dataDir);
    const committedAfter = committed;
    writing = false;
    await writer;

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(oneLine(result.stdout)).toMatch(new RegExp(`^Backed up ${path.join(dataDir, 'app.db')} to ${file} \\(\\d+\\.\\d (KiB|MiB)\\) in \\d+\\.\\d\\d s$`));
    expect(committedAfter).toBeGreaterThan(committedBefore);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(backups)).toEqual(['while-writing.db']);

    const copy = openCopy(file);
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = Number(copy.prepare('SELECT count(*) FROM credit_transactions').pluck().get());
      // Everything committed before the backup started, and nothing that was not committed by its end.
      expect(rows).toBeGreaterThanOrEqual(committedBefore);
      expect(rows).toBeLessThanOrEqual(committedAfter);
      // One moment: the balance is the sum of the ledger rows it has (each write did both at once).
      const balance = copy.prepare('SELECT credits FROM users WHERE id = ?').pluck().get(user.id);
      const sum = copy.prepare('SELECT sum(amount) FROM credit_transactions WHERE user_id = ?').pluck().get(user.id);
      expect(balance).toBe(sum);
    } finally {
      copy.close();
    }
    backup = { file, committedBefore, committedAfter };
  });

  it('refuses an existing file, a missing folder, a DATA_DIR without a database, and a missing argument, each with one line', async () => {
    const existing = path.join(backups, 'existing.db');
    writeFileSync(existing, 'keep me');
    const empty = tempDir('empty');
    const [exists, noFolder, noDatabase, noArgument] = await Promise.all([
      runScript('backup', [existing], dataDir),
      runScript('backup', [path.join(backups, 'no-such-folder', 'x.db')], dataDir),
      runScript('backup', [path.join(backups, 'from-empty.db')], empty),
      runScript('backup', [], dataDir),
    ]);
    expect(exists.code).toBe(1);
    expect(oneLine(exists.stderr)).toBe(`Backup refused: ${existing} already exists; choose a new file name`);
    expect(readFileSync(existing, 'utf8')).toBe('keep me');
    expect(noFolder.code).toBe(1);
    expect(oneLine(noFolder.stderr)).toBe(`Backup failed: the folder ${path.join(backups, 'no-such-folder')} does not exist`);
    expect(noDatabase.code).toBe(1);
    expect(oneLine(noDatabase.stderr)).toBe(`Backup failed: there is no database at ${path.join(empty, 'app.db')} (is DATA_DIR right?)`);
    expect(readdirSync(empty)).toEqual([]);
    expect(noArgument.code).toBe(1);
    expect(oneLine(noArgument.stderr)).toMatch(/^Usage: npm run backup -- <file>/);
    expect(readdirSync(backups).sort()).toEqual(['existing.db', 'while-writing.db']);
  });
});

describe('npm run restore', () => {
  it('is refused while a server runs on that DATA_DIR, and changes nothing', async () => {
    const before = await ledgerRows();
    const files = readdirSync(dataDir).sort();
    const result = await runScript('restore', [backup.file], dataDir);
    expect(result.code).toBe(1);
    expect(oneLine(result.stderr)).toBe(`Restore refused: a Botwright server is running on ${dataDir} (it holds ${path.join(dataDir, 'server.lock')}); stop it, then restore`);
    expect(result.stdout).toBe('');
    expect(readdirSync(dataDir).sort()).toEqual(files);
    // The server goes on with its own data.
    expect(await ledgerRows()).toBe(before);
    expect((await t.request('GET', '/api/auth/me', { token: user.token })).status).toBe(200);
  });

  it('into a stopped, empty DATA_DIR: a server started on it has the data', async () => {
    const target = tempDir('restored');
    const result = await runScript('restore', [backup.file], target);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(oneLine(result.stdout)).toBe(`Restored ${backup.file} into ${path.join(target, 'app.db')}. Start the server: it migrates the database if needed.`);
    expect(statSync(path.join(target, 'app.db')).mode & 0o777).toBe(0o600);
    expect(readdirSync(target).filter((f) => f.startsWith('app.db'))).toEqual(['app.db']);
    // The backup itself is untouched.
    expect(existsSync(`${backup.file}-wal`)).toBe(false);

    const copy = openCopy(backup.file);
    const rows = Number(copy.prepare('SELECT count(*) FROM credit_transactions').pluck().get());
    const balance = copy.prepare('SELECT credits FROM users WHERE id = ?').pluck().get(user.id);
    copy.close();

    const restored = await startTestApp({ LOG_LEVEL: 'warn', DATA_DIR: target, JWT_SECRET });
    try {
      // The same secret: the session made on the first server is a session here too.
      const me = await restored.request('GET', '/api/auth/me', { token: user.token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: user.id, credits: balance });
      const count = await restored.app.deps.db.selectFrom('credit_transactions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(rows);
      expect(rows).toBeGreaterThanOrEqual(backup.committedBefore);
    } finally {
      await restored.close();
    }
  });

  it('over an existing database: keeps it as app.db.before-restore-<time>, WAL included, and leaves no stale -wal/-shm', async () => {
    const target = tempDir('replaced');
    const other = await startTestApp({ LOG_LEVEL: 'warn', DATA_DIR: target, JWT_SECRET });
    const stranger = await newUser(other);
    await other.close();
    // A WAL the old database still has (as after a crash) is folded into the kept copy, not lost.
    const old = new SQLite(path.join(target, 'app.db'));
    old.pragma('wal_autocheckpoint = 0');
    old.prepare("UPDATE users SET name = 'only in the WAL' WHERE id = ?").run(stranger.id);
    const walCopy = readFileSync(path.join(target, 'app.db-wal'));
    const dbCopy = readFileSync(path.join(target, 'app.db'));
    old.close();
    writeFileSync(path.join(target, 'app.db'), dbCopy);
    writeFileSync(path.join(target, 'app.db-wal'), walCopy);

    const result = await runScript('restore', [backup.file], target);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const kept = readdirSync(target).filter((f) => f.startsWith('app.db.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^app\.db\.before-restore-\d{8}T\d{6}Z$/);
    expect(oneLine(result.stdout)).toBe(
      `Restored ${backup.file} into ${path.join(target, 'app.db')}; the previous database is kept as ${path.join(target, kept[0]!)}. Start the server: it migrates the database if needed.`,
    );
    expect(readdirSync(target).filter((f) => f.startsWith('app.db')).sort()).toEqual(['app.db', kept[0]]);

    const previous = openCopy(path.join(target, kept[0]!));
    expect(previous.prepare('SELECT name FROM users WHERE id = ?').pluck().get(stranger.id)).toBe('only in the WAL');
    previous.close();
    const now = openCopy(path.join(target, 'app.db'));
    expect(now.prepare('SELECT count(*) FROM users WHERE id = ?').pluck().get(stranger.id)).toBe(0);
    expect(now.prepare('SELECT count(*) FROM users WHERE id = ?').pluck().get(user.id)).toBe(1);
    now.close();
  });

  it('refuses a missing file, a file that is no database, a damaged one, a foreign SQLite file and a newer version, changing nothing', async () => {
    const target = tempDir('kept');
    const other = await startTestApp({ LOG_LEVEL: 'warn', DATA_DIR: target, JWT_SECRET });
    await newUser(other);
    await other.close();
    const before = snapshot(target);

    const notDatabase = path.join(backups, 'notes.txt');
    writeFileSync(notDatabase, 'these are my notes, not a database\n'.repeat(200));
    const damaged = path.join(backups, 'damaged.db');
    copyFileSync(backup.file, damaged);
    truncateSync(damaged, Math.floor(statSync(damaged).size / 2));
    const foreign = path.join(backups, 'foreign.db');
    const f = new SQLite(foreign);
    f.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES (\'hello\')');
    f.close();
    const newer = path.join(backups, 'newer.db');
    copyFileSync(backup.file, newer);
    const n = new SQLite(newer);
    n.prepare("INSERT INTO kysely_migration (name, timestamp) VALUES ('999_from_the_future', '2100-01-01T00:00:00.000Z')").run();
    n.close();
    const missing = path.join(backups, 'no-such-backup.db');

    // One after another: a restore holds DATA_DIR's lock while it works.
    const rMissing = await runScript('restore', [missing], target);
    const rText = await runScript('restore', [notDatabase], target);
    const rDamaged = await runScript('restore', [damaged], target);
    const rForeign = await runScript('restore', [foreign], target);
    const rNewer = await runScript('restore', [newer], target);
    expect(rMissing.code).toBe(1);
    expect(oneLine(rMissing.stderr)).toBe(`Restore failed: cannot read ${missing}: it does not exist`);
    expect(rText.code).toBe(1);
    expect(oneLine(rText.stderr)).toBe(`Restore refused: ${notDatabase} is not a SQLite database`);
    expect(rDamaged.code).toBe(1);
    expect(oneLine(rDamaged.stderr)).toMatch(new RegExp(`^Restore refused: ${damaged} (failed the integrity check|is damaged)`));
    expect(rForeign.code).toBe(1);
    expect(oneLine(rForeign.stderr)).toBe(`Restore refused: ${foreign} is not a Botwright database (it has no kysely_migration table)`);
    expect(rNewer.code).toBe(1);
    expect(oneLine(rNewer.stderr)).toBe(`Restore refused: ${newer} comes from a newer Botwright (migrations unknown here: 999_from_the_future); restore it with that version`);
    for (const r of [rMissing, rText, rDamaged, rForeign, rNewer]) expect(r.stdout).toBe('');

    // DATA_DIR is exactly as it was: the same files, byte for byte.
    expect(snapshot(target)).toEqual(before);
  }, 90_000);
});

describe('with DATABASE_URL (PostgreSQL)', () => {
  it('backup and restore stop with one line naming pg_dump and pg_restore, and touch nothing', async () => {
    const dataDir = tempDir('pg-backup');
    const env = { DATABASE_URL: 'postgres://botwright:secret-never-shown@127.0.0.1:5432/botwright' };
    const backup = await runScript('backup', [path.join(dataDir, 'copy.db')], dataDir, env);
    expect(backup.code).toBe(1);
    expect(backup.stderr.trim()).toBe('Backup refused: the database is PostgreSQL (DATABASE_URL); back it up with pg_dump, e.g. pg_dump --format=custom --file=<file> "$DATABASE_URL" (docs/operations.md), and keep the files in DATA_DIR with it');
    const restore = await runScript('restore', [path.join(dataDir, 'copy.db')], dataDir, env);
    expect(restore.code).toBe(1);
    expect(restore.stderr.trim()).toBe('Restore refused: the database is PostgreSQL (DATABASE_URL); restore it with pg_restore, e.g. pg_restore --clean --if-exists --dbname="$DATABASE_URL" <file> (docs/operations.md)');
    expect(`${backup.stderr}${restore.stderr}`).not.toContain('secret-never-shown');
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
