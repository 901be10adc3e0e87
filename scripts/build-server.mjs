// Bundles the server into one ES module (dist/server/main.js, plus its worker entries) so `npm start` runs plain node:
// starting from one file is several times faster than resolving and transpiling hundreds of
// modules at boot. Native addons stay external; CommonJS inside the bundle gets require/__dirname.
import { copyFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { REGISTER_SOURCE, loaderBuildOptions } from '../server/features/runner/typescript/loader-build.mjs';

// dist/server, or the directory given (a test builds its own beside it, so node_modules resolves the same).
const outdir = process.argv[2] ?? 'dist/server';
// Chunk names carry a content hash: without a clean start, every build would leave the last one's behind.
rmSync(outdir, { recursive: true, force: true });

await build({
  entryPoints: {
    main: 'src/main.ts',
    // The code analysis worker thread, started by the server from beside main.js (code-analyser.ts).
    'analysis-worker': 'server/features/runner/analysis/analysis.worker.ts',
  },
  outdir,
  bundle: true,
  // What is loaded with import() (the builtin assistant's templates, the OpenAI SDK, mail, X.509,
  // Google sign-in) goes to chunks of its own, read only when first needed.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['argon2', 'better-sqlite3'],
  // Maps for stack traces (npm start enables them), without the sources' text: Node reads and
  // parses a bundle's map when it loads it, and with the 2 MB of sources inside that took about
  // 200 ms of every start; the stack traces name the files in server/, which are beside dist/.
  sourcemap: true,
  sourcesContent: false,
  // Less for Node to read and compile at every start (40% fewer bytes); names are kept for stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  banner: {
    js: [
      "import { createRequire as __botwrightRequire } from 'node:module';",
      "import { fileURLToPath as __botwrightPath } from 'node:url';",
      'const require = __botwrightRequire(import.meta.url);',
      'const __filename = __botwrightPath(import.meta.url);',
      "const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
    ].join('\n'),
  },
});

// The TypeScript loader for bots, mounted read-only into their sandbox (runner/typescript/index.ts):
// a bundle of its own with the type stripper inside, and the file that registers it.
await build(loaderBuildOptions(`${outdir}/ts/ts-loader.mjs`));
copyFileSync(REGISTER_SOURCE, `${outdir}/ts/register.mjs`);
