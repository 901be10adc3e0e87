// What a plan's built rules use (trigger, condition, action and data-source kinds), so the rendered
// file holds only the parts of the engine those rules need and an unused name never appears.

import type { Action, BotPlan, Condition, DataSource, Rule, Trigger } from '../../../../../../shared/bot-plan.schema';
import { builtRules } from '../built-rules';

/** Unit pairs `convert` does without a web call (either direction). */
export const UNIT_PAIRS = [
  ['c', 'f'],
  ['km', 'mi'],
  ['kg', 'lb'],
  ['cm', 'in'],
  ['m', 'ft'],
] as const;

export function isUnitPair(from: string, to: string): boolean {
  const a = from.toLowerCase();
  const b = to.toLowerCase();
  return UNIT_PAIRS.some(([x, y]) => (a === x && b === y) || (a === y && b === x));
}

/** The rules that go into code: the same for both languages (built-rules.ts). */
export function pythonBuiltRules(plan: BotPlan): Rule[] {
  return builtRules(plan);
}

export interface Usage {
  triggers: Set<Trigger['kind']>;
  conditions: Set<Condition['kind']>;
  actions: Set<Action['kind']>;
  /** Data sources read by `data` actions and `threshold` conditions. */
  sources: Set<DataSource['kind']>;
  /** `convert` between units (no web call) / between currencies (exchange rates). */
  units: boolean;
  currencies: boolean;
  everyMinutes: boolean;
  times: boolean;
  /** `ask` or `quiz`: conversations in progress. */
  conversations: boolean;
  /** Some web call (data source or exchange rate). */
  web: boolean;
  /** The plan's time zone is read (hours or schedule times). */
  zone: boolean;
  /** Custom code regions, by name, in plan order. */
  custom: Array<{ name: string; description: string }>;
}

export function usageOf(rules: Rule[]): Usage {
  const u: Usage = {
    triggers: new Set(),
    conditions: new Set(),
    actions: new Set(),
    sources: new Set(),
    units: false,
    currencies: false,
    everyMinutes: false,
    times: false,
    conversations: false,
    web: false,
    zone: false,
    custom: [],
  };
  for (const rule of rules) {
    u.triggers.add(rule.when.kind);
    if (rule.when.kind === 'schedule') {
      if (rule.when.everyMinutes !== undefined) u.everyMinutes = true;
      if (rule.when.times.length > 0) u.times = true;
    }
    for (const condition of rule.if) {
      u.conditions.add(condition.kind);
      if (condition.kind === 'threshold') u.sources.add(condition.source.kind);
    }
    for (const action of rule.do) {
      u.actions.add(action.kind);
      if (action.kind === 'data') u.sources.add(action.source.kind);
      if (action.kind === 'convert') {
        if (isUnitPair(action.from, action.to)) u.units = true;
        else u.currencies = true;
      }
      if (action.kind === 'custom' && !u.custom.some((c) => c.name === action.name)) u.custom.push({ name: action.name, description: action.description });
    }
  }
  u.conversations = u.actions.has('ask') || u.actions.has('quiz');
  u.web = u.sources.size > 0 || u.currencies;
  u.zone = u.conditions.has('hours') || u.times;
  return u;
}

/** Whether the engine keeps anything in the data file. */
export function keepsState(u: Usage): boolean {
  const stateful: Array<Action['kind']> = ['list', 'count', 'top', 'warn', 'replyOneOf'];
  return stateful.some((k) => u.actions.has(k)) || u.conditions.has('warnings') || u.conditions.has('threshold') || u.times || u.conversations;
}
