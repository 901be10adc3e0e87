import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// @ts-expect-error: a plain ES module of the build, without types
import { precompressDir } from './scripts/precompress.mjs';

/** After the build: `.br` and `.gz` beside every text asset of the output (scripts/precompress.mjs). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'botwright:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const written: Array<{ br: number | null }> = await precompressDir(outDir);
      this.info(`precompressed ${written.filter((w) => w.br !== null).length} files (.br and .gz)`);
    },
  };
}

/**
 * Two Mantine components import a whole library for one small thing, which would make every page
 * with them (the app shell, the chat) download it before it can paint. Those imports, and only
 * those, get a small stand-in; the library's other users (tooltips, menus, popovers, dialogs) get
 * the real one when they load.
 * - ScrollArea takes one hook (useMergeRefs) from @floating-ui/react, the positioning library:
 *   client/lib/merge-refs.ts gives the same merged ref from Mantine's own hooks.
 * - AppShell's header, aside and footer take the scroll lock's class names from react-remove-scroll:
 *   client/lib/remove-scroll-class-names.ts gives the same names, from the lock's own constants.
 */
function mantineStandIns(): Plugin {
  const standIns: Array<{ source: string; importer: RegExp; file: string }> = [
    {
      source: '@floating-ui/react',
      importer: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
      file: 'client/lib/merge-refs.ts',
    },
    {
      source: 'react-remove-scroll',
      importer: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Header|Aside|Footer)[\\/][^\\/]+\.mjs$/,
      file: 'client/lib/remove-scroll-class-names.ts',
    },
  ];
  return {
    name: 'botwright:mantine-stand-ins',
    enforce: 'pre',
    resolveId(source, importer) {
      const standIn = importer && standIns.find((s) => s.source === source && s.importer.test(importer));
      return standIn ? path.resolve(import.meta.dirname, standIn.file) : null;
    },
  };
}

// The client lives in client/ and is built into dist/client, which the server serves.
export default defineConfig({
  root: 'client',
  plugins: [react(), mantineStandIns(), precompress()],
  build: {
    rolldownOptions: {
      // An app, not a library: no entry has to keep its exports (which inlining small chunks requires).
      preserveEntrySignatures: false,
      output: {
        // Left to itself the bundler makes a chunk of every set of modules shared by a different set
        // of lazy modules: some sixty files, most under 1 kB, for /builder. Over a link with 150 ms
        // of latency and six connections the requests cost more than the bytes, so shared chunks
        // under 16 KiB are copied into the chunks that use them (about twenty files for /builder).
        // Not those with a stylesheet: copied, it would load again with each page and reorder the cascade.
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 16 * 1024, exclude: /\.css($|\?)/ } },
      },
    },
    outDir: '../dist/client',
    emptyOutDir: true,
    // The chunk graph: the server names a page's files in its Link header (server/static-client.ts),
    // the page-weight benchmark follows it (bench/page-weight.ts). In a dot-directory, which the
    // server does not serve.
    manifest: true,
    // CodeMirror's editor chunk is the one large chunk, loaded only with a file open.
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/trpc': 'http://127.0.0.1:3000' },
  },
});
