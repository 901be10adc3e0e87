// Unquoted texts recognised by their place and quoted before the parsers read the request.

import { describe, expect, it } from 'vitest';
import { quoteFreeTexts } from './free-texts';
import { restoreWritten, wordingOf } from './wording';

function quoted(message: string) {
  return quoteFreeTexts(wordingOf(message));
}

describe('quoteFreeTexts', () => {
  it('quotes a numbered list of rules, without splitting it at its full stops', () => {
    const w = quoted('a /rules command with: 1. be nice 2. no spam. Also welcome people');
    expect(w.quotes).toEqual(['1. be nice 2. no spam']);
    expect(w.masked).toBe('a /rules command with: \u00010\u0002. Also welcome people');
  });

  it('quotes questions and answers, keeping a quote inside a question', () => {
    const w = quoted("Q: Do you sell 'rye' bread? A: Yes");
    expect(w.quotes.slice(1)).toEqual(['Yes', 'Do you sell rye bread?']);
    expect(restoreWritten(w, w.masked)).toBe("Q: Do you sell 'rye' bread? A: Yes");
  });

  it('quotes a poll question and an unquoted command reply, but not a behaviour', () => {
    expect(quoted('a poll asking Tea or coffee?').quotes).toEqual(['Tea or coffee?']);
    expect(quoted('a /hours command that says we open at 9').quotes).toEqual(['we open at 9']);
    expect(quoted('a /fun command that says a joke').quotes).toEqual([]);
  });

  it('leaves texts that are already quoted alone', () => {
    expect(quoted("rules: 'Be kind. No ads.'").quotes).toEqual(['Be kind. No ads.']);
  });
});
