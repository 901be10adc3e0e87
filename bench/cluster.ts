// What the "several machines" scenarios share (feed-nodes.ts, remote-start.ts, idle-bots.ts): a
// throwaway PostgreSQL 15 (server/testing/postgres-server.ts), databases on it, and nodes of the real
// server as processes of their own (`node --import tsx src/main.ts`, as startServerProcess runs it,
// each in its own process group with its own DATA_DIR), all with the shared settings of
// docs/scale-out.md (DATABASE_URL, JWT_SECRET, CLUSTER_SECRET, their own BOTWRIGHT_ROLE, PORT and
// NODE_URL). People, projects and files are made through an in-process app (startTestApp, a `web`
// node on the same database, rate limits off), closed before the measurements: sessions live in the
// database and every node shares JWT_SECRET, so its tokens work on every node.
//
// The nodes trust the bench as their load balancer (TRUST_PROXY=127.0.0.1) and every request the
// bench makes names a new client address in X-Forwarded-For: on PostgreSQL the rate limits are
// counted in the database for every node (300 calls a minute per address by default), and a bench
// that polls or loads from one address would only measure 429s. Each request still costs its
// counter's upsert, as a real client's does.
//
// Everything is undone by close(), and by an exit hook should the bench process end first: the nodes'
// process groups get SIGKILL (after a short SIGTERM, so runners end their sandboxes and cgroups
// themselves), PostgreSQL stops and the temp folders go.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { onServer, postgresBin, startPostgresServer, type PostgresServer } from '../server/testing/postgres-server';
import { freePort } from '../server/testing/free-port';
import { startTestApp, type TestApp } from '../server/testing/test-app';

const REPO = path.resolve(import.meta.dirname, '..');

export const SHARED = {
  JWT_SECRET: 'the-bench-cluster-jwt-secret-shared-by-every-node-0123456789',
  CLUSTER_SECRET: 'the-bench-cluster-secret-signing-node-calls-0123456789',
  ADMIN_KEY: 'the-bench-cluster-operator-key',
  TRUST_PROXY: '127.0.0.1',
  ASSISTANT_CHECKS: 'off',
};

export type Role = 'web' | 'runner' | 'all';

export type NodeProcess = {
  role: Role;
  url: string;
  pid: number;
  child: ChildProcess;
  /** What it printed (the last 200 kB). */
  output(): string;
};

