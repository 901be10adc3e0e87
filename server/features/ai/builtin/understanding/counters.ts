// Counting and tops: "count messages per person and !top shows the 5 most active", "thanks gives a
// point", "whenever someone writes done they get a point and the bot says Danke {name}!".
import type { Action, Trigger } from '../../../../../shared/bot-plan.schema';
import { commandsIn, type Masked, restore } from './masked';
import type { RuleDraft } from './rule-draft';
import { WIN_FOR_SENDER } from './list-commands';
import { memberName, saidWordsAt } from './said-words';

// "the top 5 boxing news headlines" are a feed's, no one's count.
const TOP = /\b(?:top\s*(\d+)(?!\s*(?:[:.]\d|%))(?!\s+(?:[\w-]+\s+){0,2}(?:news|headlines?|stories|articles|posts|items|tracks|songs|videos)\b)|top (?:ten|five|three)\b|leaderboard|ranking|rankings|most active|high ?scores?|scoreboard|who (?:has|talks|posts|writes) the most)\b/i;
const COUNTING = /(?<![/!])\b(?:count|counts|counting|keeps? (?:track|count)|tally|tallies|track)\b[^.]*?\b(?:messages?|posts?|times?|points?|thanks|karma|kudos|each|every|per|how many)\b/i;

/** "count messages per person and !top shows the 5 most active", "thanks gives a point". */
/** "they get a point", "earns a star", "counts a rebuy for whoever types it": what is counted. */
const EARNS = /\b(?:get|gets|earn|earns|score|scores|win|wins)\s+(?:a|one|\+1|1)\s+(point|star|credit|coin|karma)s?\b|\b(?:counts?|adds?) (?:a|an|one|1|\+1) ([a-z0-9]+(?: [a-z]+)?) (?:for|to)\b|\badds? (?:one|1|\+1) to (?:their|his|her|your|the|my)\s+([a-z]+)\b|\badds? (one|1|\+1)\b(?!\s+(?:to|more)\b)/i;

/**
 * "!ran 5.2 logs km for that person", "/bags 3 records 3 bags for you", "!practice 30 logs 30 minutes":
 * a command whose example is a number, and a verb that keeps it.
 */
const LOGS = /(?:^|[^\w/:.€$£¥%°])[/!]([A-Za-z]\w{0,31})\s+(\d+(?:[.,]\d+)?\b(?!\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)|[<[]\s*(?:n|num|number|amount|qty|quantity|count|x|kg|kgs|kilos?|km|miles?|bags?|hours?|hrs|mins?|minutes?|points?|pts|score|litres?|liters?)\s*[>\]])[^.\n]{0,50}?\b(?:logs?|records?|adds?|saves?|tracks?|registers?|counts?|stores?)\s+(?:\d+(?:[.,]\d+)?\s+)?(?:(?:the|those|that|their|your)\s+)?([a-z]+)?/i;

/** "!deaths and a number adds to ur death count (like !deaths 37)": the command, its example, what it adds to. */
const LOGS_NUMBER = /(?:^|[^\w/:.€$£¥%°])[/!]([A-Za-z]\w{0,31})\s+(?:and|\+|with|plus)\s+(?:a|the)\s+(?:number|amount)\b[^.\n]{0,20}?\b(?:logs?|records?|adds?|saves?|tracks?)\s+(?:it\s+)?(?:to\s+)?(?:(?:ur|your|their|the|his|her)\s+)?([a-z]+)/i;

/** "log how many records they finished by typing /done with a number": what is counted, then the command. */
const LOGS_HOW_MANY = /\b(?:log|logs|record|records|track|tracks|add|adds)\s+(?:how many|the number of)\s+([a-z]+)\b[^.\n]{0,60}?\b(?:typing|sending|with|using|via)\s+[/!]([A-Za-z]\w{0,31})\s+(?:with|and|\+|plus)\s+(?:a|the)\s+(?:number|amount)\b/i;

/** "counts sprints per person", "count how many fish each person reported": what is counted per person. */
const COUNTS_PER = /\bcounts?\s+(?:how many\s+)?(?!messages?\b|posts?\b)([a-z]+)\s+(?:\w+\s+){0,3}?(?:per|for each|for every|of each|each)\s+(?:person|user|member|people|rider|player)\b/i;

