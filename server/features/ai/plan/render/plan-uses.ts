// What the built rules of a plan use (trigger, condition, action and data-source kinds), so a
// renderer writes only the helpers a bot needs: an unused name never appears in the file. One
// reading for both languages (python/usage.ts adds the few names the Python engine asks by).
import type { Action, BotPlan, Condition, DataSource, Rule, Trigger } from '../../../../../shared/bot-plan.schema';
import { builtRules } from './built-rules';

export interface PlanUses {
  rules: Rule[];
  triggers: Set<Trigger['kind']>;
  conditions: Set<Condition['kind']>;
  actions: Set<Action['kind']>;
  /** Data sources of `data` actions and `threshold` conditions. */
  sources: Set<DataSource['kind']>;
  /** A schedule at times of day / every N minutes (a schedule is one or the other). */
  scheduleTimes: boolean;
  scheduleEvery: boolean;
  /** A conversion between units (no web call) / between currencies (today's rate from the web). */
  units: boolean;
  currencies: boolean;
  /**
   * Some rule posts in a named channel (its `channel`, with a schedule or a post to the channel): the
   * engine then asks the adapter for that channel by name (where the platform can find one).
   */
  namedChannels: boolean;
  /** Custom code regions, by name, in plan order. */
  custom: Array<{ name: string; description: string }>;
  customNames: string[];
}

/** A reaction's rule sends the owner a copy of the message reacted to: the adapter reads that message's words. */
export function copiesReacted(uses: PlanUses): boolean {
  return uses.rules.some((r) => r.when.kind === 'reaction' && r.do.some((a) => a.kind === 'forward'));
}

/** Unit pairs `convert` does without a web call (either direction); any other pair is read as currencies. */
export const UNIT_PAIRS = [
  ['c', 'f'],
  ['km', 'mi'],
  ['kg', 'lb'],
  ['cm', 'in'],
  ['gal', 'l'],
  ['oz', 'g'],
  ['m', 'ft'],
  ['m', 'yd'],
] as const;

export function isUnitPair(from: string, to: string): boolean {
  const a = from.trim().toLowerCase();
  const b = to.trim().toLowerCase();
  return UNIT_PAIRS.some(([x, y]) => (a === x && b === y) || (a === y && b === x));
}

/** What these (built) rules use. */
export function rulesUses(rules: Rule[]): PlanUses {
  const uses: PlanUses = {
    rules,
    triggers: new Set(),
    conditions: new Set(),
    actions: new Set(),
    sources: new Set(),
    scheduleTimes: false,
    scheduleEvery: false,
    units: false,
    currencies: false,
    namedChannels: false,
    custom: [],
    customNames: [],
  };
  for (const rule of rules) {
    uses.triggers.add(rule.when.kind);
    if (postsInNamedChannel(rule)) uses.namedChannels = true;
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
      if (action.kind === 'convert') {
        if (isUnitPair(action.from, action.to)) uses.units = true;
        else uses.currencies = true;
      }
      if (action.kind === 'custom' && !uses.customNames.includes(action.name)) {
        uses.customNames.push(action.name);
        uses.custom.push({ name: action.name, description: action.description });
      }
    }
  }
  return uses;
}

/** The rule has a named channel it posts in: a schedule (it runs there), a post to the channel, or questions whose answers go there. */
export function postsInNamedChannel(rule: Rule): boolean {
  return rule.channel !== undefined && (rule.when.kind === 'schedule' || rule.do.some((a) => (a.kind === 'post' && a.to === 'channel') || a.kind === 'ask'));
}

/** What the plan's built rules (the ones that go into code) use. */
export function planUses(plan: BotPlan): PlanUses {
  return rulesUses(builtRules(plan));
}

/** The bot calls the web (Node's fetch / Python's HTTP client). */
export function usesWeb(uses: PlanUses): boolean {
  return uses.sources.size > 0 || uses.currencies;
}

/** The bot asks the OpenAI-compatible model. */
export function usesModel(uses: PlanUses): boolean {
  return uses.sources.has('ai') || uses.sources.has('translate');
}
