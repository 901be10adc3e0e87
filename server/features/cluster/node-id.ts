// A node's name among the nodes of its server: made once and kept in its DATA_DIR, so a node that
// restarts is the same node (its runs left open are its own to end; /admin shows one row for it).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** Read from disk once per DATA_DIR: webhooks and remote follows ask it on every request. */
const known = new Map<string, string>();

export function nodeIdOf(dataDir: string): string {
  let id = known.get(dataDir);
  if (id === undefined) {
    id = readOrMake(dataDir);
    known.set(dataDir, id);
  }
  return id;
}

function readOrMake(dataDir: string): string {
  const file = path.join(dataDir, 'node-id');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  // The host's name first, for people reading /admin; the random part keeps two nodes of one host apart.
  const id = `${hostname().toLowerCase().replace(/[^a-z0-9-]/g, '').slice(0, 40) || 'node'}-${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(file, id + '\n', { flag: 'wx', mode: 0o600 });
    return id;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw err;
  }
}
