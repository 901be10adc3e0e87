import { describe, expect, it, vi } from 'vitest';
import { parseUserCookie } from './session';

const user = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', credits: 100, googleAuth: true, createdAt: '2025-01-01T00:00:00.000Z' };

describe('parseUserCookie', () => {
  it('reads the URL-encoded JSON the server sets after Google sign-in', () => {
    expect(parseUserCookie(encodeURIComponent(JSON.stringify(user)))).toEqual(user);
  });

  it('reads plain JSON too', () => {
    expect(parseUserCookie(JSON.stringify(user))).toEqual(user);
  });

  it('logs and ignores a cookie that does not parse', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(parseUserCookie('%7Bnot-json')).toBeNull();
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });

  it('ignores a missing cookie or something that is not a user', () => {
    expect(parseUserCookie(null)).toBeNull();
    expect(parseUserCookie(encodeURIComponent('"just a string"'))).toBeNull();
  });
});
