// The sealing of saved values (real AES-256-GCM): a value opens only in its own place under the
// same server secret; every edit of the stored bytes is an error, never a different value.
import { describe, expect, it } from 'vitest';
import { SealedValueError, secretBox } from './secret-box';

const SECRET = 's'.repeat(48);
const place = { projectId: 'P1', key: 'BOT_TOKEN' };
const value = 'bot-token-1234567890:ABCdefGhIJKlmnOPQ';

describe('secretBox', () => {
  it('opens what it sealed, with a fresh nonce each time and no trace of the value in the bytes', () => {
    const box = secretBox(SECRET);
    const a = box.seal(place, value);
    const b = box.seal(place, value);
    expect(box.open(place, a)).toBe(value);
    expect(a.nonce).toHaveLength(12);
    expect(a.tag).toHaveLength(16);
    expect(a.nonce.equals(b.nonce)).toBe(false);
    expect(a.ciphertext.equals(b.ciphertext)).toBe(false);
    expect(Buffer.concat([a.ciphertext, a.nonce, a.tag]).includes(Buffer.from(value))).toBe(false);
    expect(box.open(place, box.seal(place, ''))).toBe('');
    expect(box.open(place, box.seal(place, 'ünï€ødé 🔑'))).toBe('ünï€ødé 🔑');
  });

  it.each([
    ['another project', { ...place, projectId: 'P2' }],
    ['another key', { ...place, key: 'OTHER' }],
    ['a place that joins to the same text differently', { projectId: 'P1\nBOT', key: '_TOKEN' }],
  ])('refuses to open a value moved to %s', (_what, elsewhere) => {
    const box = secretBox(SECRET);
    expect(() => box.open(elsewhere, box.seal(place, value))).toThrow(SealedValueError);
  });

  it('refuses edited bytes, a shortened tag and another server secret', () => {
    const box = secretBox(SECRET);
    const sealed = box.seal(place, value);
    const flip = (buf: Buffer, i = 0) => Buffer.from(buf.map((byte, j) => (j === i ? byte ^ 1 : byte)));
    expect(() => box.open(place, { ...sealed, ciphertext: flip(sealed.ciphertext) })).toThrow(SealedValueError);
    expect(() => box.open(place, { ...sealed, nonce: flip(sealed.nonce) })).toThrow(SealedValueError);
    expect(() => box.open(place, { ...sealed, tag: flip(sealed.tag, 15) })).toThrow(SealedValueError);
    expect(() => box.open(place, { ...sealed, tag: sealed.tag.subarray(0, 4) })).toThrow(SealedValueError);
    expect(() => secretBox('t'.repeat(48)).open(place, sealed)).toThrow(SealedValueError);
  });

  it('names the key, never the value, when it refuses', () => {
    const box = secretBox(SECRET);
    const err = (() => {
      try {
        box.open({ ...place, projectId: 'P2' }, box.seal(place, value));
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err?.message).toContain('BOT_TOKEN');
    expect(err?.message).not.toContain(value);
  });
});
