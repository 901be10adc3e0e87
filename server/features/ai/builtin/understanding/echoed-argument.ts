// A command's words followed by what was written after the command: '/find <what you found> ...
// replies "Nice one! Logged:" + what they found', '/idea → "Saved:" + the idea'. The words say it
// with {args} after them.
import type { Action } from '../../../../../shared/bot-plan.schema';
import type { Masked } from './masked';
import type { RuleDraft } from './rule-draft';

const PLUS_ARGUMENT =
  /^\s*(?:\+|and then|then|followed by|with)\s*(?:what(?:ever)?\s+(?:they|you|he|she|people|someone)\s+(?:found|wrote|typed|sent|logged|said|put|added|asked)|(?:the|their|his|her|your)\s+(?:item|thing|text|find|argument|words?|idea|question|name|title|message)|it)\b/i;

export function withEchoedArgument(rule: RuleDraft, m: Masked): RuleDraft {
  if (rule.when.kind !== 'command') return rule;
  let changed = false;
  const actions = rule.do.map((a): Action => {
    if ((a.kind !== 'reply' && a.kind !== 'post') || a.text === null || a.text.includes('{args}')) return a;
    const n = m.quotes.indexOf(a.text);
    const marker = `\u0001${n}\u0002`;
    const at = n >= 0 ? m.masked.indexOf(marker) : -1;
    if (at < 0 || !PLUS_ARGUMENT.test(m.masked.slice(at + marker.length))) return a;
    changed = true;
    return { ...a, text: `${a.text} {args}` };
  });
  return changed ? { ...rule, do: actions } : rule;
}
