// Moderation in the person's words: the words or links not allowed, what is done (delete, warn, mute,
// kick, ban) with the bot's own words, the strikes after it, and a log channel the bot posts in.
import type { Action, Trigger } from '../../../../../shared/bot-plan.schema';
import { type Masked, restore } from './masked';
import type { RuleDraft } from './rule-draft';
import { saidWordsAt } from './said-words';

const PUNISH: Array<[RegExp, (minutes: number) => Action]> = [
  [/\b(?:mute|time (?:them|him|her) out|timeout|time out)\b/i, (minutes) => ({ kind: 'mute', minutes })],
  [/\bkick\b/i, () => ({ kind: 'kick' })],
  [/\bban\b/i, () => ({ kind: 'ban' })],
];

/** "for 1 hour", "24h", "10 min": minutes of a mute (10 when none is given). */
function muteMinutesIn(text: string): number {
  const m = /(\d+)\s*(h|hours?|hrs?|m|mins?|minutes?|d|days?)\b/i.exec(text);
  if (!m) return /\bhour\b/i.test(text) ? 60 : /\bday\b/i.test(text) ? 1440 : 10;
  const n = Number(m[1]);
  return /^h/i.test(m[2]!) ? n * 60 : /^d/i.test(m[2]!) ? n * 1440 : n;
}

const WHO = '(?:a |the |any )?(?:msg|message|post|comment|someone\'?s? (?:msg|message)|someone|somebody|anyone|anybody|people|ppl|a user|users|a member|members)';
// "anyone in the group posts ...": where they write is no part of who.
const NOT_ADMIN = "(?:\\s+in\\s+(?:the|our|this)\\s+(?:group|chat|server|channel))?(\\s+who\\s+(?:is(?:n'?t| not)|isnt|aren'?t|are not)\\s+an?\\s+(?:admin|mod|moderator)s?)?";
const WRITES = '(?:has|have|contains?|containing|includes?|including|with|says?|writes?|writing|mentions?|uses?|posts?|posting|sends?|sending|shares?|sharing|drops?)';
/** "if a msg has X, Y or Z", "anyone posting casino, forex or dating site links", "if someone who isnt an admin posts discord.gg/". */
const OFFENCE = new RegExp(
  `\\b(?:(?:if|when(?:ever)?)\\s+)?${WHO}${NOT_ADMIN}\\s+(?:keeps?\\s+)?${WRITES}\\s+(?:any of\\s+|the words?\\s+|(?:(?:swear|bad|rude|curse|cuss|offensive|banned)\\s+)?words?\\s+(?:like|such as)\\s+)?((?:\\u0001\\d+\\u0002|[^:→.;\\n]|\\.(?=\\S))+?)\\s*(?::|→|->|=|,|-(?=\\s)|\\.)?\\s*(?:then\\s+)?(?:just\\s+)?(?=(?:delete|remove)\\b|(?:ban|kick|mute|time)\\s+(?:them|him|her|it|the (?:user|sender|person|member|poster))\\b)`,
  'gi',
);

/** "warn them, 2 warnings = kick": the strikes follow, no words of the warning's own. */
const STRIKE_FIRST = /^\s*(?:\d+(?:st|nd|rd|th)?|2nd|second|3rd|third)\s+(?:times?|strikes?|warnings?)\b/i;

