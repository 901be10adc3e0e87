// Which of the plan's rules go into code (both languages): a rule with a blank (a text the person
// has not given yet) or one the platform cannot do stays on the plan card only.
import type { BotPlan, Rule } from '../../../../../shared/bot-plan.schema';

/**
 * The rules the renderer writes, in plan order. A button whose press rule is left out (it waits for
 * words) is not shown: its press would answer nothing; a message of buttons with none left is left out.
 */
export function builtRules(plan: BotPlan): Rule[] {
  const ready = plan.rules.filter((rule) => !rule.unsupported && !hasBlank(rule) && canRun(rule));
  const waiting = new Set(plan.rules.flatMap((r) => (r.when.kind === 'button' && !ready.includes(r) ? [r.when.id] : [])));
  return ready.flatMap((rule) => {
    const actions = rule.do.map((a) => (a.kind === 'buttons' ? { ...a, buttons: a.buttons.filter((b) => !waiting.has(b.id)) } : a));
    if (actions.some((a) => a.kind === 'buttons' && a.buttons.length === 0)) return [];
    return [actions.some((a, i) => a !== rule.do[i]) ? { ...rule, do: actions } : rule];
  });
}

/** A `null` anywhere is a text not given; so is a poll with no options to offer. */
export function hasBlank(rule: Rule): boolean {
  const actions = rule.do.map((action) =>
    // A poll built from the command's argument has no question or options of its own.
    action.kind === 'poll' && action.fromArgument ? { ...action, question: '', options: [] } : action,
  );
  if (rule.do.some((a) => a.kind === 'poll' && !a.fromArgument && a.options.length < 2)) return true;
  if (rule.when.kind === 'keyword' && rule.when.words.length === 0) return true; // no words to listen for yet
  return containsNull([rule.when, rule.if, actions]);
}

/** A schedule with neither times nor an interval has no moment to run at. */
function canRun(rule: Rule): boolean {
  return rule.when.kind !== 'schedule' || rule.when.everyMinutes !== undefined || rule.when.times.length > 0;
}

function containsNull(value: unknown): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.some(containsNull);
  if (typeof value === 'object' && value !== undefined) return Object.values(value as object).some(containsNull);
  return false;
}
