import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { relativeTime } from './relative-time';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it('says Just now under a minute, and for a clock slightly ahead', () => {
    expect(relativeTime(ago(0), now)).toBe('Just now');
    expect(relativeTime(ago(59_999), now)).toBe('Just now');
    expect(relativeTime(ago(-5_000), now)).toBe('Just now');
  });

  it('counts minutes, singular and plural', () => {
    expect(relativeTime(ago(MIN), now)).toBe('1 minute ago');
    expect(relativeTime(ago(59 * MIN), now)).toBe('59 minutes ago');
  });

  it('counts hours under a day', () => {
    expect(relativeTime(ago(HOUR), now)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * HOUR + 59 * MIN), now)).toBe('23 hours ago');
  });

  it('counts days under a week', () => {
    expect(relativeTime(ago(DAY), now)).toBe('1 day ago');
    expect(relativeTime(ago(6 * DAY), now)).toBe('6 days ago');
  });

  it('counts weeks under four', () => {
    expect(relativeTime(ago(7 * DAY), now)).toBe('1 week ago');
    expect(relativeTime(ago(27 * DAY), now)).toBe('3 weeks ago');
  });

  it('shows a date from four weeks on', () => {
    expect(relativeTime(ago(28 * DAY), now)).toBe('May 18, 2025');
    expect(relativeTime('2024-01-02T12:00:00Z', now)).toBe('Jan 2, 2024');
  });

  it('accepts ISO strings and gives nothing for garbage', () => {
    expect(relativeTime('2025-06-15T11:00:00Z', now)).toBe('1 hour ago');
    expect(relativeTime('not a date', now)).toBe('');
  });

  it('never goes backwards as time passes', () => {
    const rank = (label: string) =>
      label === 'Just now' ? 0 : /minute/.test(label) ? 1 : /hour/.test(label) ? 2 : /day/.test(label) ? 3 : /week/.test(label) ? 4 : 5;
    fc.assert(
      fc.property(fc.nat(400 * DAY), fc.nat(400 * DAY), (a, b) => {
        const [young, old] = a <= b ? [a, b] : [b, a];
        expect(rank(relativeTime(ago(young), now))).toBeLessThanOrEqual(rank(relativeTime(ago(old), now)));
      }),
    );
  });
});
