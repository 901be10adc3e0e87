// The moments a scheduled rule is due, in its plan's time zone: what the checks move the test clock to.
import { describe, expect, it } from 'vitest';
import { momentInWords, scheduleMoments } from './schedule-moments';

const schedule = (over: object) => ({ kind: 'schedule' as const, times: [] as string[], weekdays: [] as number[], offsetMinutes: 0, ...over });
// Wednesday 2 December 2026, 10:00 UTC (11:00 in Berlin).
const WEDNESDAY = Date.UTC(2026, 11, 2, 10, 0);

describe('scheduleMoments', () => {
  it('30 minutes before Thursday 21:00 in Berlin: Thursday 20:30, then a week later', () => {
    const m = scheduleMoments(schedule({ times: ['21:00'], weekdays: [3], offsetMinutes: -30 }), 'Europe/Berlin', WEDNESDAY)!;
    expect(new Date(m.first).toISOString()).toBe('2026-12-03T19:30:00.000Z');
    expect(new Date(m.next).toISOString()).toBe('2026-12-10T19:30:00.000Z');
    expect(m.between - m.first).toBe(70_000);
    expect(momentInWords(m.first, 'Europe/Berlin')).toBe('Thu 20:30');
  });

  it('twice a day: the next time today, then the other one', () => {
    const m = scheduleMoments(schedule({ times: ['09:00', '18:30'] }), 'UTC', WEDNESDAY)!;
    expect(new Date(m.first).toISOString()).toBe('2026-12-02T18:30:00.000Z');
    expect(new Date(m.next).toISOString()).toBe('2026-12-03T09:00:00.000Z');
  });

  it('across a change of offset: 09:00 in New York is 14:00 UTC in winter', () => {
    const m = scheduleMoments(schedule({ times: ['09:00'], weekdays: [0] }), 'America/New_York', Date.UTC(2026, 10, 1, 12))!; // Sunday 1 Nov 2026, the change
    expect(new Date(m.first).toISOString()).toBe('2026-11-02T14:00:00.000Z');
  });

  it('every 10 minutes: ten minutes (and a minute of margin) after the start, half way nothing, then ten more', () => {
    const m = scheduleMoments(schedule({ everyMinutes: 10 }), 'UTC', WEDNESDAY)!;
    expect([m.first - WEDNESDAY, m.between - m.first, m.next - m.first]).toEqual([11 * 60_000, 5 * 60_000, 10 * 60_000]);
  });

  it('no time of day: never due', () => {
    expect(scheduleMoments(schedule({}), 'UTC', WEDNESDAY)).toBeNull();
  });
});
