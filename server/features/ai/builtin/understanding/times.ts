// Times of day and days of the week as people write them: "9am", "9:30 pm", "21:00", "noon",
// "9 in the morning"; "every Monday", "on weekdays", "Monday to Friday", "every day except Sunday".

import { longDayNamesIn } from './day-names';
import type { TimeOfDay, Weekday } from '../bot-request';

const HOUR = '(?<![\\u0001\\d.:])(\\d{1,2})';
/** One time of day, in any of the written forms below (groups are read by timeFromMatch). */
export const TIME_OF_DAY = [
  `${HOUR}(?:[:.](\\d{2}))?\\s*(a\\.?m\\.?|p\\.?m\\.?)(?![a-z])`,
  `${HOUR}:(\\d{2})(?!\\d)`,
  `\\b(noon|midday|midnight)\\b`,
  `${HOUR}(?::(\\d{2}))?\\s+(?:o'?clock\\s+)?(?:in the (morning|afternoon|evening)|at (night))`,
  // "23h", "7h30": the hour as French and others write it.
  `${HOUR}h(\\d{2})?(?![a-z\\d])`,
].map((p) => `(?:${p})`).join('|');

function hhmm(hour: number, minute: number): TimeOfDay | null {
  if (!(hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59)) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The time a TIME_OF_DAY match names, or null ("25:00"). */
export function timeFromMatch(m: RegExpExecArray | RegExpMatchArray, first = 1): TimeOfDay | null {
  const g = (i: number) => m[first + i];
  if (g(0) !== undefined) {
    const hour = Number(g(0));
    if (hour < 1 || hour > 12) return null;
    const pm = g(2)!.toLowerCase().startsWith('p');
    return hhmm((hour % 12) + (pm ? 12 : 0), Number(g(1) ?? 0));
  }
  if (g(3) !== undefined) return hhmm(Number(g(3)), Number(g(4)));
  if (g(5) !== undefined) return g(5)!.toLowerCase() === 'midnight' ? '00:00' : '12:00';
  if (g(6) !== undefined) {
    const hour = Number(g(6));
    if (hour < 1 || hour > 12) return null;
    const later = g(9) !== undefined ? hour !== 12 : g(8)!.toLowerCase() !== 'morning';
    return hhmm(later ? (hour % 12) + 12 : hour % 12, Number(g(7) ?? 0));
  }
  if (g(10) !== undefined) return hhmm(Number(g(10)), Number(g(11) ?? 0));
  return null;
}

/** The groups one TIME_OF_DAY adds to a regex. */
export const TIME_GROUPS = 12;

/** "9am" -> '09:00'; null when the text is no time of day. */
export function timeOfDay(text: string): TimeOfDay | null {
  const m = new RegExp(`^\\s*(?:${TIME_OF_DAY})\\s*$`, 'i').exec(text);
  return m ? timeFromMatch(m) : null;
}

/** Every time of day in the text, in order, with where each was written. */
export function timesIn(text: string): Array<{ time: TimeOfDay; at: number; end: number }> {
  const found: Array<{ time: TimeOfDay; at: number; end: number }> = [];
  for (const m of text.matchAll(new RegExp(TIME_OF_DAY, 'gi'))) {
    const time = timeFromMatch(m);
    if (time) found.push({ time, at: m.index!, end: m.index! + m[0].length });
  }
  return found;
}

// Short names ("mon", "sun") only count in a range ("Mon-Fri"): alone they are often other words.
const DAY_NAMES: Array<[Weekday, string, string]> = [
  [0, 'mondays?', 'mon'], [1, 'tuesdays?', 'tues?'], [2, 'wednesdays?', 'wed'], [3, 'thursdays?', 'thu(?:rs?)?'],
  [4, 'fridays?', 'fri'], [5, 'saturdays?', 'sat'], [6, 'sundays?', 'sun'],
];
const DAY = `\\b(?:${DAY_NAMES.map(([, p]) => p).join('|')})\\b`;
const DAY_OR_SHORT = `\\b(?:${DAY_NAMES.map(([, p, s]) => `${p}|${s}`).join('|')})\\b`;
const ALL_DAYS: Weekday[] = [0, 1, 2, 3, 4, 5, 6];

function dayOf(word: string): Weekday | null {
  const lower = word.toLowerCase();
  return DAY_NAMES.find(([, p, s]) => new RegExp(`^(?:${p}|${s})$`).test(lower))?.[0] ?? null;
}

function dayRange(from: Weekday, to: Weekday): Weekday[] {
  const days: Weekday[] = [];
  for (let d = from; ; d = ((d + 1) % 7) as Weekday) {
    days.push(d);
    if (d === to) return days;
  }
}

/** The days of the week the text names (0 = Monday), sorted; [] when it names none. */
export function weekdaysIn(text: string): Weekday[] {
  const lower = text.toLowerCase();
  const days = new Set<Weekday>();
  const add = (list: Weekday[]) => list.forEach((d) => days.add(d));
  if (/\b(?:week ?days?|work ?days?|working days|business days|school ?days)\b/.test(lower)) add([0, 1, 2, 3, 4]);
  if (/\bweekends?\b/.test(lower)) add([5, 6]);
  let rest = lower;
  for (const m of lower.matchAll(new RegExp(`(${DAY_OR_SHORT})\\.?\\s*(?:to|-|–|through|thru|till|until)\\s*(${DAY_OR_SHORT})`, 'g'))) {
    add(dayRange(dayOf(m[1]!)!, dayOf(m[2]!)!));
    rest = rest.replace(m[0], ' ');
  }
  // "Tues + Thurs", "Mon & Wed", "tue/thu": short names count in a list of two or more.
  for (const m of rest.matchAll(new RegExp(`${DAY_OR_SHORT}\\.?(?:\\s*(?:\\+|&|and|,|\\/)\\s*${DAY_OR_SHORT}\\.?)+`, 'g'))) {
    for (const name of m[0].split(/\s*(?:\+|&|\band\b|,|\/)\s*/)) {
      const d = dayOf(name.replace(/\.$/, ''));
      if (d !== null) days.add(d);
    }
    rest = rest.replace(m[0], ' ');
  }
  const except = /\bexcept(?:\s+(?:on|for))?\s+((?:\w+(?:\s*,\s*|\s+and\s+|\s+or\s+)?){1,3})/.exec(rest);
  const excluded = new Set<Weekday>();
  if (except) for (const w of except[1]!.split(/[\s,]+/)) { const d = dayOf(w); if (d !== null) excluded.add(d); }
  for (const m of rest.matchAll(new RegExp(DAY, 'g'))) {
    const d = dayOf(m[0])!;
    if (!excluded.has(d)) days.add(d);
  }
  if (excluded.size > 0) {
    if (days.size === 0) add(ALL_DAYS);
    excluded.forEach((d) => days.delete(d));
  }
  // "chaque vendredi à 18h", "jeden Samstag": days named in the languages requests mix in.
  if (days.size === 0) add(longDayNamesIn(text));
  return [...days].sort((a, b) => a - b);
}
