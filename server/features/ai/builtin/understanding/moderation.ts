// Moderation details: how many warnings before a mute and how long the mute lasts ("mute people
// after 3 warnings for 10 minutes", "three strikes and a 1 hour mute"), and more ways to list words.

import { NUMBER, numberFrom } from './numbers';
import { listItems } from './lists';

const WARNINGS = [
  new RegExp(`\\bafter\\s+(${NUMBER})\\s+(?:warnings?|warns?|strikes?|violations?|offen[cs]es?|times?|bad messages?)\\b`, 'i'),
  new RegExp(`\\b(${NUMBER})\\s+(?:warnings?|warns?|strikes?)\\b`, 'i'),
  new RegExp(`\\bwarn\\w*\\s+(?:them\\s+|people\\s+|users\\s+)?(${NUMBER})\\s+times?\\b`, 'i'),
  new RegExp(`\\b(${NUMBER})(?:st|nd|rd|th)?\\s+(?:offen[cs]e|time)\\b`, 'i'),
  new RegExp(`\\b(third|second|fourth|fifth)\\s+(?:warning|strike|offen[cs]e|time)\\b`, 'i'),
  /\bwarn\w*\s+(?:them\s+|people\s+|users\s+|someone\s+)?(once|twice)\b/i,
];
const ORDINALS: Record<string, number> = { second: 2, third: 3, fourth: 4, fifth: 5, once: 1, twice: 2 };

/** Warnings before a mute, when the request gives a number. */
export function warnLimitIn(masked: string): number | null {
  for (const re of WARNINGS) {
    const m = re.exec(masked);
    if (!m) continue;
    const n = ORDINALS[m[1]!.toLowerCase()] ?? numberFrom(m[1]!);
    if (Number.isInteger(n) && n >= 1 && n <= 100) return n;
  }
  return null;
}

const UNIT = '(seconds?|secs?|minutes?|mins?|m|hours?|hrs?|h|days?|d)';
const MUTE_FOR = [
  new RegExp(`\\b(?:mute|mutes|muted|muting|silence|timeout|time out|time them out)\\b[^.;!?\\n]*?\\bfor\\s+(?:an?\\s+|(${NUMBER})\\s*-?\\s*)${UNIT}\\b`, 'i'),
  new RegExp(`\\b(${NUMBER})\\s*-?\\s*${UNIT}\\s+(?:mute|timeout|time-out|silence)\\b`, 'i'),
  new RegExp(`\\b(?:an?)\\s+()${UNIT}\\s+(?:mute|timeout|time-out)\\b`, 'i'),
];

function minutesOf(count: number, unit: string): number {
  const u = unit.toLowerCase();
  if (/^s/.test(u)) return Math.max(1, Math.round(count / 60));
  if (/^h/.test(u)) return count * 60;
  if (/^d/.test(u)) return count * 1440;
  return count;
}

/** How long a mute lasts, in minutes, when the request says. */
export function muteMinutesIn(masked: string): number | null {
  for (const re of MUTE_FOR) {
    const m = re.exec(masked);
    if (!m) continue;
    const count = m[1] ? numberFrom(m[1]) : 1;
    if (Number.isFinite(count) && count > 0) return minutesOf(count, m[2]!);
  }
  return null;
}

const MORE_WORD_LISTS =
  /\b(?:words?|phrases?)\s+(?:like|such as|including)\s+|\b(?:delete|remove|block|filter|ban)\s+(?:any\s+)?messages?\s+(?:that\s+)?(?:with|containing|contain|mentioning|saying)\s+(?:the\s+)?(?:(?:(?:swear|bad|rude|curse|cuss|offensive|banned)\s+)?words?\s+(?:like\s+|such as\s+)?)?|\bno\s+(?:swearing|bad words|cursing)\s*(?:like|such as|:)\s*|\bdon'?t allow\s+(?:the\s+words?\s+)?|\bbanned words?\s*(?:are|is|:)\s*/gi;