/** Where people write the count in the words said: "you're on X bags", "total: <n>", "[their total]", "Launch #N". */
const COUNT_PLACE = /\b[NX]\b|<\s*(?:total|count|points?|score|number|n)\s*>|\[\s*(?:(?:their|your|ur|his|her|the)\s+)?(?:total|count|score|number)\s*\]/g;
/** The same, only where it cannot be anything else (a bare X may be a word of the text). */
const COUNT_PLACE_MARKED = /<\s*(?:total|count|points?|score|number|n)\s*>|\[\s*(?:(?:their|your|ur|his|her|the)\s+)?(?:total|count|score|number)\s*\]|#N\b|\b[NX](?=\s+(?:total|in total|so far|overall)\b)|(?<=\btotal:?\s+)[NX]\b/g;

/** "sets all wins back to 0", "resets the leaderboard", "wipes everyone's points": a counter emptied. */
const COUNTED = "(?:all\\s+|every(?:one|body)'?s?\\s+|the\\s+|all the\\s+)?(?:[a-z]+\\s+)?(?:scores?|points?|counts?|counters?|leaderboards?|wins?|tall(?:y|ies)|stats|streaks?)\\b";
const RESETS = new RegExp(`\\b(?:(?:resets?|wipes?|clears?|zeroe?s?)\\s+${COUNTED}|sets?\\s+${COUNTED}\\s+(?:back\\s+)?to\\s+(?:0|zero)\\b)`, 'i');

/** Where the words said begin: "says", "replies with:", and "répondre", "responder", "rispondi", "antwortet". */
const SAYS = /\b(?:says?|replies|reply|answers?|responds?|répond(?:re)?|responde(?:r)?|rispondi|antworte[tn]?)\s*(?:with)?\s*:?\s*/i;

/** "/mat it counts that they trained", "/win adds a win to whoever types it": one more for whoever sends the command. */
// "(count their messages)" is counting every message, not the command's own count.
// "!ejected counts for you": one more for whoever sent it.
const COUNTS_ONE = new RegExp(`\\b(?:counts?|logs?|records?|tracks?)\\s+(?:that|it|one|1|\\+1|an?|(?:your|their|ur|his|her)\\s+(?!(?:messages?|msgs?|posts?)\\b)[a-z]+|for (?:you|u|them|whoever)\\b)\\b|${WIN_FOR_SENDER.source}`, 'i');

/** "batch" → "batches", "win" → "wins". */
const plural = (word: string): string => (/(?:s|sh|ch|x|z)$/.test(word) ? `${word}es` : `${word}s`);

/** The name of what the request counts: what it logs ("km"), its own word ("stars", "rebuys"), points, or messages. */
function counterOf(context: string): string {
  const logs = LOGS.exec(context);
  if (logs) return (logs[3] && !/^(?:it|them|for|to|a|an|number|amount|what|how|the)$/i.test(logs[3]) ? logs[3] : logs[1]!).toLowerCase();
  const byNumber = LOGS_NUMBER.exec(context);
  if (byNumber) return byNumber[2]!.toLowerCase();
  const howMany = LOGS_HOW_MANY.exec(context);
  if (howMany) return howMany[1]!.toLowerCase();
  const earns = EARNS.exec(context);
  // "/didsit adds one" names nothing: what is counted is said elsewhere, or points.
  // "counts one finished batch for you": batches (the thing, not what is said of it).
  if (earns && !earns[4]) return earns[3] ? earns[3].toLowerCase() : plural((earns[1] ?? earns[2])!.toLowerCase().split(' ').pop()!);
  // "/find <what you found> logs a find for that person": finds.
  const logsOne = /\b(?:logs?|records?|tracks?) (?:a|an|one) ([a-z]{3,})(?: [a-z]+)? for\b/i.exec(context);
  if (logsOne) return plural(logsOne[1]!.toLowerCase());
  // "/sprint ... counts sprints per person": what a command counts.
  const counted = [...context.matchAll(new RegExp(COUNTS_PER.source, 'gi'))].find((c) => commandsIn(context.slice(Math.max(0, context.lastIndexOf('\n', c.index!)), c.index)).length > 0);
  if (counted) return counted[1]!.toLowerCase();
  // "!ejected counts for you": what the command is named for.
  const counting = /[/!]([A-Za-z]\w{0,31})\s+(?:\w+\s+)?counts?\s+(?:it\s+)?for\s+(?:you|u|them|whoever)\b/i.exec(context);
  if (counting) return counting[1]!.toLowerCase();
  return /\b(?:points?|karma|kudos|thanks)\b/i.test(context) ? 'points' : 'messages';
}

/**
 * The words from a count on, up to where the next rule starts: they run past the sentence's own "!"
 * ("Danke {name}! +1 clean point"), not into the next rule ("... by wins. when someone types airmail bot says ...").
 */
