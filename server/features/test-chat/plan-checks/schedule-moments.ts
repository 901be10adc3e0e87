// When a scheduled rule is due, as instants: the checks move the test chat's clock to them. A rule at
// times of day is due at each time (moved by its offset) on its weekdays, in the plan's time zone;
// a rule every N minutes is due N minutes after the bot started, then every N minutes.
import type { Trigger } from '../../../../shared/bot-plan.schema';

type Schedule = Extract<Trigger, { kind: 'schedule' }>;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * The first two moments the rule is due after `from` (a minute later at the earliest, so a bot that
 * starts meanwhile has not passed them), and a moment between them when it must not post.
 */
export function scheduleMoments(when: Schedule, timeZone: string, from: number): { first: number; between: number; next: number } | null {
  if (when.everyMinutes !== undefined) {
    const every = when.everyMinutes * MINUTE;
    // The bot counts from its own start, a few seconds after `from`: a minute's margin.
    const first = from + every + MINUTE;
    return { first, between: first + (when.everyMinutes >= 2 ? Math.floor(when.everyMinutes / 2) * MINUTE : 30_000), next: first + every };
  }
  const due: number[] = [];
  const today = localDate(from, timeZone);
  for (let day = -1; day <= 8; day++) {
    const date = addDays(today, day);
    if (when.weekdays.length > 0 && !when.weekdays.includes(weekdayOf(date))) continue;
    for (const time of when.times) {
      const [h, m] = time.split(':').map(Number) as [number, number];
      const at = instantOf(date, h * 60 + m, timeZone) + when.offsetMinutes * MINUTE;
      if (at >= from + MINUTE) due.push(at);
    }
  }
  due.sort((a, b) => a - b);
  const [first, next] = due;
  if (first === undefined || next === undefined) return null;
  return { first, between: first + MINUTE + 10_000, next };
}

/** 'YYYY-MM-DD' of an instant in a time zone. */
function localDate(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** 0 = Monday ... 6 = Sunday, as the plan counts. */
function weekdayOf(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function zoneOffset(at: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a local date and minute of the day are in a time zone (twice corrected around a change of offset). */
function instantOf(date: string, minute: number, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * MINUTE;
  let at = wall - zoneOffset(wall, timeZone);
  at = wall - zoneOffset(at, timeZone);
  return at;
}

/** "Tue 09:00" in the zone: how a check names the moment it moves the clock to. */
export function momentInWords(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}
