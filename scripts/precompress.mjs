// Precompression of the built client: after `vite build` (the `precompress` plugin of vite.config.ts
// runs it), every text asset of dist/client of at least 1 KiB, and every HTML page whatever its size,
// gets a brotli (`.br`, maximum quality) and a gzip (`.gz`, level 9) sibling. @fastify/static
// (`preCompressed`, server/static-client.ts) sends the variant the browser accepts, so assets are
// compressed once per build instead of once per request. A variant no smaller than the file is not
// written. Dot-directories (Vite's manifest) are not served and are skipped.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats the client is made of; images and fonts are already compressed formats. */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.wasm']);
export const MIN_BYTES = 1024;

async function filesUnder(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

export function shouldCompress(file, size) {
  const ext = path.extname(file).toLowerCase();
  if (!COMPRESSIBLE.has(ext)) return false;
  return ext === '.html' || size >= MIN_BYTES;
}

/** Writes `.br` and `.gz` beside each compressible file of `dir`; returns what it wrote, per file. */
export async function precompressDir(dir) {
  const written = [];
  const files = (await filesUnder(dir)).filter((f) => !f.endsWith('.br') && !f.endsWith('.gz'));
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      if (!shouldCompress(file, data.length)) return;
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: path.extname(file) === '.wasm' ? zlib.constants.BROTLI_MODE_GENERIC : zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: 9 }),
      ]);
      const entry = { file: path.relative(dir, file), bytes: data.length, br: null, gz: null };
      if (br.length < data.length) {
        await writeFile(`${file}.br`, br);
        entry.br = br.length;
      }
      if (gz.length < data.length) {
        await writeFile(`${file}.gz`, gz);
        entry.gz = gz.length;
      }
      written.push(entry);
    }),
  );
  return written.sort((a, b) => a.file.localeCompare(b.file));
}
