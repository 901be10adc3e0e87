// The last look over the rules read from a request, whatever reader made them: a member's name written
// as NAME or <name> is the {name} placeholder in every text, and a keyword rule never listens for a
// word that is in every sentence ("a", "we"): such words make the rule's words a blank to fill.
import type { Action, Rule } from '../../../../../shared/bot-plan.schema';
import { memberName } from './said-words';

/** "ill paste the list later", "tbd": words still to come are a blank. */
const LATER = /^(?:(?:i'?ll|ill|we'?ll|will|i will|we will)\s+(?:paste|send|add|give|tell|write|fill|put|post)\b.*\blater\b.*|tbd|tba|todo|to be (?:added|announced|decided|confirmed)|coming soon|later|\?+|\.\.\.)$/i;

const NO_KEYWORD = new Set(
  'a an the we i it is to of and or in on at for you me my our us he she they them this that be so if do as by with from are was'.split(' '),
);

/**
 * The action's texts with NAME, <name>, [name] as {name}; the stand-in written after the command
 * ("/job <address> → ... job added: <address>") as what follows it; a leading "answer" ("→ answer Call
 * 112 first") is the verb, not the words.
 */
function named(action: Action, standIn: string | null): Action {
  const words = (text: string): string | null => {
    if (LATER.test(text.trim())) return null;
    let said = memberName(text)
      .replace(/^(?:to (?:every|each|all|any)(?: other)? (?:messages?|msgs?)|to everything|to everyone)\s*:\s*/i, '')
      .replace(/^(?:answer|reply|say|respond|write)(?: with)?:?\s+(?=[A-Z"'\p{Extended_Pictographic}])/u, '');
    if (standIn) said = said.split(standIn).join(action.kind === 'list' ? '{item}' : '{args}');
    return said;
  };
  if ('text' in action && typeof action.text === 'string') return { ...action, text: words(action.text) };
  if (action.kind === 'replyOneOf') return { ...action, texts: action.texts.map((t) => (t === null ? t : words(t))) };
  return action;
}

/** "→ Call 112 first ... and send me a copy of the message": after the words said, a copy to the owner. */
function copied(rule: Pick<Rule, 'when' | 'source'>, actions: Action[]): boolean {
  const reply = actions.find((a) => a.kind === 'reply');
  if (!rule.source || !reply || reply.kind !== 'reply' || !reply.text || actions.some((a) => a.kind === 'forward')) return false;
  const at = rule.source.indexOf(reply.text);
  const after = at >= 0 ? rule.source.slice(at + reply.text.length) : '';
  return /^[^.\n]{0,20}?\b(?:and|then|\+)\s+(?:also\s+)?(?:send|forward|copy|dm)\s+(?:me|us|it to me|it to us|the owner|(?:that|the|this) (?:message|msg) to (?:me|us))\b/i.test(after);
}

/** "<address>" in "/job <address> → ...": the stand-in for what follows the command. */
function standInOf(rule: Pick<Rule, 'when' | 'source'>): string | null {
  if (rule.when.kind !== 'command' || !rule.source) return null;
  const name = rule.when.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`[/!]${name}\\s+(<[^<>\\n]{1,30}>|\\[[^\\[\\]\\n]{1,30}\\])`, 'i').exec(rule.source)?.[1] ?? null;
}

export function finishRules<R extends Pick<Rule, 'when' | 'do' | 'source'>>(rules: R[]): R[] {
  return rules.map((rule) => {
    const when =
      rule.when.kind === 'keyword' ? { ...rule.when, words: rule.when.words.filter((w) => !/^[a-z]$/i.test(w.trim()) && !NO_KEYWORD.has(w.trim().toLowerCase())) } : rule.when;
    const standIn = standInOf(rule);
    const actions = rule.do.map((a) => named(a, standIn));
    return { ...rule, when, do: copied(rule, actions) ? [{ kind: 'forward' as const, to: 'owner' as const }, ...actions] : actions };
  });
}
