// Test fixture: a message read by the builtin into its plan, and the plan's rules in the words the
// answer shows them, for the tests that hold a wording to its reading.
import { BotPlanSchema, type BotPlan } from '../../../../shared/bot-plan.schema';
import { ruleInWords } from '../../../../shared/bot-plan-words';
import { planFromRequest } from './plan-from-request';
import { understandRequest } from './request';

export function planOf(message: string): BotPlan {
  const request = understandRequest(message);
  if (!request) throw new Error(`not understood: ${message}`);
  return BotPlanSchema.parse(planFromRequest(request, 'Test Bot'));
}

export const lines = (plan: BotPlan): string[] => plan.rules.map((r) => ruleInWords(r, plan));
