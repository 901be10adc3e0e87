// Reads the concrete details out of a request written in plain English: quoted texts, "reply X
// when someone says Y", "/price command that replies X", "every 30 minutes", banned words.
// Used both to build a new bot (request.ts) and to edit an existing one (modify.ts).

import { NUMBER, numberFrom } from './understanding/numbers';
import { answerAt, statedCommandReplies, statedKeywordReplies } from './understanding/stated-replies';
import { commandAnswerAt } from './understanding/said-words';

export interface KeywordReply {
  keyword: string;
  reply: string;
  /** The channel the sentence limits it to ("in #it-help if someone mentions password"). */
  chat?: string | null;
}

export interface CommandReply {
  name: string;
  reply: string;
}

/** The request with each quoted text replaced by a marker `\u0001N\u0002`, and the texts. */
export interface Masked {
  masked: string;
  quotes: string[];
  /** Each quote as the message wrote it, quote marks included (to quote a part of the message back). */
  written?: string[];
}

const CLOSERS: Record<string, string[]> = {
  '"': ['"', '\u201d'],
  "'": ["'", '\u2019'],
  '\u201c': ['\u201d', '"'],
  '\u2018': ['\u2019', "'"],
  '\u00ab': ['\u00bb'],
  '`': ['`'],
};

/**
 * '"Sponge 6" £35 · 8" £50"': a " after a digit is an inch mark, not the quote's end, when the line
 * goes on to another " and opens no other quote before it.
 */
function inchMark(message: string, at: number): boolean {
  if (message[at] !== '"' || !/\d/.test(message[at - 1] ?? '')) return false;
  const line = message.slice(at + 1).split('\n')[0]!;
  return line.includes('"') && !/\s"\S/.test(line.slice(0, line.lastIndexOf('"')));
}

/**
 * Finds quoted texts. An opening quote must start a word (so "bakery's" is no quote) and a closing
 * quote must end one (so "'we're open'" is read whole).
 */
export function maskQuotes(message: string): Masked {
  const quotes: string[] = [];
  const written: string[] = [];
  let masked = '';
  let i = 0;
  while (i < message.length) {
    const ch = message[i]!;
    const closers = CLOSERS[ch];
    const startsWord = i === 0 || /[\s(\[:=,;]/.test(message[i - 1]!);
    if (closers && startsWord) {
      let close = -1;
      for (let j = i + 1; j < message.length; j++) {
        if (closers.includes(message[j]!) && j > i + 1 && (j + 1 === message.length || /[\s,.;:!?)\]]/.test(message[j + 1]!)) && !inchMark(message, j)) {
          close = j;
          break;
        }
      }
      if (close > 0) {
        masked += `\u0001${quotes.length}\u0002`;
        quotes.push(message.slice(i + 1, close).trim());
        written.push(message.slice(i, close + 1));
        i = close + 1;
        continue;
      }
    }
    masked += ch;
    i++;
  }
  return { masked, quotes, written };
}

const Q = '\u0001(\\d+)\u0002';
const SOMEONE =
  '(?:(?:someone|somebody|anyone|anybody|a user|users|people|they|a customer|customers|a member|members|a person|the user|a message|the message|a visitor|visitors)\\s+)?';
const SAYS =
  '(?:says?|writes?|types?|sends?|asks?(?:\\s+(?:about|for))?|mentions?|contains?|messages?|includes?|uses?|with)(?:\\s+(?:the\\s+)?(?:word|keyword|phrase|text))?';
// A keyword written without quotes: a few words up to punctuation or a connecting word.
const BARE_KEYWORD = "([A-Za-z0-9][\\w'-]*(?:\\s+[A-Za-z0-9][\\w'-]*){0,3}?)(?=\\s*(?:[,.;!?\\u0001]|$|\\s+(?:and|then|or|reply|replies|respond|answer|say|with|to|it|the bot|just|simply|always)\\b))";
const KEYWORD = `(?:${Q}|${BARE_KEYWORD})`;
const REPLY_VERB = '(?:reply|replies|respond|responds|answer|answers|say|says|send back|return)(?:\\s+(?:with|by saying))?';

/** "reply 'X' when someone says delivery or area": the answer first, then each of the words. */
const REPLY_THEN_WHEN = new RegExp(
  `${REPLY_VERB}\\s*:?\\s*${Q}\\s*,?\\s+(?:when(?:ever)?|if|to)\\s+${SOMEONE}(?:${SAYS}\\s+)?(${KEYWORD}(?:\\s*(?:,|\\/|\\bor\\b)\\s*${KEYWORD})*)`,
  'gi',
);
const WHEN_THEN_REPLY = new RegExp(`(?:when(?:ever)?|if)\\s+${SOMEONE}${SAYS}\\s+${KEYWORD}\\s*,?\\s*(?:then\\s+)?(?:the bot\\s+|it\\s+)?(?:just\\s+|simply\\s+|always\\s+)?${REPLY_VERB}\\s*:?\\s*${Q}`, 'gi');

