// The person's own words that the plan does not carry: a quoted text, a command name (/86, !roll), a
// channel (#sales-floor), a link or an e-mail address written in the request and found nowhere in
// the plan's rules (their sources left aside). Each sentence holding one is quoted back under "Not
// understood", so that a bot missing part of what was asked never looks finished.
import type { BotPlan } from '../../../../shared/bot-plan.schema';
import { sentencesOf } from './understanding/clauses';
import { QUOTE, quoteText, restoreWritten, wordingOf } from './understanding/wording';

const COMMAND = /(?<![\p{L}\p{N}_:/.\]\)!&'’-])[/!]([\p{L}\p{N}_]{1,32})(?![\p{L}\p{N}_/.]*\.[a-z]{2,})/gu;
const CHANNEL = /(?<![\p{L}\p{N}&])#(\p{L}[\p{L}\p{N}_-]{0,79})/gu;
const LINK = /\bhttps?:\/\/[^\s"'<>]+|\b[\w.+-]+@[\w-]+\.[\w.-]+\b|\b(?:[a-z0-9-]+\.)+(?:com|org|net|io|gg|me|ly|co|app|dev|shop|store)(?:\/[^\s"'<>]*)?/gi;
/** "we're 'Die Füllerei'", "admin of 'Swap Kraków'", "a 'thought for the day'": a name, not a text for the bot. */
const NAMED_BEFORE = /\b(?:of|at|from|called|named|we'?re|we are|i'?m|i am|a|an)(?:\s+(?:the|our|my))?\s*$/i;
/** "no /price command", "without #general": words named to be left out. */
const LEFT_OUT_ON_PURPOSE = /\b(?:no|not|don'?t|do not|without|never|except|remove|drop|instead of|rather than)\b[^.!?\n]{0,24}$/i;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'-]*/gu;

/** Lowercased, quotes and spaces made plain, placeholders ({name}, [name], <name>) made alike. */
function plain(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’`]/g, "'")
    .replace(/[“”«»]/g, '"')
    .replace(/\{[^{}\n]{1,30}\}|\[[^[\]\n]{1,30}\]|<[^<>\n]{1,30}>/g, '{}')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every string inside a value (a rule's trigger, conditions, actions and channel: never its source sentence). */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

/** What a plan carries, each text plain: all of them as one text, each alone, its commands and the words it listens for. */
interface Carried {
  text: string;
  texts: string[];
  commands: Set<string>;
  keywords: string[];
}

/** What the plan carries: its rules' texts, its name, its settings' values and what it says it did not build. */
function carriedBy(plan: BotPlan): Carried {
  const texts = [
    ...plan.rules.flatMap((r) => textsOf({ when: r.when, if: r.if, do: r.do, channel: r.channel })),
    plan.name,
    ...Object.values(plan.settings.values ?? {}),
    ...plan.notBuilt.map((n) => n.words),
  ];
  const commands = new Set(plan.rules.flatMap((r) => (r.when.kind === 'command' ? [r.when.name.toLowerCase()] : [])));
  const keywords = plan.rules.flatMap((r) => (r.when.kind === 'keyword' ? r.when.words.map(plain).filter((w) => w.length >= 3) : []));
  const plainTexts = texts.map(plain);
  return { text: plainTexts.join('\n'), texts: plainTexts, commands, keywords };
}

/**
 * A quoted text is carried when the plan holds it whole, each of its parts ("sourdough 5€, croissant
 * 2€"), all but a word or so in five of its words in one text, or (a question or a few words people
 * send) a word a rule listens for.
 */
function quoteCarried(quote: string, carried: Carried): boolean {
  const q = plain(quote).replace(/^[\s"'.,:;!?-]+|[\s"'.,:;!?-]+$/g, '');
  if (q.length < 2 || !/\p{L}|\p{N}/u.test(q)) return true;
  if (carried.text.includes(q)) return true;
  const parts = q.split(/\s*(?:[,;\n|•]|\s\/\s|\s-\s)\s*/).map((p) => p.replace(/[.!?]+$/, '').trim()).filter((p) => p.length >= 2);
  if (parts.length > 1 && parts.every((p) => carried.text.includes(p))) return true;
  // "you're on X bottles now" carried as "you're on {count} bottles now": a word or so in five is the bot's own.
  const words = q.match(WORD) ?? [];
  if (words.length >= 4) {
    const allowed = Math.max(1, Math.floor(words.length / 5));
    const found = carried.texts.some((t) => {
      const has = new Set(t.match(WORD) ?? []);
      return words.filter((word) => !has.has(word)).length <= allowed;
    });
    if (found) return true;
  }
  // A question or a word or two people may send ("what time do you open?"): the rule listens for part of it.
  const short = /\?\s*$/.test(quote) || q.split(' ').length <= 3;
  return short && carried.keywords.some((k) => q.includes(k));
}

function commandCarried(name: string, carried: Carried): boolean {
  const n = name.toLowerCase();
  return carried.commands.has(n) || new RegExp(`[/!]${n.replace(/[^\p{L}\p{N}_]/gu, '')}(?![\\p{L}\\p{N}_])`, 'u').test(carried.text);
}

/**
 * The sentences of `message` holding words of the person's own that the plan does not carry,
 * as written; a sentence already quoted back (`shown`) is not repeated.
 */
export function wordsLeftOut(message: string, plan: BotPlan, shown: readonly string[]): string[] {
  const carried = carriedBy(plan);
  const w = wordingOf(message);
  const seen = shown.map(plain);
  const out: string[] = [];
  for (const sentence of sentencesOf(w.masked)) {
    const missing = (at: number) => !LEFT_OUT_ON_PURPOSE.test(restoreWritten(w, sentence.slice(0, at)));
    const quotes = [...sentence.matchAll(new RegExp(QUOTE, 'g'))].filter(
      (m) => !quoteCarried(quoteText(w.quotes, m[1]), carried) && missing(m.index!) && !NAMED_BEFORE.test(sentence.slice(0, m.index!)),
    );
    const commands = [...sentence.matchAll(COMMAND)].filter((m) => /\p{L}|^\d+$/u.test(m[1]!) && !commandCarried(m[1]!, carried) && missing(m.index!));
    // A channel is carried written as one (#name), or as the name a rule posts to or listens in (a text of its own).
    const channels = [...sentence.matchAll(CHANNEL)].filter((m) => !carried.text.includes(`#${plain(m[1]!)}`) && !carried.texts.includes(plain(m[1]!)) && missing(m.index!));
    const links = [...sentence.matchAll(LINK)].filter((m) => !carried.text.includes(plain(m[0]).replace(/[.,;:!?)]+$/, '')) && missing(m.index!));
    // Words already quoted back in a part not understood ("!86 <dish> should add ...") are not said twice.
    const items = [...quotes, ...commands, ...channels, ...links].map((m) => plain(restoreWritten(w, m[0])));
    if (!items.some((item) => !seen.some((s) => s.includes(item)))) continue;
    const written = restoreWritten(w, sentence).trim().replace(/^[-*•>\d.)\s]+/, '').replace(/[\s,:;]+$/, '');
    seen.push(plain(written));
    out.push(written.length > 240 ? `${written.slice(0, 237)}...` : written);
  }
  return out;
}
