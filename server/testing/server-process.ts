// Test helper: the server as its own process (`src/main.ts` through tsx, or a command such as
// `npm start`), for tests that kill it with SIGKILL or read what it prints; resolves with its address
// and everything it printed so far once it listens.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { databaseEnvOf } from './test-database';

const REPO = path.resolve(import.meta.dirname, '../..');

export async function startServerProcess(
  env: Record<string, string>,
  command: { file: string; args: string[] } = { file: process.execPath, args: ['--import', 'tsx', 'src/main.ts'] },
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  // In the `unit-postgres` project, the database of its DATA_DIR (the same one each time it starts).
  const database = env.DATA_DIR && env.DATABASE_URL === undefined ? await databaseEnvOf(env.DATA_DIR) : {};
  const child = spawn(command.file, command.args, {
    cwd: REPO,
    env: { PATH: process.env.PATH, PORT: '0', LOG_LEVEL: 'info', ...database, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a command like `npm start` runs the server as a grandchild.
    detached: true,
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 30_000);
    const onData = (chunk: Buffer) => {
      out += chunk;
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { child, url, output: () => out };
}
