// Jokes, quotes and facts the user writes themselves ("jokes like 'X' and 'Y'", "quotes: 'A', 'B'").
// Only quoted texts count: "jokes like knock-knock jokes" names a kind, not a joke.

import { QUOTE, quoteText } from './wording';

function ownTexts(masked: string, quotes: string[], word: string): string[] {
  const start = new RegExp(`\\b${word}\\b\\s*(?:like|such as|including|e\\.g\\.|:|=|for example)\\s*(?:these\\s*:?\\s*)?`, 'gi');
  const texts: string[] = [];
  for (const m of masked.matchAll(start)) {
    const rest = masked.slice(m.index! + m[0].length);
    const list = new RegExp(`^${QUOTE}(?:\\s*(?:,|\\band\\b|\\bor\\b|;)\\s*${QUOTE.replace('(\\d+)', '\\d+')})*`).exec(rest);
    if (!list) continue;
    for (const q of list[0].matchAll(/\u0001(\d+)\u0002/g)) texts.push(quoteText(quotes, q[1]));
  }
  return [...new Set(texts)];
}

export function ownJokesIn(masked: string, quotes: string[]): string[] {
  return ownTexts(masked, quotes, 'jokes?');
}

export function ownQuotesIn(masked: string, quotes: string[]): string[] {
  return ownTexts(masked, quotes, '(?:quotes?|quotations?|sayings?)');
}

export function ownFactsIn(masked: string, quotes: string[]): string[] {
  return ownTexts(masked, quotes, '(?:facts?|trivia)');
}
