// Lists written in a request: "Luigi's, Sushi Bar and Taco Town", "pizza, pasta or salad",
// "'Yes' / 'No'". The list ends where the sentence ends or a new clause begins.

import { quoteText } from './wording';

/** Where a list stops: the end of the sentence, or a word that starts the next part of the request. */
const LIST_END =
  /[.;!?](?:\s|$)|\n|\s+(?:every|each|daily|weekly|hourly|when|whenever|if|then|that|which|so|to (?:my|our|the)|in (?:my|our|the)|on (?:my|our|the)|at \d|for (?:lunch|dinner|breakfast|tonight|today|the|us|me|everyone|my|our))\b|,?\s+(?:and\s+)?(?:also|plus)\b|,?\s+and\s+(?:a|an|the|it|then|also|i|we|please|make|add|post|send|reply|welcome|say|ban|delete|remind)\b/i;

const ARTICLE = /^(?:a|an|the|some|our|my)\s+/i;

/** The part of `rest` up to where the list ends; a "!" or "?" ending the line stays with the last item ("Surprise me!"). */
function listText(rest: string): string {
  const end = LIST_END.exec(rest);
  if (!end) return rest;
  const lineEnds = /^[!?][ \t]*(?:\n|$)/.test(rest.slice(end.index));
  return rest.slice(0, end.index + (lineEnds ? 1 : 0));
}

/** The items of a list (quoted items as their text), in order, without duplicates. */
export function listItems(fragment: string, quotes: string[]): string[] {
  const items = listText(fragment)
    .split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+|\s*\/\s*|\s*\|\s*/i)
    .map((item) => {
      const quoted = /^\u0001(\d+)\u0002$/.exec(item.trim());
      // A quote inside a longer item ("this list: 'A'") is restored too: no marker reaches a text.
      return quoted ? quoteText(quotes, quoted[1]) : item.trim().replace(ARTICLE, '').replace(/^["'`]|["'`]$/g, '').replace(/\u0001(\d+)\u0002/g, (_, n: string) => quoteText(quotes, n)).trim();
    })
    .filter((item) => item.length > 0 && item.length <= 60);
  return [...new Set(items)];
}
