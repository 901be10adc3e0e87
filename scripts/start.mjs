// `npm start`: builds the client and the server only when their sources changed since the last build
// (scripts/build-stamp.mjs), saying so in one line, then runs the built server in this process.
import { spawnSync } from 'node:child_process';
import { whyBuild } from './build-stamp.mjs';

const why = whyBuild();
if (why) {
  console.log(`Building Botwright first: ${why} (about a minute)`);
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed: see the lines above. The server was not started.');
    process.exit(build.status ?? 1);
  }
}
process.setSourceMapsEnabled(true);
await import('../dist/server/main.js');
