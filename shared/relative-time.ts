// "5 minutes ago" style labels for credit transactions (minutes, hours under 24,
// days under 7, weeks under 4, otherwise a date). The clock is an argument so tests pin it.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

export function relativeTime(when: Date | string | number, now: Date | number = Date.now()): string {
  const then = new Date(when).getTime();
  if (Number.isNaN(then)) return '';
  const elapsed = new Date(now).getTime() - then;
  // A clock slightly ahead of ours is still "just now" rather than a negative age.
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < WEEK) return plural(Math.floor(elapsed / DAY), 'day');
  const weeks = Math.floor(elapsed / WEEK);
  if (weeks < 4) return plural(weeks, 'week');
  return new Date(then).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
