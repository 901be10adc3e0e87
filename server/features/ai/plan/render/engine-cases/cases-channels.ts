// The engine cases of named channels (a rule's `channel`, "post in #hall-of-fame"; see cases.ts for the
// harness): where the adapter finds channels by name (`adapter.named`, as Discord's and Slack's), a
// scheduled rule runs in its channel and its posts go there; a name not found, or an adapter that finds
// no channel by name (Telegram, WhatsApp, X, the webhook), leaves them in the configured channel.

import type { CaseCall, CaseEvent, EngineCase } from './case-format';

const msg = (text: string): CaseEvent => ({ type: 'message', text });
const send = (text: string, chat = 'c1'): CaseCall => ({ call: 'send', chat, text });
const NOT_FOUND = 'Channel #nowhere not found: posting to the configured channel';

export const CHANNEL_CASES: EngineCase[] = [
  {
    name: 'a scheduled rule with a named channel runs there (its replies and posts); one without it, in the configured channel',
    plan: {
      rules: [
        { id: 'stars', when: { kind: 'schedule', times: ['12:05'] }, channel: 'hall-of-fame', do: [{ kind: 'reply', text: 'Stars of the week' }, { kind: 'post', text: 'Vote now' }] },
        { id: 'daily', when: { kind: 'schedule', times: ['12:05'] }, do: [{ kind: 'post', text: 'Fresh bread!' }] },
      ],
    },
    adapter: { named: { 'hall-of-fame': 'c-hof', general: 'c-gen' } },
    steps: [{ at: '2024-01-01T12:05:00Z', tick: true, expect: [send('Stars of the week', 'c-hof'), send('Vote now', 'c-hof'), send('Fresh bread!', 'channel-1')] }],
  },
  {
    name: "a message rule's post goes to its named channel; its reply stays in the chat, a post to the owner goes to the owner",
    plan: {
      rules: [
        {
          id: 'star',
          when: { kind: 'command', name: 'star' },
          channel: 'hall-of-fame',
          do: [{ kind: 'post', text: '{name} starred: {args}' }, { kind: 'post', to: 'owner', text: '{name} starred.' }, { kind: 'reply', text: 'Starred.' }],
        },
        { id: 'news', when: { kind: 'command', name: 'news' }, do: [{ kind: 'post', text: 'News: {args}' }] },
      ],
    },
    adapter: { named: { 'hall-of-fame': 'c-hof' } },
    steps: [
      { event: msg('/star the cake'), expect: [send('Ann starred: the cake', 'c-hof'), send('Ann starred.', 'owner-1'), send('Starred.')] },
      { event: msg('/news open at 9'), expect: [send('News: open at 9', 'channel-1')] },
    ],
  },
  {
    name: "questions asked in turn whose rule has a named channel: the answers are posted there, not sent to the owner",
    plan: {
      rules: [{ id: 'purchase', when: { kind: 'command', name: 'purchase' }, channel: 'purchasing', do: [{ kind: 'ask', questions: ['What part?', 'Cost?'], done: 'Thanks!' }] }],
    },
    adapter: { named: { purchasing: 'c-buy' } },
    steps: [
      { event: msg('/purchase'), expect: [send('What part?')] },
      { event: msg('brake pads'), expect: [send('Cost?')] },
      { event: msg('40'), expect: [send('Thanks!'), send('New answers from Ann:\nWhat part?: brake pads\nCost?: 40', 'c-buy')] },
    ],
  },
  {
    name: 'a channel name the adapter does not know: the configured channel, and a log line saying so',
    plan: {
      rules: [
        { id: 'star', when: { kind: 'command', name: 'star' }, channel: 'nowhere', do: [{ kind: 'post', text: 'Starred: {args}' }] },
        { id: 'morning', when: { kind: 'schedule', times: ['12:05'] }, channel: 'nowhere', do: [{ kind: 'reply', text: 'Morning' }, { kind: 'post', text: 'Coffee?' }] },
      ],
    },
    adapter: { named: { 'hall-of-fame': 'c-hof' } },
    steps: [
      { event: msg('/star the cake'), expect: [send('Starred: the cake', 'channel-1')], logs: [NOT_FOUND] },
      { at: '2024-01-01T12:05:00Z', tick: true, expect: [send('Morning', 'channel-1'), send('Coffee?', 'channel-1')], logs: [NOT_FOUND] },
    ],
  },
  {
    name: 'an adapter that finds no channel by name (Telegram, WhatsApp, X, the webhook): the configured channel',
    plan: {
      rules: [
        { id: 'star', when: { kind: 'command', name: 'star' }, channel: 'hall-of-fame', do: [{ kind: 'post', text: 'Starred: {args}' }] },
        { id: 'morning', when: { kind: 'schedule', times: ['12:05'] }, channel: 'hall-of-fame', do: [{ kind: 'post', text: 'Morning' }] },
      ],
    },
    steps: [
      { event: msg('/star the cake'), expect: [send('Starred: the cake', 'channel-1')] },
      { at: '2024-01-01T12:05:00Z', tick: true, expect: [send('Morning', 'channel-1')] },
    ],
  },
];
