// The engine cases for the choices the spec left open, where the two cores once differed (the choices
// are listed in the headers of javascript/engine.ts and python/engine.ts), and for `always` message rules.

import type { CaseCall, CaseEvent, EngineCase } from './case-format';

const msg = (text: string, more: Partial<CaseEvent> = {}): CaseEvent => ({ type: 'message', text, ...more });
const send = (text: string, chat = 'c1'): CaseCall => ({ call: 'send', chat, text });
const price = (coin: string, more: { below?: number; above?: number }) => ({ kind: 'threshold' as const, source: { kind: 'price' as const, coin }, ...more });

export const AGREED_CASES: EngineCase[] = [
  {
    name: 'the automatic help: "Commands:", "/name - " and the first text (a question too) on one line, cut at 60 characters',
    plan: {
      rules: [
        { id: 'quiz', when: { kind: 'command', name: 'quiz' }, do: [{ kind: 'quiz', questions: [{ question: 'Capital of France?', answer: 'Paris' }], right: 'Yes', wrong: 'No', done: 'Done' }] },
        { id: 'list', when: { kind: 'command', name: 'list' }, do: [{ kind: 'list', list: 'shopping', op: 'show', text: 'To buy:\n{list}' }] },
        { id: 'cake', when: { kind: 'command', name: 'cake' }, do: [{ kind: 'reply', text: '🎂'.repeat(70) }] },
        { id: 'quiz2', when: { kind: 'command', name: 'Quiz' }, do: [{ kind: 'reply', text: 'Second rule of the same command' }] },
      ],
    },
    steps: [{ event: msg('/help'), expect: [send(`Commands:\n/quiz - Capital of France?\n/list - To buy: …\n/cake - ${'🎂'.repeat(60)}`)] }],
  },
  {
    name: 'the automatic help of a bot without commands',
    plan: { rules: [{ id: 'hi', when: { kind: 'keyword', words: ['hi'] }, do: [{ kind: 'reply', text: 'Hello!' }] }] },
    steps: [{ event: msg('/help'), expect: [send('This bot has no commands yet.')] }],
  },
  {
    name: 'a price as {value}: two decimals with thousands separators, four digits below 1; an unknown or missing coin says so',
    plan: { rules: [{ id: 'coin', when: { kind: 'command', name: 'coin' }, do: [{ kind: 'data', source: { kind: 'price', currency: 'eur' }, text: 'Now {value}' }] }] },
    steps: [
      { prices: { bitcoin: 1234567.891, tiny: 0.0001234 } },
      { event: msg('/coin btc'), expect: [send('Now 1,234,567.89 EUR')] },
      { event: msg('/coin tiny'), expect: [send('Now 0.0001234 EUR')] },
      { event: msg('/coin nope'), expect: [send('I do not know the coin nope (use CoinGecko names like bitcoin).')] },
      { event: msg('/coin'), expect: [send('Write a coin after the command, e.g. /coin bitcoin')] },
    ],
  },
  {
    name: 'a web failure, a missing number or a missing argument ends the rule (its later actions do not run)',
    plan: {
      rules: [
        { id: 'news', when: { kind: 'command', name: 'news' }, do: [{ kind: 'data', source: { kind: 'news', feedUrl: 'http://web.test/missing.xml', count: 2 } }, { kind: 'reply', text: 'That was the news.' }] },
        { id: 'f', when: { kind: 'command', name: 'f' }, do: [{ kind: 'convert', from: 'c', to: 'f', text: '{value} °F' }, { kind: 'reply', text: 'Converted.' }] },
        { id: 'add', when: { kind: 'command', name: 'add' }, do: [{ kind: 'list', list: 'todo', op: 'add', text: 'Added {item}.' }, { kind: 'reply', text: 'Anything else?' }] },
      ],
    },
    steps: [
      { event: msg('/news'), expect: [send('Sorry, I could not get that right now.')], logs: ['news'] },
      { event: msg('/f warm'), expect: [send('Write a number after the command, e.g. /f 20')] },
      { event: msg('/f 100'), expect: [send('212 °F'), send('Converted.')] },
      { event: msg('/add'), expect: [send('Write what to add after the command, e.g. /add milk')] },
    ],
  },
  {
    name: 'a threshold on a command holds whenever it holds; with below and above, either one (outside the range)',
    plan: {
      rules: [
        { id: 'cheap', when: { kind: 'command', name: 'cheap' }, if: [price('bitcoin', { below: 50000 })], do: [{ kind: 'reply', text: 'Cheap: {value}' }] },
        { id: 'moved', when: { kind: 'schedule', everyMinutes: 1 }, if: [price('bitcoin', { below: 50000, above: 70000 })], do: [{ kind: 'post', text: 'Bitcoin moved: {value}' }] },
      ],
    },
    start: '2024-01-01T12:00:00Z',
    steps: [
      { prices: { bitcoin: 45000 } },
      { event: msg('/cheap'), expect: [send('Cheap: 45,000.00 USD')] },
      { event: msg('/cheap'), expect: [send('Cheap: 45,000.00 USD')] },
      { prices: { bitcoin: 60000 } },
      { event: msg('/cheap'), expect: [] },
      { at: '2024-01-01T12:01:00Z', tick: true, expect: [] },
      { prices: { bitcoin: 75000 } },
      { at: '2024-01-01T12:02:00Z', tick: true, expect: [send('Bitcoin moved: 75,000.00 USD', 'channel-1')] },
      { at: '2024-01-01T12:03:00Z', tick: true, expect: [] },
      { prices: { bitcoin: 60000 } },
      { at: '2024-01-01T12:04:00Z', tick: true, expect: [] },
      { prices: { bitcoin: 45000 } },
      { at: '2024-01-01T12:05:00Z', tick: true, expect: [send('Bitcoin moved: 45,000.00 USD', 'channel-1')] },
    ],
  },
  {
    name: 'a weather threshold compares the temperature (°C), or the wind (km/h) when its measure says so',
    plan: {
      rules: [
        { id: 'windy', when: { kind: 'command', name: 'windy' }, if: [{ kind: 'threshold', source: { kind: 'weather', city: 'Berlin', measure: 'wind' }, above: 10 }], do: [{ kind: 'reply', text: 'Too windy' }] },
        { id: 'gale', when: { kind: 'command', name: 'gale' }, if: [{ kind: 'threshold', source: { kind: 'weather', city: 'Berlin', measure: 'wind' }, above: 30 }], do: [{ kind: 'reply', text: 'Gale' }] },
        { id: 'warm', when: { kind: 'command', name: 'warm' }, if: [{ kind: 'threshold', source: { kind: 'weather', city: 'Berlin' }, above: 14 }], do: [{ kind: 'reply', text: 'Warm' }] },
      ],
    },
    steps: [
      { event: msg('/windy'), expect: [send('Too windy')] },
      { event: msg('/gale'), expect: [] },
      { event: msg('/warm'), expect: [send('Warm')] },
    ],
  },
  {
    name: 'a list: an item already there (in any case) is not added twice; {item} is as written',
    plan: {
      rules: [
        { id: 'add', when: { kind: 'command', name: 'add' }, do: [{ kind: 'list', list: 'shopping', op: 'add', text: 'Added {item}:\n{list}' }] },
        { id: 'remove', when: { kind: 'command', name: 'remove' }, do: [{ kind: 'list', list: 'shopping', op: 'remove', text: 'Removed {item}:\n{list}' }] },
      ],
    },
    steps: [
      { event: msg('/add Milk'), expect: [send('Added Milk:\n- Milk')] },
      { event: msg('/add milk'), expect: [send('Added milk:\n- Milk')] },
      { event: msg('/add eggs'), expect: [send('Added eggs:\n- Milk\n- eggs')] },
      { event: msg('/remove MILK'), expect: [send('Removed MILK:\n- eggs')] },
    ],
    data: { lists: { c1: { shopping: ['eggs'] } } },
  },
  {
    name: 'keywords in other alphabets: word boundaries count letters of any script, in any case; a plural "s" may follow',
    plan: {
      rules: [
        { id: 'peace', when: { kind: 'keyword', words: ['мир'] }, do: [{ kind: 'reply', text: 'Peace.' }] },
        { id: 'coffee', when: { kind: 'keyword', words: [' café '] }, do: [{ kind: 'reply', text: 'Coffee.' }] },
      ],
    },
    steps: [
      { event: msg('Миру мир!'), expect: [send('Peace.')] },
      { event: msg('мирный день'), expect: [] },
      { event: msg('Un CAFÉ, merci'), expect: [send('Coffee.')] },
      { event: msg('cafés'), expect: [send('Coffee.')] },
      { event: msg('cafétéria'), expect: [] },
      { event: msg('décafé'), expect: [] },
    ],
  },
  {
    name: 'the top: equal counts in name order, whatever the order they came in or the user ids',
    plan: {
      rules: [
        { id: 'thanks', when: { kind: 'keyword', words: ['thanks'] }, do: [{ kind: 'count', counter: 'thanks' }] },
        { id: 'top', when: { kind: 'command', name: 'top' }, do: [{ kind: 'top', counter: 'thanks', n: 3, text: '{top}' }] },
      ],
    },
    steps: [
      { event: msg('thanks', { user: '300', name: 'cy' }), expect: [] },
      { event: msg('thanks', { user: '20', name: 'Bo' }), expect: [] },
      { event: msg('thanks', { user: '1000', name: 'Di' }), expect: [] },
      { event: msg('thanks', { user: '1000', name: 'Di' }), expect: [] },
      { event: msg('thanks', { user: 'u1', name: 'Ann' }), expect: [] },
      { restart: true },
      { event: msg('/top'), expect: [send('1. Di: 2\n2. Ann: 1\n3. Bo: 1')] },
    ],
  },
  {
    name: 'message rules with always run for every message that is no command, first, and are no answer for the other message rules',
    plan: {
      rules: [
        { id: 'hi', when: { kind: 'keyword', words: ['hi'] }, do: [{ kind: 'reply', text: 'Hello!' }] },
        { id: 'other', when: { kind: 'message' }, do: [{ kind: 'reply', text: 'I did not get that.' }] },
        { id: 'seen', when: { kind: 'message', always: true }, do: [{ kind: 'count', counter: 'messages' }, { kind: 'react', emoji: '👀' }] },
        { id: 'stats', when: { kind: 'command', name: 'stats' }, do: [{ kind: 'top', counter: 'messages', n: 5, text: 'Messages:\n{top}' }] },
      ],
    },
    steps: [
      { event: msg('hi all'), expect: [{ call: 'react', chat: 'c1', user: 'u1', emoji: '👀' }, send('Hello!')] },
      { event: msg('what?', { user: 'u2', name: 'Bo' }), expect: [{ call: 'react', chat: 'c1', user: 'u2', emoji: '👀' }, send('I did not get that.')] },
      { event: msg('hi again'), expect: [{ call: 'react', chat: 'c1', user: 'u1', emoji: '👀' }, send('Hello!')] },
      { event: msg('/stats'), expect: [send('Messages:\n1. Ann: 2\n2. Bo: 1')] },
    ],
  },
  {
    name: '{text} is the whole message (an echo), in keyword, message and command rules',
    plan: {
      rules: [
        { id: 'echo', when: { kind: 'command', name: 'echo' }, do: [{ kind: 'reply', text: '{text} / {args}' }] },
        { id: 'other', when: { kind: 'message' }, do: [{ kind: 'reply', text: 'You said: {text}' }] },
      ],
    },
    steps: [
      { event: msg('/echo  hello there'), expect: [send('/echo  hello there / hello there')] },
      { event: msg('Good morning {name}'), expect: [send('You said: Good morning {name}')] },
    ],
  },
];
