// Where the runner keeps things under DATA_DIR. Host code only ever writes into directories it
// created itself; the sandbox's writable places are never followed by host code (a bot could plant links there).
import path from 'node:path';

/** A project's installed dependencies: `venv/` (Python) and `node_modules/` (npm). */
export function projectDepsDir(dataDir: string, projectId: string): string {
  return path.join(dataDir, 'projects', projectId, 'deps');
}
