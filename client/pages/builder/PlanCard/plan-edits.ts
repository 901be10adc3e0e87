// The edits the plan card makes to a plan, as pure functions (each answers a new plan): a rule's
// texts and trigger changed in place, a rule removed, a rule added. The server checks the result
// with BotPlanSchema; these only keep the person's words in the shape the schema reads.
import type { Action, BotPlan, Rule, Trigger } from '../../../../shared/bot-plan.schema';
import { wordsIn } from '../../../../shared/bot-plan-words';

/** One text of an action the card lets the person change: a single text, or a list, one per line. */
export interface TextField {
  /** Index of the action in the rule's `do`. */
  action: number;
  key: string;
  label: string;
  list: boolean;
  /** The text as the card's field shows it (a list joined one item per line; a blank is ''). */
  value: string;
}

const TEXT_LABELS: Record<string, string> = {
  text: 'What the bot says',
  question: 'The question',
  done: 'What it says at the end',
  right: 'What it says to a right answer',
  wrong: 'What it says to a wrong answer',
  empty: 'What it says when there is nothing to show',
};
const LIST_LABELS: Record<string, string> = {
  texts: 'The texts (one per line)',
  questions: 'The questions (one per line)',
  options: 'The choices (one per line)',
};
/** Lists that must keep one item: emptied, they keep one blank for the person to fill. */
const LIST_MIN_ONE = new Set(['texts', 'questions']);
/** Texts an action may go without: emptied, they are dropped rather than left as a blank. */
const OPTIONAL_TEXTS = new Set(['mute.text', 'kick.text', 'ban.text', 'data.text', 'list.empty', 'top.empty']);

/** The texts of the rule's actions the card can edit, in order. */
export function textFieldsOf(rule: Rule): TextField[] {
  const fields: TextField[] = [];
  rule.do.forEach((action, index) => {
    for (const [key, value] of Object.entries(action)) {
      if (key in TEXT_LABELS && (typeof value === 'string' || value === null)) {
        fields.push({ action: index, key, label: TEXT_LABELS[key]!, list: false, value: value ?? '' });
      } else if (key in LIST_LABELS && Array.isArray(value) && value.every((v) => typeof v === 'string' || v === null)) {
        fields.push({ action: index, key, label: LIST_LABELS[key]!, list: true, value: (value as Array<string | null>).map((v) => v ?? '').join('\n') });
      }
    }
  });
  return fields;
}

/** The action with one of its texts set from what the person typed (empty: a blank, or gone if optional). */
export function withText(action: Action, key: string, typed: string, list: boolean): Action {
  const copy = { ...action } as Record<string, unknown>;
  if (list) {
    const items = typed.split('\n').map((line) => line.trim()).filter(Boolean);
    copy[key] = items.length === 0 && LIST_MIN_ONE.has(key) ? [null] : items;
  } else if (typed.trim() === '') {
    if (OPTIONAL_TEXTS.has(`${action.kind}.${key}`)) delete copy[key];
    else copy[key] = null;
  } else {
    copy[key] = typed;
  }
  return copy as Action;
}

/** "09:00, 18:30 and 7:05" -> ['09:00', '18:30', '07:05']; anything else is left for the server to refuse. */
export function timesIn(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,;\s]+|\band\b/)
        .map((t) => t.trim())
        .filter(Boolean)
        .map((t) => (/^\d:\d\d$/.test(t) ? `0${t}` : t)),
    ),
  ];
}

/** What the card's form holds for a rule's trigger: the parts a person can change. */
export type TriggerDraft =
  | { kind: 'command'; name: string }
  | { kind: 'keyword'; words: string }
  | { kind: 'schedule'; times: string; weekdays: number[] }
  | { kind: 'other' };

export function triggerDraftOf(trigger: Trigger): TriggerDraft {
  switch (trigger.kind) {
    case 'command':
      return { kind: 'command', name: trigger.name };
    case 'keyword':
      return { kind: 'keyword', words: trigger.words.join(', ') };
    case 'schedule':
      // A schedule by interval keeps its interval: only times-of-day schedules are edited here.
      return trigger.everyMinutes && trigger.times.length === 0 ? { kind: 'other' } : { kind: 'schedule', times: trigger.times.join(', '), weekdays: trigger.weekdays };
    default:
      return { kind: 'other' };
  }
}

export function withTrigger(trigger: Trigger, draft: TriggerDraft): Trigger {
  if (draft.kind === 'command' && trigger.kind === 'command') return { ...trigger, name: draft.name.trim().replace(/^[/!]/, '') };
  if (draft.kind === 'keyword' && trigger.kind === 'keyword') return { ...trigger, words: wordsIn(draft.words) };
  if (draft.kind === 'schedule' && trigger.kind === 'schedule') {
    return { ...trigger, times: timesIn(draft.times), weekdays: [...new Set(draft.weekdays)].sort() };
  }
  return trigger;
}

/** The plan with one rule changed: its trigger from the form and its texts (field i = textFieldsOf(rule)[i]). */
export function editRule(plan: BotPlan, ruleId: string, trigger: TriggerDraft, texts: string[]): BotPlan {
  return {
    ...plan,
    rules: plan.rules.map((rule) => {
      if (rule.id !== ruleId) return rule;
      const actions = [...rule.do];
      textFieldsOf(rule).forEach((field, i) => {
        const typed = texts[i];
        if (typed !== undefined) actions[field.action] = withText(actions[field.action]!, field.key, typed, field.list);
      });
      return { ...rule, when: withTrigger(rule.when, trigger), do: actions };
    }),
  };
}

export function removeRule(plan: BotPlan, ruleId: string): BotPlan {
  return { ...plan, rules: plan.rules.filter((r) => r.id !== ruleId) };
}

export type NewRuleKind = 'command' | 'keyword' | 'join' | 'schedule';
export interface NewRule {
  kind: NewRuleKind;
  /** The command's name (command), the words (keyword, separated by commas) or the times (schedule). */
  detail: string;
  weekdays: number[];
  /** What the bot replies (or posts, on a schedule); empty leaves a blank. */
  text: string;
}

/** An id no rule of the plan has yet, made from `base`. */
export function freeRuleId(plan: BotPlan, base: string): string {
  const stem = base.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 34) || 'rule';
  const taken = new Set(plan.rules.map((r) => r.id));
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

export function addRule(plan: BotPlan, added: NewRule): BotPlan {
  const text = added.text.trim() === '' ? null : added.text;
  let when: Trigger;
  let action: Action = { kind: 'reply', text };
  let base: string = added.kind;
  switch (added.kind) {
    case 'command':
      base = added.detail.trim().replace(/^[/!]/, '');
      when = { kind: 'command', name: base };
      break;
    case 'keyword': {
      const words = wordsIn(added.detail);
      base = words[0] ?? 'keyword';
      when = { kind: 'keyword', words, whole: false };
      break;
    }
    case 'join':
      base = 'welcome';
      when = { kind: 'join' };
      break;
    case 'schedule':
      base = 'scheduled';
      when = { kind: 'schedule', times: timesIn(added.detail), weekdays: [...new Set(added.weekdays)].sort(), offsetMinutes: 0 };
      action = { kind: 'post', to: 'channel', text };
      break;
  }
  return { ...plan, rules: [...plan.rules, { id: freeRuleId(plan, base), when, if: [], do: [action] }] };
}
