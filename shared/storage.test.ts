import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatBytes, storageLine } from './storage';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KiB'],
    [1536, '1.5 KiB'],
    [1.2 * 1024 * 1024, '1.2 MiB'],
    [20 * 1024 * 1024, '20 MiB'],
    [100 * 1024 * 1024, '100 MiB'],
    [1024 * 1024 * 1024, '1 GiB'],
  ])('%d bytes reads %s', (n, text) => expect(formatBytes(n)).toBe(text));

  it('is always a number with at most one decimal and a unit', () => {
    fc.assert(fc.property(fc.nat(2 ** 40), (n) => /^\d+(\.\d)? (B|KiB|MiB|GiB|TiB)$/.test(formatBytes(n))));
  });
});

describe('storageLine', () => {
  it('says files and bytes of the quota, as /usage shows it', () => {
    expect(storageLine({ files: 12, bytes: 1.2 * 1024 * 1024, limits: { bytes: 100 * 1024 * 1024 } })).toBe('Storage: 12 files, 1.2 MiB of 100 MiB');
    expect(storageLine({ files: 1, bytes: 10, limits: { bytes: 1024 * 1024 } })).toBe('Storage: 1 file, 10 B of 1 MiB');
    expect(storageLine({ files: 1000, bytes: 0, limits: { bytes: 1024 } })).toBe('Storage: 1,000 files, 0 B of 1 KiB');
  });
});
