// The engine cases of the data the web services give (see cases.ts for the harness and
// web-fakes.fixture.ts for the services): weather, prices, feeds, the model, translation.

import type { CaseCall, CaseEvent, EngineCase } from './case-format';

const msg = (text: string): CaseEvent => ({ type: 'message', text });
const send = (text: string, chat = 'c1'): CaseCall => ({ call: 'send', chat, text });

export const WEB_CASES: EngineCase[] = [
  {
    name: 'a feed read for its new items: the first read only remembers, then each new item once, with the text',
    plan: {
      rules: [{ id: 'blog', when: { kind: 'command', name: 'check' }, do: [{ kind: 'data', source: { kind: 'news', feedUrl: 'http://web.test/growing.xml', onlyNew: true }, text: '📰 New: {value}' }] }],
    },
    steps: [
      { event: msg('/check'), expect: [] },
      { event: msg('/check'), expect: [send('📰 New: Item 3\nhttps://news.example/g3')] },
      { event: msg('/check'), expect: [send('📰 New: Item 4\nhttps://news.example/g4')] },
      { restart: true },
      { event: msg('/check'), expect: [send('📰 New: Item 5\nhttps://news.example/g5')] },
    ],
  },
  {
    name: 'data: weather, price, news, ai and translate from the web services; a place not found or a missing city says so',
    plan: {
      rules: [
        { id: 'weather', when: { kind: 'command', name: 'weather' }, do: [{ kind: 'data', source: { kind: 'weather' } }] },
        { id: 'berlin', when: { kind: 'command', name: 'berlin' }, do: [{ kind: 'data', source: { kind: 'weather', city: 'Berlin' }, text: 'Now: {value}' }] },
        { id: 'btc', when: { kind: 'command', name: 'btc' }, do: [{ kind: 'data', source: { kind: 'price', coin: 'btc' }, text: 'Bitcoin: {value}' }] },
        { id: 'news', when: { kind: 'command', name: 'news' }, do: [{ kind: 'data', source: { kind: 'news', feedUrl: 'http://web.test/feed.xml', count: 2 } }] },
        { id: 'ask', when: { kind: 'command', name: 'ask' }, do: [{ kind: 'data', source: { kind: 'ai', instructions: 'Answer like a baker.' } }] },
        { id: 'es', when: { kind: 'keyword', words: ['translate'] }, do: [{ kind: 'data', source: { kind: 'translate', to: 'es' }, text: 'In Spanish: {value}' }] },
      ],
    },
    steps: [
      { event: msg('/weather Munich'), expect: [send('Munich, Germany: partly cloudy, 14.2°C, wind 11.5 km/h')] },
      { event: msg('/berlin'), expect: [send('Now: Berlin, Germany: partly cloudy, 14.2°C, wind 11.5 km/h')] },
      { event: msg('/weather Nowhere'), expect: [send('I could not find a place called Nowhere.')] },
      { event: msg('/weather'), expect: [send('Write a city after the command, e.g. /weather Paris')] },
      { event: msg('/btc'), expect: [send('Bitcoin: 64,000.50 USD')] },
      { event: msg('/news'), expect: [send('First\nhttps://news.example/1\n\nSecond\nhttps://news.example/2')] },
      { event: msg('/ask Why is bread brown?'), expect: [send('[Answer like a baker.] Why is bread brown?')] },
      { event: msg('translate good morning'), expect: [send("In Spanish: [Translate the user's message into es. Answer with the translation only.] translate good morning")] },
    ],
  },
];
