// The return address after sign-in: same-site paths only, so ?next= is never an open redirect.
import { describe, expect, it } from 'vitest';
import { loginPathFor, nextFromSearch, safeNextPath, withNext } from './next-path';

describe('safeNextPath', () => {
  it('keeps a path of this site, with its query and hash', () => {
    expect(safeNextPath('/runner')).toBe('/runner');
    expect(safeNextPath('/builder?file=a.py#line-3')).toBe('/builder?file=a.py#line-3');
    expect(safeNextPath('/')).toBe('/');
  });

  it('drops anything that could leave the site or is not a path', () => {
    for (const raw of [
      null,
      undefined,
      '',
      'runner',
      '//evil.example',
      '//evil.example/runner',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      'https://evil.example/runner',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /runner',
      '/' + 'a'.repeat(2001),
    ]) {
      expect(safeNextPath(raw), String(raw)).toBeNull();
    }
  });

  it('never sends back to the sign-in pages (no loop)', () => {
    expect(safeNextPath('/login')).toBeNull();
    expect(safeNextPath('/login?next=/runner')).toBeNull();
    expect(safeNextPath('/register')).toBeNull();
  });

  it('keeps encoded look-alikes as the harmless same-site paths they are', () => {
    // Still a path of this site (the not-found page), never a host.
    expect(safeNextPath('/%0a//evil.example')).toBe('/%0a//evil.example');
    expect(new URL(safeNextPath('/%2F%2Fevil.example')!, 'http://app.test').host).toBe('app.test');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeNextPath('/a/../runner')).toBe('/runner');
    expect(safeNextPath('/../../runner')).toBe('/runner');
  });
});

describe('the login address', () => {
  it('carries the page (encoded) and leaves plain /login for the home page', () => {
    expect(loginPathFor('/runner')).toBe('/login?next=%2Frunner');
    expect(loginPathFor('/builder?x=1')).toBe('/login?next=%2Fbuilder%3Fx%3D1');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });

  it('reads next back from the query, refusing unsafe values', () => {
    expect(nextFromSearch('?next=%2Frunner')).toBe('/runner');
    expect(nextFromSearch('?next=%2F%2Fevil.example')).toBeNull();
    expect(nextFromSearch('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(nextFromSearch('')).toBeNull();
    expect(withNext('/register', '/runner')).toBe('/register?next=%2Frunner');
    expect(withNext('/register', null)).toBe('/register');
  });
});
