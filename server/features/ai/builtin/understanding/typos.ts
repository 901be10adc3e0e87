// Forgives one slip of the keyboard in the words that name platforms and behaviours ("telegarm",
// "discrod", "welcom", "remnder", "wether"), without turning real words ("leather") into keywords,
// and reads chat spellings of who is meant ("sum1", "any1").

/** The words worth correcting: each names a platform or a behaviour, and has at least 5 letters. */
const VOCABULARY = [
  'telegram', 'discord', 'twitter', 'whatsapp', 'welcome', 'welcoming', 'goodbye', 'farewell', 'reminder', 'reminders',
  'remind', 'schedule', 'scheduled', 'weather', 'forecast', 'translate', 'translation', 'translator', 'moderate',
  'moderation', 'moderator', 'keyword', 'keywords', 'headlines', 'crypto', 'bitcoin', 'ethereum', 'currency',
  'currencies', 'exchange', 'motivational', 'inspirational', 'random', 'counter', 'leaderboard', 'announcement',
  'announcements', 'python', 'javascript', 'jokes', 'quotes', 'facts', 'echoes', 'echoing', 'banned', 'swearing',
  'profanity', 'message', 'messages', 'reminds',
];

/** Real words one letter away from a keyword: never "corrected". */
const REAL_WORDS = new Set([
  'leather', 'feather', 'heather', 'discard', 'discards', 'twister', 'twisted', 'titter', 'remand', 'rewind', 'rewinds',
  'remainder', 'remainders', 'crypt', 'crypts', 'ransom', 'random', 'faces', 'pacts', 'fasts', 'farts', 'joker', 'jokers',
  'jokey', 'pokes', 'yokes', 'hokes', 'joked', 'quotas', 'quota', 'massage', 'massages', 'messager', 'passage', 'banner',
  'banned', 'canned', 'pythons', 'counted', 'courter', 'remains', 'twitted', 'reminded', 'banker', 'message', 'messages',
  'welcomed', 'welcomes', 'scheduler', 'schedules', 'keyboard', 'forecasts', 'exchanges', 'translated', 'translates',
  'moderated', 'moderates', 'currently', 'counters', 'reminding', 'reminders', 'reminder', 'whether', 'quote', 'quoted',
  'quoting', 'joking', 'echoed', 'wetter', 'deadlines', 'deadline',
]);

/** True when a and b differ by one insertion, deletion, substitution or swap of neighbours. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const diff: number[] = [];
    for (let i = 0; i < a.length && diff.length <= 2; i++) if (a[i] !== b[i]) diff.push(i);
    if (diff.length === 1) return true;
    return diff.length === 2 && diff[1] === diff[0]! + 1 && a[diff[0]!] === b[diff[1]!] && a[diff[1]!] === b[diff[0]!];
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && long[i] === short[i]) i++;
  return long.slice(i + 1) === short.slice(i);
}

/** "wether or not" is "whether", not the weather. */
const NOT_WEATHER_AFTER = /^\s+(?:or|it|to|i|you|we|they|he|she|this|that|the|there|a)\b/i;

function correctionOf(word: string, after: string): string | null {
  const lower = word.toLowerCase();
  if (lower.length < 5 || REAL_WORDS.has(lower) || VOCABULARY.includes(lower)) return null;
  const match = VOCABULARY.find((v) => withinOneEdit(lower, v));
  if (!match) return null;
  // "headline" is the word itself, one of the plural "headlines": no slip.
  if (match === `${lower}s` || `${match}s` === lower) return null;
  if (match === 'weather' && lower === 'wether' && NOT_WEATHER_AFTER.test(after)) return null;
  return /^[A-Z]/.test(word) ? match[0]!.toUpperCase() + match.slice(1) : match;
}

const URL = /\bhttps?:\/\/\S+|\bwww\.\S+/gi;
const PLATFORMS = ['telegram', 'discord', 'twitter', 'whatsapp'];

/** Chat spellings of who is meant ("if sum1 posts ...", "any1 who joins") and of when ("evry day"). */
const CHAT_SPELLINGS: Record<string, string> = { sum1: 'someone', some1: 'someone', any1: 'anyone', every1: 'everyone', no1: 'no one', evry: 'every', evrey: 'every', evey: 'every' };

/** The text with misspelt keywords corrected; quote markers, URLs and every other word untouched. */
export function correctTypos(written: string): string {
  const text = written.replace(/(?<![\w/!#@])(sum1|some1|any1|every1|no1|evry|evrey|evey)(?!\w)/gi, (w) => CHAT_SPELLINGS[w.toLowerCase()]!);
  const urls = [...text.matchAll(URL)].map((m) => [m.index!, m.index! + m[0].length] as const);
  return text.replace(/[A-Za-z]+/g, (word, at: number) => {
    // A URL, a /command, a #channel or an @name is written as it is meant ("#deadlines" is no "headlines").
    if (urls.some(([from, to]) => at >= from && at < to) || /[/!#@][\w-]*$/.test(text.slice(0, at))) return word;
    // "Jones & Daughter Decorators": a capital inside a sentence is a name, not a slip (platforms' names excepted).
    const name = /^[A-Z][a-z]/.test(word) && !/(?:^|[.!?:\n]\s*|["'“(]\s*)$/.test(text.slice(0, at));
    if (name && !PLATFORMS.some((p) => withinOneEdit(word.toLowerCase(), p))) return word;
    return correctionOf(word, text.slice(at + word.length, at + word.length + 12)) ?? word;
  });
}
