// Where the built server's own files are (dist/server: main.js, analysis-worker.js, ts/), for code
// that finds a file the build put there. In the bundle, a module's import.meta.url is whichever
// output file esbuild placed it in: main.js, or a chunk under chunks/ once shared code is split
// out, and that moves as imports change. So the directory is looked for, not assumed: the
// nearest one up from this module's file that holds main.js (chunks are named <name>-<hash>.js).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** True when this code runs from source (tsx, vitest), not from the bundle. */
export const runningFromSource = import.meta.url.endsWith('.ts');

let found: string | null = null;

/** The directory of the built server's main.js. */
export function builtServerDir(): string {
  if (found) return found;
  const start = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'main.js'))) return (found = dir);
    if (path.dirname(dir) === dir) throw new Error(`No main.js in ${start} or above it: is this the built server?`);
  }
}
