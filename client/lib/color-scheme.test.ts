// The inline script of index.html that sets the colour scheme before the first paint: the CSP
// allows it by hash (a changed script without a new hash would be blocked, and the page would
// flash), and it picks the stored choice, else the system's.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INLINE_SCRIPT_HASHES } from '../../server/http-security';
import { COLOR_SCHEME_KEY, nextColorScheme } from './color-scheme';

const html = readFileSync(path.resolve(import.meta.dirname, '../index.html'), 'utf8');
const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

/** Runs the script against stand-ins for the browser; returns the attribute it set, if any. */
function run(stored: string | null, systemDark: boolean, storageFails = false): string | undefined {
  const attributes: Record<string, string> = {};
  const localStorage = {
    getItem: (key: string) => {
      if (storageFails) throw new Error('storage disabled');
      return key === COLOR_SCHEME_KEY ? stored : null;
    },
  };
  const matchMedia = (query: string) => ({ matches: systemDark && query === '(prefers-color-scheme: dark)' });
  const document = { documentElement: { setAttribute: (name: string, value: string) => void (attributes[name] = value) } };
  new Function('localStorage', 'matchMedia', 'document', inlineScripts[0]!)(localStorage, matchMedia, document);
  return attributes['data-mantine-color-scheme'];
}

describe('the colour scheme script of index.html', () => {
  it('is the only inline script, and the CSP allows exactly it by its sha256', () => {
    expect(inlineScripts).toHaveLength(1);
    const hashes = inlineScripts.map((s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`);
    expect(INLINE_SCRIPT_HASHES).toEqual(hashes);
  });

  it('uses an explicit choice, else follows the system', () => {
    expect(run('dark', false)).toBe('dark');
    expect(run('light', true)).toBe('light');
    expect(run(null, true)).toBe('dark');
    expect(run(null, false)).toBe('light');
    // Mantine stores 'auto' for "follow the system"; anything else is ignored too.
    expect(run('auto', true)).toBe('dark');
    expect(run('purple', false)).toBe('light');
  });

  it('leaves the page to the app when storage cannot be read', () => {
    expect(run('dark', true, true)).toBeUndefined();
  });
});

describe('the theme button', () => {
  it('goes from the system to the other scheme, to the system scheme kept, back to the system', () => {
    expect(nextColorScheme('auto', 'light')).toBe('dark');
    expect(nextColorScheme('dark', 'light')).toBe('light');
    expect(nextColorScheme('light', 'light')).toBe('auto');
    expect(nextColorScheme('auto', 'dark')).toBe('light');
    expect(nextColorScheme('light', 'dark')).toBe('dark');
    expect(nextColorScheme('dark', 'dark')).toBe('auto');
  });
});
