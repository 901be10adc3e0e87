// What the bot is for and what it is called: "for my bakery's channel" -> 'bakery', "I run a small
// coffee shop" -> 'coffee shop', "called Pizza Pal" -> 'Pizza Pal'; the bot name comes from either.

import { namesFeature } from './features';
import { platformsIn } from './platform-names';

const STOP_WORDS = new Set([
  'bot', 'bots', 'channel', 'group', 'groups', 'server', 'account', 'page', 'chat', 'chats', 'that', 'which', 'who',
  'to', 'in', 'on', 'with', 'using', 'and', 'or', 'written', 'built', 'made', 'where', 'so', 'please', 'it', 'every',
  'when', 'what', 'from', 'by', 'of', 'at', 'as', 'python', 'javascript', 'node', 'nodejs', 'js', 'app', 'team',
  'workspace', 'community', 'users', 'customers', 'members', 'people', 'followers', 'subscribers', 'handle', 'profile',
  'next', 'last', 'soon', 'month', 'year', 'today', 'tomorrow', 'called', 'named', 'but', 'because', 'here', 'there',
]);
const TIME_WORDS = new Set(['while', 'minute', 'minutes', 'second', 'seconds', 'hour', 'hours', 'day', 'days', 'week', 'long', 'moment', 'change', 'start', 'test', 'me', 'us', 'example']);

function titleCase(words: string): string {
  return words.replace(/\b([a-z])/g, (c) => c.toUpperCase());
}

/** Letters, digits, spaces and a few signs: a name safe in any string, comment or docstring. */
export function cleanName(name: string): string {
  return name.replace(/[^\p{L}\p{N} &'.-]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 40).trim();
}

const PURPOSE = [
  /\bfor\s+(?:my|our|a|an|the|this|his|her|their|your)\s+((?:[A-Za-z][\w&'’-]*\s*){1,4})/i,
  // "I run a small bakery", "we're opening a coffee shop next month"
  /\b(?:i|we)(?:'m|'re| am| are)?\s+(?:run|own|have|manage|opening|running|owning|managing|started|starting|work at|work in)\s+(?:a|an|my|our)\s+(?:(?:small|little|new|local|family|tiny|big)\s+)?((?:[A-Za-z][\w&'’-]*\s*){1,3})/i,
];
const NOT_A_PURPOSE = new Set(['question', 'problem', 'idea', 'request', 'lot', 'few', 'couple']);

/** "for my bakery's Telegram channel" -> 'bakery'; "for our coffee shop" -> 'coffee shop'; "I run a small bakery" -> 'bakery'. */
export function purposeIn(masked: string): string | null {
  const m = PURPOSE.map((re) => re.exec(masked)).find((found) => found && !NOT_A_PURPOSE.has(found[1]!.trim().split(/\s+/)[0]!.toLowerCase()));
  if (!m) return null;
  const words: string[] = [];
  for (const raw of m[1]!.trim().split(/\s+/)) {
    const possessive = /['’]s$/i.test(raw);
    const word = raw.replace(/['’]s$/i, '').replace(/['’]$/, '');
    const lower = word.toLowerCase();
    if (STOP_WORDS.has(lower) || platformsIn(lower).length > 0 || namesFeature(lower)) break;
    words.push(lower);
    if (possessive || words.length === 3) break;
  }
  if (words.length === 0 || TIME_WORDS.has(words[0]!)) return null;
  return cleanName(words.join(' ')) || null;
}

export function givenName(masked: string, quotes: string[]): string | null {
  const m = /\b(?:called|named|name it|(?<!\b[Mm]y\s)name is)\s+(?:\u0001(\d+)\u0002|([A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3}))/.exec(masked)
    ?? /\b(?:called|named|name it|(?<!\bmy\s)name is)\s+([a-z][\w-]*(?:\s+bot)?)\b/i.exec(masked);
  if (!m) return null;
  const raw = m.length === 3 ? (m[1] !== undefined ? quotes[Number(m[1])]! : m[2]!) : m[1]!;
  return cleanName(raw) || null;
}

/** The bot's name: the one given ("Pizza Pal"), else one made from the purpose ("Bakery Bot"). */
export function botNameOf(name: string | null, purpose: string | null): string | null {
  if (name) return /\bbot$/i.test(name) ? titleCase(name) : name;
  return purpose ? `${titleCase(purpose)} Bot` : null;
}
