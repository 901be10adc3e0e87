// How the TypeScript loader is bundled: ts-loader.mjs with swc's type stripper inlined, one ES module that needs
// nothing outside itself. Used by scripts/build-server.mjs (dist/server/ts/) and, from source, by ./index.ts.
import { fileURLToPath } from 'node:url';

export const LOADER_SOURCE = fileURLToPath(new URL('./ts-loader.mjs', import.meta.url));
export const REGISTER_SOURCE = fileURLToPath(new URL('./register.mjs', import.meta.url));

/** esbuild options writing the bundled loader to `outfile` (register.mjs is copied beside it as is). */
export function loaderBuildOptions(outfile) {
  return {
    entryPoints: [LOADER_SOURCE],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    legalComments: 'inline',
    logLevel: 'warning',
    // The stripper is CommonJS and requires node builtins.
    banner: { js: "import { createRequire as __botwrightRequire } from 'node:module';\nconst require = __botwrightRequire(import.meta.url);" },
  };
}
