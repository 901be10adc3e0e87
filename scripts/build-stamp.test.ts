// When `npm start` rebuilds (build-stamp.mjs), on a small tree of its own: no build yet; a build with
// no record of its sources; nothing changed (no build); a source, the lock file or the build config
// changed (build); a test file or something outside the build changed (no build); the sizes and
// times of the last build spare reading the sources, and a file they say moved is judged by its content.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without types
import { buildNeeded, sourceHash, whyBuild, writeStamp } from './build-stamp.mjs';

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

  it("npm start's check: nothing moved, nothing read; a moved file is judged by its content", () => {
    const t = tree();
    expect(whyBuild(t.root)).toBe('no build yet');
    t.write('dist/server/main.js', '');
    t.write('dist/client/index.html', '');
    expect(whyBuild(t.root)).toBe('the last build has no record of its sources');
    writeStamp(sourceHash(t.root), t.root);
    expect(whyBuild(t.root)).toBeNull();

    // Touched, same content: the hash finds nothing to build.
    const app = path.join(t.root, 'server/app.ts');
    const later = new Date(Date.now() + 60_000);
    utimesSync(app, later, later);
    expect(whyBuild(t.root)).toBeNull();
    // Changed: a build, whatever the sizes and times say.
    t.write('server/app.ts', 'export const a = 3;\n');
    expect(whyBuild(t.root)).toBe('sources changed since the last build');
    t.write('server/app.ts', 'export const a = 1;\n');
    expect(whyBuild(t.root)).toBeNull();
    // A file added or removed is a change of the set (its directory's time moved, or a directory appeared).
    for (const file of ['server/extra.ts', 'shared/extra.ts']) {
      t.write(file, 'export {};\n');
      expect(whyBuild(t.root), file).toBe('sources changed since the last build');
      rmSync(path.join(t.root, file));
      expect(whyBuild(t.root), file).toBeNull();
    }
    rmSync(path.join(t.root, 'shared'), { recursive: true });
    // A test added: its directory moved, the hash says no build.
    t.write('server/app.test.ts', 'anything\n');
    expect(whyBuild(t.root)).toBeNull();

    // The contents are not read while the sizes and times stand: a same-size edit put back to its
    // old time passes (the trade make makes too), where the content hash would see it.
    const whole = 1_700_000_000; // a time in whole seconds, which utimes sets exactly
    utimesSync(app, whole, whole);
    writeStamp(sourceHash(t.root), t.root);
    t.write('server/app.ts', 'export const a = 9;\n');
    utimesSync(app, whole, whole);
    expect(whyBuild(t.root)).toBeNull();
    expect(buildNeeded(sourceHash(t.root), t.root)).toBe('sources changed since the last build');

    // A stamp from another build than the recorded times: the contents decide.
    writeFileSync(path.join(t.root, 'dist/build-stamp.txt'), 'another build\n');
    expect(whyBuild(t.root)).toBe('sources changed since the last build');
  });
});
