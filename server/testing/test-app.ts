// Builds the real app (buildApp) on a fresh temp DATA_DIR, listening on loopback, with its log
// lines captured so tests can check that no secret ever reaches them. In the `unit-postgres`
// project its database is a PostgreSQL one of its own (test-database.ts); a server started again
// on the same DATA_DIR finds the same database.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { databaseEnvOf, dropDatabaseOf } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  url: string;
  config: Config;
  logs: string[];
  request(method: string, urlPath: string, opts?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
};

export async function startTestApp(env: Record<string, string> = {}, opts: BuildOptions = {}): Promise<TestApp> {
  // A DATA_DIR given by the test (a server started again on the same data) is the test's to remove.
  const ownDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'botwright-test-'));
  // A test that names its database (DATABASE_URL, empty for SQLite) gets that one.
  if (env.DATABASE_URL === undefined) env = { ...(await databaseEnvOf(dataDir)), ...env };
  // Like a real DATA_DIR (0755), not mkdtemp's 0700: bwrap reaches a mounted dir (a project's
  // deps) by path as the sandbox's uid, which needs search permission on every directory above it.
  chmodSync(dataDir, 0o711);
  // The assistant's checks of its new bots install and run them: only the tests about them turn them on.
  const config = loadConfig({ LOG_LEVEL: 'info', PORT: '0', ASSISTANT_CHECKS: 'off', ...env, DATA_DIR: dataDir });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const app = await buildApp(config, { ...opts, logStream });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    app,
    url,
    config,
    logs,
    async request(method, urlPath, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      if (o.body !== undefined) headers['content-type'] ??= 'application/json';
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      const res = await fetch(url + urlPath, {
        method,
        headers,
        body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
        redirect: 'manual',
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.status, body, headers: res.headers };
    },
    async close() {
      await app.close();
      if (ownDir) {
        rmSync(dataDir, { recursive: true, force: true });
        await dropDatabaseOf(dataDir);
      }
    },
  };
}
