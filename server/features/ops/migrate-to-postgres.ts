// `npm run migrate-to-postgres`: copies the SQLite database (DATA_DIR/app.db) into an empty
// PostgreSQL database (DATABASE_URL), with the server stopped (it holds DATA_DIR/server.lock
// meanwhile). Both are first brought to the latest migration; then every table is copied in one
// PostgreSQL transaction, parents before children, versions in the order they were written; then
// it checks, per table, that both hold the same number of rows, and that every person's balance
// equals the sum of their ledger rows and the balance they had in SQLite; then every bot's kept log
// files are copied into log_lines and every feed image's bytes into its row (PostgreSQL keeps both in
// the database, where every node reads them). Anything else and
// nothing is kept: the PostgreSQL database is left empty of app rows.
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { openDatabase } from '../../db/database';
import { openPostgres } from '../../db/postgres';
import { migrateToLatest } from '../../db/migrate';
import { Refusal } from './refusal';
import { botLogDir, logFileName, logFileSeqs, parseLine } from '../runner/logs/log-files';
import { uploadsDir } from '../feed/uploads';
import type { RunLogLine } from '../../../shared/run-logs.schema';
import { databaseFailure } from '../../startup-lines';
import { LOCK_FILE, takeServerLock } from './server-lock';

/** Every app table, each after the tables its rows point to. */
export const TABLES_IN_ORDER = [
  'users', 'sessions', 'verification_codes', 'credit_transactions',
  'projects', 'files', 'file_versions', 'chat_messages',
  'uploads', 'posts', 'likes',
  'project_env_vars', 'saved_test_chats', 'code_edit_proposals',
  'bot_plans', 'bot_hooks', 'deployments', 'runs', 'project_packages',
] as const satisfies readonly (keyof Database)[];

/**
 * Tables not copied: rate-limit counters (their windows end within the hour; SQLite keeps none), the
 * live state of several nodes (nodes, leases, token claims, runner homes: a server on SQLite has no
 * other node, and its runs ended when it stopped), and the kept logs (SQLite's are files in DATA_DIR,
 * copied into log_lines from there).
 */
export const TABLES_NOT_COPIED = ['rate_limits', 'nodes', 'bot_leases', 'token_claims', 'runner_homes', 'log_lines'] as const satisfies readonly (keyof Database)[];

/** Rows read and written at a time: large texts (files, versions) stay well within memory. */
const BATCH = 200;

export type MigrationResult = { tables: { table: string; rows: number }[]; logLines: number; people: number; credits: number; ms: number };

export async function migrateToPostgres(dataDir: string, databaseUrl: string): Promise<MigrationResult> {
  const started = performance.now();
  const file = path.join(dataDir, 'app.db');
  if (!existsSync(file)) throw new Refusal(`Migration failed: there is no SQLite database at ${file} (is DATA_DIR right?)`);
  const lock = takeServerLock(dataDir);
  if (!lock) throw new Refusal(`Migration refused: a Botwright server is running on ${dataDir} (it holds ${path.join(dataDir, LOCK_FILE)}); stop it, then migrate`);
  const source = openDatabase(dataDir);
  const target = openPostgres(databaseUrl);
  try {
    await migrateToLatest(source.db);
    try {
      await migrateToLatest(target.db);
    } catch (err) {
      throw new Refusal(`Migration failed: ${databaseFailure(err, { databaseUrl }) ?? `PostgreSQL at DATABASE_URL could not be migrated (${err instanceof Error ? err.message : String(err)})`}`);
    }
    const filled = await firstFilledTable(target.db);
    if (filled) throw new Refusal(`Migration refused: the PostgreSQL database is not empty (its ${filled} table has rows); give an empty database`);
    // A failed check throws inside the transaction: nothing copied is kept.
    const { tables, ledger, logLines } = await target.db.transaction().execute(async (trx) => {
      const copied: MigrationResult['tables'] = [];
      for (const table of TABLES_IN_ORDER) copied.push({ table, rows: await copyTable(source.db, trx, table) });
      await checkCounts(source.db, trx);
      await copyUploadBytes(dataDir, trx);
      return { tables: copied, ledger: await checkLedger(source.db, trx), logLines: await copyKeptLogs(dataDir, trx) };
    });
    return { tables, logLines, ...ledger, ms: Math.round(performance.now() - started) };
  } finally {
    await target.close();
    await source.db.destroy();
    source.sqlite.close();
    lock.release();
  }
}

async function firstFilledTable(db: Kysely<Database>): Promise<string | null> {
  for (const table of TABLES_IN_ORDER) {
    if (await db.selectFrom(table).select(sql`1`.as('one')).limit(1).executeTakeFirst()) return table;
  }
  return null;
}

