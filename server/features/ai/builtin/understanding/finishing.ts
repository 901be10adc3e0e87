// The last look over the rules read from a request, whatever reader made them: a member's name written
// as NAME or <name> is the {name} placeholder in every text, and a keyword rule never listens for a
// word that is in every sentence ("a", "we"): such words make the rule's words a blank to fill.
import type { Action, Rule } from '../../../../../shared/bot-plan.schema';
import { memberName } from './said-words';

const NO_KEYWORD = new Set(
  'a an the we i it is to of and or in on at for you me my our us he she they them this that be so if do as by with from are was'.split(' '),
);

/** The action with NAME, <name>, [name] in its texts as {name}. */
function named(action: Action): Action {
  if ('text' in action && typeof action.text === 'string') return { ...action, text: memberName(action.text) };
  if (action.kind === 'replyOneOf') return { ...action, texts: action.texts.map((t) => (t === null ? t : memberName(t))) };
  return action;
}

export function finishRules<R extends Pick<Rule, 'when' | 'do'>>(rules: R[]): R[] {
  return rules.map((rule) => {
    const when =
      rule.when.kind === 'keyword' ? { ...rule.when, words: rule.when.words.filter((w) => !/^[a-z]$/i.test(w.trim()) && !NO_KEYWORD.has(w.trim().toLowerCase())) } : rule.when;
    return { ...rule, when, do: rule.do.map(named) };
  });
}
