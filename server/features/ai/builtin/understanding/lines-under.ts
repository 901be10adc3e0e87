// A command whose answer is the lines written under it: "Also a /vets command that lists the exotic
// vets we recommend:" then "Rushcliffe Exotics - 0115 496 0321" and "Mapperley Vets - 0115 496 0788".
// The lines run until a blank line, a line that starts another rule, or a sign-off ("Thank you!!").
import { commandsIn, type Masked, restore } from './masked';
import type { RuleDraft } from './rule-draft';

/** What the command does with the lines: lists, shows or gives them. Buttons, questions and lists gone through are other readers'. */
const GIVES_LINES = /\b(?:lists?|shows?|gives?|says?|replies|sends?|posts?)\b[^\n]*:\s*$/i;
const OTHER_READERS = /\b(?:buttons?|menu|asks?|questions?|poll|random|one of|in turn|quiz|in order|going through)\b/i;
/** A line that starts another rule, or says thanks. */
const NOT_ANSWER = /^\s*(?:[-•*]\s*)?(?:[/!][a-z]|(?:when|whenever|if|also|and|every|each|on|at)\b|(?:thanks?|thank you|thx|ty|cheers|ta|x+)\b[\s!.]*$)/i;

export function linesUnderRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  const lines = m.masked.split('\n');
  for (const [i, line] of lines.entries()) {
    const command = commandsIn(line).pop();
    if (!command || !GIVES_LINES.test(line.slice(command.end)) || OTHER_READERS.test(line.slice(command.end))) continue;
    const under: string[] = [];
    for (const next of lines.slice(i + 1)) {
      if (!next.trim() || NOT_ANSWER.test(next) || /(?:→|->|=>)/.test(next)) break;
      under.push(restore(next.trim(), m.quotes));
    }
    if (under.length === 0) continue;
    rules.push({ id: command.name, when: { kind: 'command', name: command.name }, if: [], do: [{ kind: 'reply', text: under.join('\n') }], source: restore([line, ...lines.slice(i + 1, i + 1 + under.length)].join('\n'), m.quotes).trim() });
  }
  return rules;
}
