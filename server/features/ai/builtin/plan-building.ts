// What the builtin builds a plan in (plan-from-request.ts): the rules so far, each with an id of its
// own, what the person's sentences were read as, and the defaults the answer will say.
import type { Action, Rule, Trigger } from '../../../../shared/bot-plan.schema';
import type { BotRequest, Feature } from './request';
import type { RuleDraft } from './understanding/rule-draft';

/** The names of the behaviours' commands when the person did not rename them. */
export const COMMAND_OF: Partial<Record<Feature, string>> = {
  jokes: 'joke', quotes: 'quote', facts: 'fact', random: 'pick', polls: 'poll', rules: 'rules', weather: 'weather',
  news: 'news', prices: 'price', translate: 'translate', counter: 'stats', menu: 'menu',
};

export class RuleList {
  readonly rules: Rule[] = [];
  private readonly ids = new Set<string>();

  add(base: string, when: Trigger, actions: Action[], extra: Partial<Pick<Rule, 'if' | 'source' | 'channel'>> = {}): void {
    const slug = base.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 36) || 'rule';
    let id = slug;
    for (let n = 2; this.ids.has(id); n++) id = `${slug.slice(0, 34)}-${n}`;
    this.ids.add(id);
    this.rules.push({ id, when, if: extra.if ?? [], do: actions, ...(extra.channel ? { channel: extra.channel } : {}), ...(extra.source ? { source: extra.source } : {}) });
  }
}

export function command(name: string): Trigger {
  return { kind: 'command', name };
}

/** The rules read straight from the person's sentences (request.rules), and what they hold. */
export interface ReadRules {
  rules: RuleDraft[];
  /** Every trigger, condition and action kind they use. */
  kinds: Set<string>;
  /** The words they listen for and their buttons' labels, lower case. */
  words: Set<string>;
  /** The texts their actions say. */
  texts: Set<string>;
  /** Their commands' names, lower case. */
  commands: Set<string>;
}

export function readRulesOf(request: BotRequest): ReadRules {
  const read = request.rules;
  return {
    rules: read,
    kinds: new Set(read.flatMap((r) => [...r.do.map((a) => a.kind), ...r.if.map((c) => c.kind), r.when.kind])),
    words: new Set(
      read.flatMap((r) => [
        ...(r.when.kind === 'keyword' ? r.when.words : []),
        ...r.do.flatMap((a) => (a.kind === 'buttons' ? a.buttons.map((b) => b.label) : [])),
      ]).map((w) => w.toLowerCase()),
    ),
    texts: new Set(read.flatMap((r) => r.do.flatMap((a) => ('text' in a && typeof a.text === 'string' ? [a.text] : [])))),
    commands: new Set(read.flatMap((r) => (r.when.kind === 'command' ? [r.when.name.toLowerCase()] : []))),
  };
}

/** A plan being built: from the request (and its bot's name), into the rule list and the defaults to say. */
export interface Building {
  request: BotRequest;
  name: string;
  /** The commands' prefix ("/", "!"). */
  p: string;
  /** The behaviours to build (features-asked.ts). */
  features: Set<Feature>;
  read: ReadRules;
  list: RuleList;
  defaults: string[];
}

/** A behaviour's command: the name the person gave it, else its own. */
export function commandName(request: BotRequest, feature: Feature): string {
  return request.commandNames[feature] ?? COMMAND_OF[feature]!;
}
