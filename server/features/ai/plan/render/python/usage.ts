// What a plan's built rules use (../plan-uses.ts, the same reading as the JavaScript renderer's), with
// the names the Python engine's parts ask by, so the rendered file holds only the parts it needs.

import type { BotPlan, Rule } from '../../../../../../shared/bot-plan.schema';
import { builtRules } from '../built-rules';
import { rulesUses, usesWeb, type PlanUses } from '../plan-uses';

/** The rules that go into code: the same for both languages (built-rules.ts). */
export function pythonBuiltRules(plan: BotPlan): Rule[] {
  return builtRules(plan);
}

export interface Usage extends PlanUses {
  everyMinutes: boolean;
  times: boolean;
  /** `ask` or `quiz`: conversations in progress. */
  conversations: boolean;
  /** Some web call (data source or exchange rate). */
  web: boolean;
  /** The plan's time zone is read (hours or schedule times). */
  zone: boolean;
}

export function usageOf(rules: Rule[]): Usage {
  const uses = rulesUses(rules);
  return {
    ...uses,
    everyMinutes: uses.scheduleEvery,
    times: uses.scheduleTimes,
    conversations: uses.actions.has('ask') || uses.actions.has('quiz'),
    web: usesWeb(uses),
    zone: uses.conditions.has('hours') || uses.scheduleTimes,
  };
}
