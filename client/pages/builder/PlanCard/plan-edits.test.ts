import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BotPlanSchema, type BotPlan } from '../../../../shared/bot-plan.schema';
import { blanksOf, ruleInWords } from '../../../../shared/bot-plan-words';
import { addRule, editRule, freeRuleId, removeRule, textFieldsOf, timesIn, triggerDraftOf } from './plan-edits';

const plan: BotPlan = BotPlanSchema.parse({
  name: 'Cafe',
  platform: 'telegram',
  language: 'javascript',
  rules: [
    { id: 'hours', when: { kind: 'command', name: 'hours' }, do: [{ kind: 'reply', text: 'Mon-Fri 8-16' }] },
    { id: 'menu', when: { kind: 'command', name: 'menu' }, do: [{ kind: 'reply', text: null }] },
    { id: 'thanks', when: { kind: 'keyword', words: ['thanks', 'thank you'] }, do: [{ kind: 'replyOneOf', texts: ['You are welcome', 'Any time'] }] },
    { id: 'coffee', when: { kind: 'schedule', times: ['08:00'], weekdays: [0, 1, 2, 3, 4] }, do: [{ kind: 'post', text: 'Fresh coffee!' }] },
    { id: 'spam', when: { kind: 'keyword', words: ['casino'] }, do: [{ kind: 'delete' }, { kind: 'mute', minutes: 60, text: 'No spam' }] },
  ],
});
const rule = (p: BotPlan, id: string) => p.rules.find((r) => r.id === id)!;

describe('the texts of a rule', () => {
  it('lists single texts and lists (one item per line), a blank as empty', () => {
    expect(textFieldsOf(rule(plan, 'menu'))).toEqual([{ action: 0, key: 'text', label: 'What the bot says', list: false, value: '' }]);
    expect(textFieldsOf(rule(plan, 'thanks'))).toEqual([
      { action: 0, key: 'texts', label: 'The texts (one per line)', list: true, value: 'You are welcome\nAny time' },
    ]);
    expect(textFieldsOf(rule(plan, 'spam')).map((f) => [f.action, f.key])).toEqual([[1, 'text']]);
  });
});

describe('editing a rule in place', () => {
  it("changes a command's name and its reply", () => {
    const edited = editRule(plan, 'hours', { kind: 'command', name: '/open' }, ['Every day 7-19']);
    expect(ruleInWords(rule(edited, 'hours'), edited)).toBe("When someone sends /open: reply 'Every day 7-19'");
    expect(rule(plan, 'hours').when).toEqual({ kind: 'command', name: 'hours' }); // the plan itself is untouched
  });

  it("changes a keyword rule's words and a text list, one item per line", () => {
    const edited = editRule(plan, 'thanks', { kind: 'keyword', words: 'thanks, cheers; ta' }, ['Cheers!\n\n  Glad to help  \n']);
    expect(rule(edited, 'thanks').when).toEqual({ kind: 'keyword', words: ['thanks', 'cheers', 'ta'], whole: false });
    expect(rule(edited, 'thanks').do[0]).toEqual({ kind: 'replyOneOf', texts: ['Cheers!', 'Glad to help'], order: 'random' });
  });

  it("changes a schedule's times and weekdays", () => {
    const edited = editRule(plan, 'coffee', { kind: 'schedule', times: '7:30 and 12:00', weekdays: [6, 5, 5] }, ['Coffee time']);
    expect(rule(edited, 'coffee').when).toMatchObject({ kind: 'schedule', times: ['07:30', '12:00'], weekdays: [5, 6] });
    expect(ruleInWords(rule(edited, 'coffee'), edited)).toBe("At weekends at 07:30 and 12:00: post 'Coffee time' to the channel");
  });

  it('an emptied text becomes a blank the card asks for; an emptied optional one goes', () => {
    const blanked = editRule(plan, 'hours', { kind: 'command', name: 'hours' }, ['  ']);
    expect(blanksOf(blanked).map((b) => b.ruleId)).toEqual(['hours', 'menu']);
    const quiet = editRule(plan, 'spam', { kind: 'keyword', words: 'casino' }, ['']);
    expect(rule(quiet, 'spam').do[1]).toEqual({ kind: 'mute', minutes: 60 });
    const noTexts = editRule(plan, 'thanks', { kind: 'keyword', words: 'thanks' }, ['\n']);
    expect(rule(noTexts, 'thanks').do[0]).toMatchObject({ texts: [null] });
  });

  it('every edit still reads as a plan', () => {
    fc.assert(
      fc.property(fc.constantFrom(...plan.rules.map((r) => r.id)), fc.string({ maxLength: 200 }), (id, typed) => {
        const r = rule(plan, id);
        const edited = editRule(plan, id, triggerDraftOf(r.when), textFieldsOf(r).map(() => typed));
        expect(BotPlanSchema.safeParse(edited).success).toBe(true);
      }),
    );
  });
});

describe('removing and adding rules', () => {
  it('removes one rule and keeps the others in order', () => {
    expect(removeRule(plan, 'menu').rules.map((r) => r.id)).toEqual(['hours', 'thanks', 'coffee', 'spam']);
  });

  it('adds a command, a keyword, a welcome and a schedule, each with its text', () => {
    let p = addRule(plan, { kind: 'command', detail: '/Specials', weekdays: [], text: 'Soup today' });
    p = addRule(p, { kind: 'keyword', detail: 'wifi, password', weekdays: [], text: '' });
    p = addRule(p, { kind: 'join', detail: '', weekdays: [], text: 'Welcome, {name}!' });
    p = addRule(p, { kind: 'schedule', detail: '17:00', weekdays: [4], text: 'Happy hour' });
    const added = p.rules.slice(plan.rules.length);
    expect(added.map((r) => ruleInWords(r, p))).toEqual([
      "When someone sends /Specials: reply 'Soup today'",
      'When a message mentions "wifi" or "password": reply [needs your words]',
      "When someone joins: reply 'Welcome, {name}!'",
      "On Friday at 17:00: post 'Happy hour' to the channel",
    ]);
    expect(added.map((r) => r.id)).toEqual(['specials', 'wifi', 'welcome', 'scheduled']);
    expect(BotPlanSchema.safeParse(p).success).toBe(true);
  });

  it('gives a new rule an id of its own', () => {
    expect(freeRuleId(plan, 'menu')).toBe('menu-2');
    expect(freeRuleId(plan, '!!!')).toBe('rule');
    const twice = addRule(addRule(plan, { kind: 'join', detail: '', weekdays: [], text: 'a' }), { kind: 'join', detail: '', weekdays: [], text: 'b' });
    expect(twice.rules.slice(-2).map((r) => r.id)).toEqual(['welcome', 'welcome-2']);
  });

  it('reads times as a person writes them', () => {
    expect(timesIn('9:00, 18:30 and 9:00')).toEqual(['09:00', '18:30']);
    expect(timesIn('')).toEqual([]);
  });
});
