// Rules the feature-based reading has no words for, read sentence by sentence straight into the plan:
// lists kept per chat ("/add milk adds to the shopping list, /list shows it"), who is coming ("!in",
// "!out"), counting and a top N ("!top shows the 5 most active"), a few questions asked in turn and
// sent to the owner (questions.ts), a quiz, replies
// to mentions, reactions, copies to the owner, conversions ("/f 20 should answer 68"), a price
// alert ("tell me when bitcoin drops below 60k"), posts relative to another time ("30 min before
// Thursday's 9pm raid"), and the conditions "only in #channel" and "only admins". Words the person
// gave are carried as written; what they did not give is a blank (null).
import type { Action, Condition, Rule, Trigger } from '../../../../../shared/bot-plan.schema';
import { sentencesOf } from './clauses';
import { answerAt } from './stated-replies';
import { aiAnswerRules } from './ai-answers';
import { adminsOnlyFor, conditionsIn } from './conditions';
import { arrowLineRules } from './arrow-lines';
import { buttonMenuRules } from './button-menus';
import { mentionAboutRules } from './mention-rules';
import { numberedMenuRules } from './numbered-menus';
import { weatherAlertRules } from './weather-alerts';
import { hoursRules } from './hours-rules';
import { textsOfList } from './listed-texts';
import { questionRules } from './questions';
import { quizRules } from './quiz';
import { scheduledPostRules } from './scheduled-posts';
import { commandAnswerAt, memberName, saidWordsAt } from './said-words';

type Masked = { masked: string; quotes: string[] };
/** A rule read from the request; `note` is a default it chose, `gap` a part it could not build, both said in the answer. */
export type RuleDraft = Omit<Rule, 'id' | 'if'> & {
  id: string;
  if: Condition[];
  note?: string;
  gap?: { words: string; reason: string };
  /** At its hours this rule is the only answer: the plan gives the other answering rules "outside" those hours. */
  only?: boolean;
};

const MARKER = /\u0001(\d+)\u0002/g;
const COMMAND = /(?:^|[^\w/:.])([/!])([A-Za-z][A-Za-z0-9_]{0,31})\b/g;

function restore(text: string, quotes: string[]): string {
  return text.replace(MARKER, (_, n: string) => quotes[Number(n)] ?? '');
}

function commandsIn(text: string): Array<{ name: string; prefix: string; at: number; end: number }> {
  return [...text.matchAll(COMMAND)].map((m) => ({ name: m[2]!.toLowerCase(), prefix: m[1]!, at: m.index! + m[0].length - m[2]!.length - 1, end: m.index! + m[0].length }));
}

/** The text between a command and the next command (or the end of the sentence). */
function afterCommand(sentence: string, at: number, commands: Array<{ at: number }>): string {
  const next = commands.find((c) => c.at > at);
  return sentence.slice(at, next ? next.at : undefined);
}

const LIST_NOUN =
  /\b(?:(?:this week'?s|the|our|the whole) order\b|(shopping|grocery|to-?do|todo|task|wish|reading|watch|guest|waiting|sign-?up|signup|attendee|player|team)s?\s+list|to-?dos?|todo list|list|sign-?ups|signups|attendees|queue|roster|line-?up|wishlist|who(?:'s| is| are)\s+(?:coming|in|going|playing|joining))\b/i;
