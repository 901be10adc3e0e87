// A follow-up changes the plan: a stated rule replaces the rule with the same trigger or is added,
// "remove the X" takes rules out, "make the welcome shorter" shortens, and rules edited on the card
// are kept.
import { describe, expect, it } from 'vitest';
import { BotPlanSchema, type BotPlan } from '../../../../../shared/bot-plan.schema';
import { planFromRequest } from '../plan-from-request';
import { understandRequest } from '../request';
import { mergePlan } from './merge-plan';

function planOf(message: string): BotPlan {
  return BotPlanSchema.parse(planFromRequest(understandRequest(message)!, 'Cafe Bot'));
}
function follow(plan: BotPlan, message: string) {
  return mergePlan(plan, understandRequest(message)!, message);
}

describe('a follow-up to a planned bot', () => {
  const base = planOf(`telegram bot for my cafe: /hours should say "Mon-Fri 8-16", /menu should say "flat white 3€" and welcome new people with "Hi {name}!" and a /poll`);

  it('replaces the rule of the same command, keeping its id', () => {
    const { plan, replaced, added } = follow(base, `/menu should say "flat white 3€, cortado 2.80€"`);
    expect(added).toEqual([]);
    expect(replaced.map((r) => r.id)).toEqual(['menu']);
    expect(plan.rules.find((r) => r.id === 'menu')!.do).toEqual([{ kind: 'reply', text: 'flat white 3€, cortado 2.80€' }]);
    expect(plan.rules.length).toBe(base.rules.length);
  });

  it('adds a new rule at the end, without a second /start', () => {
    const { plan, added } = follow(base, `also /wifi should say "password: espresso42"`);
    expect(added.map((r) => r.id)).toEqual(['wifi']);
    expect(plan.rules.filter((r) => r.id.startsWith('start'))).toHaveLength(1);
  });

  it('removes what "remove the poll" and "no more /hours" name', () => {
    const { plan, removed } = follow(base, 'remove the poll and no more /hours');
    expect(removed.map((r) => r.id).sort()).toEqual(['hours', 'poll']);
    expect(plan.rules.some((r) => r.id === 'poll' || r.id === 'hours')).toBe(false);
  });

  it('keeps a rule edited on the card that the message does not name', () => {
    const edited = { ...base, rules: base.rules.map((r) => (r.id === 'hours' ? { ...r, do: [{ kind: 'reply' as const, text: 'Every day 7-19' }] } : r)) };
    const { plan } = follow(edited, `/wifi should say "espresso42"`);
    expect(plan.rules.find((r) => r.id === 'hours')!.do).toEqual([{ kind: 'reply', text: 'Every day 7-19' }]);
  });
});