function keywordOf(m: RegExpExecArray, quoteGroup: number, bareGroup: number, quotes: string[]): string {
  const quoted = m[quoteGroup];
  return (quoted !== undefined ? quotes[Number(quoted)]! : m[bareGroup]!).trim().toLowerCase();
}

/** "reply 'We open at 9' when someone says hours" and "if someone asks about prices, answer 'X'". */
export function keywordRepliesIn({ masked, quotes }: Masked): KeywordReply[] {
  const found: KeywordReply[] = [];
  for (const m of masked.matchAll(REPLY_THEN_WHEN)) {
    for (const item of m[2]!.split(/\s*(?:,|\/|\bor\b)\s*/i).filter(Boolean)) {
      const quoted = /^\u0001(\d+)\u0002$/.exec(item.trim());
      found.push({ reply: quotes[Number(m[1])]!, keyword: (quoted ? quotes[Number(quoted[1])]! : item).trim().toLowerCase() });
    }
  }
  for (const m of masked.matchAll(WHEN_THEN_REPLY)) {
    found.push({ keyword: keywordOf(m, 1, 2, quotes), reply: quotes[Number(m[3])]! });
  }
  found.push(...statedKeywordReplies({ masked, quotes }));
  return dedupeBy(found.filter((k) => k.keyword && k.reply), (k) => k.keyword);
}

const NOT_A_COMMAND = new Set(['a', 'an', 'the', 'new', 'custom', 'another', 'simple', 'my', 'one', 'slash', 'bot', 'that', 'which']);
const COMMAND_VERB =
  '\\s*,?\\s*(?:that|which|to|and|so (?:it|that it))?\\s*(?:repl(?:y|ies)|answers?|says?|responds?|sends?|returns?|prints?|shows?)(?:\\s+(?:with|by saying|back))?\\s*:?\\s*';
const COMMAND_PATTERNS = [
  new RegExp(`(?:^|[^\\w/])[/!]([A-Za-z]\\w{0,31})\\b(?:\\s+command)?${COMMAND_VERB}${Q}`, 'gi'),
  new RegExp(`command\\s+(?:called\\s+|named\\s+)?[/!]?([A-Za-z]\\w{0,31})\\b${COMMAND_VERB}${Q}`, 'gi'),
  new RegExp(`(?:^|\\s)([A-Za-z]\\w{0,31})\\s+command${COMMAND_VERB}${Q}`, 'gi'),
];

/** "a /price command that replies 'Bread is 3 euros'". */
export function commandRepliesIn({ masked, quotes }: Masked): CommandReply[] {
  const found: CommandReply[] = [];
  for (const pattern of COMMAND_PATTERNS) {
    for (const m of masked.matchAll(pattern)) {
      const name = m[1]!.toLowerCase();
      if (!NOT_A_COMMAND.has(name)) found.push({ name, reply: quotes[Number(m[2])]! });
    }
  }
  found.push(...statedCommandReplies({ masked, quotes }, answerPastFullStop).filter((c) => !NOT_A_COMMAND.has(c.name)));
  return dedupeBy(found.filter((c) => c.reply), (c) => c.name);
}

/** A valid command name for every platform (Telegram's rule: a-z, 0-9, _; at most 32). */
export function isCommandName(name: string): boolean {
  return /^[a-z][a-z0-9_]{0,31}$/.test(name);
}

const EVERY_N_UNITS = new RegExp(
  `\\b(?:every|each|interval(?:\\s+(?:to|of))?|once (?:a|an|per|every))\\s+(${NUMBER}|a|an)?\\s*(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d)\\b`,
);
const UNIT_SECONDS: Array<[RegExp, number]> = [
  [/^(?:s|sec|secs|second|seconds)$/, 1],
  [/^(?:m|min|mins|minute|minutes)$/, 60],
  [/^(?:h|hr|hrs|hour|hours)$/, 3600],
  [/^(?:d|day|days)$/, 86400],
];

/** "every 30 minutes", "every hour", "hourly", "daily", "interval to 2 hours" -> seconds. */
export function intervalSecondsIn(text: string): number | null {
  const lower = text.toLowerCase();
  const m = EVERY_N_UNITS.exec(lower)
    ?? /\b(\d+(?:\.\d+)?)\s*[- ]?(seconds?|secs?|minutes?|mins?|hours?|hrs?|days?)\s+(?:interval|intervals|apart)\b/.exec(lower);
  if (m) {
    const count = m[1] === undefined ? 1 : numberFrom(m[1]);
    const unit = UNIT_SECONDS.find(([re]) => re.test(m[2]!))?.[1] ?? 60;
    return count > 0 && Number.isFinite(count) ? count * unit : null;
  }
  if (/\bevery half(?:\s+an)? hour\b|\bhalf[- ]hourly\b/.test(lower)) return 1800;
  const perDay = /\b(once|twice|thrice|two times|three times|four times|(\d+) times) (?:a|per|every) day\b/.exec(lower);
  if (perDay) {
    const times = { once: 1, twice: 2, thrice: 3, 'two times': 2, 'three times': 3, 'four times': 4 }[perDay[1]!] ?? Number(perDay[2]);
    if (times >= 1 && times <= 48) return Math.round(86400 / times);
  }
  if (/\bhourly\b/.test(lower)) return 3600;
  if (/\b(?:daily|every (?:day|morning|evening|night))\b/.test(lower)) return 86400;
  if (/\bweekly\b|\bevery week\b/.test(lower)) return 7 * 86400;
  return null;
}

