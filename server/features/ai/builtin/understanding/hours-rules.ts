// Rules that depend on the hours, read with the hours as written:
//   "outside office hours (mon-fri 8-18, sat 9-13) answer everything else with: Office closed now"
//   "if people ask are you open: in opening hours (Tue-Fri 7-18, Sat 7-13) → Yes, we're open! and
//    outside → Sorry, closed right now"
//   "/urgent → during Ivo's hours (mon-fri 7:00-15:00) reply Sent to Ivo ✅, outside those hours reply
//    Ivo is off now"
// Several spans of days and hours are several conditions: outside all of them is one rule (each
// condition "outside"), inside any of them is one rule per span.
import type { Action, Condition, Trigger } from '../../../../../shared/bot-plan.schema';
import type { TimeOfDay, Weekday } from '../bot-request';
import type { RuleDraft } from './rule-draft';
import { saidWordsAt } from './said-words';
import { TIME_GROUPS, TIME_OF_DAY, timeFromMatch, timesIn, weekdaysIn } from './times';
import { type Masked, restore } from './masked';
import { DAY_NAME, INITIALS_SPAN, isDayAlone, weekdayNamed } from './day-names';
import { conditionsIn } from './conditions';

type Span = { from: TimeOfDay; to: TimeOfDay; weekdays: Weekday[] };

