// Secret values never reach a log line or an AI prompt: every saved value of 8 or more characters
// is replaced by asterisks wherever it appears (runner.md "Secrets"; shorter values are too likely
// to be ordinary words to mask).
export const MIN_MASKED_LENGTH = 8;
export const MASK = '********';

export type SecretMask = (text: string) => string;

/** A masker for these values; longest first, so a secret containing another is masked whole. */
export function secretMask(values: Iterable<string>): SecretMask {
  const secrets = [...new Set([...values].filter((v) => v.length >= MIN_MASKED_LENGTH))].sort((a, b) => b.length - a.length);
  if (secrets.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(MASK);
    return out;
  };
}
