// The cases of the engine's messages, conditions and actions (the format: case-format.ts); the clock's
// cases, the choices both languages agreed on, named channels, what a bot keeps (lists, counters,
// quizzes) and the web services' data are in cases-clock.ts, cases-agreed.ts, cases-channels.ts,
// cases-state.ts and cases-web.ts.
import { AGREED_CASES } from './cases-agreed';
import { CHANNEL_CASES } from './cases-channels';
import { STATE_CASES } from './cases-state';
import { CLOCK_CASES } from './cases-clock';
import { WEB_CASES } from './cases-web';
import type { CaseCall, CaseEvent, EngineCase } from './case-format';

const msg = (text: string, more: Partial<CaseEvent> = {}): CaseEvent => ({ type: 'message', text, ...more });
const send = (text: string, chat = 'c1'): CaseCall => ({ call: 'send', chat, text });

export const ENGINE_CASES: EngineCase[] = [
  ...CLOCK_CASES,
  ...AGREED_CASES,
  ...CHANNEL_CASES,
  ...STATE_CASES,
  ...WEB_CASES,
  {
    name: 'commands: {name} and {args}, /cmd@Bot, the automatic help, unknown commands',
    plan: {
      settings: { unknownCommand: 'Sorry {name}, I do not know that command.' },
      rules: [
        { id: 'order', when: { kind: 'command', name: 'Order' }, do: [{ kind: 'reply', text: '{name} ordered {args}. {unknown}' }] },
        { id: 'hours', when: { kind: 'command', name: 'hours' }, do: [{ kind: 'reply', text: 'We open at nine every day of the week except on the public holidays of Bavaria.' }] },
        { id: 'blank', when: { kind: 'command', name: 'blank' }, do: [{ kind: 'reply', text: null }] },
        { id: 'gone', when: { kind: 'command', name: 'gone' }, do: [{ kind: 'reply', text: 'x' }], unsupported: 'not here' },
      ],
    },
    steps: [
      { event: msg('/order  two lattes '), expect: [send('Ann ordered two lattes. {unknown}')] },
      { event: msg('/ORDER@BakeryBot one tea'), expect: [send('Ann ordered one tea. {unknown}')] },
      { event: msg('/help'), expect: [send('Commands:\n/Order - … ordered …. …\n/hours - We open at nine every day of the week except on the public h')] },
      { event: msg('/start'), expect: [send('Commands:\n/Order - … ordered …. …\n/hours - We open at nine every day of the week except on the public h')] },
      // A rule with a blank or marked unsupported is not in the code: its command is unknown.
      { event: msg('/blank'), expect: [send('Sorry Ann, I do not know that command.')] },
      { event: msg('/gone now'), expect: [send('Sorry Ann, I do not know that command.')] },
      { event: msg('/ order'), expect: [] },
    ],
  },
  {
    name: '{text} is the whole message; message rules with always run for every message that is no command, and do not count as an answer',
    plan: {
      rules: [
        { id: 'count', when: { kind: 'message', always: true }, do: [{ kind: 'count', counter: 'messages' }, { kind: 'reply', text: 'Message {count}: {text}' }] },
        { id: 'price', when: { kind: 'keyword', words: ['price'] }, do: [{ kind: 'reply', text: 'Bread is 3 euros ({text}).' }] },
        { id: 'echo', when: { kind: 'message' }, do: [{ kind: 'reply', text: 'You said: {text}' }] },
        { id: 'say', when: { kind: 'command', name: 'say' }, do: [{ kind: 'reply', text: '{args} / {text}' }] },
      ],
    },
    steps: [
      { event: msg('the price?'), expect: [send('Message 1: the price?'), send('Bread is 3 euros (the price?).')] },
      { event: msg('hello there'), expect: [send('Message 2: hello there'), send('You said: hello there')] },
      { event: msg('/say hi all'), expect: [send('hi all / /say hi all')] },
    ],
  },
  {
    name: 'an unknown command says nothing without settings.unknownCommand; "!" as the prefix',
    plan: { settings: { prefix: '!' }, rules: [{ id: 'hi', when: { kind: 'command', name: 'hi' }, do: [{ kind: 'reply', text: 'Hi!' }] }] },
    steps: [
      { event: msg('!nope'), expect: [] },
      { event: msg('/hi'), expect: [] },
      { event: msg('!hi'), expect: [send('Hi!')] },
    ],
  },
  {
    name: 'keywords at word boundaries (plurals too), whole messages, mentions, and message rules only when nothing else ran',
    plan: {
      rules: [
        { id: 'price', when: { kind: 'keyword', words: ['price', 'how much'] }, do: [{ kind: 'reply', text: 'Bread is 3 euros.' }] },
        { id: 'hi', when: { kind: 'keyword', words: ['hi'], whole: true }, do: [{ kind: 'reply', text: 'Hello!' }] },
        { id: 'mention', when: { kind: 'mention' }, do: [{ kind: 'reply', text: 'You called?' }] },
        { id: 'other', when: { kind: 'message' }, do: [{ kind: 'reply', text: 'I did not get that.' }] },
      ],
    },
    steps: [
      { event: msg("What's the PRICE?"), expect: [send('Bread is 3 euros.')] },
      { event: msg('How much is it'), expect: [send('Bread is 3 euros.')] },
      { event: msg('your prices please'), expect: [send('Bread is 3 euros.')] },
      { event: msg('That is priceless'), expect: [send('I did not get that.')] },
      { event: msg('  Hi '), expect: [send('Hello!')] },
      { event: msg('hi there'), expect: [send('I did not get that.')] },
      { event: msg('the price?', { mentioned: true }), expect: [send('Bread is 3 euros.'), send('You called?')] },
      { event: msg('hey', { mentioned: true }), expect: [send('You called?')] },
    ],
  },
  {
    name: 'conditions: the chat (name or id, case and # ignored) and admins; a rule whose conditions fail does not count as run',
    plan: {
      rules: [
        { id: 'here', when: { kind: 'command', name: 'here' }, if: [{ kind: 'chat', name: '#Bakery' }], do: [{ kind: 'reply', text: 'In the bakery.' }] },
        { id: 'staff', when: { kind: 'keyword', words: ['close'] }, if: [{ kind: 'admins' }], do: [{ kind: 'reply', text: 'Closing.' }] },
        { id: 'other', when: { kind: 'message' }, do: [{ kind: 'reply', text: 'Other.' }] },
      ],
    },
    steps: [
      { event: msg('/here'), expect: [send('In the bakery.')] },
      { event: msg('/here', { chat: 'c2', chatName: 'garden' }), expect: [] },
      { event: msg('/here', { chat: 'bakery', chatName: null }), expect: [send('In the bakery.', 'bakery')] },
      { event: msg('close now', { user: 'boss', name: 'Bo' }), expect: [send('Closing.')] },
      { event: msg('close now'), expect: [send('Other.')] },
    ],
  },
  {
    name: 'warnings per chat, then a mute: a warnings rule after the warn rule sees the new count',
    plan: {
      rules: [
        { id: 'warn', when: { kind: 'keyword', words: ['darn'] }, do: [{ kind: 'delete' }, { kind: 'warn', text: 'Please be kind, {name}.' }] },
        { id: 'mute', when: { kind: 'keyword', words: ['darn'] }, if: [{ kind: 'warnings', atLeast: 2 }], do: [{ kind: 'mute', minutes: 10, text: '{name} is muted for 10 minutes.' }] },
      ],
    },
    steps: [
      { event: msg('darn'), expect: [{ call: 'deleteMessage', chat: 'c1', user: 'u1' }, send('Please be kind, Ann.')] },
      { event: msg('darn it', { chat: 'c2' }), expect: [{ call: 'deleteMessage', chat: 'c2', user: 'u1' }, send('Please be kind, Ann.', 'c2')] },
      {
        event: msg('oh darn'),
        expect: [{ call: 'deleteMessage', chat: 'c1', user: 'u1' }, send('Please be kind, Ann.'), { call: 'mute', chat: 'c1', user: 'u1', minutes: 10 }, send('Ann is muted for 10 minutes.')],
      },
      { restart: true },
      {
        event: msg('darn'),
        expect: [{ call: 'deleteMessage', chat: 'c1', user: 'u1' }, send('Please be kind, Ann.'), { call: 'mute', chat: 'c1', user: 'u1', minutes: 10 }, send('Ann is muted for 10 minutes.')],
      },
    ],
    data: { warnings: { c1: { u1: 3 }, c2: { u1: 1 } } },
  },
  {
    name: 'joins, leaves, buttons and reactions',
    plan: {
      rules: [
        { id: 'welcome', when: { kind: 'join' }, do: [{ kind: 'reply', text: 'Welcome, {name}!' }] },
        { id: 'bye', when: { kind: 'leave' }, do: [{ kind: 'reply', text: 'Bye, {name}.' }] },
        { id: 'menu', when: { kind: 'command', name: 'menu' }, do: [{ kind: 'buttons', text: 'What would you like, {name}?', buttons: [{ id: 'hours', label: 'Opening hours' }, { id: 'where', label: 'Where' }] }] },
        { id: 'hours', when: { kind: 'button', id: 'hours' }, do: [{ kind: 'reply', text: 'From 9 to 5.' }] },
        { id: 'love', when: { kind: 'reaction', emoji: '❤️' }, do: [{ kind: 'react', emoji: '🙏' }] },
        { id: 'any', when: { kind: 'reaction' }, do: [{ kind: 'reply', text: '{name} reacted.' }] },
      ],
    },
    steps: [
      { event: { type: 'join', name: 'Bea', user: 'u2' }, expect: [send('Welcome, Bea!')] },
      { event: { type: 'leave', name: 'Bea', user: 'u2' }, expect: [send('Bye, Bea.')] },
      {
        event: msg('/menu'),
        expect: [{ call: 'send', chat: 'c1', text: 'What would you like, Ann?', buttons: [{ id: 'hours', label: 'Opening hours' }, { id: 'where', label: 'Where' }] }],
      },
      { event: { type: 'button', buttonId: 'hours', text: 'Opening hours' }, expect: [send('From 9 to 5.')] },
      { event: { type: 'button', buttonId: 'where', text: 'Where' }, expect: [] },
      { event: { type: 'reaction', emoji: '❤' }, expect: [{ call: 'react', chat: 'c1', user: 'u1', emoji: '🙏' }, send('Ann reacted.')] },
      { event: { type: 'reaction', emoji: '👍' }, expect: [send('Ann reacted.')] },
    ],
  },
  {
    name: 'one of the replies: in turn (the turn survives a restart) or at random',
    plan: {
      rules: [
        { id: 'tip', when: { kind: 'command', name: 'tip' }, do: [{ kind: 'replyOneOf', texts: ['One', 'Two', 'Three'], order: 'inTurn' }] },
        { id: 'joke', when: { kind: 'command', name: 'joke' }, do: [{ kind: 'replyOneOf', texts: ['A {name}', 'B {name}'] }] },
      ],
    },
    steps: [
      { event: msg('/tip'), expect: [send('One')] },
      { event: msg('/tip'), expect: [send('Two')] },
      { restart: true },
      { event: msg('/tip'), expect: [send('Three')] },
      { event: msg('/tip'), expect: [send('One')] },
      { event: msg('/joke'), expect: [{ call: 'send', chat: 'c1', textOneOf: ['A Ann', 'B Ann'] }] },
    ],
  },
  {
    name: 'ask: the questions one at a time, done with {answers}, the answers sent to the owner',
    plan: {
      rules: [
        {
          id: 'apply',
          when: { kind: 'command', name: 'apply' },
          do: [{ kind: 'ask', questions: ['Your name?', 'Your age?'], done: 'Thanks, {name}:\n{answers}' }, { kind: 'reply', text: 'We will call you.' }],
        },
      ],
    },
    steps: [
      { event: msg('/apply'), expect: [send('Your name?')] },
      { event: msg('Ann Lee'), expect: [send('Your age?')] },
      {
        event: msg(' 31 '),
        expect: [send('Thanks, Ann:\nYour name?: Ann Lee\nYour age?: 31'), send('New answers from Ann:\nYour name?: Ann Lee\nYour age?: 31', 'owner-1'), send('We will call you.')],
      },
    ],
  },
  {
    name: 'ask without an owner chat: the answers are not sent and the log says to set OWNER_CHAT_ID',
    plan: { rules: [{ id: 'ask', when: { kind: 'command', name: 'ask' }, do: [{ kind: 'ask', questions: ['Why?'], done: 'Noted.' }] }] },
    adapter: { owner: null },
    steps: [
      { event: msg('/ask'), expect: [send('Why?')] },
      { event: msg('Because'), expect: [send('Noted.')], logs: ['OWNER_CHAT_ID'] },
    ],
  },
  {
    name: 'convert: units both ways, 2 decimals without trailing zeros, currencies, no number',
    plan: {
      rules: [
        { id: 'f', when: { kind: 'command', name: 'f' }, do: [{ kind: 'convert', from: 'C', to: 'F', text: '{args} is {value} °F' }] },
        { id: 'km', when: { kind: 'command', name: 'km' }, do: [{ kind: 'convert', from: 'mi', to: 'km', text: '{value} km' }] },
        { id: 'gal', when: { kind: 'command', name: 'gal' }, do: [{ kind: 'convert', from: 'gal', to: 'l', text: '{value} l' }] },
        { id: 'oz', when: { kind: 'command', name: 'oz' }, do: [{ kind: 'convert', from: 'g', to: 'oz', text: '{value} oz' }] },
        { id: 'usd', when: { kind: 'command', name: 'usd' }, do: [{ kind: 'convert', from: 'eur', to: 'usd', text: '{value} USD' }] },
        { id: 'jpy', when: { kind: 'command', name: 'jpy' }, do: [{ kind: 'convert', from: 'EUR', to: 'XYZ', text: '{value} XYZ' }] },
      ],
    },
    steps: [
      { event: msg('/f 20'), expect: [send('20 is 68 °F')] },
      { event: msg('/f -40.5 degrees'), expect: [send('-40.5 degrees is -40.9 °F')] },
      { event: msg('/km 10'), expect: [send('16.09 km')] },
      { event: msg('/gal 5'), expect: [send('18.93 l')] },
      { event: msg('/oz 100'), expect: [send('3.53 oz')] },
      { event: msg('/usd 2,5'), expect: [send('2.7 USD')] },
      { event: msg('/f'), expect: [send('Write a number after the command, e.g. /f 20')] },
      { event: msg('/jpy 3'), expect: [send('Sorry, I could not get that right now.')] },
    ],
  },
  {
    name: 'post to the channel or the owner, forward to the owner; a missing channel is logged by its setting',
    plan: {
      rules: [
        { id: 'news', when: { kind: 'command', name: 'announce' }, do: [{ kind: 'post', text: 'News: {args}' }, { kind: 'post', to: 'owner', text: '{name} announced.' }] },
        { id: 'fw', when: { kind: 'keyword', words: ['help'] }, do: [{ kind: 'forward' }] },
        { id: 'flagged', when: { kind: 'reaction', emoji: '🚩' }, do: [{ kind: 'forward' }] },
      ],
    },
    steps: [
      { event: msg('/announce cake {today}'), expect: [send('News: cake {today}', 'channel-1'), send('Ann announced.', 'owner-1')] },
      { event: msg('I need help with {args}'), expect: [send('Ann wrote in bakery: I need help with {args}', 'owner-1')] },
      { event: msg('help', { chat: '42', chatName: null }), expect: [send('Ann wrote in a private chat: help', 'owner-1')] },
      // A reaction's copy: the words of the message reacted to (the adapter read them), or a note that it could not.
      { event: { type: 'reaction', emoji: '🚩', text: 'cheap pills here' }, expect: [send('Ann reacted 🚩 to a message in bakery: cheap pills here', 'owner-1')] },
      { event: { type: 'reaction', emoji: '🚩' }, expect: [send('Ann reacted 🚩 to a message in bakery: (a message the bot did not see)', 'owner-1')] },
    ],
  },
  {
    name: 'posts without a channel set do nothing but log the setting',
    plan: { rules: [{ id: 'news', when: { kind: 'command', name: 'announce' }, do: [{ kind: 'post', text: 'News' }, { kind: 'reply', text: 'Done.' }] }] },
    adapter: { channel: null },
    steps: [{ event: msg('/announce'), expect: [send('Done.')], logs: ['TEST_CHANNEL_ID'] }],
  },
  {
    name: 'moderation: react, delete, kick and ban, with their texts',
    plan: {
      rules: [
        { id: 'spam', when: { kind: 'keyword', words: ['buy now'] }, do: [{ kind: 'delete' }, { kind: 'ban', text: '{name} is banned.' }] },
        { id: 'kick', when: { kind: 'keyword', words: ['kick me'] }, do: [{ kind: 'kick' }] },
        { id: 'like', when: { kind: 'keyword', words: ['cake'] }, do: [{ kind: 'react', emoji: '🎂' }] },
      ],
    },
    steps: [
      { event: msg('BUY NOW!!'), expect: [{ call: 'deleteMessage', chat: 'c1', user: 'u1' }, { call: 'ban', chat: 'c1', user: 'u1' }, send('Ann is banned.')] },
      { event: msg('kick me'), expect: [{ call: 'kick', chat: 'c1', user: 'u1' }] },
      { event: msg('cake!'), expect: [{ call: 'react', chat: 'c1', user: 'u1', emoji: '🎂' }] },
    ],
  },
  {
    name: 'polls: the plan\'s, written after the command in both forms, or the plan\'s question with the options written after it',
    plan: {
      rules: [
        { id: 'lunch', when: { kind: 'command', name: 'lunch' }, do: [{ kind: 'poll', question: 'Lunch, {name}?', options: ['Pizza', 'Pasta'] }] },
        { id: 'vote', when: { kind: 'command', name: 'vote' }, do: [{ kind: 'poll', question: '', fromArgument: true }] },
        // The plan's question, the options written after the command.
        { id: 'motm', when: { kind: 'command', name: 'motm' }, do: [{ kind: 'poll', question: 'Man of the match?', fromArgument: true }] },
      ],
    },
    steps: [
      { event: msg('/lunch'), expect: [{ call: 'sendPoll', chat: 'c1', question: 'Lunch, Ann?', options: ['Pizza', 'Pasta'] }] },
      { event: msg('/vote Pizza or burgers?'), expect: [{ call: 'sendPoll', chat: 'c1', question: 'Pizza or burgers?', options: ['Pizza', 'burgers'] }] },
      { event: msg('/vote Where? park, beach, pool'), expect: [{ call: 'sendPoll', chat: 'c1', question: 'Where?', options: ['park', 'beach', 'pool'] }] },
      { event: msg('/vote Tea, coffee or juice?'), expect: [{ call: 'sendPoll', chat: 'c1', question: 'Tea, coffee or juice?', options: ['Tea', 'coffee', 'juice'] }] },
      { event: msg('/vote Best arc? | Tutorial | Ending'), expect: [{ call: 'sendPoll', chat: 'c1', question: 'Best arc?', options: ['Tutorial', 'Ending'] }] },
      { event: msg('/vote Tea?'), expect: [send('Write a question and its options after the command, e.g. /vote Pizza or burgers?')] },
      { event: msg('/motm Jay, Kev or Tom'), expect: [{ call: 'sendPoll', chat: 'c1', question: 'Man of the match?', options: ['Jay', 'Kev', 'Tom'] }] },
    ],
  },
];
