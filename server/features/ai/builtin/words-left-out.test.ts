// The person's own words the plan does not carry are quoted back, and words it carries are not.
import { describe, expect, it } from 'vitest';
import type { BotPlan } from '../../../../shared/bot-plan.schema';
import { builtinChat } from './reply';
import { wordsLeftOut } from './words-left-out';

const plan = (rules: BotPlan['rules'], extra: Partial<BotPlan> = {}): BotPlan => ({
  version: 1, name: 'Kitchen Bot', platform: 'slack', language: 'python', rules,
  settings: { timeZone: 'UTC', prefix: '/' }, defaults: [], notBuilt: [], ...extra,
});
const reply = (id: string, name: string, text: string, source?: string): BotPlan['rules'][number] =>
  ({ id, when: { kind: 'command', name }, if: [], do: [{ kind: 'reply', text }], ...(source ? { source } : {}) });

describe('words left out of the plan', () => {
  it('a command, a quoted text, a channel and a link the plan lacks are quoted back, one line per sentence', () => {
    const message = 'Slack bot for the kitchen.\n/86 <dish> -> reply "86\'d: <dish> ❌"\n/menu -> "Soup 5, bread 2"\npost the specials in #kitchen, see https://bistro.example/specials';
    const left = wordsLeftOut(message, plan([reply('menu', 'menu', 'Soup 5, bread 2')]), []);
    expect(left).toEqual(['/86 <dish> -> reply "86\'d: <dish> ❌"', 'post the specials in #kitchen, see https://bistro.example/specials']);
  });

  it("a rule's source does not count as carrying its words", () => {
    const message = 'slack bot: /hours says "Open 9-5"';
    expect(wordsLeftOut(message, plan([reply('help', 'help', 'Use /hours', 'slack bot: /hours says "Open 9-5"')]), [])).toEqual([message]);
  });

  it('words carried with placeholders, split into parts, or as a keyword are not quoted back', () => {
    const rules: BotPlan['rules'] = [
      { id: 'bottled', when: { kind: 'command', name: 'bottled' }, if: [], do: [{ kind: 'count', counter: 'bottles', per: 'user', add: 'number' }, { kind: 'reply', text: "Nice one, you're on {count} bottles now 🌶️" }] },
      { id: 'menu', when: { kind: 'command', name: 'menu' }, if: [], do: [{ kind: 'replyOneOf', texts: ['sourdough 5€', 'croissant 2€'], order: 'inTurn' }] },
      { id: 'open', when: { kind: 'keyword', words: ['open'], whole: false }, if: [], do: [{ kind: 'reply', text: 'We open at 8' }] },
    ];
    const message = 'Telegram bot. /bottled 48 -> reply "Nice one, you\'re on X bottles now 🌶️". /menu: "sourdough 5€, croissant 2€". if someone asks "when do you open?" say "We open at 8"';
    expect(wordsLeftOut(message, plan(rules, { platform: 'telegram' }), [])).toEqual([]);
  });

  it('a name, words left out on purpose and a sentence already quoted back are not repeated', () => {
    const message = "We're 'Die Füllerei' in Freiburg. No /price command please. can book flights";
    expect(wordsLeftOut(message, plan([]), [])).toEqual([]);
    expect(wordsLeftOut('can book flights via /fly', plan([]), ['can book flights via /fly'])).toEqual([]);
  });

  it('a channel the rules post in or listen in is carried', () => {
    const rules: BotPlan['rules'] = [{ id: 'post', when: { kind: 'schedule', times: ['09:00'], weekdays: [], offsetMinutes: 0 }, if: [], do: [{ kind: 'post', to: 'channel', text: 'Morning!' }], channel: 'kitchen' }];
    expect(wordsLeftOut('every day at 9 post "Morning!" in #kitchen', plan(rules), [])).toEqual([]);
  });

  it("the chat's answer lists them under Not understood", () => {
    const { reply: answer } = builtinChat('slack bot in python: /soup says "Tomato today". also copy the specials board from https://bistro.example/board into #kitchen');
    expect(answer).toMatch(/\*\*Not understood\*\*[^\n]*\n(?:- .*\n)*- ".*https:\/\/bistro\.example\/board into #kitchen/);
  });
});