const NOT_WORDS = new Set(['links', 'link', 'bad', 'swear', 'swearing', 'words', 'insults', 'profanity', 'curse', 'people', 'anyone', 'them', 'it', 'offensive']);

/** Words to ban written in other ways than phrases.ts reads: "words like X and Y", "messages containing X". */
export function moreBannedWordsIn(masked: string, quotes: string[]): string[] {
  const words: string[] = [];
  for (const m of masked.matchAll(MORE_WORD_LISTS)) {
    const items = listItems(masked.slice(m.index! + m[0].length), quotes);
    for (const item of items) {
      const word = item.toLowerCase();
      if (word.split(/\s+/).length <= 3 && !NOT_WORDS.has(word) && !/\b(?:bad|swear|swearing|curse|offensive|rude|words?|links?)\b/.test(word)) words.push(word);
    }
  }
  return [...new Set(words)];
}

// "if a message has any of these: free crypto, double your btc, t.me/joinchat — delete it",
// "if someone writes kys, free nitro or discord.gift/ → delete it", "delete anything with 'casino'
// or 'earn 500€ a day'": phrases (links and symbols included) whose messages are deleted.
const WHEN_CONTAINS_THEN_DELETE =
  /\b(?:if|when(?:ever)?)\s+(?:a|an|any|the)?\s*(?:messages?|posts?|mentions?|tweets?|comments?|someone|somebody|anyone|anybody|people|they|users?)\s+(?:has|have|contains?|includes?|writes?|says?|posts?|sends?|with|mentions?|uses?)\s+(?:any\s+of\s+(?:these|those|the following|this)?\s*:?\s*)?((?:(?![.;!?](?:\s|$)|\b(?:repl(?:y|ies)|answers?|commands?|welcome|post)\b|(?<![\w.])[/!][a-z])[^\n])+?)\s*(?:[,:]|→|->|=>|—|–|\s-)?\s*(?:then\s+)?(?:just\s+)?(?:delete|remove|block|ban|kick|mute|time (?:them|it) out)(?=\s+(?:it|them|that|this|him|her|the\s+(?:message|post|mention|tweet|account|user|person|member))\b|\s*[+,&.;!]|\s+and\b|$)/gi;
const DELETE_ANYTHING_WITH =
  /\b(?:delete|remove|block)\s+(?:anything|any message|any messages|messages|posts?|mentions?|it)\s+(?:with|containing|that (?:contains?|has|have|includes?|says?|mentions?))\s+((?:(?![.;!?](?:\s|$)|\s(?:and|then|\+)\s(?:warn|mute|ban|kick|say|reply|tell))[^\n(])+)/gi;

/** Phrases whose messages the request has deleted, as written (lower-cased). */
export function deletedPhrasesIn(masked: string, quotes: string[]): string[] {
  const phrases: string[] = [];
  for (const re of [WHEN_CONTAINS_THEN_DELETE, DELETE_ANYTHING_WITH]) {
    for (const m of masked.matchAll(re)) {
      const list = m[1]!.replace(/\u0001(\d+)\u0002/g, (_, n: string) => quotes[Number(n)] ?? '');
      for (const item of list.split(/\s*(?:,|(?<![\p{L}\p{N}])or(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])and(?![\p{L}\p{N}]))\s*/iu)) {
        const phrase = item
          .trim()
          .replace(/^(?:the\s+)?(?:(?:swear|bad|rude|curse|cuss|offensive|banned)\s+)?(?:(?:words?|phrases?|links?)\s+)?(?:like|such as|including)\s+|^(?:the\s+)?(?:words?|phrases?)\s+/i, '')
          .toLowerCase();
        if (phrase && phrase.split(/\s+/).length <= 5 && !NOT_WORDS.has(phrase) && !/^(?:a|an|the|it|them|this|that)$/.test(phrase)) phrases.push(phrase);
      }
    }
  }
  return [...new Set(phrases)];
}
