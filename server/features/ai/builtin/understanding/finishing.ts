// The last look over the rules read from a request, whatever reader made them: a member's name written
// as NAME or <name> is the {name} placeholder in every text, and a keyword rule never listens for a
// word that is in every sentence ("a", "we"): such words make the rule's words a blank to fill. A
// rule whose only answer asks for none ("anything else -> nothing") is left out.
import type { Action, Condition, Rule } from '../../../../../shared/bot-plan.schema';
import { onlyDescribes } from './later-answers';
import { memberName } from './said-words';

/** "ill paste the list later", "tbd": words still to come are a blank. */
const LATER = /^(?:(?:i'?ll|ill|we'?ll|will|i will|we will)\s+(?:paste|send|add|give|tell|write|fill|put|post)\b.*\blater\b.*|tbd|tba|todo|to be (?:added|announced|decided|confirmed)|coming soon|later|\?+|\.\.\.)$/i;

/** "[whatever they wrote]", "<what they typed>", "[their message]": a stand-in for the person's own words. */
const WHAT_THEY_WROTE =
  /[<[](?:what(?:ever)?\s+(?:they|he|she|you|the (?:user|person|member|customer))\s+(?:wrote|typed|said|sent|put|entered|write|type|say|send)|their (?:text|message|words|answer|input))[>\]]/gi;

const NO_KEYWORD = new Set(
  'a an the we i it is to of and or in on at for you me my our us he she they them this that be so if do as by with from are was'.split(' '),
);

/**
 * The action's texts with NAME, <name>, [name] as {name}; the stand-in written after the command
 * ("/job <address> → ... job added: <address>") or for what was typed ("[whatever they wrote]") as
 * what follows the command (the whole message, for other rules); a leading "answer" ("→ answer Call
 * 112 first") is the verb, not the words.
 */
function named(action: Action, standIn: string | null, command: boolean): Action {
  // An item of a list ("the salad place") may be a few words about a thing; a whole answer may not.
  const words = (text: string, whole = true): string | null => {
    if (LATER.test(text.trim()) || (whole && onlyDescribes(text))) return null;
    let said = memberName(text)
      .replace(/^(?:to (?:every|each|all|any)(?: other)? (?:messages?|msgs?)|to everything|to everyone)\s*:\s*/i, '')
      .replace(/^(?:answer|reply|say|respond|write)(?: with)?:?\s+(?=[A-Z"'\p{Extended_Pictographic}])/u, '');
    if (standIn) said = said.split(standIn).join(action.kind === 'list' ? '{item}' : '{args}');
    return said.replace(WHAT_THEY_WROTE, action.kind === 'list' ? '{item}' : command ? '{args}' : '{text}');
  };
  if ('text' in action && typeof action.text === 'string') return { ...action, text: words(action.text) };
  if (action.kind === 'replyOneOf') return { ...action, texts: action.texts.map((t) => (t === null ? t : words(t, false))) };
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

/** "nothing, leave the chat to them", "ignore it", "don't reply": words asking for no answer (not "No problem, ..."). */
const NO_ANSWER = /^(?:nothing|no (?:reply|answer|response)|stay (?:silent|quiet)|be quiet|keep quiet|say nothing|ignore(?: it| them)?|don'?t (?:reply|answer|respond|say anything)|do not (?:reply|answer|respond))(?:\s*[,.;!–—-]|\s*$)/i;

/** Cities written as their usual letters ("SF weather"), by the name a place search finds. */
const CITY_LETTERS: Record<string, string> = {
  SF: 'San Francisco', NYC: 'New York', NY: 'New York', LA: 'Los Angeles', DC: 'Washington', KL: 'Kuala Lumpur', HK: 'Hong Kong', CDMX: 'Mexico City', BCN: 'Barcelona', JHB: 'Johannesburg', CPT: 'Cape Town',
};

/** A weather source's place as a place search finds it. */
function placed<T extends Action | Condition>(part: T): T {
  const source = part.kind === 'data' || part.kind === 'threshold' ? part.source : null;
  const city = source?.kind === 'weather' ? source.city : null;
  if (!city || !CITY_LETTERS[city]) return part;
  return { ...part, source: { ...source!, city: CITY_LETTERS[city] } };
}

/** "anything else -> nothing, leave the chat to them": a rule whose only answer asks for none is no rule. */
function answersNothing(rule: Pick<Rule, 'do'>): boolean {
  return rule.do.length > 0 && rule.do.every((a) => a.kind === 'reply' && a.text !== null && NO_ANSWER.test(a.text));
}

export function finishRules<R extends Pick<Rule, 'when' | 'do' | 'source'>>(rules: R[]): R[] {
  return rules.filter((rule) => !answersNothing(rule)).map((rule) => {
    const when =
      rule.when.kind === 'keyword' ? { ...rule.when, words: rule.when.words.filter((w) => !/^[a-z]$/i.test(w.trim()) && !NO_KEYWORD.has(w.trim().toLowerCase())) } : rule.when;
    const standIn = standInOf(rule);
    const actions = rule.do.map((a) => placed(named(a, standIn, rule.when.kind === 'command')));
    const conditions = 'if' in rule && Array.isArray(rule.if) ? { if: (rule.if as Condition[]).map(placed) } : {};
    return { ...rule, ...conditions, when, do: copied(rule, actions) ? [{ kind: 'forward' as const, to: 'owner' as const }, ...actions] : actions };
  });
}
