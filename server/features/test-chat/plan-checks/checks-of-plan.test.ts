// The checks a plan gives: what each rule kind posts in the test chat and which words its answer must
// hold; and the rules that cannot be tried there, each with its reason.
import { describe, expect, it } from 'vitest';
import { EVERY_KIND, newPlan } from '../../ai/plan/render/plans.fixture';
import { pieces, planChecks } from './checks-of-plan';

const vars = { name: 'Test user', args: 'oat milk', text: '/buy oat milk' };

describe('pieces of a text', () => {
  it('fills the name and the argument, and splits at what the bot works out', () => {
    expect(pieces('Added {item}, {name}! {count} on the list.', vars)).toEqual(['Added oat milk, Test user!', 'on the list.']);
    expect(pieces('{list}', vars)).toEqual([]);
    expect(pieces('Menu:\n- tea 2€\n- cake 3€', vars)).toEqual(['Menu:', '- tea 2€', '- cake 3€']);
    expect(pieces(null, vars)).toEqual([]);
  });
});

describe('planChecks', () => {
  it('a command with its argument, a keyword, another message, a mention', () => {
    const plan = newPlan([
      { when: { kind: 'command', name: 'buy' }, do: [{ kind: 'list', list: 'shopping', op: 'add', text: 'Added {item}' }] },
      { when: { kind: 'keyword', words: ['hours', 'open'] }, do: [{ kind: 'reply', text: 'Mon-Fri 8-18' }] },
      { when: { kind: 'message' }, do: [{ kind: 'reply', text: 'Write /buy to add something' }] },
      { when: { kind: 'mention' }, do: [{ kind: 'reply', text: 'You called, {name}?' }] },
    ]);
    const { checks, skipped } = planChecks(plan);
    expect(skipped).toEqual([]);
    expect(checks.map((c) => c.steps[0]!.post)).toEqual([
      { text: '/buy test item', chat: 'private' },
      { text: 'hours', chat: 'private' },
      { text: 'Hello, is anyone here?', chat: 'private' },
      { text: '@{bot} hello', chat: 'group' },
    ]);
    expect(checks.map((c) => c.steps[0]!.expect)).toEqual([
      [{ anyOf: [['Added test item']] }],
      [{ anyOf: [['Mon-Fri 8-18']] }],
      [{ anyOf: [['Write /buy to add something']] }],
      [{ anyOf: [['You called, Test user?']] }],
    ]);
    expect(checks[0]!.words).toBe('When someone sends /buy: add what follows the command to the list "shopping", and say \'Added {item}\'');
  });

  it('another message that is no keyword of the plan', () => {
    const plan = newPlan([
      { when: { kind: 'keyword', words: ['hello'] }, do: [{ kind: 'reply', text: 'Hi!' }] },
      { when: { kind: 'message' }, do: [{ kind: 'reply', text: 'Sorry?' }] },
    ]);
    expect(planChecks(plan).checks[1]!.steps[0]!.post).toEqual({ text: 'Good afternoon', chat: 'private' });
  });

  it('members joining and leaving the group; moderation tried on a member who joins for it', () => {
    const plan = newPlan([
      { when: { kind: 'join' }, do: [{ kind: 'reply', text: 'Welcome {name}! Read the rules.' }] },
      { when: { kind: 'leave' }, do: [{ kind: 'reply', text: 'Bye {name}' }] },
      { when: { kind: 'keyword', words: ['casino'] }, do: [{ kind: 'delete' }, { kind: 'warn', text: 'No ads, {name}' }] },
    ]);
    const [join, leave, spam] = planChecks(plan).checks;
    expect(join!.steps).toEqual([{ post: { event: 'join', member: { firstName: 'Dana' }, chat: 'group' }, expect: [{ anyOf: [['Welcome Dana! Read the rules.']] }] }]);
    expect(leave!.steps[0]!.expect).toEqual([{ anyOf: [['Bye Bob']] }]);
    expect(spam!.steps).toEqual([
      { post: { event: 'join', member: { firstName: 'Lee' }, chat: 'group' }, expect: [] },
      { post: { text: 'casino', chat: 'group', as: { firstName: 'Lee' } }, expect: [{ anyOf: [['No ads, Lee']] }], deletes: true },
    ]);
  });

  it('a button press comes after the message that shows it', () => {
    const plan = newPlan([
      { when: { kind: 'command', name: 'menu' }, do: [{ kind: 'buttons', text: 'What would you like?', buttons: [{ id: 'cake', label: 'Cake 🍰' }, { id: 'tea', label: 'Tea' }] }] },
      { when: { kind: 'button', id: 'tea' }, do: [{ kind: 'reply', text: 'Tea is 2€' }] },
    ]);
    const press = planChecks(plan).checks[1]!;
    expect(press.steps.map((s) => s.post)).toEqual([
      { text: '/menu', chat: 'private' },
      { press: 'tea', label: 'Tea', chat: 'private' },
    ]);
    expect(press.steps[0]!.expect).toEqual([{ anyOf: [['What would you like?', 'Cake 🍰', 'Tea']] }]);
    expect(press.steps[1]!.expect).toEqual([{ anyOf: [['Tea is 2€']] }]);
  });

  it('questions answered in turn, a quiz answered right, replies in turn or at random', () => {
    const plan = newPlan([
      { when: { kind: 'command', name: 'order' }, do: [{ kind: 'ask', questions: ['Your name?', 'Which cake?'], done: 'Thanks! We call you.' }] },
      { when: { kind: 'command', name: 'quiz' }, do: [{ kind: 'quiz', questions: [{ question: 'Capital of France?', answer: 'Paris' }, { question: '2+2?', answer: '4' }], right: 'Right!', wrong: 'No', done: 'Score: {count}' }] },
      { when: { kind: 'command', name: 'tip' }, do: [{ kind: 'replyOneOf', texts: ['Drink water', 'Sleep well'], order: 'random' }] },
    ]);
    const [order, quiz, tip] = planChecks(plan).checks;
    expect(order!.steps.map((s) => [s.post, s.expect])).toEqual([
      [{ text: '/order', chat: 'private' }, [{ anyOf: [['Your name?']] }]],
      [{ text: 'Answer 1', chat: 'private' }, [{ anyOf: [['Which cake?']] }]],
      [{ text: 'Answer 2', chat: 'private' }, [{ anyOf: [['Thanks! We call you.']] }]],
    ]);
    expect(quiz!.steps.map((s) => [s.post, s.expect])).toEqual([
      [{ text: '/quiz', chat: 'private' }, [{ anyOf: [['Capital of France?']] }]],
      [{ text: 'Paris', chat: 'private' }, [{ anyOf: [['Right!']] }, { anyOf: [['2+2?']] }]],
      [{ text: '4', chat: 'private' }, [{ anyOf: [['Right!']] }, { anyOf: [['Score:']] }]],
    ]);
    expect(tip!.steps[0]!.expect).toEqual([{ anyOf: [['Drink water'], ['Sleep well']] }]);
  });

  it('every rule kind: checked, or left out with a reason a person understands', () => {
    const { checks, skipped } = planChecks(newPlan(EVERY_KIND));
    expect(checks.length + skipped.length).toBe(EVERY_KIND.length);
    const reasons = Object.fromEntries(skipped.map((s) => [s.ruleId, s.reason]));
    expect(reasons).toMatchObject({
      r5: 'it depends on the time of day',
      r8: 'the test chat has no reactions',
      r10: 'it depends on data read from the web',
      r11: 'it answers only in team, which the test chat does not have',
      r19: 'it reads exchange rates from the web',
      r22: 'it needs earlier warnings',
      r24: 'it says nothing the test chat can show',
      r28: 'it reads data from the web, which checks do not call',
      r30: 'it reads an AI model, which checks do not call',
      r32: 'it runs custom code: try it yourself',
    });
    // A list shown as it is ('{list}'): any answer will do.
    expect(checks.find((c) => c.ruleId === 'r13')!.steps[0]!.expect).toEqual([{ anyOf: [[]] }]);
    // 30 minutes before Monday's and Tuesday's 09:00, on the test clock: 08:30, not 08:31, then 08:30 again.
    const early = checks.find((c) => c.ruleId === 'r9')!.steps.map((s) => new Date((s.post as { clock: number }).clock));
    expect(early.map((d) => [d.getUTCDay(), d.toISOString().slice(11, 19)])).toEqual([
      [expect.any(Number), '08:30:10'],
      [early[0]!.getUTCDay(), '08:31:10'],
      [expect.any(Number), '08:30:10'],
    ]);
    expect([1, 2]).toContain(early[0]!.getUTCDay());
    // Converting units needs no web: 20 °C is checked.
    expect(checks.find((c) => c.ruleId === 'r18')!.steps[0]!.post).toEqual({ text: '/ctof 20', chat: 'private' });
  });

  it('a rule waiting for words, or one the platform cannot do, is not checked', () => {
    const plan = newPlan([
      { when: { kind: 'command', name: 'menu' }, do: [{ kind: 'reply', text: null }] },
      { when: { kind: 'command', name: 'hi' }, do: [{ kind: 'reply', text: 'Hi' }], unsupported: 'not on this platform' },
    ]);
    expect(planChecks(plan)).toEqual({
      checks: [],
      skipped: [
        { ruleId: 'r1', words: "When someone sends /menu: reply [needs your words]", reason: 'it waits for your words' },
        { ruleId: 'r2', words: "When someone sends /hi: reply 'Hi'", reason: 'not on this platform' },
      ],
    });
  });
});
