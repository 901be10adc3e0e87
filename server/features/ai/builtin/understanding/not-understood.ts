// The parts of a request nothing was understood from, quoted back as written ("can book flights").
// A clause counts as understood when, read alone, it gives anything, or when it holds one of the
// texts the whole request gave (the last items of a list: "...and Taco Town").

import type { BotRequest } from '../bot-request';
import { clausesOf, isFiller, sentencesOf, tidyClause } from './clauses';
import { timesIn, weekdaysIn } from './times';
import { restoreWritten, type Wording } from './wording';

type Understood = Omit<BotRequest, 'notUnderstood'>;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
const SENT_TO_OWNER = /^(?:[→-]\s*)?(?:and\s+|then\s+)*(?:sends?|forwards?|pass(?:es)?|dms?)\s+(?:(?:it|them|that|those|these|the|all|everything)\s+)?(?:answers?\s+|info\s+|details\s+)?(?:on\s+)?(?:to\s+)?(?:me|us)(?:\s+(?:the|all|those)\s+(?:answers?|info|details))?(?:\s+(?:privately|in private|in dms?))?[.!]?$/i;

/** Every word of the texts the request gave (replies, lists, names, the city...) and of what cannot be built. */
function wordsUsed(r: Understood): Set<string> {
  const texts = [
    ...r.keywordReplies.flatMap((k) => [k.keyword, k.reply]), ...r.commandReplies.flatMap((c) => [c.name, c.reply]), ...r.bannedWords,
    r.welcomeText, ...r.postTexts, r.goodbyeText, r.rulesText, r.awayText, r.city, r.feedUrl, ...r.coins, ...r.currencies, r.targetLanguage,
    r.poll?.question, ...(r.poll?.options ?? []), ...r.menu.flatMap((m) => [m.label, m.reply]), ...r.jokes, ...r.quotes, ...r.facts,
    ...r.choices, ...Object.values(r.commandNames), r.purpose, r.botName, ...r.impossible.map((i) => i.what),
    ...r.rules.flatMap(wordsOfRule),
  ];
  return new Set(texts.filter((t): t is string => typeof t === 'string').join('\n').toLowerCase().match(WORD) ?? []);
}

/**
 * The texts a rule carries (its replies, questions, keywords, names), not its field names nor the
 * sentence it was read from: the rest of that sentence may still hold something not understood.
 */
function wordsOfRule(rule: unknown): string[] {
  if (typeof rule === 'string') return [rule];
  if (Array.isArray(rule)) return rule.flatMap(wordsOfRule);
  if (rule && typeof rule === 'object') {
    // A rule's `source` is the sentence it came from; a data action's `source` (the AI's instructions) is read.
    return Object.entries(rule).flatMap(([key, value]) =>
      ['kind', 'op', 'per', 'order', 'item', 'to', 'id'].includes(key) || (key === 'source' && typeof value === 'string') ? [] : wordsOfRule(value),
    );
  }
  return [];
}

/**
 * The clauses that contributed nothing, as the message wrote them (polite filler left out).
 * `understoodAlone` reads one clause by itself.
 */
export function notUnderstoodIn(w: Wording, whole: Understood, understoodAlone: (clause: Wording) => boolean): string[] {
  const used = wordsUsed(whole);
  const gaveAText = (clause: string) =>
    (restoreWritten(w, clause).toLowerCase().match(WORD) ?? []).some((word) => word.length >= 3 && !isFiller(word) && used.has(word));
  // "...on tuesdays and thursdays at 7pm": the days and times of the schedule or the open hours.
  const scheduled = whole.postTimes.length > 0 || whole.postWeekdays.length > 0 || whole.openHours !== null;
  const gaveATime = (clause: string) => scheduled && (timesIn(clause).length > 0 || weekdaysIn(clause).length > 0);
  // "then send to me", "→ send me the answers": where the answers of questions (or a copy) go, which those rules do.
  const sendsOn = whole.rules.some((r) => r.do.some((a) => a.kind === 'ask' || a.kind === 'forward'));
  const passesOn = (clause: string) => sendsOn && SENT_TO_OWNER.test(clause.trim());
  // "say Thanks" of "...and say Thanks! We'll be in touch": the start of a text a rule says.
  const ruleTexts = whole.rules.flatMap(wordsOfRule).map((t) => t.toLowerCase());
  const startsAText = (clause: string) => {
    const said = restoreWritten(w, clause).trim().replace(/^(?:and\s+)?(?:then\s+)?(?:say|says|reply|replies|answer|tell them)\s*:?\s*/i, '').toLowerCase();
    return said.length >= 2 && ruleTexts.some((t) => t.startsWith(said) || t.includes(said) && said.length >= 12);
  };
  const unclear: string[] = [];
  for (const sentence of sentencesOf(w.masked)) {
    for (const clause of clausesOf(sentence)) {
      const written = tidyClause(restoreWritten(w, clause));
      if (!written || isFiller(written) || understoodAlone({ ...w, masked: clause }) || passesOn(clause) || startsAText(clause) || gaveAText(clause) || gaveATime(clause)) continue;
      unclear.push(written);
    }
  }
  return unclear;
}
