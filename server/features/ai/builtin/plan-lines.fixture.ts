// Test fixture: a message read by the builtin into its plan, and the plan's rules in the words the
// answer shows them, for the tests that hold a wording to its reading.
import { BotPlanSchema, type BotPlan, type Rule } from '../../../../shared/bot-plan.schema';
import { ruleInWords } from '../../../../shared/bot-plan-words';
import { planFromRequest } from './plan-from-request';
import { understandRequest } from './request';

export function planOf(message: string): BotPlan {
  const request = understandRequest(message);
  if (!request) throw new Error(`not understood: ${message}`);
  return BotPlanSchema.parse(planFromRequest(request, 'Test Bot'));
}

export const lines = (plan: BotPlan): string[] => plan.rules.map((r) => ruleInWords(r, plan));

/** The first rule that passes `test`; the rule of a command; the rule that listens for a word. */
export const ruleOf = (rules: Rule[], test: (r: Rule) => boolean): Rule | undefined => rules.find(test);
export const command = (rules: Rule[], name: string): Rule | undefined => ruleOf(rules, (r) => r.when.kind === 'command' && r.when.name === name);
export const keyword = (rules: Rule[], word: string): Rule | undefined => ruleOf(rules, (r) => r.when.kind === 'keyword' && r.when.words.includes(word));
