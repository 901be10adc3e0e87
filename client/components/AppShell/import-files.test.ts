import { describe, expect, it } from 'vitest';
import { IMPORT_ACCEPT, importableFiles, isImportable } from './import-files';

describe('import files', () => {
  it('accepts the five extensions, in any case', () => {
    for (const name of ['bot.py', 'bot.js', 'bot.ts', 'config.json', 'notes.txt', 'BOT.PY']) {
      expect(isImportable(name)).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const name of ['image.png', 'bot.tsx', 'archive.zip', '.py', 'py']) expect(isImportable(name)).toBe(false);
  });

  it('filters a picked list and builds the accept attribute', () => {
    expect(importableFiles([{ name: 'a.py' }, { name: 'b.exe' }]).map((f) => f.name)).toEqual(['a.py']);
    expect(IMPORT_ACCEPT).toBe('.py,.js,.ts,.json,.txt');
  });
});