/** Copies one table in batches, in SQLite's rowid order (the order versions were written in). */
async function copyTable(source: Kysely<Database>, trx: Transaction<Database>, table: (typeof TABLES_IN_ORDER)[number]): Promise<number> {
  let copied = 0;
  let after = 0;
  for (;;) {
    const rows = await sql<Record<string, unknown> & { rowid: number }>`select rowid, * from ${sql.table(table)} where rowid > ${after} order by rowid limit ${BATCH}`.execute(source);
    if (rows.rows.length === 0) return copied;
    after = rows.rows[rows.rows.length - 1]!.rowid;
    const values = rows.rows.map(({ rowid: _rowid, ...row }) => row);
    await trx.insertInto(table).values(values as never).execute();
    copied += values.length;
  }
}

/** Each feed image's bytes (a file in DATA_DIR/uploads) into its row, where every node reads them; the files stay. */
async function copyUploadBytes(dataDir: string, trx: Transaction<Database>): Promise<void> {
  for (const { id, ext } of await trx.selectFrom('uploads').select(['id', 'ext']).execute()) {
    const file = path.join(uploadsDir(dataDir), `${id}.${ext}`);
    if (!existsSync(file)) throw new Refusal(`Migration failed: the image ${id}.${ext} of a feed post is missing from ${uploadsDir(dataDir)}; nothing was kept`);
    await trx.updateTable('uploads').set({ data: readFileSync(file) }).where('id', '=', id).execute();
  }
}

/** Every bot's kept log files (DATA_DIR/logs), oldest line first, into log_lines; the files stay. */
async function copyKeptLogs(dataDir: string, trx: Transaction<Database>): Promise<number> {
  const logsDir = path.join(dataDir, 'logs');
  const projects = new Set((await trx.selectFrom('projects').select('id').execute()).map((p) => p.id));
  let copied = 0;
  for (const projectId of existsSync(logsDir) ? readdirSync(logsDir) : []) {
    if (!projects.has(projectId)) continue;
    const dir = botLogDir(logsDir, projectId);
    let batch: RunLogLine[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await trx.insertInto('log_lines').values(batch.map((l) => ({ project_id: projectId, run_id: l.runId, at: l.at, level: l.level, text: l.text }))).execute();
      copied += batch.length;
      batch = [];
    };
    for (const seq of await logFileSeqs(dir)) {
      for await (const text of createInterface({ input: createReadStream(path.join(dir, logFileName(seq)), { encoding: 'utf8' }), crlfDelay: Infinity })) {
        const line = parseLine(text);
        if (line) batch.push(line);
        if (batch.length >= BATCH) await flush();
      }
    }
    await flush();
  }
  return copied;
}

async function countOf(db: Kysely<Database>, table: string): Promise<number> {
  return Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
}

async function checkCounts(source: Kysely<Database>, target: Kysely<Database>): Promise<void> {
  for (const table of TABLES_IN_ORDER) {
    const [from, to] = [await countOf(source, table), await countOf(target, table)];
    if (from !== to) throw new Refusal(`Migration failed: ${table} has ${from} rows in SQLite but ${to} in PostgreSQL; nothing was kept`);
  }
}

/** Each person's balance: the same on both sides, and equal to the sum of their ledger rows in PostgreSQL. */
async function checkLedger(source: Kysely<Database>, target: Kysely<Database>): Promise<{ people: number; credits: number }> {
  const balances = async (db: Kysely<Database>) =>
    new Map((await db.selectFrom('users').select(['id', 'credits']).execute()).map((u) => [u.id, Number(u.credits)]));
  const [before, after] = [await balances(source), await balances(target)];
  const sums = new Map(
    (await target.selectFrom('credit_transactions').select((eb) => ['user_id', eb.fn.sum<number>('amount').as('total')]).groupBy('user_id').execute()).map((r) => [r.user_id, Number(r.total)]),
  );
  let credits = 0;
  for (const [id, balance] of after) {
    if (before.get(id) !== balance) throw new Refusal(`Migration failed: a balance differs between SQLite and PostgreSQL (user ${id})`);
    if ((sums.get(id) ?? 0) !== balance) throw new Refusal(`Migration failed: user ${id} has ${balance} credits but ledger rows summing to ${sums.get(id) ?? 0}; check the SQLite database`);
    credits += balance;
  }
  return { people: after.size, credits };
}

export function describeMigration(r: MigrationResult): string {
  const rows = r.tables.reduce((n, t) => n + t.rows, 0);
  return `Copied ${rows} rows in ${r.tables.length} tables and ${r.logLines} kept log lines to PostgreSQL in ${r.ms} ms; row counts match, and ${r.people} people's balances (${r.credits} credits) match their ledgers.`;
}
