// Sign-ups by a word people write, as groups do for a game: "people write +1 to play → You're in NAME!
// (N/14). -1 → takes them off. max 14: after that reply Sorry NAME, we're full". "+1" puts the sender
// on the list, "-1" takes them off; N is how many are on it, and a "max" is how many it takes.
import type { RuleDraft } from './rule-draft';
import { capacityIn } from './list-commands';
import { type Masked, restore } from './masked';
import { memberName, saidWordsAt } from './said-words';

const IN = /(?:^|[\s.,;])(?:(?:people|ppl|they|someone|anyone|members?)\s+)?(?:writes?|types?|sends?|says?|posts?)?\s*([+]1|\+\s?one)(?:\s+(?:to|for)\s+(?:play|join|come|sign up|be in))?\s*(?:→|->|=>|:|=)\s*/i;
const OUT = /(?:^|[\s.,;])(-1)\s*(?:→|->|=>|:|=)\s*(?:it\s+)?(?:takes?|removes?|crosses?|drops?)\s+(?:them|him|her|the person|you)\s+(?:off|out)\b/i;

export function signUpRules(m: Masked): RuleDraft[] {
  const hit = IN.exec(m.masked);
  if (!hit) return [];
  const said = saidWordsAt(m.masked.slice(hit.index + hit[0].length), m.quotes);
  // The words end where the "-1" rule starts ("You're in NAME! (N/14). -1 → takes them off").
  const own = said?.replace(/[.\s]*[-+]1\s*(?:→|->|=>|:|=)[\s\S]*$/, '');
  const text = own ? memberName(own).replace(/\(\s*N\s*\/\s*(\d+)\s*\)/, '({count}/$1)').replace(/\bN\b/, '{count}') : 'You are in, {name}!';
  const capacity = capacityIn(m.masked, m.quotes);
  const full = capacity?.full ? { ...capacity, full: memberName(capacity.full) } : capacity;
  const rules: RuleDraft[] = [
    { id: 'sign-up', when: { kind: 'keyword', words: [hit[1]!.replace(/\s/g, '')], whole: false }, if: [], do: [{ kind: 'list', list: 'signups', op: 'add', item: 'sender', text, ...full }], source: restore(hit[0] + (said ?? ''), m.quotes).trim() },
  ];
  const out = OUT.exec(m.masked);
  if (out) rules.push({ id: 'drop-out', when: { kind: 'keyword', words: ['-1'], whole: false }, if: [], do: [{ kind: 'list', list: 'signups', op: 'remove', item: 'sender', text: 'Removed {item}.' }], source: restore(out[0], m.quotes).trim() });
  return rules;
}
