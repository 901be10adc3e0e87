// What the built rules of a plan use (trigger, condition, action and data-source kinds), so a
// renderer writes only the helpers a bot needs: an unused name never appears in the file.
import type { Action, BotPlan, Condition, DataSource, Rule, Trigger } from '../../../../../shared/bot-plan.schema';
import { builtRules } from './built-rules';

export interface PlanUses {
  rules: Rule[];
  triggers: Set<Trigger['kind']>;
  conditions: Set<Condition['kind']>;
  actions: Set<Action['kind']>;
  /** Data sources of `data` actions and `threshold` conditions. */
  sources: Set<DataSource['kind']>;
  /** A schedule at times of day (as opposed to only every N minutes). */
  scheduleTimes: boolean;
  scheduleEvery: boolean;
  /** A currency conversion (a web call), beside unit conversions. */
  currencies: boolean;
  customNames: string[];
}

/** Unit codes a conversion knows without the web; anything else is read as a currency code. */
export const UNIT_CODES = ['c', 'f', 'km', 'mi', 'kg', 'lb', 'cm', 'in', 'm', 'ft'] as const;

export function isUnit(code: string): boolean {
  return (UNIT_CODES as readonly string[]).includes(code.trim().toLowerCase());
}

export function planUses(plan: BotPlan): PlanUses {
  const rules = builtRules(plan);
  const uses: PlanUses = {
    rules,
    triggers: new Set(),
    conditions: new Set(),
    actions: new Set(),
    sources: new Set(),
    scheduleTimes: false,
    scheduleEvery: false,
    currencies: false,
    customNames: [],
  };
  for (const rule of rules) {
    uses.triggers.add(rule.when.kind);
    if (rule.when.kind === 'schedule') {
      if (rule.when.everyMinutes !== undefined) uses.scheduleEvery = true;
      else uses.scheduleTimes = true;
    }
    for (const condition of rule.if) {
      uses.conditions.add(condition.kind);
      if (condition.kind === 'threshold') uses.sources.add(condition.source.kind);
    }
    for (const action of rule.do) {
      uses.actions.add(action.kind);
      if (action.kind === 'data') uses.sources.add(action.source.kind);
      if (action.kind === 'convert' && !(isUnit(action.from) && isUnit(action.to))) uses.currencies = true;
      if (action.kind === 'custom' && !uses.customNames.includes(action.name)) uses.customNames.push(action.name);
    }
  }
  return uses;
}

/** The bot calls the web (Node's fetch / Python's HTTP client). */
export function usesWeb(uses: PlanUses): boolean {
  return uses.sources.size > 0 || uses.currencies;
}

/** The bot asks the OpenAI-compatible model. */
export function usesModel(uses: PlanUses): boolean {
  return uses.sources.has('ai') || uses.sources.has('translate');
}
