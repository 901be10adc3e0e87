// Test fixture builders: plans as a person's words would give them (defaults filled by the schema).
import { BotPlanSchema, type BotPlan, type BotPlanInput } from '../../../../../shared/bot-plan.schema';

type RuleInput = BotPlanInput['rules'][number];

/** A Telegram JavaScript plan with these rules (ids r1, r2... unless given). */
export function newPlan(rules: Array<Omit<RuleInput, 'id'> & { id?: string }>, extra: Partial<BotPlanInput> = {}): BotPlan {
  return BotPlanSchema.parse({
    name: 'Test bot',
    platform: 'telegram',
    language: 'javascript',
    rules: rules.map((rule, i) => ({ id: `r${i + 1}`, ...rule })),
    ...extra,
  });
}

/** One rule of every trigger, condition, action and data-source kind (the compile check renders it). */
export const EVERY_KIND: Array<Omit<RuleInput, 'id'>> = [
  { when: { kind: 'command', name: 'menu' }, do: [{ kind: 'buttons', text: 'Pick one', buttons: [{ id: 'tea', label: 'Tea' }] }] },
  { when: { kind: 'button', id: 'tea' }, do: [{ kind: 'reply', text: 'Tea it is, {name}' }] },
  { when: { kind: 'keyword', words: ['price'] }, do: [{ kind: 'replyOneOf', texts: ['3 euros', 'Three euros'], order: 'inTurn' }] },
  { when: { kind: 'mention' }, do: [{ kind: 'forward' }] },
  { when: { kind: 'message' }, if: [{ kind: 'hours', from: '22:00', to: '06:00', outside: true }], do: [{ kind: 'react', emoji: '👍' }] },
  { when: { kind: 'join' }, do: [{ kind: 'reply', text: 'Welcome {name}' }] },
  { when: { kind: 'leave' }, do: [{ kind: 'reply', text: 'Bye {name}' }] },
  { when: { kind: 'reaction', emoji: '❤' }, do: [{ kind: 'count', counter: 'hearts' }] },
  { when: { kind: 'schedule', times: ['09:00'], weekdays: [0, 1], offsetMinutes: -30 }, do: [{ kind: 'post', text: 'Morning' }] },
  { when: { kind: 'schedule', everyMinutes: 10 }, if: [{ kind: 'threshold', source: { kind: 'price', coin: 'bitcoin' }, below: 50000 }], do: [{ kind: 'post', text: 'Cheap: {value}' }] },
  { when: { kind: 'command', name: 'join' }, if: [{ kind: 'chat', name: 'team' }], do: [{ kind: 'list', list: 'team', op: 'add', item: 'sender', text: '{list}' }] },
  { when: { kind: 'command', name: 'drop' }, do: [{ kind: 'list', list: 'team', op: 'remove', text: 'Removed {item}' }] },
  { when: { kind: 'command', name: 'team' }, do: [{ kind: 'list', list: 'team', op: 'show', text: '{list}' }] },
  { when: { kind: 'command', name: 'reset' }, if: [{ kind: 'admins' }], do: [{ kind: 'list', list: 'team', op: 'clear', text: 'Emptied' }] },
  { when: { kind: 'command', name: 'top' }, do: [{ kind: 'top', counter: 'hearts', text: '{top}' }] },
  { when: { kind: 'command', name: 'apply' }, do: [{ kind: 'ask', questions: ['Your name?'], done: 'Thanks' }] },
  { when: { kind: 'command', name: 'quiz' }, do: [{ kind: 'quiz', questions: [{ question: '2+2?', answer: '4' }], right: 'Yes', wrong: 'No, {value}', done: '{count}/{total}' }] },
  { when: { kind: 'command', name: 'ctof' }, do: [{ kind: 'convert', from: 'c', to: 'f', text: '{value} F' }] },
  { when: { kind: 'command', name: 'usd' }, do: [{ kind: 'convert', from: 'eur', to: 'usd', text: '{value} USD' }] },
  { when: { kind: 'command', name: 'tell' }, do: [{ kind: 'post', to: 'owner', text: '{args}' }] },
  { when: { kind: 'keyword', words: ['spam'] }, do: [{ kind: 'delete' }, { kind: 'warn', text: 'No spam' }] },
  { when: { kind: 'keyword', words: ['spam'] }, if: [{ kind: 'warnings', atLeast: 3 }], do: [{ kind: 'mute', minutes: 10, text: 'Muted' }] },
  { when: { kind: 'command', name: 'kick' }, do: [{ kind: 'kick', text: 'Out' }] },
  { when: { kind: 'command', name: 'ban' }, do: [{ kind: 'ban' }] },
  { when: { kind: 'command', name: 'poll' }, do: [{ kind: 'poll', question: null, fromArgument: true }] },
  { when: { kind: 'command', name: 'lunch' }, do: [{ kind: 'poll', question: 'Lunch?', options: ['Pizza', 'Soup'] }] },
  { when: { kind: 'command', name: 'weather' }, do: [{ kind: 'data', source: { kind: 'weather' } }] },
  { when: { kind: 'command', name: 'btc' }, do: [{ kind: 'data', source: { kind: 'price', coin: 'btc' }, text: 'BTC: {value}' }] },
  { when: { kind: 'command', name: 'news' }, do: [{ kind: 'data', source: { kind: 'news', feedUrl: 'https://example.com/feed.xml' } }] },
  { when: { kind: 'command', name: 'ask' }, do: [{ kind: 'data', source: { kind: 'ai', instructions: 'Be brief' } }] },
  { when: { kind: 'command', name: 'de' }, do: [{ kind: 'data', source: { kind: 'translate', to: 'de' } }] },
  { when: { kind: 'command', name: 'magic' }, do: [{ kind: 'custom', name: 'magic-trick', description: 'Does a trick' }] },
  { when: { kind: 'reaction', emoji: '🚩' }, do: [{ kind: 'forward' }] },
  { when: { kind: 'command', name: 'zero' }, if: [{ kind: 'admins' }], do: [{ kind: 'resetCount', counter: 'hearts' }, { kind: 'reply', text: 'Hearts back to 0' }] },
  { when: { kind: 'command', name: 'next' }, do: [{ kind: 'list', list: 'team', op: 'next', text: 'Next: {item}', empty: 'Nobody' }] },
];
