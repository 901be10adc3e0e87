// DATA_DIR holds the database, the session secret, people's mail and images: only the server's own
// user may read it. Modes are set with chmod after creating, so they never depend on the umask.
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Creates DATA_DIR (and any missing folder above it) as 0700. A DATA_DIR that already exists keeps
 * the mode its operator gave it.
 */
export function createDataDir(dir: string): void {
  const first = mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (first === undefined) return;
  const top = path.resolve(first);
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    chmodSync(d, 0o700);
    if (d === top || d === path.dirname(d)) break;
  }
}

/** A folder of the server's own inside DATA_DIR (outbox, uploads): 0700, also when an older version made it. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** Makes an existing file 0600; a file that is missing, or not ours to change, is left as it is. */
export function privateFile(file: string): void {
  try {
    chmodSync(file, 0o600);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'EPERM') throw err;
  }
}
