// A command that posts what follows it: "!gig <text> → only admins, posts the text in #gigs", "/announce
// <text> ... the bot posts the text in the group", "/alarm <text> → post the text in #einsatz starting
// with 🚨", "/announce something → ... it reposts the text in #general". Who may use it is the
// sentence's condition (rule-clauses.ts). And a command that posts words of the person's own, with its
// argument in them, written on a line: "!lfg <boss> → posts in #coop-lfg: 🔔 <name> needs help with
// <boss>! reply here with your password" (the whole line is the text, its "!" included).
import { commandsIn, type Masked, restore } from './masked';
import type { RuleDraft } from './rule-draft';
import { memberName } from './said-words';

/** "!lfg <boss> → posts in #coop-lfg: ...", "/sos [where] - send to #alerts: ...", '/oos <sku> → posts in #stock-alerts "..."': the command, its argument's name, the channel and the words. */
const POSTS_OWN_WORDS =
  /^\s*(?:[-•*]\s*|\d{1,2}[.)]\s*)?([/!])([A-Za-z]\w{0,31})(?:\s+[<[]([^>\]]{1,30})[>\]](?:\s+[<[][^>\]]{1,30}[>\]])*|\s+((?:[^\s→<[]+\s+){0,4}?[^\s→<[]+))?\s*(?:→|->|=>|-|:)\s*(?:the bot\s+|it\s+)?(?:posts?|sends?|puts?)\s+(?:it\s+|this\s+)?(?:in|to|into)\s+#([\w-]{1,80})\s*(?::\s*|(?=\u0001))(.+)$/i;

/** "(whatever you type after /delay goes where EZY123 40 min is)": a note on the words, no part of them. */
const ARGUMENT_NOTE = /\s*\((?=[^)]*\b(?:whatever|what you type|what they type|goes where|replaced)\b)[^)]*\)\s*$/i;

/** The rules of lines that say a command posts words of the person's own in a channel. */
export function postedWordsRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  for (const line of m.masked.split('\n')) {
    const hit = POSTS_OWN_WORDS.exec(line);
    if (!hit) continue;
    // A quoted text is the words, up to its closing mark (an example after it is no part of them).
    const quoted = /^\s*\u0001(\d+)\u0002/.exec(hit[6]!);
    let text = memberName(quoted ? (m.quotes[Number(quoted[1])] ?? '') : restore(hit[6]!.replace(ARGUMENT_NOTE, '').trim(), m.quotes));
    // The argument's place, written as the command wrote it ("<boss>"), is what follows the command;
    // so is the example written after it ("/delay EZY123 40 min → ... Delay: EZY123 40 min").
    const escaped = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // "/swap <date> <shift> → ... "{name} wants to swap: <date> <shift>"": the places of what follows the command, together, are {args}.
    const names = hit[3] ? [...line.slice(0, line.indexOf(hit[6]!)).matchAll(/[<[]([^>\]]{1,30})[>\]]/g)].map((n) => escaped(n[1]!.trim())) : [];
    if (hit[3]) text = text.replace(new RegExp(`[<\\[]\\s*(?:${names.join('|')})\\s*[>\\]](?:\\s*[<\\[]\\s*(?:${names.join('|')})\\s*[>\\]])*`, 'gi'), '{args}');
    else if (hit[4] && text.includes(hit[4])) text = text.split(hit[4]).join('{args}');
    else if (hit[4]) continue;
    const name = hit[2]!.toLowerCase();
    rules.push({ id: name, when: { kind: 'command', name }, if: [], do: [{ kind: 'post', to: 'channel', text }], channel: hit[5]!, source: restore(line, m.quotes).trim() });
  }
  return rules;
}

/** "posts the text in #gigs", "post it to the channel", "to our Announcements channel", "sends their message to #news starting with 🚨". */
const POSTS =
  /\b(?:(?:re)?posts?|sends?|shares?|puts?|announces?)\s+(?:the|that|their|this|your|his|her|it|what follows)(?:\s*(?:text|message|msg|announcement|words|note|it|suggestion|idea|question|request|report|feedback|tip|link))?\b(?:\s+(?:in|to|into)\s+(?:#([\w-]{1,80})|(?:our|my|the)\s+(?!group\b|channel\b|chat\b|server\b)([A-Za-z][\w-]{0,79})\s+channel|the (?:group|channel|chat|server)))?(?:\s+(?:starting|beginning|prefixed) with\s+(\S+))?/i;

export function announcementRules(sentence: string, m: Masked): RuleDraft[] {
  const commands = commandsIn(sentence);
  const rules: RuleDraft[] = [];
  for (const [i, c] of commands.entries()) {
    const segment = sentence.slice(c.end, commands[i + 1]?.at);
    // The command takes words: "<text>", "[message]", "+ text".
    // "<text>", "[message]", "+ text", "something", "followed by a message".
    if (!/^\s*(?:<[^>]{1,30}>|\[[^\]]{1,30}\]|\+\s*(?:text|message)|(?:something|some text|a message|text)\b|(?:followed by|then|and)\s+(?:a |the |some |their |your )?(?:text|message|announcement)\b)/i.test(segment)) continue;
    const posts = POSTS.exec(segment);
    // "... and sends it to me": a copy to the owner, not a post.
    if (!posts || /^\s*(?:on\s+)?to\s+(?:me|us|the owner|the admins?|my\b)/i.test(segment.slice(posts.index + posts[0].length))) continue;
    const prefix = posts[3] ? `${restore(posts[3], m.quotes)} ` : '';
    // '!report <result> → posts it in #results like "📜 {name}: {result}"': the person's words, the argument where they put it.
    const like = /^\s*(?:like|as|formatted as|in the form)\s*:?\s*\u0001(\d+)\u0002/i.exec(segment.slice(posts.index + posts[0].length));
    const standIn = /^\s*[<[{]\s*([^>\]}]{1,30}?)\s*[>\]}]/.exec(segment)?.[1];
    const place = standIn ? new RegExp(`[<[{]\\s*${standIn.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*[>\\]}]`, 'gi') : null;
    const shaped = like && place ? (m.quotes[Number(like[1])] ?? '').replace(place, '{args}') : null;
    // '... to #mod-suggestions and tells them "Suggestion sent to the mods"': the words said back too.
    const told = /^\s*,?\s*(?:and\s+)?(?:then\s+)?(?:tells?\s+(?:them|him|her|the person)|repl(?:y|ies)|says?|answers?)\s*(?:with)?\s*:?\s*\u0001(\d+)\u0002/i.exec(segment.slice(posts.index + posts[0].length));
    const reply = told ? [{ kind: 'reply' as const, text: m.quotes[Number(told[1])] ?? null }] : [];
    rules.push({
      id: c.name,
      when: { kind: 'command', name: c.name },
      if: [],
      do: [{ kind: 'post', to: 'channel', text: shaped && shaped.includes('{args}') ? shaped : `${prefix}{args}` }, ...reply],
      // "posts the text to our Announcements channel": a channel named without its "#".
      ...(posts[1] || posts[2] ? { channel: (posts[1] ?? posts[2])! } : {}),
      source: restore(sentence.slice(c.at, commands[i + 1]?.at), m.quotes).trim(),
    });
  }
  return rules;
}