function ownRule(text: string): string {
  const next = /(?<=[.!?])\s+(?=(?:when|whenever|if|every|each|also)\b|[/!][A-Za-z])|,\s+(?=[/!][A-Za-z])/i.exec(text);
  return next ? text.slice(0, next.index) : text;
}

/** "whenever someone writes done or erledigt they get a point and the bot says Danke {name}!", "/rebuy counts a rebuy ... and says X". */
function earnRules(sentence: string, m: Masked, counter: string): RuleDraft[] {
  // "parents earn a point for every sit: /didsit adds one": the mention with a command before it, else the first.
  const all = [...sentence.matchAll(new RegExp(EARNS.source, 'gi'))];
  const earns = all.find((e) => commandsIn(sentence.slice(0, e.index)).length > 0) ?? all[0];
  if (!earns) return [];
  const before = sentence.slice(0, earns.index);
  const command = commandsIn(before).pop();
  const writes = [...before.matchAll(/\b(?:writes?|says?|types?|posts?|sends?)\s+((?:\u0001\d+\u0002|[\w'+-]+)(?:\s*(?:,|\bor\b)\s*(?:\u0001\d+\u0002|[\w'+-]+))*)/gi)].pop();
  const when: Trigger | null = command
    ? { kind: 'command', name: command.name }
    : writes
      ? { kind: 'keyword', words: writes[1]!.split(/\s*(?:,|(?<![\p{L}\p{N}])or(?![\p{L}\p{N}]))\s*/u).map((w) => restore(w, m.quotes).trim().toLowerCase()).filter(Boolean), whole: false }
      : null;
  if (!when) return [];
  // The words said run on past the sentence's own "!" ("Danke {name}! +1 clean point"): read them in the whole request.
  const whole = ownRule(m.masked.slice(Math.max(0, m.masked.indexOf(sentence)) + earns.index));
  const says = SAYS.exec(whole.split('\n')[0]!);
  // "!ace counts an ace for whoever typed it ("nice ace {name}! 🔥")": the words in brackets.
  const bracketed = says ? null : /^[^\n(]{0,60}\(\s*\u0001(\d+)\u0002\s*\)/.exec(whole);
  // "/done counts a session for you → "Nice work {name}! That's session #{count} 💪"": the words after the arrow.
  const arrowed = says || bracketed ? null : /^[^\n→]{0,60}?(?:→|->|=>|:(?=\s*\u0001))\s*/.exec(whole);
  const saidFrom = says ? says.index + says[0].length : arrowed ? arrowed[0].length : -1;
  const text =
    saidFrom >= 0
      ? (saidWordsAt(whole.slice(saidFrom), m.quotes)?.replace(/<\s*(count|name)\s*>/gi, '{$1}').replace(COUNT_PLACE_MARKED, (place) => (place.startsWith('#') ? '#{count}' : '{count}')) ?? null)
      : bracketed
        ? (m.quotes[Number(bracketed[1])] ?? null)
        : null;
  const actions: Action[] = [{ kind: 'count', counter, per: 'user' }, ...(text ? [{ kind: 'reply' as const, text }] : [])];
  return [{ id: when.kind === 'command' ? when.name : counter, when, if: [], do: actions, source: restore(sentence, m.quotes).trim() }];
}

/** The command that logs a number, the number its example sent, and where the words about it end. */
function loggingCommand(sentence: string): { name: string; example: string; end: number } | null {
  const logs = LOGS.exec(sentence);
  if (logs) return { name: logs[1]!, example: logs[2]!, end: logs.index + logs[0].length };
  const byNumber = LOGS_NUMBER.exec(sentence);
  const howMany = byNumber ? null : LOGS_HOW_MANY.exec(sentence);
  const found = byNumber ?? howMany;
  if (!found) return null;
  const name = byNumber ? byNumber[1]! : howMany![2]!;
  // "(like !deaths 37 after a bad session)": the example's number is what the person sent.
  const example = new RegExp(`[/!]${name}\\s+(\\d+(?:[.,]\\d+)?)`, 'i').exec(sentence)?.[1] ?? '\u0000';
  return { name, example, end: found.index + found[0].length };
}

