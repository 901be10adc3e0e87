// Texts a bot goes through, written as a list and a template: "going round: Lena, Tomasz, Aiko ->
// 🧽 Bathroom this week: <name>", "one of these at random: cozy, awkward → Word of the day: <word>",
// "a random kata from: Heian Shodan, Tekki Shodan → Practise this today: <kata>". Each item is put
// into the template's placeholder, so every text is the person's own words.

import type { Masked } from './masked';

/** A list the post goes through: "going round: Lena, Tomasz", "in order through A, B", "one of these at random: a, b", "one after the other from this list: ...". */
export const ROTATION =
  /\b(going round|going around|taking turns|(?:moves?|goes|passes?) (?:on )?to the next (?:person|one|name)(?=\s*:)|take turns between|alternat(?:e|ing) between|in turn|rotating(?: through)?|rotates? (?:through|between)|(?:one after the other|one by one)(?:,?\s*(?:from|of|through)(?:\s+(?:this list|these|the list|the following))?|(?=\s*:))|one of(?=\s*:)|(?:going )?in (?:this |the same )?order(?: through)?|one of these(?:\s+(?!at\b|random)[a-z]+)?(?:,?\s*(?:at random|randomly|one after the other|in turn|in order|in this order))?|one at random (?:from|of)|picks? (?:one|a)(?: [a-z]+)? at random|picks? at random(?: one)?(?: of| from)?|randomly (?:says?|picks?|answers?|replies?)(?: one of)?|(?:at )?random(?:ly)? (?:from|of|one of)|(?:a |one )?random\b[\w ]{0,40}?,?\s*(?:one\s+)?(?:from|out of|of)(?:\s+(?:these|the following|this list))?)\s*:?\s*/i;
/** Where an item goes in the template: <name>, {word}, [theme]. */
export const PLACEHOLDER = /<\s*[\w ]+\s*>|\{\s*\w+\s*\}|\[\s*[\w ]+\s*\]/;

/** Two or more quotes after the list's colon with nothing but commas, slashes or "and" between them: the quotes' texts. */
function itemsQuoted({ masked, quotes }: Masked): string[] | null {
  const list = masked.slice(masked.lastIndexOf(':') + 1).split('\n')[0]!;
  const marks = [...list.matchAll(/\u0001(\d+)\u0002/g)];
  if (marks.length < 2 || !/^[\s,;/|.]*$/.test(list.replace(/\u0001\d+\u0002|\b(?:and|or)\b/gi, ' '))) return null;
  return marks.map((mark) => quotes[Number(mark[1])]!.trim());
}

