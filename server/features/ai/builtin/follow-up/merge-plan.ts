// A follow-up changes the bot's plan: a rule it states replaces the rule with the same trigger
// ("/menu should also show prices" replaces /menu's rule) or is added; what it takes out ("remove
// the poll", "no more /joke") is removed; a text it wants shorter is shortened. Rules the person
// edited on the plan card stay as they are unless the message names them.
import type { BotPlan, Rule, Trigger } from '../../../../../shared/bot-plan.schema';
import { markUnsupported } from '../../../../../shared/bot-plan-platforms';
import { blanksOf } from '../../../../../shared/bot-plan-words';
import { planFromRequest } from '../plan-from-request';
import type { BotRequest, Feature } from '../request';

export interface PlanChange {
  plan: BotPlan;
  added: Rule[];
  replaced: Rule[];
  removed: Rule[];
}

/** "Welcome, {name}! I am X. Send /help to see what I can do." -> "Welcome, {name}!" */
function shorten(text: string): string {
  const first = /^.*?[.!?](?=\s|$)/.exec(text.trim())?.[0] ?? text.trim();
  if (first.length < text.trim().length) return first;
  const words = first.split(/\s+/);
  return words.length > 6 ? `${words.slice(0, 6).join(' ').replace(/[,;:]$/, '')}.` : first;
}

/** Rules with the same key answer the same thing: the later one replaces the earlier. */
export function triggerKey(when: Trigger): string {
  switch (when.kind) {
    case 'command':
      return `command:${when.name.toLowerCase()}`;
    case 'keyword':
      return `keyword:${[...when.words].map((w) => w.toLowerCase()).sort().join('|')}`;
    case 'button':
      return `button:${when.id}`;
    case 'reaction':
      return `reaction:${when.emoji ?? ''}`;
    case 'message':
      return `message:${when.always}`;
    case 'schedule':
      return `schedule:${JSON.stringify([when.everyMinutes ?? null, when.times, when.weekdays, when.offsetMinutes])}`;
    default:
      return when.kind;
  }
}

/** Which rules a feature named in "remove the X" means. */
const FEATURE_RULES: Partial<Record<Feature, (rule: Rule) => boolean>> = {
  echo: (r) => r.do.some((a) => a.kind === 'reply' && a.text === '{text}'),
  welcome: (r) => r.when.kind === 'join',
  goodbye: (r) => r.when.kind === 'leave',
  rules: (r) => r.when.kind === 'command' && r.when.name === 'rules',
  jokes: (r) => r.when.kind === 'command' && /^jokes?$/.test(r.when.name),
  quotes: (r) => r.when.kind === 'command' && /^quotes?$/.test(r.when.name),
  facts: (r) => r.when.kind === 'command' && /^facts?$/.test(r.when.name),
  polls: (r) => r.do.some((a) => a.kind === 'poll'),
  scheduled: (r) => r.when.kind === 'schedule',
  moderation: (r) => r.do.some((a) => a.kind === 'delete' || a.kind === 'warn' || a.kind === 'mute'),
  keywords: (r) => r.when.kind === 'keyword' && r.do.every((a) => a.kind === 'reply'),
  llm: (r) => r.do.some((a) => a.kind === 'data' && a.source.kind === 'ai'),
  away: (r) => r.if.some((c) => c.kind === 'hours'),
  weather: (r) => r.do.some((a) => a.kind === 'data' && a.source.kind === 'weather'),
  news: (r) => r.do.some((a) => a.kind === 'data' && a.source.kind === 'news'),
  prices: (r) => r.do.some((a) => a.kind === 'data' && a.source.kind === 'price'),
  translate: (r) => r.do.some((a) => a.kind === 'data' && a.source.kind === 'translate'),
  counter: (r) => r.do.some((a) => a.kind === 'count' || a.kind === 'resetCount' || a.kind === 'top'),
  menu: (r) => r.when.kind === 'button' || r.do.some((a) => a.kind === 'buttons'),
};

/** "remove /joke", "drop the !next command", "no more /poll". */
function commandsRemovedIn(message: string): string[] {
  const found = message.matchAll(/\b(?:remove|delete|drop|disable|get rid of|take out|no more|without|stop)\s+(?:the\s+)?[/!]?([A-Za-z][A-Za-z0-9_]*)\s+command\b|\b(?:remove|delete|drop|disable|get rid of|take out|no more|without)\s+(?:the\s+)?[/!]([A-Za-z][A-Za-z0-9_]*)/gi);
  return [...found].map((m) => (m[1] ?? m[2])!.toLowerCase());
}

/** What a shortened part of the request means in the plan. */
const SHORTER_RULES: Record<BotRequest['shorter'][number], (rule: Rule) => boolean> = {
  welcome: (r) => r.when.kind === 'join',
  goodbye: (r) => r.when.kind === 'leave',
  rules: (r) => r.when.kind === 'command' && r.when.name === 'rules',
  start: (r) => r.when.kind === 'command' && r.when.name === 'start',
  away: (r) => r.if.some((c) => c.kind === 'hours'),
};

function uniqueId(id: string, taken: Set<string>): string {
  let unique = id;
  for (let n = 2; taken.has(unique); n++) unique = `${id.slice(0, 34)}-${n}`;
  taken.add(unique);
  return unique;
}

export function mergePlan(current: BotPlan, delta: BotRequest, message: string): PlanChange {
  const removedCommands = new Set(commandsRemovedIn(message));
  const removes = (rule: Rule) =>
    delta.removed.some((f) => FEATURE_RULES[f]?.(rule)) || (rule.when.kind === 'command' && removedCommands.has(rule.when.name.toLowerCase()));
  const removed = current.rules.filter(removes);
  let rules = current.rules.filter((r) => !removes(r));

  const replaced: Rule[] = [];
  for (const part of delta.shorter) {
    rules = rules.map((r) => {
      if (!SHORTER_RULES[part](r)) return r;
      const shorter = { ...r, do: r.do.map((a) => (a.kind === 'reply' && a.text ? { ...a, text: shorten(a.text) } : a)) };
      if (JSON.stringify(shorter) !== JSON.stringify(r)) replaced.push(shorter);
      return shorter;
    });
  }

  const stated = planFromRequest({ ...delta, platform: current.platform, language: current.language }, current.name, { followUp: true });
  const taken = new Set(rules.map((r) => r.id));
  const added: Rule[] = [];
  for (const rule of stated.rules) {
    if (rule.when.kind === 'command' && removedCommands.has(rule.when.name.toLowerCase())) continue;
    const at = rules.findIndex((r) => triggerKey(r.when) === triggerKey(rule.when) && JSON.stringify(r.if) === JSON.stringify(rule.if));
    if (at >= 0) {
      // Naming a command without new words ("move /hours up") leaves its answer as it is.
      if (blanksOf({ ...stated, rules: [rule] }).length > 0) continue;
      const next = { ...rule, id: rules[at]!.id };
      if (JSON.stringify(next) === JSON.stringify(rules[at])) continue;
      rules[at] = next;
      replaced.push(next);
    } else {
      const next = { ...rule, id: uniqueId(rule.id, taken) };
      rules.push(next);
      added.push(next);
    }
  }
  const plan = markUnsupported({
    ...current,
    rules,
    settings: delta.timeZone ? { ...current.settings, timeZone: delta.timeZone } : current.settings,
    defaults: [...new Set([...current.defaults, ...stated.defaults])],
    notBuilt: stated.notBuilt,
  });
  return { plan, added, replaced, removed };
}
