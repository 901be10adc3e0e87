import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatBytes, storageFullMessage, storageLine } from './storage';

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

describe('storageFullMessage', () => {
  const MiB = 1024 * 1024;
  const parts = { files: 12 * MiB, packages: 80 * MiB, logs: 9 * MiB, variables: 0, savedChats: 0 };

  it('says the figure against the limit, the parts biggest first (none that are empty), and what frees the biggest', () => {
    expect(storageFullMessage({ bytes: 101 * MiB, parts }, 100 * MiB)).toBe(
      'Your storage is full (101 MiB of 100 MiB: packages 80 MiB, files 12 MiB, logs 9 MiB). Delete a bot you no longer need to make room: its packages go with it.',
    );
    expect(storageFullMessage({ bytes: 2 * MiB, parts: { ...parts, files: 2 * MiB, packages: 0, logs: 0 } }, 2 * MiB, 10)).toBe(
      'Your storage is full (2 MiB of 2 MiB: files 2 MiB). Delete some files to make room.',
    );
  });

  it('below the limit, says how much the refused write needed', () => {
    const few = { files: 1.8 * MiB, packages: 0, logs: 0, variables: 0, savedChats: 100 * 1024 };
    expect(storageFullMessage({ bytes: 1.9 * MiB, parts: few }, 2 * MiB, 300 * 1024)).toBe(
      'Your storage is nearly full (1.9 MiB of 2 MiB: files 1.8 MiB, saved chats 100 KiB) and this needs 300 KiB more. Delete some files to make room.',
    );
  });
});
