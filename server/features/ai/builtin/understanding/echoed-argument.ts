// What was written after a command, in the command's words: '/find <what you found> ... replies "Nice
// one! Logged:" + what they found' says it after them ({args}); '/rumour <player> replies "Rumour noted:
// {player}"' says it where its name is.
import type { Action } from '../../../../../shared/bot-plan.schema';
import type { Masked } from './masked';
import type { RuleDraft } from './rule-draft';

const PLUS_ARGUMENT =
  /^\s*(?:\+|and then|then|followed by|with)\s*(?:what(?:ever)?\s+(?:they|you|he|she|people|someone)\s+(?:found|wrote|typed|sent|logged|said|put|added|asked)|(?:the|their|his|her|your)\s+(?:item|thing|text|find|argument|words?|idea|question|name|title|message)|it)\b/i;

/** The name the request gives what follows a command: "/rumour <player>", "!lfg [difficulty]". */
function argumentName(command: string, m: Masked): string | null {
  const escaped = command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const named = new RegExp(`[/!]${escaped}\\s+[<[{]\\s*([a-z][\\w ]{0,24}?)\\s*[>\\]}]`, 'i').exec(m.masked)?.[1]?.toLowerCase();
  return named && !/^(?:name|user ?name|count|list|item|value|top)$/.test(named) ? named : null;
}

export function withEchoedArgument(rule: RuleDraft, m: Masked): RuleDraft {
  if (rule.when.kind !== 'command') return rule;
  let changed = false;
  // '"... {player} 👀"' for "/rumour <player>": the argument where the person put its name.
  const name = argumentName(rule.when.name, m);
  const place = name ? `\\{\\s*${name}\\s*\\}|<\\s*${name}\\s*>|\\[\\s*${name}\\s*\\]` : null;
  const actions = rule.do.map((a): Action => {
    if ((a.kind === 'reply' || a.kind === 'post') && a.text !== null && place && new RegExp(place, 'i').test(a.text)) {
      changed = true;
      return { ...a, text: a.text.replace(new RegExp(place, 'gi'), '{args}') };
    }
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