const WELCOME = new RegExp(
  `(?:welcome|greet)\\w*(?:\\s+(?:new\\s+)?(?:members?|users?|people|joiners?|them|everyone))?(?:\\s+(?:message|text|greeting))?(?:\\s+(?:with|saying|that says|like|of|as|to|is|by saying))?\\s*:?\\s*${Q}`,
  'i',
);

/** "welcome new members with 'Hi!'" -> "Hi!" */
export function welcomeTextIn({ masked, quotes }: Masked): string | null {
  const m = WELCOME.exec(masked);
  return m ? quotes[Number(m[1])]! : null;
}

const BANNED_TRIGGER =
  /\b(?:ban(?:s|ned)?|block(?:s|ed)?|forbid(?:s|den)?|bad|swear|curse|filter(?:s|ed)?|removes?|deletes?)\s+(?:the\s+)?(?:words?|phrases?|messages?\s+(?:containing|with|that (?:contain|say|include))(?:\s+(?:the\s+)?(?:bad\s+|swear\s+|curse\s+)?(?:words?|phrases?))?)\s*(?::|like|such as|including|e\.g\.|=)?\s*/gi;

const CLAUSE_WORDS = new Set([
  'post', 'posts', 'reply', 'replies', 'respond', 'welcome', 'welcomes', 'greet', 'remind', 'reminders', 'echo', 'echoes',
  'answer', 'answers', 'send', 'sends', 'add', 'also', 'then', 'plus', 'schedule', 'every', 'use', 'uses', 'with', 'and',
  'delete', 'deletes', 'warn', 'warns', 'ai', 'when', 'that', 'which', 'it', 'please', 'mute', 'mutes', 'kick', 'kicks',
  'ban', 'bans', 'timeout', 'block', 'blocks',
]);

/** "ban the words spam, scam and 'buy now'" -> ['spam', 'scam', 'buy now']. */
export function bannedWordsIn({ masked, quotes }: Masked): string[] {
  const words: string[] = [];
  for (const m of masked.matchAll(BANNED_TRIGGER)) {
    const rest = masked.slice(m.index! + m[0].length);
    const list = /^((?:\u0001\d+\u0002|[A-Za-z0-9][\w-]*)(?:\s*(?:,|\band\b|\bor\b|\/)\s*(?:\u0001\d+\u0002|[A-Za-z0-9][\w-]*))*)/.exec(rest);
    if (!list) continue;
    // "a, b and c": the item after "and" ends the list; a word that starts a new clause ends it too.
    const items = list[1]!.split(/\s*(,|\band\b|\bor\b|\/)\s*/);
    for (let i = 0; i < items.length; i += 2) {
      const item = items[i]!;
      const quoted = /^\u0001(\d+)\u0002$/.exec(item);
      const word = (quoted ? quotes[Number(quoted[1])]! : item).trim().toLowerCase();
      if (!quoted && CLAUSE_WORDS.has(word)) break;
      if (word && !['a', 'an', 'the', 'in', 'from', 'of', 'to', 'with'].includes(word)) words.push(word);
      if (items[i - 1] === 'and') break;
    }
  }
  return [...new Set(words)];
}

const POST_TEXT = new RegExp(`\\b(?:post|posts|posting|tweet|tweets|announce|announces|publish|publishes|share|shares|send|sends|broadcast|broadcasts)\\s*(?:the\\s+)?(?:(?:message|text|tweet|update)\\s*)?:?\\s*${Q}`, 'gi');

/** "post 'Fresh bread is ready!' every morning" -> ['Fresh bread is ready!']. */
export function postTextsIn({ masked, quotes }: Masked): string[] {
  return [...new Set([...masked.matchAll(POST_TEXT)].map((m) => quotes[Number(m[1])]!).filter(Boolean))];
}

function dedupeBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) seen.set(key(item), item); // a later mention overrides an earlier one
  return [...seen.values()];
}

/** A command's answer, carried past its first full stop when the next sentence is still the answer ("Submissions close 14 March. A5 only, ..."). */
function answerPastFullStop(rest: string, quotes: string[]): string | null {
  const short = answerAt(rest, quotes);
  const long = commandAnswerAt(rest, quotes);
  return short && long && /^[.!?]\s/.test(long.slice(short.length)) ? long : short;
}