/** A client address nobody used yet in this run (10.0.0.0/8), for X-Forwarded-For. */
let clients = 0;
export function clientAddress(): string {
  clients += 1;
  const n = (clients * 2654435761) % 0xfffffe;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 255) || 1}`;
}

/** A JSON call to a node, as a new client of the load balancer. */
export async function call(
  base: string,
  method: string,
  urlPath: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'x-forwarded-for': clientAddress(), ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + urlPath, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

export type Cluster = {
  pg: PostgresServer;
  /** A new empty database on the server; the first node started on it migrates it. */
  database(name: string): Promise<string>;
  /** An in-process `web` node on this database (rate limits off), to make people, projects and files; close it before measuring. */
  setupApp(databaseUrl: string, env?: Record<string, string>): Promise<TestApp>;
  /** A node process of the real server on this database, answering /readyz. */
  node(databaseUrl: string, role: Role, env?: Record<string, string>): Promise<NodeProcess>;
  nodes: NodeProcess[];
  /** GET /api/admin/nodes on a node. */
  adminNodes(base: string): Promise<Array<{ id: string; role: string; url: string; alive: boolean; runs: number; bots: number; cpuPercent: number; memoryBytes: number }>>;
  /** A query on one database (a new connection each time: fresh statistics). */
  query<T>(databaseUrl: string, text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
};

/** Fails with a clear message when PostgreSQL is not installed (these scenarios need it). */
export function requirePostgres(): void {
  const bin = postgresBin();
  const missing = bin ? ['initdb', 'pg_ctl', 'postgres'].filter((tool) => !existsSync(path.join(bin, tool))) : ['initdb', 'pg_ctl', 'postgres'];
  if (missing.length > 0) {
    throw new Error(
      `PostgreSQL is not installed: these scenarios need its server (${missing.join(', ')} not found ${bin ? `in ${bin}` : 'in /usr/lib/postgresql/*/bin nor by pg_config'}; apt-get install postgresql, or set POSTGRES_BIN)`,
    );
  }
}

export async function startCluster(): Promise<Cluster> {
  requirePostgres();
  const dirs: string[] = [];
  const nodes: NodeProcess[] = [];
  const apps: TestApp[] = [];
  let server: PostgresServer | null = null;
  let closed = false;

  const killAll = (signal: NodeJS.Signals) => {
    for (const n of nodes) {
      if (n.child.exitCode !== null || n.child.signalCode !== null) continue;
      try {
        process.kill(-n.pid, signal);
      } catch {
        /* gone */
      }
    }
  };
  // Should the bench process end without close() (an uncaught error, process.exit): nothing stays behind.
  const onExit = () => {
    killAll('SIGKILL');
    try {
      server?.stop();
    } catch {
      /* already stopped */
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const close = async () => {
    if (closed) return;
    closed = true;
    for (const app of apps.splice(0)) await app.close().catch(() => {});
    // SIGTERM first: a runner ends its sandboxes (and their cgroups) itself; then the whole group goes.
    killAll('SIGTERM');
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && nodes.some((n) => n.child.exitCode === null && n.child.signalCode === null)) await sleep(50);
    killAll('SIGKILL');
    for (const n of nodes) {
      // The group too, in case a child outlived its node.
      try {
        process.kill(-n.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    try {
      server?.stop();
    } finally {
      server = null;
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
      process.removeListener('exit', onExit);
    }
  };

  try {
    server = await startPostgresServer();
  } catch (err) {
    await close();
    throw err;
  }
  const pgServer = server;

  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'botwright-bench-node-'));
    // Like a real DATA_DIR (0755), not mkdtemp's 0700: the sandbox's uid must reach mounted folders.
    chmodSync(dir, 0o711);
    dirs.push(dir);
    return dir;
  };

  const cluster: Cluster = {
    pg: pgServer,
    nodes,
    async database(name) {
      await onServer(pgServer.url('postgres'), [`create database ${name}`]);
      return pgServer.url(name);
    },
    async setupApp(databaseUrl, env = {}) {
      const port = await freePort();
      const app = await startTestApp(
        { ...SHARED, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, DATA_DIR: dataDir(), BOTWRIGHT_ROLE: 'web', PORT: String(port), NODE_URL: `http://127.0.0.1:${port}`, ...env },
        { rateLimits: false },
      );
      apps.push(app);
      const close = app.close.bind(app);
      app.close = async () => {
        const i = apps.indexOf(app);
        if (i >= 0) apps.splice(i, 1);
        await close();
      };
      return app;
    },
    async node(databaseUrl, role, env = {}) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: REPO,
        env: {
          PATH: process.env.PATH,
          // Runners say at info what their sandbox is; web nodes stay quiet (no line per request).
          LOG_LEVEL: role === 'web' ? 'warn' : 'info',
          ...SHARED,
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir(),
          BOTWRIGHT_ROLE: role,
          PORT: String(port),
          NODE_URL: url,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group: close() kills the group.
        detached: true,
      });
      let out = '';
      const keep = (chunk: Buffer) => {
        out += chunk;
        if (out.length > 400_000) out = out.slice(-200_000);
      };
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      const node: NodeProcess = { role, url, pid: child.pid!, child, output: () => out };
      nodes.push(node);
      const exited = new Promise<never>((_, reject) => child.once('exit', (code, signal) => reject(new Error(`a ${role} node exited (${code ?? signal}) before it was ready: ${out.slice(-2000)}`))));
      exited.catch(() => {});
      const ready = (async () => {
        const deadline = Date.now() + 60_000;
        for (;;) {
          try {
            if ((await fetch(`${url}/readyz`)).ok) return;
          } catch {
            /* not listening yet */
          }
          if (Date.now() > deadline) throw new Error(`a ${role} node was not ready in 60 s: ${out.slice(-2000)}`);
          await sleep(100);
        }
      })();
      await Promise.race([ready, exited]);
      return node;
    },
    async adminNodes(base) {
      const res = await call(base, 'GET', '/api/admin/nodes', { headers: { 'x-admin-key': SHARED.ADMIN_KEY } });
      if (res.status !== 200) throw new Error(`GET /api/admin/nodes answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body.nodes;
    },
    async query<T>(databaseUrl: string, text: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query(text, params)).rows as T[];
      } finally {
        await client.end();
      }
    },
    close,
  };
  return cluster;
}

/** The runner's sandbox as a runner node said it at start-up ("Runner sandbox: ..."). */
export function sandboxLine(node: NodeProcess): string {
  for (const line of node.output().split('\n')) {
    const m = /"msg":"(Runner sandbox: [^"]*)"/.exec(line);
    if (m) return m[1]!;
  }
  return 'its sandbox line was not seen';
}

/** CPU time (user + system) of one process so far, in ms, from /proc/<pid>/stat. */
const TICKS_PER_SECOND = 100;
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command (which may hold spaces), in parentheses: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Where the bench runs: the cores and where PostgreSQL is. */
export function machineNote(): string {
  return `${availableParallelism()} cores; PostgreSQL 15 (${postgresBin()}) runs on the same machine, a throwaway server with fsync off, shared by every node`;
}
