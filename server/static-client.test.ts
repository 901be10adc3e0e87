// The SPA fallback's Link header (static-client.ts): for a page whose code loads lazily, the main
// entry's files and then that page's (its stylesheets, then its scripts), read from the build's
// manifest; never what loads later (the editor), nothing for the landing page or an unknown
// address, and nothing without a manifest. The manifest's dot-directory is not served.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePreloads } from './static-client';
import { startTestApp, type TestApp } from './testing/test-app';

const INDEX = '<!doctype html><html><head><title>Botwright</title></head><body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_shared-b.js'], css: ['assets/index-c.css'] },
  '_shared-b.js': { file: 'assets/shared-b.js' },
  'components/RequireAuth/index.ts': { file: 'assets/RequireAuth-d.js', isDynamicEntry: true, imports: ['index.html', '_shared-b.js', '_shell-e.js'] },
  '_shell-e.js': { file: 'assets/shell-e.js', imports: ['index.html'], css: ['assets/shell-f.css'] },
  'pages/builder/Builder.page.tsx': {
    file: 'assets/Builder.page-g.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shell-e.js'],
    css: ['assets/Builder-h.css'],
    dynamicImports: ['pages/builder/EditorPanel/EditorPanel.tsx'],
  },
  'pages/builder/EditorPanel/EditorPanel.tsx': { file: 'assets/EditorPanel-i.js', isDynamicEntry: true, imports: ['index.html'] },
};
const BUILDER_LINK = [
  '</assets/index-a.js>; rel=modulepreload; crossorigin',
  '</assets/shared-b.js>; rel=modulepreload; crossorigin',
  '</assets/index-c.css>; rel=preload; as=style; crossorigin',
  '</assets/shell-f.css>; rel=preload; as=style; crossorigin',
  '</assets/Builder-h.css>; rel=preload; as=style; crossorigin',
  '</assets/RequireAuth-d.js>; rel=modulepreload; crossorigin',
  '</assets/shell-e.js>; rel=modulepreload; crossorigin',
  '</assets/Builder.page-g.js>; rel=modulepreload; crossorigin',
].join(', ');

const dirs: string[] = [];
function clientDir(manifest: object | null): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'botwright-client-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  if (manifest) {
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return dir;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clientDir: clientDir(MANIFEST), rateLimits: false });
});
afterAll(async () => {
  await t?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('pagePreloads', () => {
  it("names the entry's files, then the page's stylesheets and scripts, and not what loads later", () => {
    const preloads = pagePreloads(clientDir(MANIFEST));
    expect(preloads.get('/builder')).toBe(BUILDER_LINK);
    // The other pages' modules are not in this build: nothing to name for them.
    expect(preloads.has('/runner')).toBe(false);
    expect(preloads.has('/')).toBe(false);
  });

  it('is empty without a manifest, or with one it cannot read', () => {
    expect(pagePreloads(clientDir(null)).size).toBe(0);
    const broken = clientDir(null);
    mkdirSync(path.join(broken, '.vite'));
    writeFileSync(path.join(broken, '.vite', 'manifest.json'), '{ not json');
    expect(pagePreloads(broken).size).toBe(0);
  });
});

describe('the SPA fallback', () => {
  it("sends index.html with the page's Link header, whatever the query or a trailing slash", async () => {
    for (const address of ['/builder', '/builder/', '/builder?file=abc&chat=test']) {
      const res = await t.request('GET', address);
      expect(res.status, address).toBe(200);
      expect(res.body, address).toBe(INDEX);
      expect(res.headers.get('link'), address).toBe(BUILDER_LINK);
    }
  });

  it('adds nothing for the landing page, a page without lazy modules in the build, or an unknown address', async () => {
    for (const address of ['/', '/runner', '/no/such/page']) {
      const res = await t.request('GET', address);
      expect(res.status, address).toBe(200);
      expect(res.headers.get('link'), address).toBeNull();
    }
  });

  it("does not serve the build's manifest", async () => {
    const res = await t.request('GET', '/.vite/manifest.json');
    expect(res.body).not.toEqual(MANIFEST);
  });
});
