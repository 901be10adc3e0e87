// Rules written one a line (or one a bullet) as "what someone writes → what the bot does":
//   "broken, not working, ate my coins → forward to me and reply Thanks! We've told the owner"
//   "everything else → Sorry, I only know prices"
//   "signup → bot adds the person to saturday's list and says Thanks NAME, you're on!"
//   "cancel → off the list", "roster → Saturday crew so far: + names"
// The left side is a few short words (not a command, a time or a member joining: other readers
// take those); the right side is a list change, a copy to the owner and a reply, or a reply.
import type { Action, Trigger } from '../../../../../shared/bot-plan.schema';
import type { RuleDraft } from './rule-draft';
import { capacityIn } from './list-commands';
import { answerActions, ASKING_WORDS } from './answers';
import { punishment } from './moderation-rules';
import { saidWordsAt } from './said-words';
import { type Masked, restore } from './masked';

const ARROW = /\s*(?:→|->|=>)\s*/;
/** A left side written as a sentence about messages ("if a message has ..."), not the words themselves. */
const OFFENCE_WORDS = /\b(?:if|when|whenever|has|have|contains?|includes?|writes?|posts?|posting|says?|sends?|sending|shares?)\b/i;
/** "anyone who replies in or I'm in goes on a list and gets ...", "if they write out, take them off the list". */
const WRITES_THEN =
  /\b(?:anyone|anybody|someone|somebody|people|ppl|they|whoever)\s+(?:who\s+)?(?:replies|reply|writes?|says?|types?|sends?)\s+(.+?)(?:\s*,\s*|\s+(?=(?:it|goes|go|gets?|is|are|will|should|the bot|bot|take|takes|remove|removes|add|adds|put|puts|forward|send|pass)\b))(.+)$/i;
/** "when they say can't make it, take them off the list": the words up to the comma, when what follows it is done. */
const WRITES_COMMA_THEN =
  /\b(?:anyone|anybody|someone|somebody|people|ppl|they|whoever)\s+(?:who\s+)?(?:replies|reply|writes?|says?|types?|sends?)\s+([^,\n]{1,60}?)\s*,\s*((?:then\s+)?(?:take|takes|put|puts|add|adds|remove|removes|show|shows|reply|replies|say|says|send|sends|forward|pass|the bot|bot)\b.+)$/i;