/** The texts of a list written with its template, in turn or at random; null when the words hold no list. */
export function textsOfList(text: string, masked?: Masked): { texts: string[]; order: 'random' | 'inTurn' } | null {
  const rotation = ROTATION.exec(text);
  if (!rotation) return null;
  const before = text.slice(0, rotation.index).trim();
  // "in order, then start over: «a» / «b»": the items follow the colon.
  const after = text.slice(rotation.index + rotation[0].length);
  // "in order not random: A, B": a few words before the colon say how, not what.
  const colon = rotation[0].includes(':') ? null : (/:\s*(?=\u0001|[^\n]*\s\/\s)/.exec(after) ?? /^[^:\n]{0,20}:\s*/.exec(after));
  const rest = colon ? after.slice(colon.index + colon[0].length) : after;
  // "in turn: Morag → Fraser → Aisha → Tom, then round again": the arrows go from one item to the next.
  const chain = /^\s*([^\n→,]{1,40}(?:\s*(?:→|->)\s*[^\n→,]{1,40}){2,})/.exec(rest);
  if (chain) {
    // "... → Emeka and then again from the start": the last name without the words after it.
    const items = chain[1]!.replace(/\s*,?\s*(?:and\s+)?then\s+(?:again|round|start|repeat|back|over)\b.*$/i, '').split(/\s*(?:→|->)\s*/).map((t) => t.trim()).filter(Boolean);
    // '"Devotion ... led by <name>" taking turns: Tobi → Ada → Chidi': each name in the template written before.
    const template = PLACEHOLDER.test(before) ? before.replace(/\s*[—–-]\s*$/, '') : null;
    return { texts: template ? items.map((item) => template.replace(PLACEHOLDER, item)) : items, order: orderOf(rotation[1]!) };
  }
  // "in turn from:\n  "Who holds ...?"\n  "Which team ...?"": one text a line, the lines under it (indented or
  // quoted), up to the next rule's line.
  const under = rotation[0].includes('\n') ? /^([^\n]*(?:\n(?:[ \t]+\S|[ \t]*["“«'])[^\n]*)+)/.exec(rest) : /^[ \t]*\n((?:(?:[ \t]+\S|[ \t]*["“«'])[^\n]*(?:\n|$))+)/.exec(rest);
  if (under) {
    const texts = under[1]!.split('\n').map((t) => t.trim().replace(/^["“«']([^\n]*)["”»']$/, '$1').trim()).filter(Boolean);
    if (texts.length >= 2) return { texts, order: orderOf(rotation[1]!) };
  }
  const arrow = /\s*(?:→|->|=>)\s*/.exec(rest);
  // The list ends at "and then from the top", "etc", or its sentence's end ("... ĝis = bye. After the last one start again").
  // "'So many books, so little time.' – Zappa / 'A room without books...'": with slashes, commas and full stops are the items' own.
  const slashed = /\s+\/\s+|\s*\|\s*/.test(arrow ? rest.slice(0, arrow.index) : rest);
  const listPart = slashed ? (arrow ? rest.slice(0, arrow.index) : rest).split('\n')[0]! : (arrow ? rest.slice(0, arrow.index) : rest).replace(/\s*\(?(?:,\s*)?(?:and )?(?:then|etc|\(?and so on)\b[\s\S]*$/i, '').replace(/\.\s+\S[\s\S]*$/, '');
  // "1) Ascolta la radio 2) Write 3 sentences a day ...": numbered in one line.
  const numbered = !slashed && /(?:^|\s)1[.)]\s+\S.*\s2[.)]\s+\S/.test(rest);
  const numberedPart = numbered ? rest.replace(/^[\s\S]*?(?:^|\s)1[.)]\s+/, '').replace(/\s*(?:\.\.\.|…)?\s*(?:,\s*)?(?:and )?(?:then|etc|\(?and so on)\b[\s\S]*$/i, '') : '';
  // '"gezellig — cosy, nice vibe", "lekker — tasty"': quoted items keep their own commas.
  const quotedItems = masked ? itemsQuoted(masked) : null;
  const items = quotedItems
    ? quotedItems
    : (numbered ? numberedPart : listPart)
    .split(numbered ? /\s+\d{1,2}[.)]\s+/ : slashed ? /\s+\/\s+|\s*\|\s*/ : /\s*(?:,|\band\b|\/|\|)\s*/)
    .map((s) => (slashed ? s.trim() : s.trim().replace(/\.$/, '')))
    .filter((s) => s.length > 0 && s.length <= 100);
  // "randomly says Blue kicks off or Orange kicks off": two texts with "or" between them.
  if (items.length === 1 && !numbered && /\s+or\s+/i.test(items[0]!)) items.splice(0, 1, ...items[0]!.split(/\s+or\s+/i).map((t) => t.trim()).filter(Boolean));
  if (items.length < 2) return null;
  // "whose family takes the towels home: Towel week: NAME takes ...": a description before the template's colon goes.
  const template = [arrow ? rest.slice(arrow.index + arrow[0].length).trim() : '', before.replace(/^(?:who|whose|what|which|where)\b[^:]*:\s+/i, '')].find((t) => PLACEHOLDER.test(t)) ?? null;
  const texts = template ? items.map((item) => template.replace(PLACEHOLDER, item)) : items;
  return { texts, order: orderOf(rotation[1]!) };
}

/** "at random", "one of: a, b" pick at random; the other ways go in turn. */
function orderOf(rotation: string): 'random' | 'inTurn' {
  return /random/i.test(rotation) || /^one of$/i.test(rotation.trim()) ? 'random' : 'inTurn';
}
