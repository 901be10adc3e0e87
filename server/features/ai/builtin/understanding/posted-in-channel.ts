// An answer that is a post in a named channel: "if anyone writes "farm down" → post in #pipeline "Render
// farm down reported"", "→ post "..." in #mod-log". The words read as a reply are the post's, and the
// channel is where the rule posts.
import type { Action } from '../../../../../shared/bot-plan.schema';
import type { RuleDraft } from './rule-draft';

const POST_IN_FIRST = /^(?:(?:post|posts|send|sends|share|shares|announce|announces)\s+(?:it\s+|this\s+)?)?(?:in|to|into)\s+(?:the\s+)?#([\w-]{1,80})(?:\s+channel)?\s*:?\s*(\S[\s\S]*)$/i;
const POST_IN_AFTER = /^(?:post|posts|send|sends|share|shares|announce|announces)\s+(\S[\s\S]*?)\s+(?:in|to|into)\s+(?:the\s+)?#([\w-]{1,80})(?:\s+channel)?\s*[.!]?$/i;

export function withPostInChannel(rule: RuleDraft): RuleDraft {
  if (rule.when.kind === 'schedule' || rule.channel) return rule;
  let channel: string | undefined;
  const actions = rule.do.map((a): Action => {
    if (a.kind !== 'reply' || a.text === null || channel) return a;
    const first = POST_IN_FIRST.exec(a.text);
    const after = first ? null : POST_IN_AFTER.exec(a.text);
    if (!first && !after) return a;
    channel = first ? first[1]! : after![2]!;
    return { kind: 'post', to: 'channel', text: (first ? first[2]! : after![1]!).trim() };
  });
  return channel ? { ...rule, do: actions, channel } : rule;
}
