// Bundles the server into one ES module (dist/server/main.js) so `npm start` runs plain node:
// starting from one file is several times faster than resolving and transpiling hundreds of
// modules at boot. Native addons stay external; CommonJS inside the bundle gets require/__dirname.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['argon2', 'better-sqlite3'],
  sourcemap: true,
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
