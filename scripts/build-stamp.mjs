// What the build is made from, as one content hash: every source file of the client, the server and
// what they share (tests excluded: they are not built), the lock file and the build's own config.
// `npm start` (scripts/start.mjs) rebuilds only when this differs from the hash written next to
// dist/ by the last successful build.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['client', 'server', 'shared', 'src', 'migrations', 'templates', 'scripts'];
const BUILD_FILES = ['package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'postcss.config.cjs', 'postcss.config.mjs', 'postcss.config.js', 'index.html'];
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

const stampFile = (root) => path.join(root, 'dist', 'build-stamp.txt');
/** What must exist for the last build to be usable. */
const BUILT = ['dist/server/main.js', 'dist/client/index.html'];

function sourceFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !TEST_FILE.test(entry.name)) files.push(full);
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(path.join(root, dir))) walk(path.join(root, dir));
  for (const file of BUILD_FILES) if (existsSync(path.join(root, file))) files.push(path.join(root, file));
  return files.sort();
}

/** The hash of every input of the build: names and contents. */
export function sourceHash(root = ROOT) {
  const hash = createHash('sha256');
  for (const file of sourceFiles(root)) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Why a build is needed now, or null when the last one was made from these very sources. */
export function buildNeeded(hash, root = ROOT) {
  if (!BUILT.every((f) => existsSync(path.join(root, f)))) return 'no build yet';
  if (!existsSync(stampFile(root))) return 'the last build has no record of its sources';
  return readFileSync(stampFile(root), 'utf8').trim() === hash ? null : 'sources changed since the last build';
}

export function writeStamp(hash, root = ROOT) {
  writeFileSync(stampFile(root), hash + '\n');
}

// Run as the build's last step (`npm run build`): the build now in dist/ is made from these sources.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) writeStamp(sourceHash());
