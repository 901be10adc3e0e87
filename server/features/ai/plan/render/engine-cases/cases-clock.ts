// The engine cases that depend on the clock (see cases.ts for the harness): hours, schedules
// at times and every N minutes, thresholds checked on a schedule.

import type { CaseCall, CaseEvent, EngineCase } from './case-format';

const msg = (text: string): CaseEvent => ({ type: 'message', text });
const send = (text: string, chat = 'c1'): CaseCall => ({ call: 'send', chat, text });

export const CLOCK_CASES: EngineCase[] = [
  {
    name: 'hours in the plan time zone, on weekdays, past midnight and outside (a fixed clock)',
    plan: {
      settings: { timeZone: 'Europe/Berlin' },
      rules: [
        { id: 'open', when: { kind: 'command', name: 'status' }, if: [{ kind: 'hours', from: '09:00', to: '17:00', weekdays: [0, 1, 2, 3, 4] }], do: [{ kind: 'reply', text: 'Open' }] },
        { id: 'closed', when: { kind: 'command', name: 'status' }, if: [{ kind: 'hours', from: '09:00', to: '17:00', weekdays: [0, 1, 2, 3, 4], outside: true }], do: [{ kind: 'reply', text: 'Closed' }] },
        { id: 'night', when: { kind: 'command', name: 'night' }, if: [{ kind: 'hours', from: '22:00', to: '02:00', weekdays: [4] }], do: [{ kind: 'reply', text: 'Friday night' }] },
      ],
    },
    steps: [
      { at: '2024-01-01T07:59:00Z', event: msg('/status'), expect: [send('Closed')] },
      { at: '2024-01-01T08:00:00Z', event: msg('/status'), expect: [send('Open')] },
      { at: '2024-01-01T15:59:59Z', event: msg('/status'), expect: [send('Open')] },
      { at: '2024-01-01T16:00:00Z', event: msg('/status'), expect: [send('Closed')] },
      { at: '2024-01-06T10:00:00Z', event: msg('/status'), expect: [send('Closed')] },
      { at: '2024-01-05T21:30:00Z', event: msg('/night'), expect: [send('Friday night')] },
      { at: '2024-01-06T00:30:00Z', event: msg('/night'), expect: [send('Friday night')] },
      { at: '2024-01-06T01:00:00Z', event: msg('/night'), expect: [] },
      { at: '2024-01-06T21:30:00Z', event: msg('/night'), expect: [] },
      { at: '2024-01-05T20:59:00Z', event: msg('/night'), expect: [] },
    ],
  },
  {
    name: 'schedules at times: weekdays, offsets across midnight, in the time zone, once each (even after a restart)',
    plan: {
      settings: { timeZone: 'Europe/Berlin' },
      rules: [
        { id: 'quiz-night', when: { kind: 'schedule', times: ['21:00'], weekdays: [3], offsetMinutes: -30 }, do: [{ kind: 'post', text: 'Quiz night in 30 minutes!' }] },
        { id: 'monday', when: { kind: 'schedule', times: ['00:10'], weekdays: [0], offsetMinutes: -30 }, do: [{ kind: 'reply', text: 'The week starts soon.' }] },
        { id: 'daily', when: { kind: 'schedule', times: ['09:00', '18:00'] }, do: [{ kind: 'reply', text: 'Fresh bread!' }] },
      ],
    },
    start: '2024-01-04T12:00:00Z',
    steps: [
      { at: '2024-01-04T17:00:00Z', tick: true, expect: [send('Fresh bread!', 'channel-1')] },
      { at: '2024-01-04T17:00:20Z', tick: true, expect: [] },
      { at: '2024-01-04T19:29:40Z', tick: true, expect: [] },
      { at: '2024-01-04T19:30:00Z', tick: true, expect: [send('Quiz night in 30 minutes!', 'channel-1')] },
      { restart: true, at: '2024-01-04T19:30:30Z' },
      { at: '2024-01-04T19:30:40Z', tick: true, expect: [] },
      { at: '2024-01-04T20:00:00Z', tick: true, expect: [] },
      { at: '2024-01-05T08:00:10Z', tick: true, expect: [send('Fresh bread!', 'channel-1')] },
      { at: '2024-01-07T22:39:50Z', tick: true, expect: [] },
      { at: '2024-01-07T22:40:05Z', tick: true, expect: [send('The week starts soon.', 'channel-1')] },
      { at: '2024-01-07T23:10:00Z', tick: true, expect: [] },
    ],
  },
  {
    name: 'schedules every N minutes: the first run one period after the start',
    plan: { rules: [{ id: 'tip', when: { kind: 'schedule', everyMinutes: 5 }, do: [{ kind: 'replyOneOf', texts: ['Tip 1', 'Tip 2'], order: 'inTurn' }] }] },
    start: '2024-01-01T12:00:00Z',
    steps: [
      { at: '2024-01-01T12:00:20Z', tick: true, expect: [] },
      { at: '2024-01-01T12:04:40Z', tick: true, expect: [] },
      { at: '2024-01-01T12:05:00Z', tick: true, expect: [send('Tip 1', 'channel-1')] },
      { at: '2024-01-01T12:06:00Z', tick: true, expect: [] },
      { at: '2024-01-01T12:10:00Z', tick: true, expect: [send('Tip 2', 'channel-1')] },
    ],
  },
  {
    name: 'a threshold at a time of day holds every day it holds (not once per crossing)',
    plan: {
      rules: [
        {
          id: 'windy',
          when: { kind: 'schedule', times: ['05:30'] },
          if: [{ kind: 'threshold', source: { kind: 'weather', city: 'Berlin', measure: 'wind' }, above: 10 }],
          do: [{ kind: 'post', text: 'Too windy today' }],
        },
        {
          id: 'warm',
          when: { kind: 'schedule', times: ['05:30'] },
          if: [{ kind: 'threshold', source: { kind: 'weather', city: 'Berlin' }, above: 20 }],
          do: [{ kind: 'post', text: 'Warm today' }],
        },
      ],
    },
    start: '2024-01-01T05:00:00Z',
    steps: [
      { at: '2024-01-01T05:30:00Z', tick: true, expect: [send('Too windy today', 'channel-1')] },
      { at: '2024-01-02T05:30:00Z', tick: true, expect: [send('Too windy today', 'channel-1')] },
    ],
  },
  {
    name: 'a threshold on a schedule: once per crossing, with {value}',
    plan: {
      rules: [
        {
          id: 'cheap',
          when: { kind: 'schedule', everyMinutes: 1 },
          if: [{ kind: 'threshold', source: { kind: 'price', coin: 'bitcoin', currency: 'usd' }, below: 50000 }],
          do: [{ kind: 'post', text: 'Bitcoin is down to {value}!' }],
        },
      ],
    },
    start: '2024-01-01T12:00:00Z',
    steps: [
      { prices: { bitcoin: 60000 } },
      { at: '2024-01-01T12:01:00Z', tick: true, expect: [] },
      { prices: { bitcoin: 45000.256 } },
      { at: '2024-01-01T12:02:00Z', tick: true, expect: [send('Bitcoin is down to 45,000.26 USD!', 'channel-1')] },
      { prices: { bitcoin: 44000 } },
      { at: '2024-01-01T12:03:00Z', tick: true, expect: [] },
      { prices: { bitcoin: 55000 } },
      { at: '2024-01-01T12:04:00Z', tick: true, expect: [] },
      { prices: { bitcoin: 40000 } },
      { at: '2024-01-01T12:05:00Z', tick: true, expect: [send('Bitcoin is down to 40,000.00 USD!', 'channel-1')] },
    ],
  },
];
