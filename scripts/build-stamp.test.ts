// When `npm start` rebuilds (build-stamp.mjs), on a small tree of its own: no build yet; a build with
// no record of its sources; nothing changed (no build); a source, the lock file or the build config
// changed (build); a test file or something outside the build changed (no build).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without types
import { buildNeeded, sourceHash, writeStamp } from './build-stamp.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

function tree(): { root: string; write(file: string, text: string): void } {
  const root = mkdtempSync(path.join(tmpdir(), 'botwright-stamp-'));
  roots.push(root);
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('server/app.ts', 'export const a = 1;\n');
  write('client/main.tsx', 'export const b = 1;\n');
  write('package-lock.json', '{}\n');
  write('vite.config.ts', 'export default {};\n');
  return { root, write };
}

describe('when npm start rebuilds', () => {
  it('builds when there is no build, or no record of what it was made from', () => {
    const t = tree();
    expect(buildNeeded(sourceHash(t.root), t.root)).toBe('no build yet');
    t.write('dist/server/main.js', '');
    t.write('dist/client/index.html', '');
    expect(buildNeeded(sourceHash(t.root), t.root)).toBe('the last build has no record of its sources');
    writeStamp(sourceHash(t.root), t.root);
    expect(buildNeeded(sourceHash(t.root), t.root)).toBeNull();
  });

  it('rebuilds after a source, the lock file or the build config changed; not for tests or other files', () => {
    const t = tree();
    t.write('dist/server/main.js', '');
    t.write('dist/client/index.html', '');
    const built = () => writeStamp(sourceHash(t.root), t.root);
    built();
    for (const [file, text] of [
      ['server/app.ts', 'export const a = 2;\n'],
      ['shared/new-file.ts', 'export {};\n'],
      ['package-lock.json', '{"changed":true}\n'],
      ['vite.config.ts', 'export default { base: "/x/" };\n'],
    ]) {
      t.write(file!, text!);
      expect(buildNeeded(sourceHash(t.root), t.root), file).toBe('sources changed since the last build');
      built();
    }
    for (const file of ['server/app.test.ts', 'e2e/page.test.ts', 'docs/readme.md', 'data/app.db', 'dist/client/extra.js']) {
      t.write(file, 'anything\n');
      expect(buildNeeded(sourceHash(t.root), t.root), file).toBeNull();
    }
  });
});
