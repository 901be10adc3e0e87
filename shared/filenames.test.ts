import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ALLOWED_EXTENSIONS,
  FILENAME_PATTERN,
  IMPORT_EXTENSIONS,
  MAX_FILE_BYTES,
  extensionOf,
  isImportable,
  isSafeFilename,
  languageLabel,
} from './filenames';

describe('isSafeFilename', () => {
  it('accepts plain names with an allowed extension', () => {
    for (const name of ['bot.py', 'telegram_bot_2.py', 'discord-bot.js', 'a.ts', 'package.json', 'requirements.txt', 'README.md', 'config.yaml', 'v1.2.py']) {
      expect(isSafeFilename(name), name).toBe(true);
    }
  });

  it('refuses paths, traversal, hidden files, missing or unknown extensions and odd characters', () => {
    for (const name of [
      '', '../../app.db', '..', '.env', '.bashrc.sh', 'a/b.py', 'a\\b.py', 'bot..py', 'bot', 'bot.', 'bot.exe',
      'bot.db', '%2e%2e%2fapp.py', 'bot\u0000.py', 'my bot.py', 'bót.py', 'bot.py/', `${'a'.repeat(98)}.py`,
    ]) {
      expect(isSafeFilename(name), JSON.stringify(name)).toBe(false);
    }
  });

  it('accepts exactly 100 characters and refuses 101', () => {
    expect(isSafeFilename(`${'a'.repeat(97)}.py`)).toBe(true);
    expect(isSafeFilename(`${'a'.repeat(98)}.py`)).toBe(false);
  });

  it('keeps every accepted name inside one directory (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (name) => {
        if (!isSafeFilename(name)) return;
        expect(name).not.toMatch(/[/\\]|\.\.|^\.|[\u0000-\u001f]/);
        expect(name.length).toBeLessThanOrEqual(100);
        expect(FILENAME_PATTERN.test(name)).toBe(true);
        expect(ALLOWED_EXTENSIONS as readonly string[]).toContain(extensionOf(name));
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts every name built from the allowed alphabet and extensions (property)', () => {
    const stem = fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9_-]{0,40}$/);
    fc.assert(fc.property(stem, fc.constantFrom(...ALLOWED_EXTENSIONS), (s, ext) => isSafeFilename(`${s}.${ext}`)));
  });
});

describe('extensionOf', () => {
  it('returns the lower-case extension without its dot', () => {
    expect(extensionOf('Bot.PY')).toBe('py');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('Makefile')).toBe('');
    expect(extensionOf('.env')).toBe('');
    expect(extensionOf('dir.d/file')).toBe('');
  });
});

describe('languageLabel', () => {
  it('maps the editor\'s file extensions to languages', () => {
    const expected: Record<string, string> = {
      py: 'Python', js: 'JavaScript', ts: 'TypeScript', tsx: 'TSX', jsx: 'JSX', json: 'JSON', html: 'HTML', css: 'CSS',
      scss: 'SCSS', sql: 'SQL', md: 'Markdown', yaml: 'YAML', yml: 'YAML', xml: 'XML', java: 'Java', cpp: 'C++',
      c: 'C', rs: 'Rust', go: 'Go', php: 'PHP', rb: 'Ruby', sh: 'Shell', bat: 'Batch',
    };
    for (const [ext, label] of Object.entries(expected)) expect(languageLabel(`file.${ext}`)).toBe(label);
    expect(languageLabel('BOT.PY')).toBe('Python');
  });

  it('labels anything else Text', () => {
    for (const name of ['notes.txt', 'Makefile', 'x.toml', 'constructor', '__proto__', 'a.toString']) {
      expect(languageLabel(name)).toBe('Text');
    }
  });
});

describe('import rules', () => {
  it('accepts only .py, .js, .ts, .json and .txt, up to 1 MiB', () => {
    expect([...IMPORT_EXTENSIONS]).toEqual(['.py', '.js', '.ts', '.json', '.txt']);
    expect(MAX_FILE_BYTES).toBe(1_048_576);
    expect(isImportable('bot.PY')).toBe(true);
    expect(isImportable('data.json')).toBe(true);
    expect(isImportable('page.html')).toBe(false);
    expect(isImportable('noext')).toBe(false);
  });
});
