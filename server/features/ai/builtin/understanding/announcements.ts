// A command that posts what follows it: "!gig <text> → only admins, posts the text in #gigs", "/announce
// <text> ... the bot posts the text in the group", "/alarm <text> → post the text in #einsatz starting
// with 🚨", "/announce something → ... it reposts the text in #general". Who may use it is the
// sentence's condition (rule-clauses.ts).
import { commandsIn, type Masked, restore } from './masked';
import type { RuleDraft } from './rule-draft';

/** "posts the text in #gigs", "post it to the channel", "sends their message to #news starting with 🚨". */
const POSTS =
  /\b(?:(?:re)?posts?|sends?|shares?|puts?|announces?)\s+(?:the|that|their|this|your|his|her|it|what follows)\s*(?:text|message|msg|announcement|words|note|it)?\b(?:\s+(?:in|to|into)\s+(?:#([\w-]{1,80})|the (?:group|channel|chat|server)))?(?:\s+(?:starting|beginning|prefixed) with\s+(\S+))?/i;

export function announcementRules(sentence: string, m: Masked): RuleDraft[] {
  const commands = commandsIn(sentence);
  const rules: RuleDraft[] = [];
  for (const [i, c] of commands.entries()) {
    const segment = sentence.slice(c.end, commands[i + 1]?.at);
    // The command takes words: "<text>", "[message]", "+ text".
    // "<text>", "[message]", "+ text", "something", "followed by a message".
    if (!/^\s*(?:<[^>]{1,30}>|\[[^\]]{1,30}\]|\+\s*(?:text|message)|(?:something|some text|a message|text)\b|(?:followed by|then|and)\s+(?:a |the |some |their |your )?(?:text|message|announcement)\b)/i.test(segment)) continue;
    const posts = POSTS.exec(segment);
    if (!posts) continue;
    const prefix = posts[2] ? `${restore(posts[2], m.quotes)} ` : '';
    rules.push({
      id: c.name,
      when: { kind: 'command', name: c.name },
      if: [],
      do: [{ kind: 'post', to: 'channel', text: `${prefix}{args}` }],
      ...(posts[1] ? { channel: posts[1] } : {}),
      source: restore(sentence.slice(c.at, commands[i + 1]?.at), m.quotes).trim(),
    });
  }
  return rules;
}
