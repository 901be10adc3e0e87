// Numbers as people write them in a request: digits or words ("three warnings", "ten minutes").

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18,
  nineteen: 19, twenty: 20, thirty: 30, forty: 40, 'forty-five': 45, fifty: 50, sixty: 60, ninety: 90,
  single: 1, couple: 2, once: 1, twice: 2,
};

/**
 * A number written in digits or words. The lookbehind keeps the digits of a quote marker
 * (\u0001N\u0002) from reading as a number.
 */
export const NUMBER = `(?<![\\u0001\\d.:])(?:\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS)
  .filter((w) => !['a', 'an', 'single', 'couple', 'once', 'twice'].includes(w))
  .sort((a, b) => b.length - a.length)
  .join('|')})`;

/** '3' -> 3, 'three' -> 3, 'a' -> 1; NaN for anything else. */
export function numberFrom(word: string): number {
  const lower = word.toLowerCase();
  return NUMBER_WORDS[lower] ?? (/^\d+(?:\.\d+)?$/.test(lower) ? Number(lower) : NaN);
}