const ADD = /^\s*(?:[\w']+\s+){0,4}?(?:→\s*|->\s*|=\s*|:\s*)?(?:should\s+|will\s+|to\s+)?(?:adds?|puts?|saves?|signs?\b|joins?|registers?|books?|reserves?|counts? (?:them|you|me|people|someone) in|marks? (?:them|you) (?:as )?(?:in|coming|going)|=\s*(?:i'?m\s+)?(?:in|coming|going))/i;
const REMOVE = /^\s*(?:[\w']+\s+){0,4}?(?:→\s*|->\s*|=\s*|:\s*)?(?:should\s+|will\s+|to\s+)?(?:removes?|deletes?|drops?|takes? (?:\w+ )?(?:off|out)|cross(?:es)? (?:\w+ )?off|ticks? (?:\w+ )?off|marks? (?:\w+ )?(?:as )?(?:done|out)|cancels?|=\s*(?:not|out|can'?t))/i;
const SHOW = /^\s*(?:[\w']+\s+){0,4}?(?:→\s*|->\s*|=\s*|:\s*)?(?:should\s+|will\s+|to\s+)?(?:shows?|lists?|displays?|prints?|gives?|sees?|views?|tells? (?:\w+ )?(?:who|what))/i;
const CLEAR = /^\s*(?:[\w']+\s+){0,4}?(?:→\s*|->\s*|=\s*|:\s*)?(?:should\s+|will\s+|to\s+)?(?:clears?|empties|empty|resets?|wipes?)/i;
const PERSON_ITEM = /\b(?:their|your|his|her|my) names?\b|\bthem(?:selves)?\b|\byou(?:rself)?\b|\bthe person\b|\bpeople\b|\bwho(?:'s| is)\b|\bi'?m (?:in|out|coming)\b|\bsigns? (?:up|in)\b|\bjoins?\b/i;
const THING_ITEM = /\b(?:item|task|thing|whatever|what(?:ever)? (?:they|you|comes|follows)|the text|an? \w+ (?:to|on) the list)\b|[/!][a-z]\w*\s+(?!adds?|puts?|removes?|shows?|lists?)[a-z]+/i;

function listNameOf(noun: RegExpExecArray | null): string {
  if (!noun) return 'list';
  const text = noun[0].toLowerCase();
  if (/who|attendee|sign|guest|player|team|roster|line|queue/.test(text)) return 'signups';
  if (/to-?do|task/.test(text)) return 'todo';
  const kind = noun[1]?.toLowerCase().replace(/[^a-z]/g, '');
  return kind ? `${kind}_list` : 'list';
}

/** "/add milk adds to the shopping list, /done removes, /list shows it": per chat lists. */
function listRules(sentence: string, m: Masked, context: string): RuleDraft[] {
  const own = LIST_NOUN.exec(sentence);
  const noun = own ?? LIST_NOUN.exec(context);
  if (!noun) return [];
  const list = listNameOf(noun);
  const commands = commandsIn(sentence);
  const rules: RuleDraft[] = [];
  const sender = /who|attendee|sign|guest|player|team|roster|line/.test(noun[0].toLowerCase());
  const start = m.masked.indexOf(sentence);
  for (const c of commands) {
    // The words run on past the sentence's own "!" ("posts Order closed! Thanks everyone ... and empties the list").
    const whole = start >= 0 ? m.masked.slice(start + c.end).split(/\n|(?:^|\s)(?=[/!][A-Za-z])|\.\s+/)[0]! : '';
    const inSentence = afterCommand(sentence, c.end, commands).split(/\.\s+/)[0]!;
    const rest = whole.length > inSentence.length ? whole : inSentence;
    // "/in = you're in for friday", "/out = removes you": the person themselves, by the command's name.
    const person = sender || PERSON_ITEM.test(rest) || /\byou'?re (?:in|out)\b/i.test(rest);
    const op = CLEAR.test(rest) || /\b(?:clears?|empties|resets?|wipes?)\s+(?:the|this|our)\s+(?:list|order)\b/i.test(rest) ? 'clear' : REMOVE.test(rest) ? 'remove' : ADD.test(rest) ? 'add' : SHOW.test(rest) ? 'show' : person && /^(?:in|join|yes|coming|going)$/.test(c.name) ? 'add' : person && /^(?:out|leave|no|cancel)$/.test(c.name) ? 'remove' : null;
    if (!op) continue;
    // A list named in another sentence, or a "show" of something else ("/weather just gives the weather"):
    // the command must speak of the list ("shows it", "the names").
    if ((!own || op === 'show') && !/\b(?:list|it|them|names?|who|entries|items?|order|roster|sign-?ups?|queue|everything|everyone|all|what'?s on)\b|\u0001/i.test(rest.split(/[,.;]/)[0]!)) continue;
    const item = op === 'add' || op === 'remove' ? (THING_ITEM.test(rest) && !PERSON_ITEM.test(rest) ? 'argument' : sender || PERSON_ITEM.test(rest) ? 'sender' : 'argument') : 'argument';
    const said = new RegExp(`\\b(?:says?|repl(?:y|ies)|answers?|responds?|with|shows?)\\s*:?\\s*\u0001(\\d+)\u0002|\\(\\s*\u0001(\\d+)\u0002\\s*\\)`, 'i').exec(rest);
    // "/buy milk → adds milk to the list and says Added milk": the example item is the bot's {item}.
    const unquoted = said ? null : /\b(?:and\s+)?(?:says?|repl(?:y|ies)|answers?|responds?|posts?)\s*:?\s*(?=[A-Z\p{Extended_Pictographic}])/u.exec(rest);
    const example = /^\s*([\w'-]+)/.exec(sentence.slice(c.end))?.[1];
    const written = unquoted ? (saidWordsAt(rest.slice(unquoted.index + unquoted[0].length), m.quotes)?.replace(/\s+and\s+(?:empties|clears?|resets?|wipes?)\b.*$/i, '') ?? null) : null;
    const quoted = said ? memberName(m.quotes[Number(said[1] ?? said[2])] ?? '') || null : null;
    // "/who = shows "Coming on Friday:" and everyone's names": the heading, then the list.
    const heading = quoted && op === 'show' && !quoted.includes('{list}') ? `${quoted}\n{list}` : quoted;
    const given = said ? heading : written && example ? written.replace(new RegExp(`\\b${example}\\b`, 'i'), '{item}') : written;
    const text = given ?? { add: 'Added {item}.', remove: 'Removed {item}.', show: '{list}', clear: 'The list is empty now.' }[op];
    rules.push({ id: c.name, when: { kind: 'command', name: c.name }, if: [], do: [{ kind: 'list', list, op, item, text }], source: restore(sentence, m.quotes).trim() });
  }
  return rules;
}

const TOP = /\b(?:top\s*(\d+)(?!\s*(?:[:.]\d|%))|top (?:ten|five|three)\b|leaderboard|ranking|rankings|most active|high ?scores?|scoreboard|who (?:has|talks|posts|writes) the most)\b/i;
const COUNTING = /\b(?:count|counts|counting|keeps? (?:track|count)|tally|tallies|track)\b[^.]*?\b(?:messages?|posts?|times?|points?|thanks|karma|kudos|each|every|per|how many)\b/i;

/** "count messages per person and !top shows the 5 most active", "thanks gives a point". */
/** "they get a point", "earns a star", "counts a rebuy for whoever types it": what is counted. */
const EARNS = /\b(?:get|gets|earn|earns|score|scores|win|wins)\s+(?:a|one|\+1|1)\s+(point|star|credit|coin|karma)s?\b|\bcounts? (?:a|one|1) ([a-z]+) for\b/i;

/** The name of what the request counts: its own word ("stars", "rebuys"), points, or messages. */
function counterOf(context: string): string {
  const earns = EARNS.exec(context);
  if (earns) return `${(earns[1] ?? earns[2])!.toLowerCase()}s`;
  return /\b(?:points?|karma|kudos|thanks)\b/i.test(context) ? 'points' : 'messages';
}

/** "whenever someone writes done or erledigt they get a point and the bot says Danke {name}!", "/rebuy counts a rebuy ... and says X". */
function earnRules(sentence: string, m: Masked, counter: string): RuleDraft[] {
  const earns = EARNS.exec(sentence);
  if (!earns) return [];
  const before = sentence.slice(0, earns.index);
  const command = commandsIn(before).pop();
  const writes = [...before.matchAll(/\b(?:writes?|says?|types?|posts?|sends?)\s+((?:\u0001\d+\u0002|[\w'+-]+)(?:\s*(?:,|\bor\b)\s*(?:\u0001\d+\u0002|[\w'+-]+))*)/gi)].pop();
  const when: Trigger | null = command
    ? { kind: 'command', name: command.name }
    : writes
      ? { kind: 'keyword', words: writes[1]!.split(/\s*(?:,|\bor\b)\s*/).map((w) => restore(w, m.quotes).trim().toLowerCase()).filter(Boolean), whole: false }
      : null;
  if (!when) return [];
  // The words said run on past the sentence's own "!" ("Danke {name}! +1 clean point"): read them in the whole request.
  const whole = m.masked.slice(Math.max(0, m.masked.indexOf(sentence)) + earns.index);
  const says = /\b(?:says?|replies|reply|answers?)\s*(?:with)?\s*:?\s*/i.exec(whole.split('\n')[0]!);
  const text = says ? saidWordsAt(whole.slice(says.index + says[0].length), m.quotes)?.replace(/<\s*(count|name)\s*>/gi, '{$1}') ?? null : null;
  const actions: Action[] = [{ kind: 'count', counter, per: 'user' }, ...(text ? [{ kind: 'reply' as const, text }] : [])];
  return [{ id: when.kind === 'command' ? when.name : counter, when, if: [], do: actions, source: restore(sentence, m.quotes).trim() }];
}

function counterRules(sentence: string, m: Masked, context: string): RuleDraft[] {
  const lower = sentence.toLowerCase();
  const counter = counterOf(context);
  const rules: RuleDraft[] = earnRules(sentence, m, counter);
  const point = /\b((?:\+1|thanks|thank you|thx|kudos|ty))\b[^.]*\b(?:gives?|adds?|earns?|is worth)\b[^.]*\bpoints?\b/i.exec(sentence);
  if (rules.length > 0) {
    // The sentence's own rule counts.
  } else if (point) {
    rules.push({ id: 'points', when: { kind: 'keyword', words: [point[1]!.toLowerCase()], whole: false }, if: [], do: [{ kind: 'count', counter: 'points', per: 'user' }], source: sentence.trim() });
  } else if (COUNTING.test(lower) && /\b(?:messages?|posts?|each|every|per|how many)\b/.test(lower) && !/\bwarn/i.test(lower)) {
    rules.push({ id: 'count-messages', when: { kind: 'message', always: true }, if: [], do: [{ kind: 'count', counter, per: 'user' }], source: restore(sentence, m.quotes).trim() });
  }
  const top = TOP.exec(sentence);
  if (top) {
    // The command that shows it: the last one before "top", else the first after.
    const commands = commandsIn(sentence);
    const command = commands.filter((c) => c.at < top.index).pop() ?? commands[0];
    const n = Math.min(50, Math.max(1, Number(top[1] ?? /\b(\d{1,2})\b(?![:.]\d)/.exec(sentence.slice(command ? command.end : top.index))?.[1] ?? 10)));
    const when: Trigger = command ? { kind: 'command', name: command.name } : { kind: 'command', name: 'top' };
    // "/champ shows Cleanest flatmate: with the top 3", "/heroes → 🌊 Top 5 beach heroes: with counts": the heading as written.
    const between = command ? sentence.slice(command.end, top.index + top[0].length + 40) : '';
    const heading = /^\s*(?:shows?|lists?|gives?|posts?|says?|=|→|->|:)\s*(\u0001\d+\u0002|[^\n]*?:|[^\n]*?(?=\s+with (?:the )?top\b|\s+with (?:their|the|its) (?:points|counts?|scores?|totals?|numbers?)))\s*(?:with\b|\+|top\b|and\b|$)/i.exec(between);
    const written = heading ? restore(heading[1]!, m.quotes).trim() : null;
    const text = written && !/^(?:the|a|an)\s/i.test(written) ? `${written}\n{top}` : `Top ${n}:\n{top}`;
    rules.push({ id: `top-${counter}`, when, if: [], do: [{ kind: 'top', counter, n, text }], source: restore(sentence, m.quotes).trim() });
  }
  return rules;
}

const MENTION = /\b(?:mentions?|tags?|@'?s|pings?|@\s*mentions?)\s+(?:the bot|me|us|it|the account|our account|@\w+)\b|\bwhen (?:i'?m|we'?re|the bot is|it'?s) (?:mentioned|tagged|pinged)\b/i;

/** The words said from `at` in the sentence on, read in the whole request: they may run past the sentence's own "!". */
function wordsAfter(sentence: string, at: number, m: Masked): string | null {
  const start = m.masked.indexOf(sentence);
  return saidWordsAt(start >= 0 ? m.masked.slice(start + at) : sentence.slice(at), m.quotes);
}

/** "when someone mentions the bot, reply 'Hi, ask me with !help'". */
function mentionRules(sentence: string, m: Masked): RuleDraft[] {
  const at = MENTION.exec(sentence);
  // "mentions us with vegan → ...": a mention about words (mention-rules.ts).
  if (!at || /^\s*(?:with|about|asking|mentioning|containing)\b/i.test(sentence.slice(at.index + at[0].length))) return [];
  const rest = sentence
    .slice(at.index + at[0].length)
    .replace(/^[,\s]*(?:\([^)]*\)\s*)?,?\s*(?:it\s+|the bot\s+|then\s+)?(?:should\s+)?(?:reply|answer|say|respond)(?:\s+with)?\s*:?/i, '');
  const text = commandAnswerAt(rest, m.quotes);
  return [{ id: 'mention', when: { kind: 'mention' }, if: [], do: [{ kind: 'reply', text }], source: restore(sentence, m.quotes).trim() }];
}

const EMOJI = /(\p{Extended_Pictographic}(?:\uFE0F)?)/u;

/** "react with 👍 to messages with 'thanks'", "like tweets that mention #bikes", "when someone reacts with ⭐". */
function reactionRules(sentence: string, m: Masked): RuleDraft[] {
  const lower = restore(sentence, m.quotes).toLowerCase();
  const reacted = /\b(?:when|whenever|if) (?:someone|anyone|somebody|people|ppl|(a |an |the )?(?:mod|moderator|admin)s?|a member|members) reacts?(?: with (\S+))?/i.exec(restore(sentence, m.quotes));
  if (reacted) {
    const emoji = reacted[2] && EMOJI.test(reacted[2]) ? EMOJI.exec(reacted[2])![1] : undefined;
    const rest = sentence.slice(sentence.toLowerCase().indexOf('react') + 5).replace(/^[^,]*,\s*/, '');
    // "..., post in #hall-of-fame: 🏆 {name}'s run got nominated": a post to that channel, else a reply.
    const post = /^\s*(?:then\s+)?(?:the bot\s+)?(?:should\s+)?(?:post|posts|share|shares|send|sends)\s+(?:it\s+)?(?:in|to|into)\s+#([\w-]{1,80})\s*(?::|→|->|-|with|saying)?\s*/i.exec(rest);
    const text = post ? wordsAfter(sentence, sentence.length - rest.length + post[0].length, m) : answerAt(rest, m.quotes);
    return [{
      id: 'reaction',
      when: { kind: 'reaction', ...(emoji ? { emoji } : {}) },
      if: /mod|admin/i.test(reacted[0]) ? [{ kind: 'admins' }] : [],
      do: [post ? { kind: 'post', to: 'channel', text } : { kind: 'reply', text }],
      ...(post ? { channel: post[1]! } : {}),
      source: restore(sentence, m.quotes).trim(),
    }];
  }
  // "like" only as liking messages ("like every tweet", "likes them"), never "would you like" or "like /f 72".
  const react = /\b(?:react(?:s|ing)?|add(?:s)? (?:a|an)?\s*(?:\S+\s+)?reaction|(?:gets?|puts?|adds?|leaves?|gives?) (?:a|an)\s*\S*\s*reaction|likes? (?=(?:every|each|all|any|the|their|them|it|tweets?|posts?|messages?|mentions?|replies)\b)|thumbs? up)\b/i.exec(lower);
  if (!react || /\bwould like|i'?d like|we'?d like|like to|like a\b|like this|like that|likes? to\b/i.test(lower.slice(Math.max(0, react.index - 10), react.index + 12))) return [];
  // The emoji nearest the word that asks for it ("gets a 📸 reaction", "react with ✅").
  const emojis = [...restore(sentence, m.quotes).matchAll(new RegExp(EMOJI.source, 'gu'))];
  const at = react.index;
  const nearest = emojis.sort((x, y) => Math.abs(x.index! - at) - Math.abs(y.index! - at))[0];
  // "like every mention": a like (👍), unless an emoji is written right after the word.
  const liked = /\blike|thumbs/.test(react[0]);
  const after = emojis.filter((e) => e.index! >= at && e.index! - at <= 20)[0];
  const emoji = liked ? (after?.[1] ?? '👍') : (nearest?.[1] ?? null);
  if (!emoji) return [];
  const about = /\b(?:with|containing|that (?:say|mention|contain|include)s?|mentioning|about|saying)\s+((?:\u0001\d+\u0002|#?[\w'-]+)(?:\s*(?:,|or)\s*(?:\u0001\d+\u0002|#?[\w'-]+))*)/i.exec(sentence.slice(react.index));
  const words = about ? about[1]!.split(/\s*(?:,|\bor\b)\s*/).map((w) => restore(w, m.quotes).trim().toLowerCase()).filter(Boolean) : [];
  const when: Trigger = words.length > 0 ? { kind: 'keyword', words, whole: false } : { kind: 'message', always: true };
  return [{ id: 'react', when, if: [], do: [{ kind: 'react', emoji }], source: restore(sentence, m.quotes).trim() }];
}

const FORWARD = /\b(?:gets?|is|are|should be) (?:copied|forwarded|sent) to me\b|\b(?:forward|forwards|copy|copies|send|sends|dm|pass)\b\s+(?:me|us|the owner|to me)?\s*(?:a copy of\s+)?(?:every|each|all|any)\s+(?:\w+\s+)?(?:messages?|dms?|questions?|orders?|requests?|complaints?)|\bforward(?:s)?\s+(?!it\b|them\b|that\b|this\b|to\b)[^.]*\bto me\b|\b(?:copy|copies) of (?:every|each|all|any)\b/i;

/** "forward every message with 'order' to me", "send me a copy of each question". */
function forwardRules(sentence: string, m: Masked): RuleDraft[] {
  if (!FORWARD.test(sentence)) return [];
  const about = /\b(?:with|containing|that (?:say|mention|contain)s?|mentioning|about)\s+((?:\u0001\d+\u0002|[\w'-]+)(?:\s*(?:,|or)\s*(?:\u0001\d+\u0002|[\w'-]+))*)/i.exec(sentence);
  const words = about ? about[1]!.split(/\s*(?:,|\bor\b)\s*/).map((w) => restore(w, m.quotes).trim().toLowerCase()).filter((w) => !/^(?:me|us|the|a|an)$/.test(w)) : [];
  const when: Trigger = words.length > 0 ? { kind: 'keyword', words, whole: false } : { kind: 'message', always: true };
  return [{ id: 'copy-to-owner', when, if: [], do: [{ kind: 'forward', to: 'owner' }], source: restore(sentence, m.quotes).trim() }];
}

const UNITS: Array<[RegExp, string]> = [
  [/°?\s*c\b|celsius|centigrade/i, 'c'], [/°?\s*f\b|fahrenheit/i, 'f'], [/\bkm\b|kilomet(?:er|re)s?/i, 'km'], [/\bmi\b|miles?/i, 'mi'],
  [/\bkgs?\b|kilos?|kilograms?/i, 'kg'], [/\blbs?\b|pounds? (?:of weight)?/i, 'lb'], [/\bcm\b|centimet(?:er|re)s?/i, 'cm'], [/\binch(?:es)?\b|\bin\b(?=\s*$)/i, 'in'],
  [/\beur(?:os?)?\b|€/i, 'EUR'], [/\busd\b|dollars?|\$/i, 'USD'], [/\bgbp\b|£|sterling/i, 'GBP'], [/\bjpy\b|yen/i, 'JPY'], [/\bchf\b|francs?/i, 'CHF'],
];

function unitsIn(text: string): string[] {
  const found: Array<{ unit: string; at: number }> = [];
  for (const [pattern, unit] of UNITS) {
    const hit = new RegExp(pattern.source, 'gi').exec(text);
    if (hit) found.push({ unit, at: hit.index });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.unit);
}

/** The two units of a worked example ("350 → 177": 350 °F is 177 °C), when the numbers say them. */
function unitsOfExample(a: number, b: number): string[] {
  if (Math.abs((a * 9) / 5 + 32 - b) < 1) return ['c', 'f'];
  if (Math.abs(((a - 32) * 5) / 9 - b) < 1) return ['f', 'c'];
  if (Math.abs(a * 0.621371 - b) < 0.5) return ['km', 'mi'];
  if (Math.abs(a * 1.60934 - b) < 0.5) return ['mi', 'km'];
  return [];
}

const UNIT_LABEL: Record<string, string> = { c: '°C', f: '°F', km: 'km', mi: 'miles', kg: 'kg', lb: 'lb', cm: 'cm', in: 'in' };

/**
 * "/f 20 should answer 68", "/temp converts celsius to fahrenheit", "/f 350 → 350°F = 177°C. /c 180 →
 * the other way", "/eur 10 gives it in dollars": one conversion per command, its units from the words
 * or from the worked example.
 */
function convertRules(sentence: string, m: Masked): RuleDraft[] {
  const plain = restore(sentence, m.quotes);
  if (!/\bconvert|\bconversion|\bin (?:fahrenheit|celsius|dollars|euros|pounds|miles|km)\b|[/!][a-z]+\s+-?\d+(?:[.,]\d+)?\s+(?:should|will|gives?|answers?|says?|returns?|=|→|->)/i.test(plain)) return [];
  const commands = commandsIn(plain);
  const rules: RuleDraft[] = [];
  for (const c of commands) {
    const segment = afterCommand(plain, c.at, commands);
    let units = unitsIn(segment.replace(/^[/!][a-z]\w*/i, ' '));
    const example = /^[/!][a-z]\w*\s+(-?\d+(?:\.\d+)?)\D+?(-?\d+(?:\.\d+)?)/i.exec(segment);
    if (units.length < 2 && example) units = unitsOfExample(Number(example[1]), Number(example[2]));
    // "/c 180 → the other way": the previous conversion reversed.
    const last = rules.at(-1)?.do[0];
    if (units.length < 2 && /\b(?:the other way|other way round|reverse|vice versa|back)\b/i.test(segment) && last?.kind === 'convert') units = [last.to, last.from];
    if (units.length < 2 || !/\bconver|\bin [a-z]|\d|other way|reverse|vice versa/i.test(segment)) continue;
    const [from, to] = units as [string, string];
    const label = (u: string) => UNIT_LABEL[u] ?? ` ${u}`;
    rules.push({ id: c.name, when: { kind: 'command', name: c.name }, if: [], do: [{ kind: 'convert', from, to, text: `{args}${label(from)} = {value}${label(to)}` }], source: segment.trim() });
  }
  return rules;
}

const COINS: Record<string, string> = { bitcoin: 'bitcoin', btc: 'bitcoin', ethereum: 'ethereum', eth: 'ethereum', solana: 'solana', sol: 'solana', doge: 'dogecoin', dogecoin: 'dogecoin' };

/** "tell me when bitcoin drops below 60k", "alert the channel if ETH goes above 4000". */
function alertRules(sentence: string, m: Masked): RuleDraft[] {
  const plain = restore(sentence, m.quotes);
  const hit = /\b(bitcoin|btc|ethereum|eth|solana|sol|doge|dogecoin)\b[^.]*?\b(?:drops?|falls?|goes|gets|is|dips?|rises?|climbs?|jumps?|crosses?)\s+(below|under|above|over|past)\s+\$?([\d.,]+)\s*(k)?/i.exec(plain);
  if (!hit) return [];
  const value = Number(hit[3]!.replace(/,/g, '')) * (hit[4] ? 1000 : 1);
  const below = /below|under/i.test(hit[2]!);
  const toOwner = /\b(?:tell|message|dm|notify|alert|ping)\s+me\b|\bto me\b/i.test(plain);
  const coin = COINS[hit[1]!.toLowerCase()]!;
  const threshold: Condition = { kind: 'threshold', source: { kind: 'price', coin, currency: 'usd' }, ...(below ? { below: value } : { above: value }) };
  return [{
    id: `${coin}-alert`,
    when: { kind: 'schedule', everyMinutes: 5, times: [], weekdays: [], offsetMinutes: 0 },
    if: [threshold],
    do: [{ kind: 'post', to: toOwner ? 'owner' : 'channel', text: `${coin[0]!.toUpperCase()}${coin.slice(1)} is ${below ? 'below' : 'above'} ${value.toLocaleString('en')}: {value} USD` }],
    source: plain.trim(),
  }];
}

const MEMBER = '(?:someone|somebody|anyone|people|ppl|a new (?:member|person|user|player|student|guy)|new (?:people|members|ppl|folks|users|players|person|member|student|guy)|a member|members|they)';
const JOIN_OR_LEAVE = new RegExp(
  `(?:\\bwhen(?:ever)?\\s+|(?<=(?:^|[\\n.!?•*])\\s*(?:\\d[.)]\\s*)?))${MEMBER}(?:\\s+new)?\\s+(join|joins|leave|leaves|left|enter|enters|arrive|arrives)\\b(?:\\s+(?:(?:the|our)\\s+)?(?:group|server|chat|channel|community|discord|workspace))?` +
    `|\\b(?:new (?:people|members|ppl|folks|joiners|users)(?: joining)?(?:\\s+(?:should\\s+)?get)?|welcome (?:ppl|people|new (?:members|people|ppl|folks)|newcomers|everyone new))(?=\\s*(?::|→|->|with\\b))`,
  'gi',
);

/** "when someone new joins: Hi {name}! ...", "new people joining: Bienvenue {name}!", "when someone leaves the group: Bye {name}". */
function joinRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  for (const hit of m.masked.matchAll(JOIN_OR_LEAVE)) {
    const leaves = /^(?:leave|leaves|left)$/i.test(hit[1] ?? '');
    const rest = m.masked.slice(hit.index! + hit[0].length);
    // "→ post in #general: NAME left the pack": the words, and the channel they go to.
    const lead = /^[\s,]*(?:(?:→|->)\s*)?(?:(?:the\s+)?(?:bot\s+)?(?:should\s+)?(?:post|posts|say|says|send|sends|reply|replies|write|writes|greet (?:them|him|her)|welcome (?:them|him|her))\b)?(?:\s+(?:in|to)\s+#([\w-]+))?\s*(?:(?::|→|->|-|with|saying)\s*|(?=\u0001))/i.exec(rest);
    if (!lead) continue;
    const text = saidWordsAt(rest.slice(lead[0].length), m.quotes);
    if (!text || /^(?:a|an|the|them|him|her|it|nice|something|some)\b/i.test(text)) continue;
    const channel = lead[1];
    rules.push({
      id: leaves ? 'goodbye' : 'welcome',
      when: { kind: leaves ? 'leave' : 'join' },
      if: [],
      do: [channel ? { kind: 'post', to: 'channel', text } : { kind: 'reply', text }],
      ...(channel ? { channel } : {}),
      source: restore(m.masked.slice(hit.index!, hit.index! + hit[0].length + lead[0].length + text.length), m.quotes),
    });
  }
  return rules;
}

/** "/exam → Exam: 14 Feb, Hall B. Allowed: one A4 sheet", "!socials → Twitch: ... / YouTube: ...": a command's words as written. */
function commandAnswerRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  for (const hit of m.masked.matchAll(/(?:^|[^\w/:.])([/!])([A-Za-z][A-Za-z0-9_]{0,31})\b(?:\s+command)?\s*(?:→|->|=>|=|:)\s*/g)) {
    const after = m.masked.slice(hit.index! + hit[0].length);
    // After an arrow, words starting with a capital are the answer itself ("!wr → Current WR: 25:39 by Buhbai").
    const text = commandAnswerAt(after, m.quotes) ?? (/^(?!(?:The|A|An|Our|My|Your|Their)\s)[A-Z]/.test(after) ? saidWordsAt(after, m.quotes) : null);
    if (!text) continue;
    const name = hit[2]!.toLowerCase();
    rules.push({ id: name, when: { kind: 'command', name }, if: [], do: [{ kind: 'reply', text }], source: restore(hit[0] + text, m.quotes).trim() });
  }
  // "could the bot answer /wifi with "Network: ..."": the verb before the command.
  for (const hit of m.masked.matchAll(/\b(?:answer|answers|reply to|replies to|respond to|responds to)\s+([/!])([A-Za-z][A-Za-z0-9_]{0,31})\b\s+(?:with|by saying)\s*:?\s*/gi)) {
    const text = saidWordsAt(m.masked.slice(hit.index! + hit[0].length), m.quotes);
    const name = hit[2]!.toLowerCase();
    if (text) rules.push({ id: name, when: { kind: 'command', name }, if: [], do: [{ kind: 'reply', text }], source: restore(hit[0] + text, m.quotes).trim() });
  }
  return rules;
}

/** "/kata gives a random kata to practise, from: Heian Shodan, Tekki Shodan → Practise this today: <kata>". */
function commandListRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  for (const line of m.masked.split(/\n+/)) {
    const commands = commandsIn(line);
    for (const c of commands) {
      const rest = afterCommand(line, c.end, commands);
      const listed = textsOfList(restore(rest, m.quotes));
      if (!listed) continue;
      rules.push({ id: c.name, when: { kind: 'command', name: c.name }, if: [], do: [{ kind: 'replyOneOf', ...listed }], source: restore(line.slice(c.at, c.end) + rest, m.quotes).trim() });
    }
  }
  return rules;
}

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
const NOT_ADMIN = "(\\s+who\\s+(?:is(?:n'?t| not)|isnt|aren'?t|are not)\\s+an?\\s+(?:admin|mod|moderator)s?)?";
const WRITES = '(?:has|have|contains?|includes?|says?|writes?|writing|mentions?|uses?|posts?|posting|sends?|sending|shares?|sharing|drops?)';
/** "if a msg has X, Y or Z", "anyone posting casino, forex or dating site links", "if someone who isnt an admin posts discord.gg/". */
const OFFENCE = new RegExp(
  `\\b(?:(?:if|when(?:ever)?)\\s+)?${WHO}${NOT_ADMIN}\\s+(?:keeps?\\s+)?${WRITES}\\s+(?:any of\\s+|the words?\\s+|words? like\\s+)?((?:\\u0001\\d+\\u0002|[^:→.;\\n]|\\.(?=\\S))+?)\\s*(?::|→|->|,|-(?=\\s)|\\.)?\\s*(?:then\\s+)?(?:just\\s+)?(?=(?:delete|remove)\\b|(?:ban|kick|mute|time)\\s+(?:them|him|her|it|the (?:user|sender|person|member|poster))\\b)`,
  'i',
);

/** What is done to the message and its sender: "delete + warn: X", "ban them right away and say X". */
function punishment(rest: string, m: Masked): { actions: Action[]; said: string | null; channel?: string } {
  const clause = rest.split(/\n|(?<=[.!?])\s+(?=(?:\d(?:st|nd|rd|th)|second|third|next|if|when|and)\b)/i)[0]!;
  const saying = /\b(?:warn|say|says|reply|replies|tell (?:them|him|her)|answer|post)(?:\s+(?:them|him|her|the (?:user|sender)))?(?:\s+(?:in|to)\s+#[\w-]+)?(?:\s+with)?\s*[:,]?\s*/i.exec(clause);
  const said = saying ? saidWordsAt(rest.slice(saying.index + saying[0].length), m.quotes) : null;
  const head = saying ? clause.slice(0, saying.index) : clause;
  const actions: Action[] = [];
  // "... and say in #mod-log: Removed a scam message from {user}": a post to that channel.
  const channel = saying ? /#([\w-]{1,80})/.exec(saying[0])?.[1] : undefined;
  if (/\b(?:delete|remove)\b/i.test(head)) actions.push({ kind: 'delete' });
  const punish = PUNISH.find(([re]) => re.test(head));
  if (punish) actions.push({ ...punish[1](muteMinutesIn(head)), ...(said && !channel ? { text: said } : {}) } as Action);
  else if (actions.length > 0 && !channel) actions.push({ kind: 'warn', text: said ?? '{name}, please keep the chat friendly: that message is not allowed here.' });
  if (channel && said && actions.length > 0) actions.push({ kind: 'post', to: 'channel', text: said });
  return { actions, said, ...(channel ? { channel } : {}) };
}

/**
 * "if a msg has spoof, spoofing or 'selling account': delete it and warn {name}, no spoofing here. 2nd
 * time mute them 24h, 3rd time kick them out": the words, the warning as written, and what follows.
 */
function moderationRules(m: Masked): RuleDraft[] {
  const hit = OFFENCE.exec(m.masked);
  if (!hit) return [];
  const words = hit[2]!
    .split(/\s*(?:,|\bor\b|\/(?!\s*$)|\band\b)\s*/i)
    .map((w) => restore(w, m.quotes).trim().toLowerCase().replace(/\s+(?:(?:site|scam|spam|fake|phishing)\s+)?(?:links?|urls?|ads?|spam|messages?)$/, '').replace(/^(?:smth|something|anything|stuff|a (?:msg|message|link|post)|links?|msgs?|messages?)\s+(?:with|about|to|containing)\s+/, '').replace(/\s+in (?:it|them)$/, ''))
    .filter((w) => w.length > 0 && w.split(/\s+/).length <= 5);
  if (words.length === 0) return [];
  const when: Trigger = { kind: 'keyword', words, whole: false };
  const rest = m.masked.slice(hit.index + hit[0].length);
  const { actions, said, channel } = punishment(rest, m);
  if (actions.length === 0) return [];
  const rules: RuleDraft[] = [{ id: 'banned-words', when, if: [], do: actions, ...(channel ? { channel } : {}), source: restore(hit[0] + (said ?? ''), m.quotes) }];
  if (hit[1]) rules[0]!.gap = { words: restore(hit[1].trim(), m.quotes), reason: 'the plan cannot leave admins out of a rule yet: admins are treated like everyone' };
  const STEP = '\\b(?:2nd|second|3rd|third|4th|fourth|\\d+(?:st|nd|rd|th)?) (?:time|strike|warning)s?\\b';
  for (const step of rest.matchAll(new RegExp(`\\b(2nd|second|3rd|third|4th|fourth|(\\d+)(?:st|nd|rd|th)?) (?:time|strike|warning)s?\\b\\s*(?:→|->|:|,|=)?\\s*((?:(?!${STEP})[^\\n])*)`, 'gi'))) {
    const n = ({ '2nd': 2, second: 2, '3rd': 3, third: 3, '4th': 4, fourth: 4 } as Record<string, number>)[step[1]!.toLowerCase()] ?? Number(step[2]);
    if (!(n >= 2)) continue;
    // "second time kick them and post in #mod-log: Kicked {name} (invite spam)": the punishment, and its post.
    const then = punishment(step[3]!, m);
    const punish = then.actions.filter((a) => a.kind !== 'delete' && a.kind !== 'warn');
    if (!punish.some((a) => a.kind !== 'post')) continue;
    rules.push({ id: `strike-${n}`, when, if: [{ kind: 'warnings', atLeast: n }], do: punish, ...(then.channel ? { channel: then.channel } : {}), source: restore(step[0], m.quotes) });
  }
  return rules;
}

/** "reply 'Type menu to see options' to any other message", "if they write anything else just say X". */
function otherMessageRules(m: Masked): RuleDraft[] {
  const before = /\b(?:reply|replies|answer|answers|say|says|respond)\s+(?:with\s+)?\u0001(\d+)\u0002\s+(?:to|for|on)\s+(?:any|every|all)\s+other\s+messages?\b/i.exec(m.masked);
  if (before) return [otherRule(m.quotes[Number(before[1])] ?? null, before[0], m)];
  const after = /\b(?:(?:to\s+)?(?:any|every|all)\s+other\s+messages?|(?:if\s+(?:they|someone|people|ppl)\s+(?:write|writes|send|sends|say|says|type|types)\s+)?anything\s+else(?:\s+(?:they|people|ppl)\s+(?:write|send|say|type))?)\s*[,:]?\s*(?:→|->|:)?\s*(?:just\s+|the bot\s+|it\s+)?(?:should\s+)?(?:(?:gets?|say|says|reply|replies|answer|answers|respond|responds)(?:\s+with)?\s*:?\s*|(?=take turns|alternate|pick one|one of these))/i.exec(m.masked);
  if (!after) return [];
  const rest = m.masked.slice(after.index + after[0].length);
  // "take turns between Thanks! and Hi there": the texts run to the end of the bullet or line.
  const text = /^(?:take turns|alternate|pick one|one of these)/i.test(rest) ? restore(rest.split(/\s+•\s+|\n/)[0]!.trim(), m.quotes) : saidWordsAt(rest, m.quotes);
  return text ? [otherRule(text, after[0] + text, m)] : [];
}

/** The rule for any other message: its words, or the texts it goes through ("take turns between A and B"). */
function otherRule(text: string | null, source: string, m: Masked): RuleDraft {
  const listed = text ? textsOfList(text) : null;
  return { id: 'anything-else', when: { kind: 'message', always: false }, if: [], do: [listed ? { kind: 'replyOneOf', ...listed } : { kind: 'reply', text }], source: restore(source, m.quotes).trim() };
}

/** The rules these readers find in the request, each with the conditions of its sentence. */
export function ruleClausesIn(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [...questionRules(m), ...scheduledPostRules(m), ...buttonMenuRules(m), ...numberedMenuRules(m), ...quizRules(m), ...aiAnswerRules(m), ...hoursRules(m), ...arrowLineRules(m), ...mentionAboutRules(m), ...weatherAlertRules(m), ...joinRules(m), ...commandListRules(m), ...commandAnswerRules(m), ...moderationRules(m), ...otherMessageRules(m)];
  const sentences = sentencesOf(m.masked);
  for (const sentence of sentences) {
    const found = [
      ...listRules(sentence, m, m.masked),
      ...counterRules(sentence, m, m.masked),
      ...mentionRules(sentence, m),
      ...reactionRules(sentence, m),
      ...forwardRules(sentence, m),
      ...convertRules(sentence, m),
      ...alertRules(sentence, m),
    ];
    const { chat } = conditionsIn(sentence);
    for (const rule of found) {
      if (chat && rule.when.kind !== 'schedule') rule.if.push({ kind: 'chat', name: chat });
      if (rule.when.kind === 'command' && adminsOnlyFor(sentence, rule.when.name)) rule.if.push({ kind: 'admins' });
      rules.push(rule);
    }
  }
  rules.push(...sameTextRules(m, rules));
  // A numbered menu's questions are its number's ("3 = ask their name ..."), not the menu words'.
  const menuAsks = new Set(rules.filter((r) => r.id.startsWith('menu-')).flatMap((r) => r.do.flatMap((a) => (a.kind === 'ask' ? [a.questions.join('|')] : []))));
  if (menuAsks.size > 0) rules.splice(0, rules.length, ...rules.filter((r) => r.id.startsWith('menu-') || !r.do.some((a) => a.kind === 'ask' && menuAsks.has(a.questions.join('|')))));
  // A command read as a list, a top, a quiz... is not also a plain reply of the words that described it.
  // The same for a command read with hours ("/urgent → during ... hours reply X, outside reply Y").
  const richer = new Set(
    rules
      .filter((r) => r.when.kind === 'command' && ((r.if.length === 0 && r.do.some((a) => a.kind !== 'reply')) || r.if.some((c) => c.kind === 'hours')))
      .map((r) => (r.when as { name: string }).name),
  );
  // "if they tag the bot, let AI answer": the AI answers the mention; those words are no reply text.
  const aiMention = rules.some((r) => r.when.kind === 'mention' && r.do.some((a) => a.kind === 'data' && a.source.kind === 'ai'));
  if (aiMention) rules.splice(0, rules.length, ...rules.filter((r) => !(r.when.kind === 'mention' && r.do.some((a) => a.kind === 'reply' && /\b(?:ai|chat ?gpt|gpt)\b/i.test(a.text ?? '')))));
  // A button's own line ("Maki → Salmon maki 5.50") is the press, not words someone writes.
  const labels = new Set(rules.flatMap((r) => r.do.flatMap((a) => (a.kind === 'buttons' ? a.buttons.map((b) => b.label.toLowerCase()) : []))));
  return rules.filter(
    (r) =>
      !(r.when.kind === 'command' && r.if.length === 0 && richer.has(r.when.name) && r.do.every((a) => a.kind === 'reply')) &&
      !(r.when.kind === 'keyword' && r.when.words.some((w) => labels.has(w))),
  );
}

/** "2 hours before, post: 'Run tonight!' And /run at any time replies with the same text": the text written last before. */
function sameTextRules(m: Masked, read: RuleDraft[]): RuleDraft[] {
  const plain = restore(m.masked, m.quotes);
  const texts = read
    .flatMap((r) => r.do.flatMap((a) => (a.kind === 'reply' || a.kind === 'post') && a.text ? [a.text] : []))
    .map((text) => ({ text, at: plain.indexOf(text) }))
    .filter((t) => t.at >= 0);
  const rules: RuleDraft[] = [];
  for (const hit of plain.matchAll(/(?:^|[^\w/:.])[/!]([A-Za-z]\w*)\b[^.\n]*?\b(?:repl(?:y|ies)|says?|answers?|posts?|gives?|sends?)\s+(?:with\s+)?(?:the\s+)?same\s+(?:text|message|thing|words)\b/gi)) {
    const before = texts.filter((t) => t.at < hit.index!).sort((a, b) => b.at - a.at)[0];
    if (before) rules.push({ id: hit[1]!.toLowerCase(), when: { kind: 'command', name: hit[1]!.toLowerCase() }, if: [], do: [{ kind: 'reply', text: before.text }], source: hit[0].trim() });
  }
  return rules;
}

/** The actions of a draft, for the callers that only need to know what kinds were read. */
export function actionKinds(rules: RuleDraft[]): Set<Action['kind']> {
  return new Set(rules.flatMap((r) => r.do.map((a) => a.kind)));
}
