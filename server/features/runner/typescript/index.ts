// TypeScript bots run on Node 20 through the loader in this folder (ts-loader.mjs: swc's type
// stripping as module hooks). The loader is one bundled file, handed to the sandbox as read-only
// files at TYPESCRIPT_LOADER_MOUNT (data, not a bind of a host directory: no host path shows
// inside) and registered with `node --import`. The built server ships it in
// dist/server/ts/ (scripts/build-server.mjs), beside main.js; from source (tsx, vitest) it is bundled on first use
// into node_modules/.cache.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtServerDir, runningFromSource } from '../../../built-server-dir';
import { LOADER_SOURCE, REGISTER_SOURCE, loaderBuildOptions } from './loader-build.mjs';

/** Where the loader's directory appears inside the sandbox. */
export const TYPESCRIPT_LOADER_MOUNT = '/opt/botwright/ts';

/** Node arguments before the bot's file. */
export const TYPESCRIPT_LOADER_ARGS: readonly string[] = ['--import', `${TYPESCRIPT_LOADER_MOUNT}/register.mjs`];

const FILES = ['register.mjs', 'ts-loader.mjs'] as const;

let located: string | null = null;

/** The host directory holding register.mjs and the bundled ts-loader.mjs. */
export function typescriptLoaderDir(): string {
  if (located && FILES.every((f) => existsSync(path.join(located!, f)))) return located;
  located = runningFromSource ? buildFromSource() : builtDir();
  return located;
}

let read: { dir: string; files: { path: string; content: Buffer }[] } | null = null;

/** The loader as the sandbox's read-only files (read once per server). */
export function typescriptLoaderFiles(dir = typescriptLoaderDir()): { path: string; content: Buffer }[] {
  if (read?.dir !== dir) read = { dir, files: FILES.map((f) => ({ path: `${TYPESCRIPT_LOADER_MOUNT}/${f}`, content: readFileSync(path.join(dir, f)) })) };
  return read.files;
}

/** The build put the loader in ts/ beside main.js (this module may be in a chunk below it). */
function builtDir(): string {
  const dir = path.join(builtServerDir(), 'ts');
  if (!FILES.every((f) => existsSync(path.join(dir, f)))) throw new Error(`The TypeScript loader is missing from ${dir} (npm run build makes it)`);
  return dir;
}

/** Bundles the loader into node_modules/.cache/botwright-ts-loader/<hash of its inputs>, once. */
function buildFromSource(): string {
  const require = createRequire(import.meta.url);
  const stripperVersion = readFileSync(path.join(path.dirname(require.resolve('@swc/wasm-typescript')), 'package.json'), 'utf8');
  const hash = createHash('sha256')
    .update(readFileSync(LOADER_SOURCE))
    .update(readFileSync(REGISTER_SOURCE))
    .update(readFileSync(fileURLToPath(new URL('./loader-build.mjs', import.meta.url))))
    .update(stripperVersion)
    .digest('hex')
    .slice(0, 16);
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  const dir = path.join(root, 'node_modules', '.cache', 'botwright-ts-loader', hash);
  if (FILES.every((f) => existsSync(path.join(dir, f)))) return dir;
  // Built aside and renamed into place: parallel test workers may race to build it.
  const temp = `${dir}.${process.pid}.tmp`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  const esbuild = require('esbuild') as typeof import('esbuild');
  esbuild.buildSync(loaderBuildOptions(path.join(temp, 'ts-loader.mjs')));
  copyFileSync(REGISTER_SOURCE, path.join(temp, 'register.mjs'));
  try {
    renameSync(temp, dir);
  } catch (err) {
    rmSync(temp, { recursive: true, force: true });
    if (!FILES.every((f) => existsSync(path.join(dir, f)))) throw err;
  }
  // Builds of earlier versions of the loader.
  for (const old of readdirSync(path.dirname(dir))) {
    if (/^[0-9a-f]{16}$/.test(old) && old !== hash) rmSync(path.join(path.dirname(dir), old), { recursive: true, force: true });
  }
  return dir;
}
