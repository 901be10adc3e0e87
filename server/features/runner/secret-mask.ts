// Secret values never reach a log line or an AI prompt: every saved value of 8 or more characters
// is replaced by asterisks wherever it appears (docs/security.md "Secrets"; shorter values are too likely
// to be ordinary words to mask). Bots print secrets in other forms too: in any letter case (an
// exception message upper-casing a token) and base64 or base64url-encoded (an HTTP Basic header, a
// logged JSON blob), so those forms are masked as well.
export const MIN_MASKED_LENGTH = 8;
export const MASK = '********';

export type SecretMask = (text: string) => string;

/** A masker for these values; longest first, so a secret containing another is masked whole. */
export function secretMask(values: Iterable<string>): SecretMask {
  const secrets = [...new Set([...values].filter((v) => v.length >= MIN_MASKED_LENGTH))];
  if (secrets.length === 0) return (text) => text;
  // Any letter case: matched case-insensitively, plus the upper- and lower-case strings themselves
  // (whose length can differ: 'ß' upper-cases to 'SS').
  const plain = alternation(secrets.flatMap((s) => [s, s.toUpperCase(), s.toLowerCase()]), 'giu');
  // Encodings are case-sensitive: a case-insensitive match would only mask more ordinary text.
  const encoded = alternation(secrets.flatMap(base64Forms), 'g');
  return (text) => text.replace(plain, MASK).replace(encoded, MASK);
}

function alternation(forms: string[], flags: string): RegExp {
  const unique = [...new Set(forms)].sort((a, b) => b.length - a.length);
  return new RegExp(unique.map((f) => f.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')).join('|'), flags);
}

/**
 * The base64 and base64url characters that encode only the secret's own bytes, at each of the three
 * alignments it can have inside a longer encoding. The one or two characters at each end that
 * also carry neighbouring bits stay visible (at most 4 bits of the secret each).
 */
export function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Character i carries bits [6i, 6i + 6); the secret's are [8 * offset, 8 * (offset + length)).
    const fragment = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    forms.push(fragment, fragment.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return forms;
}
