// `npm test`: the type checker alongside the unit tests (the tests leave a core idle about a third
// of the time, which the checker fills), then the unit tests that touch the database again on
// PostgreSQL, then the build, then the browser tests against it. The build waits for the unit
// tests: their apps serve `dist/client` when it exists, and must not see it half written. Stops at
// the first failure, with its exit code. Without PostgreSQL installed the second pass is skipped
// with a line saying so, unless POSTGRES_REQUIRED=1 (CI), where it fails.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const typecheck = run(bin('tsc'), ['-p', '.']);
const unit = run(bin('vitest'), ['run', '--project', 'unit']);
const [typecheckCode, unitCode] = await Promise.all([typecheck, unit]);
if (typecheckCode !== 0) {
  console.error('The type check failed (see above).');
  process.exit(typecheckCode);
}
if (unitCode !== 0) process.exit(unitCode);

/** The same places the tests' PostgreSQL server is looked for (server/testing/postgres-server.ts). */
function postgresInstalled() {
  if (process.env.POSTGRES_BIN) return true;
  const root = '/usr/lib/postgresql';
  if (existsSync(root) && readdirSync(root).some((v) => existsSync(`${root}/${v}/bin/initdb`))) return true;
  return spawnSync('pg_config', ['--bindir']).status === 0;
}

if (postgresInstalled() || process.env.POSTGRES_REQUIRED === '1') {
  const postgresCode = await run(bin('vitest'), ['run', '--project', 'unit-postgres']);
  if (postgresCode !== 0) process.exit(postgresCode);
} else {
  console.log('PostgreSQL is not installed: the database tests ran on SQLite only (apt-get install postgresql, or set POSTGRES_BIN).');
}

const buildCode = await run('npm', ['run', 'build']);
if (buildCode !== 0) process.exit(buildCode);
process.exit(await run(bin('vitest'), ['run', '--project', 'e2e']));
