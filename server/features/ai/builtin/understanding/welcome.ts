// Welcome: the text new members get, in the ways phrases.ts does not read ("say 'Hi!' to new
// customers", "new members get 'Welcome!'").

import { welcomeTextIn as welcomeWithVerb } from '../phrases';
import { QUOTE, quoteNear, quoteText } from './wording';

const NEWCOMERS = '(?:new (?:customers|members|people|users|joiners|followers|subscribers|players|visitors|folks)|newcomers|newbies|everyone who joins|people who join|anyone who joins)';
const SAY_TO_NEWCOMERS = new RegExp(`\\b(?:say|says|send|sends|tell|tells|greet)\\s*:?\\s*${QUOTE}\\s+to\\s+(?:all\\s+|the\\s+)?${NEWCOMERS}`, 'i');
const NEWCOMERS_GET = new RegExp(`\\b${NEWCOMERS}\\s+(?:get|gets|should get|receive|see|are greeted with)\\s*:?\\s*${QUOTE}`, 'i');

/** True when a keyword reply's "keyword" is really the newcomers a text is for ("say 'Hi' to new customers"). */
export function isNewcomers(keyword: string): boolean {
  return new RegExp(`^(?:all\\s+|the\\s+)?${NEWCOMERS}$`, 'i').test(keyword);
}

export function welcomeTextIn(masked: string, quotes: string[]): string | null {
  const found = welcomeWithVerb({ masked, quotes });
  if (found) return found;
  const m = SAY_TO_NEWCOMERS.exec(masked) ?? NEWCOMERS_GET.exec(masked);
  if (m) return quoteText(quotes, m[1]);
  // "welcome new folks with 'Welcome aboard!'": the first quote after the word, in the same clause.
  return quoteNear(masked, quotes, /\bwelcom\w*|\bgreet\w*/i);
}
