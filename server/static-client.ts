// Serves the built client (dist/client) with an SPA fallback: any GET outside /api and /trpc that
// is not a file gets index.html; /api/* and /trpc/* that match nothing answer 404 JSON. The build
// writes a brotli (.br) and a gzip (.gz) copy beside every text asset (scripts/precompress.mjs):
// `preCompressed` sends the one the browser accepts (Content-Encoding, Vary: Accept-Encoding), the
// SPA fallback's index.html included, so nothing is compressed per request. The fallback's answer
// for a page that loads lazily (/builder...) names that page's files in a Link header, so the
// browser fetches them beside the main entry (pagePreloads).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PAGE_MODULES } from '../shared/page-modules';

// npm scripts run from the repository root, whether the server runs from source or from its bundle.
export const CLIENT_DIR = path.resolve(process.cwd(), 'dist/client');

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/**
 * For each address of PAGE_MODULES: a Link header value preloading what that page needs, read from
 * the build's manifest (.vite/manifest.json): the main entry's files (which index.html names too),
 * then the stylesheets and scripts of the page's lazily loaded modules. Empty without a manifest;
 * an address whose modules the build lacks is left out.
 */
export function pagePreloads(clientDir: string): Map<string, string> {
  const preloads = new Map<string, string>();
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return preloads;
  }
  /** The files of these modules and of everything they import statically: scripts, then stylesheets. */
  const filesOf = (keys: string[]) => {
    const js: string[] = [];
    const css: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (seen.has(key) || !chunk) return;
      seen.add(key);
      if (chunk.file.endsWith('.js')) js.push(chunk.file);
      for (const sheet of chunk.css ?? []) if (!css.includes(sheet)) css.push(sheet);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    keys.forEach(visit);
    return { js, css };
  };
  const script = (f: string) => `</${f}>; rel=modulepreload; crossorigin`;
  const sheet = (f: string) => `</${f}>; rel=preload; as=style; crossorigin`;
  const entry = filesOf(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  const inEntry = new Set([...entry.js, ...entry.css]);
  for (const [address, modules] of Object.entries(PAGE_MODULES)) {
    if (!modules.every((m) => manifest[m])) continue;
    const page = filesOf([...modules]);
    const js = page.js.filter((f) => !inEntry.has(f));
    const css = page.css.filter((f) => !inEntry.has(f));
    if (js.length + css.length === 0) continue;
    preloads.set(address, [...entry.js.map(script), ...entry.css.map(sheet), ...css.map(sheet), ...js.map(script)].join(', '));
  }
  return preloads;
}

export async function registerClient(app: FastifyInstance, clientDir = CLIENT_DIR): Promise<void> {
  const built = existsSync(path.join(clientDir, 'index.html'));
  const preloads = built ? pagePreloads(clientDir) : new Map<string, string>();
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: ['index.html'],
      wildcard: true,
      preCompressed: true,
      // Not the build's own files (.vite/manifest.json, read above): a dot-path is left to the fallback.
      dotfiles: 'ignore',
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const isApi = /^\/(api|trpc)(\/|$|\?)/.test(req.url);
    if (isApi || req.method !== 'GET' || !built) return reply.status(404).send({ error: 'Not found' });
    const address = req.url.split('?')[0]!.replace(/(.)\/+$/, '$1');
    const link = preloads.get(address);
    if (link) reply.header('link', link);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