/** What is done to the message and its sender: "delete + warn: X", "ban them right away and say X". */
export function punishment(rest: string, m: Masked): { actions: Action[]; said: string | null; channel?: string } {
  const clause = rest.split(/\n|(?<=[.!?])\s+(?=(?:\d(?:st|nd|rd|th)|second|third|next|if|when|and)\b)/i)[0]!;
  const saying = /\b(?:warns?|say|says|reply|replies|tells? (?:them|him|her)|(?:(?:the )?(?:person|user|sender|member)|they) (?:is |are |gets? )?told|answers?|posts?)\b(?:\s+(?:them|him|her|the (?:user|sender|person|poster|member)))?(?:\s+(?:in|to)\s+#[\w-]+)?(?:\s+with)?\s*[:,]?\s*/i.exec(clause);
  // "warn them; 3 warnings = mute 24h": no words of its own.
  const after = saying ? rest.slice(saying.index + saying[0].length) : '';
  const said = saying && !/^\s*[;.]/.test(after) && !STRIKE_FIRST.test(after) ? saidWordsAt(after, m.quotes) : null;
  const head = saying ? clause.slice(0, saying.index) : clause;
  const actions: Action[] = [];
  // "... and say in #mod-log: Removed a scam message from {user}": a post to that channel.
  const channel = saying ? /#([\w-]{1,80})/.exec(saying[0])?.[1] : undefined;
  if (/\b(?:delete|remove)\b/i.test(head)) actions.push({ kind: 'delete' });
  const punish = PUNISH.find(([re]) => re.test(head));
  if (punish) actions.push({ ...punish[1](muteMinutesIn(head)), ...(said && !channel ? { text: said } : {}) } as Action);
  // A warning only when one is asked for ("delete it" deletes, and says nothing).
  else if (actions.length > 0 && !channel && saying) actions.push({ kind: 'warn', text: said ?? '{name}, please keep the chat friendly: that message is not allowed here.' });
  if (channel && said && actions.length > 0) actions.push({ kind: 'post', to: 'channel', text: said });
  return { actions, said, ...(channel ? { channel } : {}) };
}

/**
 * "if a msg has spoof, spoofing or 'selling account': delete it and warn {name}, no spoofing here. 2nd
 * time mute them 24h, 3rd time kick them out": the words, the warning as written, and what follows.
 */
export function moderationRules(m: Masked): RuleDraft[] {
  const written = [...m.masked.matchAll(OFFENCE)];
  // "delete messages with 'free nitro' or 'discord.gg/' and warn the person": what is done comes first.
  // "anything with the words for sale or £ per kit should be removed and the person told: ...": said the other way round.
  const overlaps = (d: RegExpMatchArray) => written.some((w) => d.index! < w.index! + w[0].length && w.index! < d.index! + d[0].length);
  const deleted = [...m.masked.matchAll(DELETE_FIRST), ...m.masked.matchAll(REMOVED_IF)].filter((d) => !overlaps(d));
  const hits = [...written, ...deleted].sort((a, b) => a.index! - b.index!);
  return hits.flatMap((hit, i) => {
    const rest = m.masked.slice(hit.index! + hit[0].length, hits[i + 1]?.index);
    return offenceRules(hit, m, deleted.includes(hit) ? `delete ${rest}` : rest, i);
  });
}

/** "anything with the words X, Y or Z should be removed": the words (group 2), before what is done to them. */
const REMOVED_IF = new RegExp(
  `\\b(?:anything|any (?:msgs?|messages?|posts?)|(?:msgs?|messages?|posts?))\\s+(?:with|containing|that (?:says?|contains?|mentions?|includes?)|mentioning)\\s+(?:the (?:words?|phrases?)\\s+)?()((?:\\u0001\\d+\\u0002|[^:→.;\\n]|\\.(?=\\S))+?)\\s+(?:should|must|will|gets?|is to)\\s+(?:be\\s+)?(?:removed|deleted|taken down)\\b`,
  'gi',
);

/** "delete msgs with X, Y or Z and warn them": the words (group 2; group 1, admins left out, is never written this way). */
const DELETE_FIRST = new RegExp(
  `\\b(?:deletes?|removes?)\\s+(?:any\\s+|all\\s+|every\\s+)?(?:msgs?|messages?|posts?|comments?|anything)\\s+(?:with|containing|that (?:contains?|has|have|mentions?|includes?)|mentioning|including)\\s+(?:(?:(?:swear|bad|rude|curse|cuss|offensive|banned)\\s+)?(?:words?|phrases?)\\s+(?:like|such as)\\s+)?()((?:\\u0001\\d+\\u0002|[^:→.;\\n]|\\.(?=\\S))+?)(?=\\s*(?:,\\s*|\\s(?:and|then|\\+|&)\\s+)(?:warns?|kicks?|bans?|mutes?|time|tells?|says?|reply|replies|posts?)\\b|\\s*(?:[:;\\n]|\\.(?!\\S))|\\s*$)`,
  'gi',
);

/** The words of an offence: "a discord invite (discord.gg/)", "spoiler stuff (spoiler, leak, the twist)": the ones in brackets. */
function offenceWords(written: string, m: Masked): string[] {
  // "(we get spam bots)": an aside that says why, not the words.
  // '"prodajem" (selling fish)': after a quoted word, the brackets say what it means.
  const bracketed = /\u0002\s*\(/.test(written) ? null : /\((?![^()]*\b(?:we|i|our|my|they|because|since)\b)([^()]{1,200})\)/i.exec(written);
  const aside = /\s*\([^()]{1,200}\)/g;
  return (bracketed ? bracketed[1]! : written.replace(aside, ' '))
    // "t.me/ links": a slash that ends a link is part of it.
    .split(/\s*(?:,|(?<![\p{L}\p{N}])or(?![\p{L}\p{N}])|\/(?!\s|$)|(?<![\p{L}\p{N}])and(?![\p{L}\p{N}]))\s*/iu)
    // "t.me/ links", "the words crypto": what names the words is not one of them.
    .map((w) => w.replace(/^(?:the\s+)?(?:words?|phrases?)\s+(?:like\s+)?/i, '').replace(/(\S\/)\s+(?:links?|urls?)$/i, '$1'))
    // '"wallet validation" is a scammer 100%': a quoted phrase is the words, not what is said of it after.
    .map((w) => w.replace(/^(\s*\u0001\d+\u0002)\s+\S.*$/, '$1'))
    .map((w) => restore(w, m.quotes).trim().toLowerCase().replace(/\s+(?:(?:site|scam|spam|fake|phishing)\s+)?(?:links?|urls?|ads?|spam|messages?)$/, '').replace(/^(?:smth|something|anything|stuff|a (?:msg|message|link|post)|links?|msgs?|messages?)\s+(?:with|about|to|containing)\s+/, '').replace(/\s+in (?:it|them)$/, ''))
    // "bad words", "swearing", "spam": what kind of words, not the words (moderation.ts keeps those for the person's list).
    .filter((w) => w.length > 0 && w.split(/\s+/).length <= 5 && !/^(?:(?:swear|bad|rude|curse|cuss|offensive|banned|naughty|dirty|foul)\s+(?:words?|language|phrases?)|swearing|profanity|insults?|spam)$/.test(w));
}

/** One offence's rules: what is done at once, then the strikes written after it (up to the next offence). */
function offenceRules(hit: RegExpExecArray | RegExpMatchArray, m: Masked, rest: string, index: number): RuleDraft[] {
  const words = offenceWords(hit[2]!, m);
  if (words.length === 0) return [];
  const when: Trigger = { kind: 'keyword', words, whole: false };
  const { actions, said, channel } = punishment(rest, m);
  if (actions.length === 0) return [];
  // "in #plot: if someone writes ...": only in that channel.
  const lineStart = m.masked.lastIndexOf('\n', hit.index!) + 1;
  const place = /\bin\s+#([\w-]{1,80})\b[^#\n]*$/i.exec(m.masked.slice(lineStart, hit.index! + 1));
  const where = place ? [{ kind: 'chat' as const, name: place[1]! }] : [];
  const id = index === 0 ? 'banned-words' : `banned-words-${index + 1}`;
  const rules: RuleDraft[] = [{ id, when, if: where, do: actions, ...(channel ? { channel } : {}), source: restore(hit[0] + (said ?? ''), m.quotes) }];
  if (hit[1]) rules[0]!.gap = { words: restore(hit[1].trim(), m.quotes), reason: 'the plan cannot leave admins out of a rule yet: admins are treated like everyone' };
  const STEP = '\\b(?:2nd|second|3rd|third|4th|fourth|\\d+(?:st|nd|rd|th)?) (?:time|strike|warning)s?\\b';
  for (const step of rest.matchAll(new RegExp(`\\b(2nd|second|3rd|third|4th|fourth|(\\d+)(?:st|nd|rd|th)?) (?:time|strike|warning)s?\\b\\s*(?:→|->|:|,|=)?\\s*((?:(?!${STEP})[^\\n])*)`, 'gi'))) {
    const n = ({ '2nd': 2, second: 2, '3rd': 3, third: 3, '4th': 4, fourth: 4 } as Record<string, number>)[step[1]!.toLowerCase()] ?? Number(step[2]);
    if (!(n >= 2)) continue;
    // "second time kick them and post in #mod-log: Kicked {name} (invite spam)": the punishment, and its post.
    const then = punishment(step[3]!, m);
    const punish = then.actions.filter((a) => a.kind !== 'delete' && a.kind !== 'warn');
    if (!punish.some((a) => a.kind !== 'post')) continue;
    rules.push({ id: `${id === 'banned-words' ? 'strike' : `${id}-strike`}-${n}`, when, if: [...where, { kind: 'warnings', atLeast: n }], do: punish, ...(then.channel ? { channel: then.channel } : {}), source: restore(step[0], m.quotes) });
  }
  return rules;
}