/** Left sides that are no words someone writes: other readers' (commands, times, joins, hours, buttons). */
const NOT_WORDS = /[/!][a-z0-9]|^(?:otherwise|else|if not)$|\bnew (?:followers?|members?|people|persons?|users?|subscribers?|joiners?)\b|\b(?:\d+(?:st|nd|rd|th)|second|third|fourth|next) (?:time|strike|warning)|\b\d+ (?:warnings?|strikes?)\b|\b(?:every|each|daily|weekly|at \d|\d{1,2}[:.]\d{2}|\d{1,2}\s*(?:am|pm)|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|(?:someone|somebody|anyone|people|ppl|members?|they|person|new \w+)\s+(?:joins?|leaves?|left)|mentions?|reacts?|reacting|press(?:es)?|buttons?|hours?|right|wrong|correct|before|after|outside|during|mon|tue|wed|thu|fri|sat|sun)\b|\?/i;
const OTHERWISE = /^(?:everything|anything|any|all) (?:else|other(?: messages?)?)$|^(?:other|any other|all other) (?:messages?|msgs?|mentions?|tweets?|replies|questions?)$|^(?:when )?(?:someone|anyone|people) mentions? (?:us|me|the bot)$/i;
const ADDS = /^(?:the )?bot\s+|^(?:it\s+)?/i;
const LIST_ADD = /\b(?:adds?|puts?|signs?)\s+(?:the person|them|him|her|their name|NAME|the sender|you|people)\b[^.]*?\b(?:to|on)\s+(?:the\s+|this week'?s\s+|[\w']+'?s?\s+)*(?:list|roster|rota|line-?up|queue)\b|(?<!\bit )\bgoes on (?:a|the) list\b/i;
const LIST_REMOVE = /\b(?:off the list|take (?:them|him|her) off|(?:removes?|takes?)\s+(?:them|him|her|the person|their name)\s+off|(?:removes?|takes?) (?:them|him|her) (?:from|out of) the list)\b/i;
const LIST_SHOW = /(?:\+|and|with)\s+(?:the\s+)?names\b|\bshows? (?:the|who'?s on the) list\b/i;

/** "obrigado/obrigada": words with a slash between them are one or the other (not a command, unlike "km/h"'s unit). */
function orWords(text: string): string {
  return text.replace(/(\p{L}{3,})\/(?=\p{L}{3,})/gu, '$1 or ');
}

function wordsOf(left: string, quotes: string[]): string[] {
  // "swearing (fuck, shit)": the words in brackets; '"meron ba" or "available" (asking if we have stock)': after
  // quoted words, the brackets say what they mean.
  // "tips (anyone says tips)": brackets that say when the word counts are no words of it.
  const glossed = /\u0002\s*\(/.test(left) || /\((?:[^()]*\b(?:says?|writes?|types?|asks?|mentions?|sends?|posts?)\b[^()]*)\)/i.test(left);
  const bracketed = glossed ? null : /\(([^()]{1,200})\)/.exec(left);
  return (bracketed ? bracketed[1]! : left.replace(/\s*\([^()]{1,200}\)\s*/g, ' '))
    // '"confirmo" o "vamos"': "or" in the languages requests mix in, between quoted words.
    .split(/\s*(?:,|\/|(?<![\p{L}\p{N}])or(?![\p{L}\p{N}])|(?<=\u0002)\s+(?:o|ou|oder|of|ili|lub|atau|au|veya)\s+(?=\u0001))\s*/iu)
    // A quoted phrase ("where can i download roms") is the person's own, however long; unquoted, four words at most.
    .map((w) => ({ word: restore(w, quotes).trim().toLowerCase().replace(/^["']|["']$/g, ''), quoted: /^\s*\u0001\d+\u0002\s*$/.test(w) }))
    .filter(({ word, quoted }) => word.length > 0 && word.split(/\s+/).length <= (quoted ? 10 : 4))
    .map(({ word }) => word);
}

/** ", cancel takes them off", ", list shows who's booked": another word of the same list, after the first one's. */
const CHAINED = /,\s+([\p{L}'-]{2,20})\s+((?:takes?|removes?|crosses?|drops?)\s+(?:them|him|her|you|people)(?:\s+(?:off|out))?|(?:shows?|lists?)\s+(?:who'?s\s+(?:booked|in|coming|on it|going)|the list|everyone|them))\b/giu;

/** What the right side does: a list change, moderation, one of several texts, a copy to the owner and a reply, or a reply. */
function actionsOf(right: string, quotes: string[]): Action[] {
  const text = right.replace(ADDS, '');
  // "random: 'much wow' / 'such bot, very reply'", "one of: A / B": one of the texts.
  const oneOf = /^\s*(?:(?:a\s+)?random(?:ly)?|one of(?: these)?|pick one)\s*(?:one\s+)?(?:of|from)?\s*:\s*/i.exec(text);
  if (oneOf) {
    // Quoted texts may have "or" between them ("random: "For Karl!" or "We're rich!"").
    const items = text.slice(oneOf[0].length).split('\n')[0]!;
    const split = /^(?:\u0001\d+\u0002\s*(?:,|\/|\||\bor\b)?\s*)+$/i.test(items) ? /\s*(?:,|\/|\||\bor\b)\s*/i : /\s+\/\s+|\s*\|\s*/;
    const texts = items.split(split).map((t) => restore(t, quotes).trim()).filter((t) => t.length > 0);
    if (texts.length >= 2) return [{ kind: 'replyOneOf', texts, order: 'random' }];
  }
  // "delete + 'RMT talk = kick, this is your warning'": the quote is the warning.
  const warned = /^\s*(?:=\s*)?(?:delete|remove)(?:\s+it)?\s*(?:\+|and|,|then)\s*\u0001(\d+)\u0002\s*$/i.exec(text);
  if (warned && quotes[Number(warned[1])] !== undefined) return [{ kind: 'delete' }, { kind: 'warn', text: quotes[Number(warned[1])]! }];
  // "delete + warn: keep it clean", "= instant ban, no warnings": what is done to the message and its sender
  // ("remove them from the list" is the list's).
  if (/^\s*(?:=\s*)?(?:instant(?:ly)?\s+|just\s+)?(?:delete|remove|ban|kick|mute|time ?out)\b/i.test(text) && !LIST_REMOVE.test(text)) {
    const { actions } = punishment(text.replace(/^\s*=\s*/, ''), { masked: text, quotes });
    if (actions.length > 0) return actions;
  }
  const says = /\b(?:and\s+)?(?:says?|repl(?:y|ies)|answers?|tells? (?:them|him|her)|gets)\s*:?\s*/i.exec(text);
  const said = says ? saidWordsAt(text.slice(says.index + says[0].length), quotes) : null;
  if (LIST_ADD.test(text)) return [{ kind: 'list', list: 'signups', op: 'add', item: 'sender', text: said ?? 'Added {item}.' }];
  if (LIST_REMOVE.test(text)) return [{ kind: 'list', list: 'signups', op: 'remove', item: 'sender', text: said ?? 'Removed {item}.' }];
  if (LIST_SHOW.test(text)) {
    // "roster → Saturday crew so far: + names": the words before the names; "show the list" has none.
    const parts = text.split(/\s*(?:\+|\band\b|\bwith\b)\s+(?:the\s+)?names\b/i);
    const heading = parts.length > 1 ? parts[0]!.trim() : '';
    return [{ kind: 'list', list: 'signups', op: 'show', item: 'argument', text: heading ? `${restore(heading, quotes)}\n{list}` : '{list}' }];
  }
  // "86 salmon → salmon goes on the 86 list": an item of the message on a list, which a rule cannot say yet.
  if (/\b(?:goes on|on the|off the|to the|from the)\s+(?:\w+\s+)?list\b|\btakes? it off\b/i.test(text)) return [];
  return answerActions(text, quotes);
}

/** The rules written one a line as "words → what the bot does". */
export function arrowLineRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  // Each line, and each "•" bullet within a line, is one rule; "in #shifts:" at a line's start holds for its bullets.
  for (const line of m.masked.split(/\n+/)) {
    const chat = /^\s*(?:[-•*]\s*)?in #([\w-]+)\s*:/i.exec(line)?.[1] ?? /\bin #([\w-]+)\s*:\s*[^:]*(?:→|->)/i.exec(line)?.[1];
    // "3 warnings = kick" under a line that warns: the strike of that rule.
    const strike = /^\s*(?:[-•*]\s*|\d{1,2}[.)]\s+)?(\d+)(?:st|nd|rd|th)?\s+(?:warnings?|strikes?|times?)\s*(?:=|→|->|:)\s*(.+)$/i.exec(line);
    const warned = rules.filter((r) => r.when.kind === 'keyword' && r.do.some((a) => a.kind === 'warn')).pop();
    if (strike && warned && Number(strike[1]) >= 2) {
      const punish = punishment(strike[2]!, m).actions.filter((a) => a.kind !== 'delete' && a.kind !== 'warn');
      if (punish.length > 0) rules.push({ id: `${warned.id}-strike-${strike[1]}`, when: warned.when, if: [...warned.if, { kind: 'warnings', atLeast: Number(strike[1]) }], do: punish, source: restore(line, m.quotes).trim() });
      continue;
    }
    for (const unit of line.split(/\s+•\s+/)) rules.push(...unitRule(unit, m, chat));
  }
  return rules;
}

function unitRule(unit: string, m: Masked, chat: string | undefined): RuleDraft[] {
  // "!caller → in turn: Morag → Fraser → Aisha": the arrows after the first go through a list (listed-texts.ts).
  if (/\b(?:in turn|one after the other|round again|in this order|in order|taking turns|take turns|rotat(?:e|es|ing) (?:through|between))\b/i.test(restore(unit, m.quotes))) return [];
  // '/batch → asks "Dataset name?" → "How many items?"': questions asked in turn (questions.ts), no words people write.
  if (/\basks?\b[^→\n]*\u0001\d+\u0002\s*(?:→|->)\s*\u0001/i.test(unit)) return [];
  const arrows = [...unit.matchAll(new RegExp(ARROW.source, 'g'))];
  // '"free nitro" or "steam gift" = instant ban': an equals sign before what is done to the sender.
  const equals = arrows.length === 0 ? /^(.+?)\s+=\s+(?=(?:instant(?:ly)?\s+|just\s+)?(?:delete|remove|ban|kick|mute|time ?out)\b)/i.exec(unit) : null;
  if (equals && !OFFENCE_WORDS.test(equals[1]!)) return ruleAt(equals[1]!, unit.slice(equals[0].length), false, unit, m, chat);
  if (arrows.length > 0) return arrows.flatMap((arrow, i) => ruleAt(unit.slice(i > 0 ? arrows[i - 1]!.index! + arrows[i - 1]![0].length : 0, arrow.index), unit.slice(arrow.index! + arrow[0].length), false, unit, m, chat));
  const written = WRITES_COMMA_THEN.exec(unit) ?? WRITES_THEN.exec(unit);
  return written ? ruleAt(written[1]!, written[2]!, true, unit, m, chat) : [];
}

/** One rule: the words before an arrow (from the start of their sentence, or after "in #shifts:") and what follows. */
function ruleAt(before: string, after: string, sentence: boolean, unit: string, m: Masked, chat: string | undefined): RuleDraft[] {
  // '!rom or "where can i download roms" → ...': the command, and the words, each answered the same.
  const both = /^\s*(?:[-•*]\s*)?([/!])([a-z]\w{0,31})\s+(?:or|\/|,)\s+(.+)$/i.exec(before.split(/\n/).pop()!);
  if (both) {
    const actions = actionsOf(after, m.quotes);
    const words = wordsOf(both[3]!, m.quotes);
    if (actions.length === 0 || words.length === 0) return [];
    const name = both[2]!.toLowerCase();
    return [
      { id: name, when: { kind: 'command', name }, if: chat ? [{ kind: 'chat', name: chat }] : [], do: actions, source: restore(unit, m.quotes).trim() },
      { id: words[0]!, when: { kind: 'keyword', words, whole: false }, if: chat ? [{ kind: 'chat', name: chat }] : [], do: actions, source: restore(unit, m.quotes).trim() },
    ];
  }
  // "reacting :package: to an order message → ...": a reaction (rule-clauses.ts), no words written.
  if (/\breact(?:s|ing|ion)?\b/i.test(before.split('\n').pop()!)) return [];
  // "/poll Question? option / option → makes a poll": the words of a command's example are the command's.
  if (/[/!][a-z]/i.test(orWords(before).split(/[.;!]\s+|\n/).pop()!)) return [];
  const left0 = before
    .replace(/^.*(?:[.;!?]|:)\s+/, '')
    .replace(/^\s*(?:[-•*]\s*|\d{1,2}[.)]\s*)/, '')
    .replace(/^(?:and|also|or)\s+/i, '')
    // "if writes "electricity" or "свет" →": the one who writes may go unsaid.
    .replace(/^(?:(?:if|when)(?: (?:someone|anyone|somebody|anybody|people|ppl|they|dem|dey|(?:a |the )?customers?))? (?:mentions? (?:us|me|the bot|@\w+)\s+(?:and|\+|with)\s+)?(?:writes?|says?|types?|sends?|asks?(?: about| for)?)\s+)/i, '')
    .replace(/^(?:(?:any ?time|every ?time|whenever)\s+)?(?:anyone|someone|people|ppl) (?:writes?|says?|types?|sends?|mentions?|posts?)\s+/i, '')
    // "any message with free nitro, discord.gift → delete it and ban": the words of the message.
    .replace(/^(?:(?:a|an|any|every|each)\s+)?(?:msgs?|messages?|posts?|anything|something)\s+(?:with|containing|that (?:says?|contains?|includes?|mentions?)|mentioning|saying)\s+/i, '')
    .replace(/\s+in (?:it|them|(?:the|a|their) (?:msg|message|text))$/i, '')
    // "injury or accident anywhere": where it is written, no part of the words.
    .replace(/\s+(?:anywhere|in any channel|in any chat)$/i, '')
    .replace(/^(?:and|also|or)\s+/i, '')
    // "mention + delay / late", "mentions with kids or kinder": the words of a mention (on X every message the bot gets).
    .replace(/^(?:(?:a|any|every)\s+)?(?:mentions?|@\w+)\s*(?:\+|with|containing|(?:that |which )?(?:says?|contains?|includes?)|about|and(?: (?:says?|writes?))?)\s+/i, '')
    .trim();
  // 'if someone says "damaged" in #dispatch → ...': the channel the words are heard in.
  const heardIn = /\s+in\s+#([\w-]{1,80})\s*$/.exec(left0);
  const left = heardIn ? left0.slice(0, heardIn.index) : left0;
  if (heardIn && !chat) chat = heardIn[1];
  // "mentions with a question → ...": any mention that asks (mention-rules.ts), no word of it.
  // "open or hours → ...": "hours" as one of the words people write is a word, not a time of day.
  const asWords = orWords(restore(left, m.quotes)).replace(/(^|\bor\s+|,\s*)(?:opening\s+)?hours(?=\s*(?:,|\bor\b|$))/gi, '$1x');
  if (!left || left.length > 80 || /^(?:a|any) questions?$/i.test(left) || (NOT_WORDS.test(asWords) && !OTHERWISE.test(left))) return [];
  // "need eggs → it goes on the list": the item written, not the person (a rule cannot say that yet).
  if (/^\s*it\b/i.test(after)) return [];
  // "when someone says quote, ask them: ...": questions asked in turn (questions.ts).
  if (ASKING_WORDS.test(after.trim())) return [];
  // "if a message has forex or earn $ → delete it": moderation-rules.ts reads those sentences.
  if (OFFENCE_WORDS.test(before) && /^\s*(?:=\s*)?(?:instant(?:ly)?\s+|just\s+)?(?:delete|remove|ban|kick|mute|time ?out)\b/i.test(after.replace(ADDS, ''))) return [];
  // "delete + warn: No cheats here   mute after 3 warnings": what follows the warning is its strike, not its words.
  // So is "and kick them on the 2nd time".
  const strike =
    /[\s,.;]+(mute|ban|kick|time ?out)(?:\s+(?:them|him|her))?\s+after\s+(\d+)\s+(?:warnings?|strikes?)\b[^\n]*$/i.exec(after) ??
    /[\s,.;]+(?:and\s+)?(mute|ban|kick|time ?out)(?:\s+(?:them|him|her))?\s+(?:on|at)\s+the\s+(\d+)(?:st|nd|rd|th)\s+(?:time|one|strike|warning)\b[^\n]*$/i.exec(after);
  if (strike) after = after.slice(0, strike.index);
  // "book → add them to the list, cancel takes them off, list shows who's booked. max 25 people, after 25
  // reply ...": the other words of the list, each a rule of its own; the limit is the add's.
  const chained = [...after.matchAll(CHAINED)];
  const whole0 = after;
  if (chained.length > 0) after = after.slice(0, chained[0]!.index);
  // "anyone who says kraken gets "🐙 ..."": what they get is the words quoted.
  const gets = sentence && /^\s*gets?\s+(?=\u0001\d+\u0002)/i.exec(after);
  const actions = actionsOf(gets ? after.slice(gets[0].length) : after, m.quotes);
  // Without an arrow only a list change, a copy to the owner or quoted words they get are read here (the keyword readers take plain answers).
  if (actions.length === 0 || (sentence && !gets && !actions.some((a) => a.kind === 'list' || a.kind === 'forward'))) return [];
  const words = wordsOf(left, m.quotes);
  if (words.length === 0) return [];
  const other = OTHERWISE.test(left) || (words.length === 1 && OTHERWISE.test(words[0]!));
  // A short word that may be part of any sentence ("in", "who") must be the whole message.
  const whole = words.some((w) => w.split(/\s+/).length === 1 && w.length <= 6) && actions.some((a) => a.kind === 'list');
  const when: Trigger = other ? { kind: 'message', always: false } : { kind: 'keyword', words, whole };
  const capacity = chained.length > 0 ? capacityIn(whole0, m.quotes) : null;
  const done = capacity ? actions.map((a) => (a.kind === 'list' && a.op === 'add' ? { ...a, ...capacity, text: a.text === capacity.full ? 'Added {item}.' : a.text } : a)) : actions;
  const rule: RuleDraft = { id: other ? 'anything-else' : words[0]!, when, if: chat ? [{ kind: 'chat', name: chat }] : [], do: done, source: restore(unit, m.quotes).trim() };
  const more = chained.map((c): RuleDraft => {
    const word = restore(c[1]!, m.quotes).toLowerCase();
    const op = /^(?:shows?|lists?)\b/i.test(c[2]!) ? 'show' : 'remove';
    return { id: word, when: { kind: 'keyword', words: [word], whole: true }, if: rule.if, do: [{ kind: 'list', list: 'signups', op, item: op === 'show' ? 'argument' : 'sender', text: op === 'show' ? '{list}' : 'Removed {item}.' }], source: restore(c[0]!, m.quotes).replace(/^,\s*/, '').trim() };
  });
  if (more.length > 0 && actions.some((a) => a.kind === 'list')) return [rule, ...more];
  const punish = strike && actions.some((a) => a.kind === 'warn') ? punishment(strike[1]!, m).actions.filter((a) => a.kind !== 'delete' && a.kind !== 'warn') : [];
  if (punish.length === 0) return [rule];
  return [rule, { ...rule, id: `${rule.id}-strike-${strike![2]}`, if: [...rule.if, { kind: 'warnings', atLeast: Number(strike![2]) }], do: punish }];
}