/** "!ran 5.2 logs km for that person and answers Nice one NAME, 5.2 km logged!": the number added, then the words said. */
function logRules(sentence: string, m: Masked, counter: string): RuleDraft[] {
  const logs = loggingCommand(sentence);
  if (!logs) return [];
  const { name, example } = logs;
  // The words said run on past the sentence's own "!" ("Thanks NAME! That's N bags total"): read them in the whole request.
  const start = m.masked.indexOf(sentence);
  const rest = start >= 0 ? m.masked.slice(start + logs.end) : sentence.slice(logs.end);
  const says = SAYS.exec(rest.split('\n')[0]!.split(/(?<!\b(?:e\.g|i\.e|eg|ie))\.\s/)[0]!);
  const said = says ? saidWordsAt(rest.slice(says.index + says[0].length), m.quotes) : null;
  // "(whatever number)", "(N = their total so far)": notes about the words; N is the total, the example number what was sent.
  const text = said
    ?.replace(/\s*\([^)]*\)\.?\s*$/, '')
    .replace(/([!?])\.$/, '$1')
    .replace(new RegExp(`(?<![\\d.,])${example.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\d.,])`, 'g'), '{args}')
    .replace(COUNT_PLACE, '{count}')
    .trim();
  // "... "Nice, season total:" plus the number", "'Nice! Total chapters:' with your total": the total after the words.
  const afterSaid = says ? rest.slice(says.index + says[0].length).replace(/^\s*\u0001\d+\u0002/, '') : '';
  const withTotal = text && !text.includes('{count}') && /^\s*(?:plus|with|\+|and then|and)\s+(?:the|your|their|his|her|ur)\s+(?:new\s+)?(?:number|total|count|score|sum)\b/i.test(afterSaid);
  const actions: Action[] = [{ kind: 'count', counter, per: 'user', add: 'number' }];
  if (text) actions.push({ kind: 'reply', text: memberName(withTotal ? `${text} {count}` : text) });
  return [{ id: name.toLowerCase(), when: { kind: 'command', name: name.toLowerCase() }, if: [], do: actions, source: restore(sentence, m.quotes).trim() }];
}

