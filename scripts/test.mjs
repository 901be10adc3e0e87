// `npm test`: the type checker alongside the unit tests (the tests leave a core idle about a third
// of the time, which the checker fills), then the build, then the browser tests against it. The
// build waits for the unit tests: their apps serve `dist/client` when it exists, and must not see
// it half written. Stops at the first failure, with its exit code.
import { spawn } from 'node:child_process';

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

const buildCode = await run('npm', ['run', 'build']);
if (buildCode !== 0) process.exit(buildCode);
process.exit(await run(bin('vitest'), ['run', '--project', 'e2e']));
