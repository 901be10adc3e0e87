// diskUsage counts what a directory takes on disk as du does: allocated blocks (a sparse file its
// written part only), a link as itself and never what it points to, a hard-linked file once.
import { execFileSync } from 'node:child_process';
import { closeSync, linkSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { diskUsage } from './disk-usage';

const root = mkdtempSync(path.join(tmpdir(), 'botwright-disk-usage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const du = (target: string) => Number(execFileSync('/usr/bin/du', ['-s', '-B1', '--', target], { encoding: 'utf8' }).split('\t')[0]);

it('counts allocated blocks like du: nested files, a sparse file by what was written, links not followed, hard links once', async () => {
  const tree = path.join(root, 'tree');
  mkdirSync(path.join(tree, 'a', 'b', 'c'), { recursive: true });
  writeFileSync(path.join(tree, 'a', 'one.txt'), 'x'.repeat(10_000));
  writeFileSync(path.join(tree, 'a', 'b', 'c', 'two.bin'), Buffer.alloc(300_000, 7));
  // 1 GiB long, 4 KiB written at its end: a volume image is like this.
  const sparse = openSync(path.join(tree, 'sparse.img'), 'w');
  writeSync(sparse, Buffer.alloc(4096, 1), 0, 4096, 1024 * 1024 * 1024 - 4096);
  closeSync(sparse);
  symlinkSync('/usr', path.join(tree, 'a', 'usr-link'));
  linkSync(path.join(tree, 'a', 'b', 'c', 'two.bin'), path.join(tree, 'again.bin'));

  const bytes = await diskUsage(tree);
  expect(bytes).toBe(du(tree));
  expect(bytes).toBeGreaterThan(310_000);
  expect(bytes).toBeLessThan(1024 * 1024); // neither the sparse file's size, nor /usr, nor two.bin twice
});

it('is 0 for a missing directory and a file counts as itself', async () => {
  expect(await diskUsage(path.join(root, 'missing'))).toBe(0);
  writeFileSync(path.join(root, 'single.txt'), 'y'.repeat(5000));
  expect(await diskUsage(path.join(root, 'single.txt'))).toBe(du(path.join(root, 'single.txt')));
});
