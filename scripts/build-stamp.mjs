// What the build is made from, as one content hash: every source file of the client, the server and
// what they share (tests excluded: they are not built), the lock file and the build's own config.
// `npm start` (scripts/start.mjs) rebuilds only when this differs from the hash written next to
// dist/ by the last successful build. Listing and reading every source takes about 50 ms, so the
// build also records what it saw: the modification time of each source directory (it moves when a
// file is added, removed or renamed in it) and the size and time of each file. While none of those
// moved (the trade make makes), nothing is listed or read; when one did, the hash decides, and a
// hash that still matches (files touched, a test added) is recorded again for the next start.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['client', 'server', 'shared', 'src', 'migrations', 'templates', 'scripts'];
const BUILD_FILES = ['package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'postcss.config.cjs', 'postcss.config.mjs', 'postcss.config.js', 'index.html'];
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

const stampFile = (root) => path.join(root, 'dist', 'build-stamp.txt');
/** What the last build saw: `{hash, seen: {path: [size, mtimeMs] (a file) | mtimeMs (a directory) | null (absent)}}`. */
const seenFile = (root) => path.join(root, 'dist', 'build-files.json');
/** What must exist for the last build to be usable. */
const BUILT = ['dist/server/main.js', 'dist/client/index.html'];

/** The build's inputs (absolute paths, sorted) and the directories they were listed from. */
function sources(root) {
  const files = [];
  const dirs = [];
  const walk = (dir) => {
    dirs.push(dir);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !TEST_FILE.test(entry.name)) files.push(full);
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(path.join(root, dir))) walk(path.join(root, dir));
  for (const file of BUILD_FILES) if (existsSync(path.join(root, file))) files.push(path.join(root, file));
  return { files: files.sort(), dirs };
}

/** The hash of every input of the build: names and contents. */
export function sourceHash(root = ROOT) {
  return hashOf(sources(root).files, root);
}

function hashOf(files, root) {
  const hash = createHash('sha256');
  for (const file of files) {
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

/** Why `npm start` must build first, or null: what the last build saw first, the contents when that moved. */
export function whyBuild(root = ROOT) {
  if (BUILT.every((f) => existsSync(path.join(root, f))) && unmovedSinceBuild(root)) return null;
  const { files, dirs } = sources(root);
  const hash = hashOf(files, root);
  const why = buildNeeded(hash, root);
  if (why === null) writeSeen(hash, files, dirs, root);
  return why;
}

function unmovedSinceBuild(root) {
  try {
    const { hash, seen } = JSON.parse(readFileSync(seenFile(root), 'utf8'));
    // Recorded for the build that wrote this stamp, and no other.
    if (readFileSync(stampFile(root), 'utf8').trim() !== hash) return false;
    return Object.entries(seen).every(([name, was]) => sameAsSeen(path.join(root, name), was));
  } catch {
    return false;
  }
}

function sameAsSeen(full, was) {
  const st = statSync(full, { throwIfNoEntry: false });
  if (!st || was === null) return !st && was === null;
  return Array.isArray(was) ? st.isFile() && st.size === was[0] && st.mtimeMs === was[1] : st.isDirectory() && st.mtimeMs === was;
}

function writeSeen(hash, files, dirs, root) {
  const seen = {};
  for (const dir of dirs) seen[path.relative(root, dir)] = statSync(dir).mtimeMs;
  for (const file of files) {
    const st = statSync(file);
    seen[path.relative(root, file)] = [st.size, st.mtimeMs];
  }
  // A source directory or build file that appears later is a change too.
  for (const name of [...SOURCE_DIRS, ...BUILD_FILES]) if (!(name in seen)) seen[name] = null;
  writeFileSync(seenFile(root), JSON.stringify({ hash, seen }));
}

/** Records that the build in dist/ is made from these sources: their hash, and what was seen of them. */
export function writeStamp(hash, root = ROOT) {
  const { files, dirs } = sources(root);
  writeSeen(hash, files, dirs, root);
  writeFileSync(stampFile(root), hash + '\n');
}

// Run as the build's last step (`npm run build`): the build now in dist/ is made from these sources.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) writeStamp(sourceHash());
