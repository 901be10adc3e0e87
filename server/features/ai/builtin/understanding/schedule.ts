// Scheduled posts: the times of day ("every day at 9am", "at 9:30 and 18:00") and the days of the
// week ("every Monday", "on weekdays") a request posts at. Open hours are away's, not posting times.

import type { TimeOfDay, Weekday } from '../bot-request';
import { openHoursIn } from './away';
import { sentencesOf } from './clauses';
import { timesIn, weekdaysIn } from './times';

/** A sentence about posting on a schedule (not about open hours or mutes). */
const POSTING =
  /\b(?:post|posts|posting|send|sends|sending|share|shares|tweet|tweets|announce|announces|publish|publishes|schedul\w*|every|each|daily|weekly|remind\w*|broadcast\w*)\b/i;
/** "at 9" with no am/pm or minutes: an hour, when nothing else follows that makes it another number. */
const BARE_HOUR =
  /\bat\s+(\d{1,2})(?!\d|[:.]\d|\s*(?:a\.?m\b|p\.?m\b|%|percent\b|minutes?\b|mins?\b|hours?\b|hrs?\b|seconds?\b|km\b|miles?\b|people\b|members\b|users\b|warnings?\b|times?\b|euros?\b|dollars?\b|in the\b|at night\b|o'?clock in\b))/gi;
const RANGE_WORDS = /^\s*(?:to|-|–|until|till|through)\s*\d/i;
/** "from 9am to 5pm": the end of a range (a time, then "to"), or a time after "from"/"between". */
const RANGE_START = /(?:(?:\d|[ap]\.?m\.?|noon|midnight)\s*(?:to|until|till|-|–|through)|\b(?:from|between))\s*$/i;

export interface PostSchedule {
  postTimes: TimeOfDay[];
  postWeekdays: Weekday[];
}

/** The times and weekdays of a request's scheduled posts; empty where it gives none. */
export function postScheduleIn(masked: string): PostSchedule {
  const times = new Set<TimeOfDay>();
  const days = new Set<Weekday>();
  for (const sentence of sentencesOf(masked)) {
    if (!POSTING.test(sentence)) continue;
    // A range of hours ("from 9am to 5pm") is skipped below; the days of open hours are not posting days.
    const openHours = openHoursIn(sentence) !== null;
    for (const t of timesIn(sentence)) {
      // "from 9am to 5pm" is a range of hours, not two posting times.
      const before = sentence.slice(Math.max(0, t.at - 16), t.at);
      if (RANGE_WORDS.test(sentence.slice(t.end)) || RANGE_START.test(before)) continue;
      times.add(t.time);
    }
    for (const m of sentence.matchAll(BARE_HOUR)) {
      const hour = Number(m[1]);
      if (hour <= 23) times.add(`${String(hour).padStart(2, '0')}:00`);
    }
    if (!openHours && /\b(?:every|each|on|post|posts|send|sends|share|tweet|publish|announce|weekly)\b/i.test(sentence)) weekdaysIn(sentence).forEach((d) => days.add(d));
  }
  return { postTimes: [...times].sort(), postWeekdays: [...days].sort((a, b) => a - b) };
}
