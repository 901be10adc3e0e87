// Where the runner keeps things under DATA_DIR. Host code only ever writes into directories it
// created itself; the sandbox's writable places are never followed by host code (a bot could plant links there).
import path from 'node:path';

/**
 * A project's packages dir, its installed dependencies: `venv/` (Python) and `node_modules/` (npm).
 * On disk it keeps the folder name `deps`, and sandboxes see it at `/deps`: a venv records its own
 * absolute path, so a new name would break every environment already installed.
 */
export function projectPackagesDir(dataDir: string, projectId: string): string {
  return path.join(dataDir, 'projects', projectId, 'deps');
}
