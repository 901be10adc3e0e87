// Test helper: a throwaway PostgreSQL server of the test run's own (initdb into a temp folder, on a
// free loopback port, durability off: it is deleted at the end), found where Debian installs it.
// As root it runs as the `postgres` user (initdb refuses root). Each test app gets a database of its
// own, copied from a template that already holds every migration (testDatabase below).
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

export type PostgresServer = {
  /** The URL of one database on this server. */
  url(database: string): string;
  /** The same database through the server's Unix socket (reachable from any network namespace). */
  socketUrl(database: string): string;
  /** Stopped at once (as in a crash: every connection dropped), down for `downMs`, started again; the data stays. */
  restart(downMs?: number): Promise<void>;
  stop(): void;
};

/** Where the server listens: loopback (the default), or an address inside a test's network namespace (netns.ts `enter`). */
export type PostgresPlace = { enter: string[]; address: string; port: number; clients: string };

/** Where initdb and pg_ctl are: POSTGRES_BIN, else the newest /usr/lib/postgresql/N/bin, else pg_config's. */
export function postgresBin(): string | null {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => /^\d+$/.test(v) && existsSync(path.join(root, v, 'bin/initdb')));
    versions.sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin');
  }
  const found = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  return found.status === 0 && existsSync(path.join(found.stdout.trim(), 'initdb')) ? found.stdout.trim() : null;
}

export async function startPostgresServer(place?: PostgresPlace): Promise<PostgresServer> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql), or set POSTGRES_BIN');
  const dir = mkdtempSync(path.join(tmpdir(), 'botwright-pg-'));
  const asRoot = userInfo().uid === 0;
  const run = (file: string, args: string[]) => {
    const command = asRoot ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', path.join(bin, file), ...args]] as const : [path.join(bin, file), args] as const;
    const inPlace = place ? [place.enter[0]!, [...place.enter.slice(1), command[0], ...command[1]]] as const : command;
    execFileSync(inPlace[0], [...inPlace[1]], { stdio: 'pipe', cwd: dir });
  };
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const gid = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  const data = path.join(dir, 'data');
  // C collation: text sorts by its bytes, as SQLite's does.
  run('initdb', ['-D', data, '-U', 'botwright', '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-sync']);
  const port = place?.port ?? (await freePort());
  const address = place?.address ?? '127.0.0.1';
  if (place) appendFileSync(path.join(data, 'pg_hba.conf'), `host all all ${place.clients} trust\n`);
  const options = [
    `-p ${port}`, `-k ${dir}`, `-c listen_addresses=${address}`, '-c fsync=off', '-c synchronous_commit=off',
    '-c full_page_writes=off', '-c max_connections=400', '-c shared_buffers=64MB',
  ].join(' ');
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
  return {
    url: (database) => `postgres://botwright@${address}:${port}/${database}`,
    socketUrl: (database) => `postgres://botwright@localhost:${port}/${database}?host=${encodeURIComponent(dir)}`,
    async restart(downMs = 0) {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start']);
    },
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs statements on the server's maintenance database (CREATE/DROP DATABASE). */
export async function onServer(serverUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

let counter = 0;

/**
 * A new database for one test app, copied from `template` (migrated once by the run's setup), or
 * empty when `template` is null; answers its URL and how to drop it.
 */
export async function testDatabase(server: { url(database: string): string }, template: string | null): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${process.pid}_${Date.now().toString(36)}_${(counter++).toString(36)}`;
  const maintenance = server.url('postgres');
  // Two copies of one template at the same moment: PostgreSQL refuses the second while the first
  // reads it ("is being accessed by other users"); it is asked again.
  for (let attempt = 0; ; attempt++) {
    try {
      await onServer(maintenance, [`create database ${name} template ${template ?? 'template0'}`]);
      break;
    } catch (err) {
      if (attempt >= 50 || (err as { code?: string }).code !== '55006') throw err;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 30));
    }
  }
  return {
    url: server.url(name),
    drop: () => onServer(maintenance, [`drop database if exists ${name} with (force)`]),
  };
}
