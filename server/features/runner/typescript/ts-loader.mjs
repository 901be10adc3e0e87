// Module hooks that let Node 20 run TypeScript bots (Node 20 strips no types of its own). A .ts or
// .mts file has its types removed by swc's WebAssembly type stripper (the engine behind Node 22's own
// type stripping) in strip-only mode (no type checking, so a type error does not stop the bot; enums
// and namespaces are refused with a clear message) and runs as an ES module. Relative imports may leave out the extension (`./util` finds
// ./util.ts or ./util/index.ts) or name the .js a compiler would emit (`./util.js` finds ./util.ts).
// This file is bundled with the stripper into one (scripts/build-server.mjs, or on the fly from source by
// ./index.ts): inside the sandbox, none of the server's node_modules exist. Registered by ./register.mjs.
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transformSync } from '@swc/wasm-typescript';

const TYPESCRIPT = /\.m?ts$/;

function isFile(url) {
  try {
    return statSync(url).isFile();
  } catch {
    return false;
  }
}

/** Where a relative import that Node could not find may point at TypeScript. */
function candidates(specifier) {
  if (/\.m?js$/.test(specifier)) return [specifier.replace(/js$/, 'ts')];
  if (/\.[a-z]+$/i.test(specifier) && !specifier.endsWith('/')) return [];
  return [`${specifier}.ts`, `${specifier}.mts`, `${specifier.replace(/\/$/, '')}/index.ts`];
}

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (err) {
    const relative = specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/');
    if (!relative || !context.parentURL?.startsWith('file:')) throw err;
    if (err?.code !== 'ERR_MODULE_NOT_FOUND' && err?.code !== 'ERR_UNSUPPORTED_DIR_IMPORT') throw err;
    for (const candidate of candidates(specifier)) {
      const url = new URL(candidate, context.parentURL);
      if (isFile(url)) return { url: url.href, format: 'module', shortCircuit: true };
    }
    throw err;
  }
}

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !TYPESCRIPT.test(new URL(url).pathname)) return nextLoad(url, context);
  const filename = fileURLToPath(url);
  const source = await readFile(filename, 'utf8');
  let code;
  try {
    ({ code } = transformSync(source, { mode: 'strip-only', filename }));
  } catch (err) {
    throw readableError(err, filename);
  }
  // Types become spaces, so lines and columns (and stack traces) stay those of the .ts file.
  return { format: 'module', source: `${code}\n\n//# sourceURL=${url}`, shortCircuit: true };
}

/** The stripper's errors made readable: the name and message first, then where, and the line with a caret. */
function readableError(err, filename) {
  if (!err || typeof err !== 'object' || typeof err.code !== 'string' || err.startLine === undefined) return err;
  const where = `${err.filename ?? filename}:${err.startLine}:${(err.startColumn ?? 0) + 1}`;
  const hint =
    err.code === 'UnsupportedSyntax' ? ' (TypeScript bots run with their types removed, not compiled: use a union of strings or an object instead)' : '';
  const error = new SyntaxError(`${err.message}${hint}`);
  error.stack = `SyntaxError: ${err.message}${hint}\n    at ${where}\n\n${String(err.snippet ?? '').trimEnd()}\n`;
  return error;
}
