// Page weight: the bytes a browser downloads before it can paint the landing page `/` and the
// builder `/builder` (before its editor chunk), as the server sends them: the `.br` file the build
// wrote beside each asset (scripts/precompress.mjs; the `.gz` one where there is no `.br`, the file
// itself where there is neither), against the same files uncompressed (what the server sent before
// precompression), with an absolute goal on the compressed weight (<= 200 kB, 1 kB = 1000 bytes).
// What loads before the first paint is read from the build: index.html's entry script, its
// stylesheet and modulepreload links, and everything they import statically, by Vite's manifest
// (dist/client/.vite/manifest.json) — never dynamic imports, which load after. For /builder, add the
// route's lazily loaded modules (the signed-in frame, RequireAuth with the app shell, and the
// builder page) with their static imports and stylesheets; the editor (CodeMirror) is a dynamic
// import of the page, loaded only with a file open, so it is not counted.
// BENCH_CLIENT_DIR measures another build (e.g. one made from an older commit).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Scenario } from './harness';

const ROOT = path.resolve(import.meta.dirname, '..');
export const GOAL_KB = 200;

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

function clientDir(): string {
  return path.resolve(process.env.BENCH_CLIENT_DIR ?? path.join(ROOT, 'dist/client'));
}

/** Builds the client when there is none to measure (as the cold start benchmark does). */
function ensureBuilt(dir: string): void {
  if (existsSync(path.join(dir, 'index.html'))) return;
  if (process.env.BENCH_CLIENT_DIR) throw new Error(`${dir} holds no built client`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0 || !existsSync(path.join(dir, 'index.html'))) throw new Error('`npm run build` failed: ' + build.stderr.slice(-2000));
}

/**
 * Files (paths under the client dir) a page needs before its first paint, in load order. A build
 * without a manifest (from before it was written) has its routes in the entry: `lazyRoutes` then
 * adds nothing, and says so in `caveat`.
 */
export function filesBeforePaint(dir: string, lazyRoutes: string[] = []): { files: string[]; caveat: string | null } {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  const files = new Set<string>(['index.html']);
  const fromHtml: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const src = /\b(?:src|href)="\/([^"]+)"/.exec(tag)?.[1];
    if (!src) continue;
    const isScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    if (isScript || rel === 'stylesheet' || rel === 'modulepreload') fromHtml.push(src);
  }
  const manifestPath = path.join(dir, '.vite', 'manifest.json');
  const manifest: Manifest | null = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : null;
  const byFile = new Map(Object.entries(manifest ?? {}).map(([key, chunk]) => [chunk.file, key]));
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest?.[key]) return;
    seen.add(key);
    const chunk = manifest[key]!;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const src of fromHtml) {
    files.add(src);
    const key = byFile.get(src);
    if (key) visit(key);
    else if (src.endsWith('.js')) for (const dep of staticImportsOf(dir, src)) files.add(dep);
  }
  if (lazyRoutes.length > 0 && !manifest) {
    return { files: [...files], caveat: 'the build has no .vite/manifest.json (an older build, whose routes are in the entry): the entry set is counted' };
  }
  for (const route of lazyRoutes) {
    if (!manifest![route]) throw new Error(`the build has no chunk for ${route} (is it still loaded lazily?)`);
    visit(route);
  }
  return { files: [...files], caveat: null };
}

/** Without a manifest (an older build): the static `import ... from "./x.js"` of a chunk, recursively. */
function staticImportsOf(dir: string, file: string, seen = new Set<string>()): string[] {
  const source = readFileSync(path.join(dir, file), 'utf8');
  for (const m of source.matchAll(/(?:^|[;}\n])\s*import\s*(?:[^'"`()]*?from\s*)?["'`]\.\/([^"'`]+)["'`]/g)) {
    const dep = path.posix.join(path.posix.dirname(file), m[1]!);
    if (seen.has(dep)) continue;
    seen.add(dep);
    staticImportsOf(dir, dep, seen);
  }
  return [...seen];
}

export type Weight = { files: number; raw: number; served: number; gzip: number; precompressed: number };

/** Bytes on the wire: the .br file when there is one, else the .gz, else the file; and gzip -9 of everything for comparison. */
export function weigh(dir: string, files: string[]): Weight {
  let raw = 0;
  let served = 0;
  let gzip = 0;
  let precompressed = 0;
  for (const file of files) {
    const full = path.join(dir, file);
    const size = statSync(full).size;
    raw += size;
    const variant = [`${full}.br`, `${full}.gz`].find((f) => existsSync(f));
    if (variant) precompressed += 1;
    served += variant ? statSync(variant).size : size;
    gzip += zlib.gzipSync(readFileSync(full), { level: 9 }).length;
  }
  return { files: files.length, raw, served, gzip, precompressed };
}

const kB = (bytes: number) => bytes / 1000;

function pageWeight(name: string, what: string, lazyRoutes: string[]): Scenario {
  return {
    name,
    unit: 'kB',
    subjectLabel: 'compressed as served',
    baselineLabel: 'uncompressed',
    goal: { op: '<=', value: GOAL_KB },
    async prepare() {
      const dir = clientDir();
      ensureBuilt(dir);
      const { files, caveat } = filesBeforePaint(dir, lazyRoutes);
      const w = weigh(dir, files);
      return {
        note: `${caveat ? `${caveat}; ` : ''}${what}: ${w.files} files (HTML, scripts, stylesheets) before the first paint, ${w.precompressed} of them precompressed; served ${kB(w.served).toFixed(1)} kB (brotli where the build wrote .br), gzip -9 would be ${kB(w.gzip).toFixed(1)} kB, uncompressed ${kB(w.raw).toFixed(1)} kB; 1 kB = 1000 bytes; from ${path.relative(ROOT, dir) || dir}`,
        baseline: async () => kB(w.raw),
        subject: async () => kB(w.served),
        async close() {},
      };
    },
  };
}

export const pageWeightScenarios: Scenario[] = [
  pageWeight('landing page weight', 'GET / (index.html, its entry script and stylesheet, their static imports)', []),
  pageWeight('builder page weight', 'GET /builder (the landing set, plus the signed-in frame and the builder page with their static imports and stylesheets; not the editor)', [
    'components/RequireAuth/index.ts',
    'pages/builder/Builder.page.tsx',
  ]),
];