const DAY = DAY_NAME;
const RANGE = '\\s*(?:-|–|to|through|till|a|à|al|bis|tot|até|hasta)\\s*';
const DAYS = `(?:${INITIALS_SPAN}|${DAY}${RANGE}${DAY}|week ?days|weekends?|daily|every ?day|${DAY}(?:\\s*(?:,|&|and|\\+|y|e|und|et|en)\\s*${DAY})*)`;
/** "18", "18:30", and "7h", "19h30" as written in much of Europe. */
const CLOCK = `(?:${TIME_OF_DAY}|(?<![\\u0001\\d.:])(\\d{1,2})(?:[:h](\\d{2}))?h?(?![\\d:]))`;
const TO = '\\s*(?:-|–|to|until|till|(?<=\\s)(?:a|à|bis|tot|al|alle|hasta|até)(?=\\s))\\s*';
/** "mon-fri 8-18" and "9am-5pm weekdays". */
const DAYS_FIRST = new RegExp(`(${DAYS})\\s*:?\\s*${CLOCK}${TO}${CLOCK}`, 'gi');
const TIMES_FIRST = new RegExp(`${CLOCK}${TO}${CLOCK}[ \\t]*(?:on\\s+)?(${DAYS})`, 'gi');
/** A pattern's groups made non-capturing, for an alternative whose parts are read again elsewhere. */
function uncaptured(pattern: string): string {
  return pattern.replace(/\((?!\?)/g, '(?:');
}
/** The groups one CLOCK adds to a regex. */
const WIDTH = TIME_GROUPS + 2;

function clock(m: RegExpMatchArray, first: number): TimeOfDay | null {
  const time = timeFromMatch(m, first);
  if (time) return time;
  const hour = m[first + TIME_GROUPS];
  if (hour === undefined || Number(hour) > 24) return null;
  return `${String(Number(hour) % 24).padStart(2, '0')}:${m[first + TIME_GROUPS + 1] ?? '00'}`;
}

/** "mon-fri 8-18, sat 9-13" -> two spans. A bare "9-5" ends in the afternoon. */
/** "9-5": an end before the start in the morning is in the afternoon (17:00). */
function endAfter(from: TimeOfDay, to: TimeOfDay): TimeOfDay {
  return to <= from && Number(to.slice(0, 2)) < 12 ? (`${String(Number(to.slice(0, 2)) + 12).padStart(2, '0')}${to.slice(2)}` as TimeOfDay) : to;
}

export function spansIn(text: string): Span[] {
  const found: Array<{ at: number; days: string; from: TimeOfDay | null; to: TimeOfDay | null }> = [
    ...[...text.matchAll(DAYS_FIRST)].map((m) => ({ at: m.index!, days: m[1]!, from: clock(m, 2), to: clock(m, 2 + WIDTH) })),
    ...[...text.matchAll(TIMES_FIRST)].map((m) => ({ at: m.index!, days: m[1 + 2 * WIDTH]!, from: clock(m, 1), to: clock(m, 1 + WIDTH) })),
  ];
  // "L-V 9:30-14 y 17-20:30": the second hours are the same days'.
  for (const m of text.matchAll(DAYS_FIRST)) {
    const more = new RegExp(`^\\s*(?:,|y|e|and|und|et|en|&|\\+|/)\\s*${CLOCK}${TO}${CLOCK}`, 'i').exec(text.slice(m.index! + m[0].length));
    if (more) found.push({ at: m.index! + m[0].length, days: m[1]!, from: clock(more, 1), to: clock(more, 1 + WIDTH) });
  }
  const spans: Span[] = [];
  for (const f of found.sort((x, y) => x.at - y.at)) {
    if (!f.from || !f.to) continue;
    // "do 9-5" is no Thursday: a two-letter day alone only with a capital ("Sa 10-14").
    if (/^[a-zà-ÿ]{1,3}\.?$/i.test(f.days.trim()) && !isDayAlone(f.days)) continue;
    const to = endAfter(f.from, f.to);
    const weekdays = daysOf(f.days);
    if (!spans.some((x) => x.from === f.from && x.to === to && x.weekdays.join() === weekdays.join())) spans.push({ from: f.from, to, weekdays });
  }
  return spans;
}

const WEEK: Weekday[] = [0, 1, 2, 3, 4, 5, 6];

/** "mon-fri" -> 0..4, "sat" -> 5, "sat & sun" -> 5, 6, "weekdays" -> 0..4, "L-V" -> 0..4; every day is []. */
function daysOf(days: string): Weekday[] {
  const lower = days.toLowerCase();
  if (/daily|every ?day/.test(lower)) return [];
  const range = new RegExp(`^(${DAY_NAME}|[a-z])${RANGE}(${DAY_NAME}|[a-z])$`, 'i').exec(days.trim());
  const [a, b] = range ? [weekdayNamed(range[1]!), weekdayNamed(range[2]!)] : [null, null];
  if (a !== null && b !== null) return WEEK.filter((i) => (a <= b ? i >= a && i <= b : i >= a || i <= b));
  const named = [...days.matchAll(new RegExp(DAY_NAME, 'gi'))].map((d) => weekdayNamed(d[0])).filter((d): d is Weekday => d !== null);
  return named.length > 0 ? [...new Set(named)].sort() : weekdaysIn(days);
}

function inside(span: Span): Condition {
  return { kind: 'hours', from: span.from, to: span.to, weekdays: span.weekdays, outside: false };
}

function outside(span: Span): Condition {
  return { ...inside(span), outside: true } as Condition;
}

const SAYS =
  /^[\s,:]*(?:→|->|=>|-)?\s*(?:(?:to|for)\s+)?(?:(?:any|every|all)\s+(?:other\s+)?(?:msgs?|messages?)\s*(?:gets?|receives?)?\s*[:,]?\s*)?(?:the bot\s+|it\s+|just\s+|only\s+)?(?:should\s+)?(?:(?:(?:answer|reply|respond|say)s?|gets?)(?:\s+(?:to\s+)?(?:everything(?: else)?|all (?:other )?messages|any (?:other )?messages?|normal (?:msgs|messages)|messages|msgs|people|them))?(?:\s+with)?)?\s*:?\s*(?:→|->)?\s*/i;
const IN_HOURS = /\b(?:during|in|within|inside)\s+(?:(?:our|my|the|\w+'s|office|opening|business|working|open|shop|store)\s+)*hours\b\s*(?:\(([^)]*)\))?/i;
const OUT_HOURS = new RegExp(
  `\\b(?:outside|out of|after)\\s+(?:(?:our|my|the|those|these|\\w+'s|office|opening|business|working|open|shop|store)\\s+)*hours\\b\\s*(?:\\(([^)]*)\\))?|\\band outside\\b|\\boutside (?:that|those|them|these)(?:\\s+(?:hours|times?))?\\b|\\botherwise\\b` +
    // "when the shop is closed", and outside the hours in the languages requests mix in.
    `|\\bwhen(?:ever)?\\s+(?:(?:the )?(?:shop|store|we|office|salon|studio|clinic|it|they|laden)\\s*(?:is|are|'s|'re)?\\s*)?(?:closed|shut)\\b` +
    `|\\bfuera de(?:l)? horario\\b|\\bfuori (?:dall'|dell')?orario\\b|\\baußerhalb (?:der )?(?:öffnungszeiten|geschäftszeiten)|\\b(?:en dehors des|hors des?) (?:heures|horaires)(?: d'ouverture)?|\\bfora do horário|\\bbuiten (?:de )?openingstijden\\b` +
    // "any other message outside mon-sat 8:00-20:00 (irish time): We're off now"
    `|\\boutside(?:\\s+of)?\\s+(${DAYS}\\s*:?\\s*${CLOCK}${TO}${CLOCK})(?:\\s*\\([^)]*\\))?` +
    // "messages outside 08:00-18:00 on weekdays get ...", "outside 9:00-19:00 → ...": the hours first (read again by spansIn).
    `|\\boutside(?:\\s+of)?\\s+${uncaptured(CLOCK)}${TO}${uncaptured(CLOCK)}(?:[ \\t]*(?:on\\s+)?${uncaptured(DAYS)})?`,
  'i',
);

/** Words that ask for no answer ("stay quiet, people chat in there", "don't reply", "ignore it"). */
function quiet(text: string | null): boolean {
  return text !== null && /^(?:don'?t|do not|no|nothing|stay (?:silent|quiet)|be quiet|keep quiet|say nothing|ignore|leave (?:it|them)|shh)\b/i.test(text);
}

const WHO_WRITES = /^\s*(?:\([^)]*\))?[\s,]*(?:(?:and|if|when)\s+)?(?:(?:someone|somebody|anyone|people|ppl|they|a customer|customers)\s+(?:writes?|sends?|messages?|texts?|asks?)\b(?:\s+(?:something|anything|us|me)(?:\s+else)?)?[\s,]*)?/i;

/** The trigger a line's hours rule answers: its command, its words, or any other message. */
function triggerOf(before: string, quotes: string[]): Trigger {
  const command = [...before.matchAll(/(?:^|[^\w/:.€$£¥%°])[/!]([A-Za-z][A-Za-z0-9_]{0,31})\b/g)].pop();
  if (command) return { kind: 'command', name: command[1]!.toLowerCase() };
  const asks = /\b(?:ask|asks|write|writes|say|says|type|types)\s+(?:if\s+|whether\s+)?((?:\u0001\d+\u0002|[\w' ?]+?))\s*(?::|→|->|,|$)/i.exec(before);
  if (asks) {
    const words = restore(asks[1]!, quotes).replace(/\?$/, '').trim().toLowerCase();
    // "writes to us", "messages me", "says anything": any message, no words.
    const anyMessage = /^(?:to\s+(?:us|me|the bot|the shop|the page)|us|me|anything|something|in)(?:\s|$)/.test(words);
    if (words && !anyMessage && words.split(/\s+/).length <= 5) return { kind: 'keyword', words: [words], whole: false };
  }
  return { kind: 'message', always: false };
}

/** "between 9pm and 8am just reply Kemal is off now", "between 22:00 and 07:00 if someone posts, reply ...": a reply to any other message at those hours. */
const BETWEEN = new RegExp(`\\b(?:between|from)\\s+(${TIME_OF_DAY})\\s*(?:and|to|till|until|-|–)\\s*(${TIME_OF_DAY})\\s*,?\\s*(?:(?:if|when(?:ever)?)\\s+(?:someone|anyone|somebody|people|ppl)\\s+(?:posts?|writes?|messages?|sends? (?:something|anything|a message))\\s*,?\\s*)?(?:(?:just|only|the bot should|it should)\\s+)?(?:(?:reply|answer|say|respond)(?:\\s+with)?\\s*:?|→|->)\\s*`, 'gi');

function betweenRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  for (const hit of m.masked.matchAll(BETWEEN)) {
    const from = timeFromMatch(hit, 2);
    const to = timeFromMatch(hit, 3 + TIME_GROUPS);
    const text = saidWordsAt(m.masked.slice(hit.index! + hit[0].length), m.quotes);
    if (!from || !to || !text) continue;
    // "just reply ...": at those hours this is the only answer (the other rules wait until after).
    const only = /\b(?:just|only)\b/i.test(hit[0]);
    rules.push({ id: 'at-hours', when: { kind: 'message', always: false }, if: [{ kind: 'hours', from, to, weekdays: [], outside: false }], do: [{ kind: 'reply', text }], ...(only ? { only } : {}), source: restore(hit[0] + text, m.quotes) });
  }
  return rules;
}

/** "we're closed mondays so when people write us on a monday just answer Closed Mondays ✂️": a whole day. */
const ON_DAY = /\bon (?:a )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\b[^.\n]*?\b(?:just\s+|only\s+)?(?:answer|reply|say|respond)(?:\s+with)?\s*:?\s*/i;

function dayRules(m: Masked): RuleDraft[] {
  const hit = ON_DAY.exec(m.masked);
  const text = hit ? saidWordsAt(m.masked.slice(hit.index + hit[0].length), m.quotes) : null;
  if (!hit || !text) return [];
  const day = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].indexOf(hit[1]!.toLowerCase()) as Weekday;
  // "closed mondays ... just answer ...": on that day it is the only answer; "anything else people send on a
  // sunday, answer ...": an answer to the other messages, the commands still work.
  const sentence = m.masked.slice(Math.max(0, m.masked.lastIndexOf('.', hit.index) + 1, m.masked.lastIndexOf('\n', hit.index) + 1), hit.index + hit[0].length);
  const only = !/\b(?:anything|everything|something) else\b|\b(?:any|all) other\b/i.test(sentence);
  return [{ id: 'on-day', when: { kind: 'message', always: false }, if: [{ kind: 'hours', from: '00:00', to: '00:00', weekdays: [day], outside: false }], do: [{ kind: 'reply', text }], ...(only ? { only } : {}), source: restore(hit[0] + text, m.quotes) }];
}

/** "before 8am or after 6pm, and all weekend": open from the one to the other, on weekdays when weekends are out too. */
function openBetween(text: string): Span[] | null {
  const hit = /\bbefore\s+([^,;]+?)\s*(?:,|or|and)\s*(?:or\s+)?after\s+([^,;()]+)/i.exec(text);
  const [from, to] = hit ? [timesIn(hit[1]!)[0]?.time, timesIn(hit[2]!)[0]?.time] : [];
  if (!from || !to) return null;
  const weekdays: Weekday[] = /\bweekends?\b/i.test(text) ? [0, 1, 2, 3, 4] : [0, 1, 2, 3, 4, 5, 6];
  return [{ from, to, weekdays }];
}

/**
 * Hours with no days, every day: "outside 9:00-19:00", or those of the line's opening hours ("we are
 * open 6am to 2pm, outside that reply ...").
 */
function openEveryDay(hours: string, line: string): Span[] {
  const opening = /\b(?:open|opening hours|hours are|we work|working hours)\b[^.\n]{0,20}?/i.exec(line);
  const spans = everyDay(hours);
  return spans.length > 0 || !opening ? spans : everyDay(line.slice(opening.index + opening[0].length, opening.index + opening[0].length + 30));
}

function everyDay(text: string): Span[] {
  const hit = new RegExp(`${CLOCK}${TO}${CLOCK}`, 'i').exec(text);
  const [from, to] = hit ? [clock(hit, 1), clock(hit, 1 + WIDTH)] : [null, null];
  return from && to ? [{ from, to: endAfter(from, to), weekdays: [] }] : [];
}

/** The hours rules of a request, and whether it gave hours at all (the older away reading then stays out). */
export function hoursRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [...betweenRules(m), ...dayRules(m)];
  const allSpans = spansIn(m.masked);
  for (const line of m.masked.split(/\n+/)) {
    const inHit = IN_HOURS.exec(line);
    const outHit = OUT_HOURS.exec(line);
    if (!outHit && !inHit) continue;
    const first = [inHit, outHit].filter((h): h is RegExpExecArray => h !== null).sort((a, b) => a.index - b.index)[0]!;
    const spans = [inHit?.[1], outHit?.[1], outHit?.[2]].map((s) => (s ? spansIn(s) : [])).find((s) => s.length > 0) ?? (outHit?.[1] ? openBetween(outHit[1]) : null) ?? (allSpans.length > 0 ? allSpans : openEveryDay(outHit?.[0] ?? '', line));
    if (spans.length === 0) continue;
    // The trigger is written in the same sentence, before the hours.
    const when = triggerOf(line.slice(0, first.index).replace(/^.*[.!?]\s+/, ''), m.quotes);
    const source = restore(line, m.quotes).trim();
    const wordsAfter = (hit: RegExpExecArray) => {
      // "when shop is closed (berlin time) and somebody writes something, answer: ...": the words after the answer.
      const rest = line.slice(hit.index + hit[0].length).replace(WHO_WRITES, '');
      const lead = SAYS.exec(rest)!;
      const said = saidWordsAt(rest.slice(lead[0].length).split(/\s*,?\s+(?:and\s+)?(?:outside|otherwise|out of)\b/i)[0]!, m.quotes);
      // "forward it to him and reply Sent to Ivo ✅": the words after the last say-word.
      const passesOn = said !== null && /^(?:forward|send|pass|dm|message|notify|ping)\b/i.test(said);
      const last = passesOn ? /.*\b(?:reply|replies|say|says|answer|answers)\s+(?:with\s+)?:?\s*(.+)$/i.exec(said) : null;
      return { text: last ? last[1]!.trim() : passesOn ? null : said, forward: passesOn };
    };
    const actions = ({ text, forward }: { text: string | null; forward: boolean }): Action[] => [
      ...(forward ? [{ kind: 'forward' as const, to: 'owner' as const }] : []),
      ...(text ? [{ kind: 'reply' as const, text }] : []),
    ];
    if (inHit && (!outHit || inHit.index < outHit.index)) {
      const said = wordsAfter(inHit);
      const silent = quiet(said.text);
      if (!silent && actions(said).length > 0) spans.forEach((span, i) => rules.push({ id: `in-hours-${i + 1}`, when, if: [inside(span)], do: actions(said), source }));
    }
    // "otherwise stay quiet": no answer at all, not an answer of those words.
    if (outHit && actions(wordsAfter(outHit)).length > 0 && !quiet(wordsAfter(outHit).text)) {
      // "outside that only say ...": then it is the only answer (other answers wait until the hours).
      const only = spans.length === 1 && /^\s*,?\s*(?:just|only)\b/i.test(line.slice(outHit.index + outHit[0].length));
      // "messages in #it-helpdesk outside ...": where the rule listens.
      const chat = conditionsIn(line.slice(0, outHit.index)).chat;
      rules.push({ id: 'outside-hours', when, if: [...spans.map(outside), ...(chat ? [{ kind: 'chat' as const, name: chat }] : [])], do: actions(wordsAfter(outHit)), ...(only ? { only } : {}), source });
    }
  }
  return rules;
}
