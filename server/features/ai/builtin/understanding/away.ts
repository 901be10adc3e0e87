// Away: the open hours ("we are open 9 to 5 Monday to Friday") and the text sent outside them
// ("outside those hours reply 'We're closed, back tomorrow'").

import type { BehaviourDetails, TimeOfDay, Weekday } from '../bot-request';
import { TIME_GROUPS, TIME_OF_DAY, timeFromMatch, weekdaysIn } from './times';
import { sentencesOf } from './clauses';
import { quoteNear } from './wording';

/** An hour as open hours are written: a time of day, or a bare number ("9 to 5"). */
const CLOCK = `(?:${TIME_OF_DAY}|(?<![\\u0001\\d.:])(\\d{1,2})(?::(\\d{2}))?(?![\\d:]))`;
const RANGE = new RegExp(`(?:from\\s+)?${CLOCK}\\s*(?:to|-|–|until|till|through)\\s*${CLOCK}`, 'gi');
const OPEN_WORDS = /\b(?:open|opening|business hours|office hours|working hours|work hours|hours are|we work|available|closed?)\b/i;

interface Clock {
  time: TimeOfDay | null;
  /** A bare number ("5"): its am/pm is guessed from the other end of the range. */
  bare: number | null;
}

function clockAt(m: RegExpMatchArray, first: number): Clock {
  const time = timeFromMatch(m, first);
  if (time) return { time, bare: null };
  const bare = m[first + TIME_GROUPS];
  if (bare === undefined) return { time: null, bare: null };
  const minutes = Number(m[first + TIME_GROUPS + 1] ?? 0);
  const hour = Number(bare);
  return hour <= 24 && minutes < 60 ? { time: null, bare: hour + minutes / 60 } : { time: null, bare: null };
}

function hhmm(hours: number): TimeOfDay {
  const h = Math.floor(hours) % 24;
  const m = Math.round((hours - Math.floor(hours)) * 60);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

function minutesOf(t: TimeOfDay): number {
  return Number(t.slice(0, 2)) + Number(t.slice(3)) / 60;
}

/** "9 to 5" -> 09:00-17:00; "10 to 22" stays; "9am to 5" -> 09:00-17:00. */
function resolve(from: Clock, to: Clock): { from: TimeOfDay; to: TimeOfDay } | null {
  if ((from.time === null && from.bare === null) || (to.time === null && to.bare === null)) return null;
  const start = from.time ? minutesOf(from.time) : from.bare!;
  let end = to.time ? minutesOf(to.time) : to.bare!;
  if (to.time === null && end <= start && end < 12) end += 12;
  return { from: hhmm(start), to: hhmm(end) };
}

/** The days open: those named, or all of them for "every day" / "7 days a week". */
function openDaysIn(sentence: string): Weekday[] {
  const days = weekdaysIn(sentence);
  if (days.length > 0) return days;
  const everyDay = /\bopen\s+(?:every ?day|daily|each day|7 days|seven days|all week)\b|\b(?:every ?day|daily|each day)\s+from\b|\b(?:7|seven) days a week\b/i;
  return everyDay.test(sentence) ? [0, 1, 2, 3, 4, 5, 6] : [];
}

/** The open hours one sentence gives, when it speaks of being open or of business hours. */
export function openHoursIn(sentence: string): BehaviourDetails['openHours'] {
  if (!OPEN_WORDS.test(sentence)) return null;
  const ranged = sentence.replace(/\bbetween\s+(\S+(?:\s*[ap]\.?m\.?)?)\s+and\s+/gi, 'from $1 to ');
  for (const m of ranged.matchAll(RANGE)) {
    const hours = resolve(clockAt(m, 1), clockAt(m, 1 + TIME_GROUPS + 2));
    if (hours) return { ...hours, weekdays: openDaysIn(sentence) };
  }
  return null;
}

/** Words of being away or closed ("right away" and "give away" are not). */
// "closed" as the shop's ("we're closed", "closed on Sundays"), never a thing's ("a bug closed").
const AWAY_CUE =
  /(?<!\b(?:right|straight|go|goes|far|give|gives|throw|take|put|get|stay|keep|pass|passed|fade|run|walk|right) )\baway\b|\b(?:we'?re|we are|is|are|it'?s|when|while|if|we|i'?m|shop|store|office)\s+(?:\w+\s+)?closed\b|\bclosed\s+(?:on|at|for (?:lunch|holidays?|the (?:day|week|weekend|holidays?|season)|today|christmas|easter|renovations?)|message|hours|days|today|now|sundays?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|weekends?|\(|:)|^closed\b|\boutside\b[^.;!?\n]*?\bhours\b|\bafter hours\b|\bout of (?:the )?office\b|\bon (?:holiday|vacation)\b|\b(?:we'?re|we are|i'?m|i am|is|are|when|while|if|we|i)\s+(?:\w+\s+)?not (?:open|available|around)\b|\boffline\b/i;

/** "say 'We're closed' at night": a closed-sounding text given with a time it applies. */
const CLOSED_TEXT = /\b(?:closed|away|out of (?:the )?office|back (?:tomorrow|on|at|soon|in)|not available|unavailable|we(?:'| a)re off)\b/i;
const WHEN_CLOSED = /\b(?:at night|overnight|on (?:weekends?|sundays?|saturdays?|holidays?)|at (?:the )?weekends?|after \d|before \d|during (?:the )?(?:night|weekends?|holidays?))\b/i;

function closedTextWithTime(masked: string, quotes: string[]): string | null {
  for (const sentence of sentencesOf(masked)) {
    if (!WHEN_CLOSED.test(sentence)) continue;
    for (const m of sentence.matchAll(/\u0001(\d+)\u0002/g)) {
      const text = quotes[Number(m[1])] ?? '';
      if (CLOSED_TEXT.test(text)) return text;
    }
  }
  return null;
}

/** The text sent while closed or away. */
export function awayTextIn(masked: string, quotes: string[]): string | null {
  return (AWAY_CUE.test(masked) ? quoteNear(masked, quotes, AWAY_CUE) : null) ?? closedTextWithTime(masked, quotes);
}

const POSTING_VERB = /\b(?:post|posts|posting|send|sends|share|shares|tweet|tweets|announce|announces|publish|publishes|remind\w*)\b/i;

/**
 * The request without what it says about its open hours ("we're open every day from 9 to 5",
 * "closed on Sundays"), so those days and hours are not read as a posting schedule.
 */
export function withoutOpenHours(masked: string): string {
  const sentences = masked.split(/([!?;\n]+(?=\s|$)|\.+(?=\s+[A-Z\u0001]|\s*$))/);
  return sentences
    .map((part) => (openHoursIn(part) && !POSTING_VERB.test(part) ? ' '.repeat(part.length) : part))
    .join('')
    .replace(/\b(?:open|closed)\s+(?:every|each|daily|on|from)\b[^,.;!?\n]*/gi, (x) => ' '.repeat(x.length))
    // "we open 8am to 7pm every day": the days of the hours, no daily post.
    .replace(/\b(?:open|closed)\b[^,.;!?\n]{0,30}?\b(?:every ?day|daily|each day|7 days a week)\b/gi, (x) => ' '.repeat(x.length));
}

/** The open hours in the first sentence that gives them. */
export function openHoursOfRequest(masked: string): BehaviourDetails['openHours'] {
  for (const sentence of sentencesOf(masked)) {
    const hours = openHoursIn(sentence);
    if (hours) return hours;
  }
  return null;
}
