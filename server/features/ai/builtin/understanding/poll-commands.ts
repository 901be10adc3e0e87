// Polls people start with a command and their own question: "/vote <question> so anyone can start a
// quick poll with their own question", "/poll question → makes a poll with that question", "!poll
// Pizza or burgers? starts a vote". The question (and its choices) come from what follows the command,
// or the question does and the choices are the person's ("... with that question, options Yes / No").
import type { Action } from '../../../../../shared/bot-plan.schema';
import { listItems } from './lists';
import { commandsIn, type Masked, restore } from './masked';
import type { RuleDraft } from './rule-draft';

/** The words after a command that make a poll of what follows it. */
const POLL_OF_ARGUMENT =
  /\b(?:poll|vote|survey)\b[^\n.]*?\b(?:(?:their|his|her|your|its|that|the|own|whatever)\s+(?:own\s+)?question|what(?:ever)? (?:they|you|follows|comes after)|the (?:text|words) after)\b|^\s*(?:<[^>]{1,30}>|\[[^\]]{1,30}\]|\{[^}]{1,30}\}|question|q|text)\s*(?:→|->|=>|:|-|\s)(?:[^\n.]|\.\.\.)*?\b(?:poll|vote|survey)\b|^\s*[^\n→]{1,60}\?\s*(?:→|->|=>|:|-)?\s*(?:makes?|starts?|creates?|opens?|runs?)\s+(?:a|the)\s+(?:quick\s+)?(?:poll|vote|survey)\b/i;

/** "/vote → poll "Which new flavour?" with Pistachio, Biscoff, Matcha": a poll of the person's own question and options. */
const OWN_POLL = /^\s*(?:→|->|=>|:|=|-|starts?|makes?|posts?|opens?|runs?)?\s*(?:an?\s+)?(?:quick\s+)?poll\s*:?\s*(?:asking\s+)?(\u0001\d+\u0002|[^\n?]{3,120}\?)\s*(?:(?:with|options?|choices|answers?)\s*:?\s*)+(.+)$/i;

/** '/motm Jay, Kev, Tom -> makes a poll "Man of the match?" with the names i put after it': the question given, the options written after the command. */
const POLL_OF_OPTIONS =
  /^\s*(?:[^\n→]{0,60}?(?:→|->|=>|:|-)\s*)?(?:makes?|starts?|creates?|opens?|runs?|posts?)\s+(?:a|the)\s+(?:quick\s+)?(?:poll|vote)\s*:?\s*(\u0001\d+\u0002|[^\n?]{3,120}\?)\s*(?:with|of|from)\s+(?:the\s+)?(?:names?|options?|choices|people|players|things|items|words)\s+(?:(?:i|they|you|we|people|someone)\s+)?(?:put|puts|write|writes|type|types|give|gives|list|lists|add|adds|written|typed|given)\s+after\s+(?:it|the command|that)\b/i;

export function pollCommandRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  for (const line of m.masked.split('\n')) {
    const commands = commandsIn(line);
    for (const [i, c] of commands.entries()) {
      const after = line.slice(c.end, commands[i + 1]?.at ?? line.length);
      const ofOptions = POLL_OF_OPTIONS.exec(after);
      if (ofOptions) {
        rules.push({ id: c.name, when: { kind: 'command', name: c.name }, if: [], do: [{ kind: 'poll', question: restore(ofOptions[1]!, m.quotes).trim(), options: [], fromArgument: true }], source: restore(line.slice(c.at, c.end) + after, m.quotes).trim() });
        continue;
      }
      const own = OWN_POLL.exec(after);
      const ownOptions = own ? listItems(own[2]!, m.quotes) : [];
      if (own && ownOptions.length >= 2) {
        const question = restore(own[1]!, m.quotes).trim();
        rules.push({ id: c.name, when: { kind: 'command', name: c.name }, if: [], do: [{ kind: 'poll', question, options: ownOptions.slice(0, 10), fromArgument: false }], source: restore(line.slice(c.at, c.end) + after, m.quotes).trim() });
        continue;
      }
      // A text quoted for the reading ("→ makes a poll with that question") is read as written.
      if (!POLL_OF_ARGUMENT.test(restore(after, m.quotes))) continue;
      // "/poll + a question makes a poll with that question, options Yes / No / Maybe": the question written, the options given.
      const given = /\b(?:options?|choices|answers)\s*(?::|are|of)?\s*/i.exec(after);
      const options = given ? listItems(after.slice(given.index + given[0].length), m.quotes) : [];
      const poll: Action = options.length >= 2 ? { kind: 'poll', question: '{args}', options, fromArgument: false } : { kind: 'poll', question: '', options: [], fromArgument: true };
      rules.push({ id: c.name, when: { kind: 'command', name: c.name }, if: [], do: [poll], source: restore(line.slice(c.at, c.end) + after, m.quotes).trim() });
    }
  }
  return rules;
}
