// The most used passwords, refused at sign-up and at reset (docs/security.md). common-passwords.json
// is the 'passwords-common' list of @zxcvbn-ts/language-common 4.1.3 (MIT; its src/passwords.json,
// most used first), less the 40 entries under 4 characters, which nothing below can match. Made with
//   npm pack @zxcvbn-ts/language-common@4.1.3 && tar xzf zxcvbn-ts-language-common-4.1.3.tgz
//   then keep each entry of 4 to 128 characters, in order, one per line.
import LISTED from './common-passwords.json';

/** Common here whatever any list says: the product's own name. */
const OURS = ['botwright'];

const COMMON: ReadonlySet<string> = new Set([...LISTED, ...OURS]);

/** A word this short with digits after it is not a listed password with padding; it is just short. */
const SHORTEST_WORD = 4;

/**
 * True for a listed password in any case, and for a listed word followed only by digits, symbols or
 * spaces (`Password123!` is `password`): the usual ways of passing a rule without changing the password.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  const word = lower.replace(/[^\p{L}]+$/u, '');
  return word !== lower && word.length >= SHORTEST_WORD && COMMON.has(word);
}
