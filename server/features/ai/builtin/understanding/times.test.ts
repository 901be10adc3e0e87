// Times of day and weekdays as people write them.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timeOfDay, timesIn, weekdaysIn } from './times';

describe('timeOfDay', () => {
  it.each([
    ['9am', '09:00'], ['9 am', '09:00'], ['9 a.m.', '09:00'], ['12am', '00:00'], ['12pm', '12:00'], ['9:30pm', '21:30'],
    ['9.30pm', '21:30'], ['21:00', '21:00'], ['07:05', '07:05'], ['noon', '12:00'], ['midday', '12:00'], ['midnight', '00:00'],
    ['9 in the morning', '09:00'], ['6 in the evening', '18:00'], ['3 in the afternoon', '15:00'], ['10 at night', '22:00'],
    ["9 o'clock in the morning", '09:00'], ['12 at night', '00:00'],
  ])('%s -> %s', (text, time) => {
    expect(timeOfDay(text)).toBe(time);
  });

  it.each(['25:00', '13pm', '0am', 'nine', '9', 'a.m.'])('%s is no time of day', (text) => {
    expect(timeOfDay(text)).toBeNull();
  });

  it('reads every 24-hour time back as written', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, m) => {
        const written = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        expect(timeOfDay(written)).toBe(written);
      }),
    );
  });

  it('reads every 12-hour time as the same moment of the day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 59 }), fc.boolean(), (h, m, pm) => {
        const hour24 = (h % 12) + (pm ? 12 : 0);
        const expected = `${String(hour24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        expect(timeOfDay(`${h}:${String(m).padStart(2, '0')} ${pm ? 'pm' : 'am'}`)).toBe(expected);
      }),
    );
  });

  it('does not read the digits of a quote marker or of a duration as times', () => {
    expect(timesIn('post \u00013\u0002 every 30 minutes')).toEqual([]);
    expect(timesIn('at 9am and at 6pm').map((t) => t.time)).toEqual(['09:00', '18:00']);
  });
});

describe('weekdaysIn', () => {
  it.each([
    ['every Monday', [0]],
    ['on mondays and thursdays', [0, 3]],
    ['on weekdays', [0, 1, 2, 3, 4]],
    ['every weekday', [0, 1, 2, 3, 4]],
    ['at the weekend', [5, 6]],
    ['Monday to Friday', [0, 1, 2, 3, 4]],
    ['Mon-Fri', [0, 1, 2, 3, 4]],
    ['friday through monday', [4, 5, 6, 0]],
    ['every day except Sunday', [0, 1, 2, 3, 4, 5]],
    ['fun facts about the sun', []],
    ['I sat down on a Wed', []],
  ] as Array<[string, number[]]>)('%s', (text, days) => {
    expect(weekdaysIn(text)).toEqual([...days].sort((a, b) => a - b));
  });
});
