// Random: the choices /pick chooses from ("pick a random restaurant from Luigi's, Sushi Bar and Taco
// Town", "choose between pizza, pasta or salad"). Dice and coins need no parameter.

import { listItems } from './lists';

const FROM = /\b(?:pick|picks|choose|chooses|select|selects|decide|draw|random\w*)\b[^.;!?\n]*?\b(?:from|between|among(?:st)?|out of|one of)\s+(?:these\s*:?\s*|the following\s*:?\s*)?/gi;

export function choicesIn(masked: string, quotes: string[]): string[] {
  for (const m of masked.matchAll(FROM)) {
    const items = listItems(masked.slice(m.index! + m[0].length), quotes);
    if (items.length >= 2) return items;
  }
  return [];
}
