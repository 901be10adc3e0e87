// The engine cases for what a bot keeps in its data file: lists per chat (and queues), counters and their
// tops, and quizzes (with the right answers counted for a top). Each is kept across a restart.

import type { CaseCall, CaseEvent, EngineCase } from './case-format';

const msg = (text: string, more: Partial<CaseEvent> = {}): CaseEvent => ({ type: 'message', text, ...more });
const send = (text: string, chat = 'c1'): CaseCall => ({ call: 'send', chat, text });

export const STATE_CASES: EngineCase[] = [
  {
    name: 'a list per chat: add, remove (any case), show, clear (with no word when it has no text), how many, the sender as the item, at most max items; kept across a restart',
    plan: {
      rules: [
        { id: 'add', when: { kind: 'command', name: 'add' }, do: [{ kind: 'list', list: 'shopping', op: 'add', text: 'Added {item}.' }] },
        { id: 'remove', when: { kind: 'command', name: 'remove' }, do: [{ kind: 'list', list: 'shopping', op: 'remove', text: 'Removed {item}.\n{list}' }] },
        { id: 'show', when: { kind: 'command', name: 'list' }, do: [{ kind: 'list', list: 'shopping', op: 'show', text: 'To buy:\n{list}' }] },
        { id: 'clear', when: { kind: 'command', name: 'clear' }, do: [{ kind: 'list', list: 'shopping', op: 'clear', text: 'Cleared.' }] },
        { id: 'join', when: { kind: 'command', name: 'in' }, do: [{ kind: 'list', list: 'players', op: 'add', item: 'sender', text: '{name} is in:\n{list}' }] },
        { id: 'who', when: { kind: 'command', name: 'who' }, do: [{ kind: 'list', list: 'players', op: 'show', text: '{list}', empty: 'Nobody yet.' }] },
        { id: 'count', when: { kind: 'command', name: 'count' }, do: [{ kind: 'list', list: 'players', op: 'show', text: '{count} in so far' }] },
        // Emptied without a word (as on a schedule).
        { id: 'wipe', when: { kind: 'command', name: 'wipe' }, do: [{ kind: 'list', list: 'players', op: 'clear', text: '' }] },
        // A class of two: the third is told it is full, and is not added.
        { id: 'book', when: { kind: 'command', name: 'book' }, do: [{ kind: 'list', list: 'class', op: 'add', item: 'sender', text: 'Booked, {name}.', max: 2, full: 'Sorry {name}, class is full (2 max)' }] },
      ],
    },
    steps: [
      { event: msg('/add'), expect: [send('Write what to add after the command, e.g. /add milk')] },
      { event: msg('/add Milk'), expect: [send('Added Milk.')] },
      { event: msg('/add eggs'), expect: [send('Added eggs.')] },
      { event: msg('/add bread', { chat: 'c2' }), expect: [send('Added bread.', 'c2')] },
      { restart: true },
      { event: msg('/list'), expect: [send('To buy:\n- Milk\n- eggs')] },
      { event: msg('/remove milk'), expect: [send('Removed milk.\n- eggs')] },
      { event: msg('/clear'), expect: [send('Cleared.')] },
      { event: msg('/list'), expect: [send('The list is empty.')] },
      { event: msg('/who'), expect: [send('Nobody yet.')] },
      { event: msg('/in'), expect: [send('Ann is in:\n- Ann')] },
      { event: msg('/in', { user: 'u2', name: 'Bo' }), expect: [send('Bo is in:\n- Ann\n- Bo')] },
      { event: msg('/count'), expect: [send('2 in so far')] },
      { event: msg('/wipe', { chat: 'c2' }), expect: [] },
      { event: msg('/count'), expect: [send('2 in so far')] },
      { event: msg('/wipe'), expect: [] },
      { event: msg('/who'), expect: [send('Nobody yet.')] },
      { event: msg('/book'), expect: [send('Booked, Ann.')] },
      { event: msg('/book', { user: 'u2', name: 'Bo' }), expect: [send('Booked, Bo.')] },
      { event: msg('/book', { user: 'u3', name: 'Cy' }), expect: [send('Sorry Cy, class is full (2 max)')] },
      { event: msg('/book'), expect: [send('Booked, Ann.')] },
    ],
    data: { lists: { c1: { shopping: [], players: [], class: ['Ann', 'Bo'] }, c2: { shopping: ['bread'], players: [] } } },
  },
  {
    name: 'a queue: the first one taken off the list in turn, the empty text when nobody is left; kept across a restart',
    plan: {
      rules: [
        { id: 'queue', when: { kind: 'command', name: 'queue' }, do: [{ kind: 'list', list: 'queue', op: 'add', item: 'sender', text: '{name}, you are number {count}' }] },
        { id: 'next', when: { kind: 'command', name: 'next' }, do: [{ kind: 'list', list: 'queue', op: 'next', text: 'Next up: {item} ({count} waiting)', empty: 'Nobody waiting' }] },
      ],
    },
    steps: [
      { event: msg('/next'), expect: [send('Nobody waiting')] },
      { event: msg('/queue'), expect: [send('Ann, you are number 1')] },
      { event: msg('/queue', { user: 'u2', name: 'Bo' }), expect: [send('Bo, you are number 2')] },
      { restart: true },
      { event: msg('/next'), expect: [send('Next up: Ann (1 waiting)')] },
      { event: msg('/next'), expect: [send('Next up: Bo (0 waiting)')] },
      { event: msg('/next'), expect: [send('Nobody waiting')] },
    ],
    data: { lists: { c1: { queue: [] } } },
  },
  {
    name: 'counters per user and per chat, the top of a chat, and a reset of one chat',
    plan: {
      rules: [
        { id: 'thanks', when: { kind: 'keyword', words: ['thanks'] }, do: [{ kind: 'count', counter: 'thanks' }, { kind: 'reply', text: '{name} has {count} thanks.' }] },
        { id: 'cake', when: { kind: 'command', name: 'cake' }, do: [{ kind: 'count', counter: 'cakes', per: 'chat' }, { kind: 'reply', text: 'Cake number {count}.' }] },
        { id: 'top', when: { kind: 'command', name: 'top' }, do: [{ kind: 'top', counter: 'thanks', n: 2, text: 'Most thanked:\n{top}' }] },
        { id: 'reset', when: { kind: 'command', name: 'reset' }, do: [{ kind: 'resetCount', counter: 'thanks' }, { kind: 'reply', text: 'Everyone back to 0.' }] },
      ],
    },
    steps: [
      { event: msg('/top'), expect: [send('Nobody has any yet.')] },
      { event: msg('thanks!'), expect: [send('Ann has 1 thanks.')] },
      { event: msg('thanks', { user: 'u2', name: 'Bo' }), expect: [send('Bo has 1 thanks.')] },
      { event: msg('thanks', { user: 'u2', name: 'Bo' }), expect: [send('Bo has 2 thanks.')] },
      { event: msg('thanks', { user: 'u3', name: 'Cy' }), expect: [send('Cy has 1 thanks.')] },
      { event: msg('thanks', { chat: 'c2' }), expect: [send('Ann has 1 thanks.', 'c2')] },
      { event: msg('/top'), expect: [send('Most thanked:\n1. Bo: 2\n2. Ann: 1')] },
      { event: msg('/cake'), expect: [send('Cake number 1.')] },
      { event: msg('/cake', { user: 'u2', name: 'Bo' }), expect: [send('Cake number 2.')] },
      // A reset empties this chat's counter only; counting starts again from 0.
      { event: msg('/reset'), expect: [send('Everyone back to 0.')] },
      { event: msg('/top'), expect: [send('Nobody has any yet.')] },
      { event: msg('thanks', { user: 'u2', name: 'Bo' }), expect: [send('Bo has 1 thanks.')] },
      { event: msg('thanks', { chat: 'c2' }), expect: [send('Ann has 2 thanks.', 'c2')] },
    ],
  },
  {
    name: 'a counter that adds the number written after the command, and its top',
    plan: {
      rules: [
        { id: 'ran', when: { kind: 'command', name: 'ran' }, do: [{ kind: 'count', counter: 'km', add: 'number' }, { kind: 'reply', text: '{args} km logged, {count} km in all, {name}!' }] },
        { id: 'top', when: { kind: 'command', name: 'top' }, do: [{ kind: 'top', counter: 'km', n: 3, text: 'Most km:\n{top}' }] },
      ],
    },
    steps: [
      { event: msg('/ran 5.2'), expect: [send('5.2 km logged, 5.2 km in all, Ann!')] },
      { event: msg('/ran 10'), expect: [send('10 km logged, 15.2 km in all, Ann!')] },
      { event: msg('/ran 0,3', { user: 'u2', name: 'Bo' }), expect: [send('0,3 km logged, 0.3 km in all, Bo!')] },
      { event: msg('/ran far'), expect: [send('Write a number after the command, e.g. /ran 5')] },
      { event: msg('/top'), expect: [send('Most km:\n1. Ann: 15.2\n2. Bo: 0.3')] },
    ],
  },
  {
    name: 'a quiz: right and wrong answers, the score at the end; a command ends it',
    plan: {
      rules: [
        {
          id: 'quiz',
          when: { kind: 'command', name: 'quiz' },
          do: [
            {
              kind: 'quiz',
              questions: [{ question: 'Capital of France?', answer: 'Paris' }, { question: '2 + 2?', answer: '4' }],
              right: 'Right, {name}!',
              wrong: 'No: it is {value}.',
              done: '{count} of {total} right.',
            },
          ],
        },
        { id: 'ping', when: { kind: 'command', name: 'ping' }, do: [{ kind: 'reply', text: 'pong' }] },
        { id: 'other', when: { kind: 'message' }, do: [{ kind: 'reply', text: 'Other.' }] },
      ],
    },
    steps: [
      { event: msg('/quiz'), expect: [send('Capital of France?')] },
      { event: msg('Hello', { user: 'u2', name: 'Bo' }), expect: [send('Other.')] },
      { event: msg('  paris '), expect: [send('Right, Ann!'), send('2 + 2?')] },
      { restart: true },
      { event: msg('5'), expect: [send('No: it is 4.'), send('1 of 2 right.')] },
      { event: msg('5'), expect: [send('Other.')] },
      { event: msg('/quiz'), expect: [send('Capital of France?')] },
      { event: msg('/ping'), expect: [send('pong')] },
      { event: msg('Paris'), expect: [send('Other.')] },
    ],
  },
  {
    name: 'a quiz with a counter: each right answer counts for the sender, and the top of it is the leaderboard',
    plan: {
      rules: [
        {
          id: 'quiz',
          when: { kind: 'command', name: 'quiz' },
          do: [{ kind: 'quiz', questions: [{ question: 'Capital of France?', answer: 'Paris' }, { question: '2 + 2?', answer: '4' }], right: 'Right!', wrong: 'No: {value}.', done: '{count} of {total}.', counter: 'quiz_right' }],
        },
        { id: 'top', when: { kind: 'command', name: 'top' }, do: [{ kind: 'top', counter: 'quiz_right', n: 5, text: 'Best:\n{top}' }] },
      ],
    },
    steps: [
      { event: msg('/quiz'), expect: [send('Capital of France?')] },
      { event: msg('Paris'), expect: [send('Right!'), send('2 + 2?')] },
      { event: msg('4'), expect: [send('Right!'), send('2 of 2.')] },
      { event: msg('/quiz', { user: 'u2', name: 'Bo' }), expect: [send('Capital of France?')] },
      { event: msg('Rome', { user: 'u2', name: 'Bo' }), expect: [send('No: Paris.'), send('2 + 2?')] },
      { restart: true },
      { event: msg('4', { user: 'u2', name: 'Bo' }), expect: [send('Right!'), send('1 of 2.')] },
      { event: msg('/top'), expect: [send('Best:\n1. Ann: 2\n2. Bo: 1')] },
    ],
  },
];
