// Saved secrets never show in a bot's log, in any of the forms a bot commonly prints them: as is,
// upper- or lower-cased (an exception message), or base64/base64url-encoded, alone or inside a
// longer encoding (an HTTP Basic header, a JSON blob).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MASK, secretMask } from './secret-mask';

const TOKEN = 'ghp_R2d2C3poX9kLmN0pQr';

describe('secretMask', () => {
  it('masks the value itself, and leaves values under 8 characters and other text alone', () => {
    const mask = secretMask([TOKEN, 'short']);
    expect(mask(`token=${TOKEN}; again ${TOKEN}`)).toBe(`token=${MASK}; again ${MASK}`);
    expect(mask('a short line about nothing')).toBe('a short line about nothing');
  });

  it('masks the upper-case and lower-case forms (a ValueError printing the token upper-cased)', () => {
    const mask = secretMask([TOKEN]);
    expect(mask(`ValueError: BAD TOKEN ${TOKEN.toUpperCase()}`)).toBe(`ValueError: BAD TOKEN ${MASK}`);
    expect(mask(`debug: ${TOKEN.toLowerCase()}!`)).toBe(`debug: ${MASK}!`);
    expect(mask(`mixed: ${TOKEN.slice(0, 5).toUpperCase()}${TOKEN.slice(5).toLowerCase()}`)).toBe(`mixed: ${MASK}`);
  });

  it('masks the base64 and base64url encodings, alone and inside a longer encoding', () => {
    const secret = 'a?b>c~d?e>f~g?h>'; // encodes to different characters in base64 and base64url
    const mask = secretMask([secret]);
    const b64 = Buffer.from(secret).toString('base64');
    const b64url = Buffer.from(secret).toString('base64url');
    expect(b64).not.toBe(b64url);
    for (const text of [b64, b64url, `Authorization: Basic ${Buffer.from(`bot:${secret}`).toString('base64')}`, Buffer.from(`{"k":"${secret}"}`).toString('base64url')]) {
      const masked = mask(text);
      expect(masked).toContain(MASK);
      expect(decodesToSecret(masked, secret), masked).toBe(false);
    }
  });

  it('property: no upper-, lower- or same-case occurrence survives in any text', () => {
    fc.assert(
      fc.property(secretArb, fc.string(), fc.string(), fc.constantFrom('same', 'upper', 'lower'), (secret, before, after, form) => {
        const shown = form === 'upper' ? secret.toUpperCase() : form === 'lower' ? secret.toLowerCase() : secret;
        expect(secretMask([secret])(before + shown + after)).not.toContain(shown);
      }),
    );
  });

  it('property: no base64 or base64url encoding of the secret, at any offset in any bytes, decodes back to it', () => {
    fc.assert(
      fc.property(secretArb, fc.uint8Array({ maxLength: 20 }), fc.uint8Array({ maxLength: 20 }), fc.constantFrom('base64', 'base64url'), (secret, before, after, encoding) => {
        const text = Buffer.concat([before, Buffer.from(secret), after]).toString(encoding as BufferEncoding);
        expect(decodesToSecret(secretMask([secret])(text), secret)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});

// Secrets as people save them: 8+ printable characters (never '*', the mask's own character), or a Unicode word.
const secretArb = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:/+=?!@#$%&'), minLength: 8, maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 8, maxLength: 12 }).filter((s) => s.length >= 8 && !s.includes('*')),
);

/** Whether any run of base64 characters in `text`, read at any of the 4 alignments, decodes to bytes containing the secret. */
function decodesToSecret(text: string, secret: string): boolean {
  const needle = Buffer.from(secret);
  for (const run of text.match(/[A-Za-z0-9+/_-]+/g) ?? []) {
    const standard = run.replaceAll('-', '+').replaceAll('_', '/');
    for (let offset = 0; offset < 4; offset++) {
      if (Buffer.from(standard.slice(offset), 'base64').includes(needle)) return true;
    }
  }
  return false;
}