/** "/sprint when you finished a sprint, the bot counts sprints per person and says X", "/mat it counts that they trained": one more per command, with its words. */
function commandCount(sentence: string, m: Masked, counter: string, rules: RuleDraft[]): boolean {
  const counts = COUNTS_PER.exec(sentence) ?? COUNTS_ONE.exec(sentence);
  const command = counts ? commandsIn(sentence.slice(0, counts.index)).pop() : undefined;
  if (!counts || !command) return false;
  const whole = ownRule(m.masked.slice(Math.max(0, m.masked.indexOf(sentence)) + counts.index));
  const says = SAYS.exec(whole.split('\n')[0]!);
  // "'Osu! that's X sessions for you' (X = how many theyve done)": X is the count, the note in brackets no words.
  // "/returned <reg> → "Logged return of <reg> ✅" and count it for whoever logged it": the quote after the arrow.
  // "!fc logs a full combo for you → FC logged 🔥 total: <n>": the words after the arrow.
  const afterCommand = m.masked.slice(Math.max(0, m.masked.indexOf(sentence)) + command.end);
  // The command's own arrow, not the next command's ("!win @player records a win, ... !rules → ...").
  const arrowed = /^[^\n]*?(?:→|->|=>)\s*/.exec(ownRule(afterCommand));
  // "/win → adds a win to whoever typed it": the words after the arrow say what is counted, no words said.
  const describes = arrowed !== null && new RegExp(`^\\s*(?:${COUNTS_ONE.source})`, 'i').test(afterCommand.slice(arrowed[0].length));
  const said = says ? saidWordsAt(whole.slice(says.index + says[0].length), m.quotes) : arrowed && !describes ? saidWordsAt(afterCommand.slice(arrowed[0].length), m.quotes) : null;
  const counted = /\(\s*[NX]\s*=/.test(whole.split('\n')[0]!);
  const text = said && counted ? said.replace(/\b[NX]\b/g, '{count}') : said?.replace(COUNT_PLACE_MARKED, (place) => (place.startsWith('#') ? '#{count}' : '{count}')) ?? null;
  rules.push({ id: command.name, when: { kind: 'command', name: command.name }, if: [], do: [{ kind: 'count', counter, per: 'user' }, ...(text ? [{ kind: 'reply' as const, text }] : [])], source: restore(sentence, m.quotes).trim() });
  return true;
}

export function counterRules(sentence: string, m: Masked, context: string): RuleDraft[] {
  const lower = sentence.toLowerCase();
  const counter = counterOf(context);
  const logged = logRules(sentence, m, counter);
  const rules: RuleDraft[] = logged.length > 0 ? logged : earnRules(sentence, m, counter);
  const point = /\b((?:\+1|thanks|thank you|thx|kudos|ty))\b[^.]*\b(?:gives?|adds?|earns?|is worth)\b[^.]*\bpoints?\b/i.exec(sentence);
  if (rules.length > 0) {
    // The sentence's own rule counts.
  } else if (point) {
    rules.push({ id: 'points', when: { kind: 'keyword', words: [point[1]!.toLowerCase()], whole: false }, if: [], do: [{ kind: 'count', counter: 'points', per: 'user' }], source: sentence.trim() });
  } else if (commandCount(sentence, m, counter, rules)) {
    // "/sprint ... the bot counts sprints per person and says Sprint logged": the command's own count.
  } else if (COUNTING.test(lower) && /\b(?:messages?|posts?|each|every|per|how many)\b/.test(lower) && !/\bwarn/i.test(lower)) {
    rules.push({ id: 'count-messages', when: { kind: 'message', always: true }, if: [], do: [{ kind: 'count', counter, per: 'user' }], source: restore(sentence, m.quotes).trim() });
  }
  // "/reset sets all wins back to 0", "!newseason resets the leaderboard": everyone's count back to 0.
  const reset = RESETS.exec(sentence);
  const resetBy = reset ? commandsIn(sentence.slice(0, reset.index)).pop() : undefined;
  if (reset && resetBy) {
    const said = SAYS.exec(sentence.slice(reset.index));
    const text = said ? saidWordsAt(sentence.slice(reset.index + said.index + said[0].length), m.quotes) : null;
    rules.push({ id: resetBy.name, when: { kind: 'command', name: resetBy.name }, if: [], do: [{ kind: 'resetCount', counter }, ...(text ? [{ kind: 'reply' as const, text }] : [])], source: restore(sentence, m.quotes).trim() });
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
    // "!leaderboard shows the top 5 like 🏗️ Master Builders: {top}": the words as written, the top where they put it.
    const start = m.masked.indexOf(sentence);
    const after = start >= 0 ? m.masked.slice(start + top.index + top[0].length) : '';
    const like = /^[^\n.]{0,40}?\b(?:top\s*\d*(?:\s+\w+)?|them|it)\s+(?:like(?: this| so)?|as|formatted as|titled)\s*:?\s*|^\s*(?:[a-z]+\s+)?(?:like(?: this| so)?|as|formatted as|titled)\s*:?\s*/i.exec(after);
    const shaped = like ? saidWordsAt(after.slice(like[0].length), m.quotes)?.replace(/\s*(?:\.\.\.|…)$/, '') : null;
    // "!deathboard shows the top 10 with 💀 Death leaderboard: on top": the heading, then the top.
    const onTop = /^\s*(?:[a-z]+\s+)?with\s+([^\n]{1,60}?:)\s*(?:on top|at the top|as (?:the )?(?:heading|title))\b/i.exec(after) ??
      // "top 10 with 'Flest rundor 🥏' over it", "shows the top 3 with 'Biggest yappers 🗣️'": a quoted heading.
      /^\s*(?:[a-z]+\s+){0,3}?with\s+(\u0001\d+\u0002)(?=\s*(?:over it|on top|at the top|above|as (?:the )?(?:heading|title))?\s*(?:[,.;\n]|$|\s+(?:and|then)\b))/i.exec(after);
    // "!top shows top 5 with the heading Most flights this season", "under the title 🏆 Shuttle Kakis ladder", "..., title 'Mat rats'".
    const titledAt = /^[^\n.]{0,40}?(?:\b(?:with|under|and)\s+(?:the\s+|a\s+)?(?:heading|title|header)|,\s*(?:heading|title|header)|\bheaded)\s*:?\s*/i.exec(after);
    const titled = titledAt ? saidWordsAt(after.slice(titledAt[0].length), m.quotes) : null;
    const text = titled ? `${titled}\n{top}` : onTop ? `${restore(onTop[1]!, m.quotes).trim()}\n{top}` : shaped?.includes('{top}') ? shaped : shaped && /^\s*\S*\s*(?:as|titled)\b|\bas\s*:?\s*$/i.test(like![0]) ? `${shaped}\n{top}` : written && !/^(?:the|a|an)\s/i.test(written) ? `${written}\n{top}` : `Top ${n}:\n{top}`;
    rules.push({ id: `top-${counter}`, when, if: [], do: [{ kind: 'top', counter, n, text }], source: restore(sentence, m.quotes).trim() });
  }
  return rules;
}
