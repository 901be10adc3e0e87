// Lists kept per chat, changed by commands: "/add milk adds to the shopping list, /done removes, /list
// shows it", "!in adds you to who's coming", "/close ... empties the list".
import { afterCommand, commandsIn, type Masked, restore } from './masked';
import type { RuleDraft } from './rule-draft';
import { memberName, saidWordsAt } from './said-words';

/** "adds a win to whoever types it", "logs a goal for whoever sends it": a count for the sender, not an item on a list. */
export const WIN_FOR_SENDER = /\b(?:adds?|logs?|counts?|records?|gives?) (?:a|an|one|1|\+1) [a-z]+ (?:to|for) (?:whoever|the person who|that person|the sender|them|you)\b/i;
const LIST_NOUN =
  /(?<![/!])\b(?:(?:this week'?s|the|our|the whole) order\b|(shopping|grocery|to-?do|todo|task|wish|reading|watch|guest|waiting|sign-?up|signup|attendee|player|team)s?\s+list|to-?dos?|todo list|list|sign-?ups|signups|attendees|queue|roster|line-?up|wishlist|(?!leader|score|key|skate|dart|surf|snow)[a-z]{3,}\s+board|(?!log\b)[a-z]{3,}\s+log\b(?!\s+(?:in|on|out)\b)|who(?:'s| is| are)\s+(?:coming|in|going|playing|joining|on)|sign(?:s|ing)? up|[a-z]+(?:list|liste|lijst|lista))\b/i;
const ADD = /^\s*(?:[\w']+\s+){0,7}?(?:→\s*|->\s*|=\s*|:\s*)?(?:should\s+|will\s+|to\s+)?(?:adds?\b(?!\s+(?:one|1|\+1|a point|points?)\b)|puts?|saves?|(?:writes?|notes?|jots?) (?:it|them|that) down|signs?\b|joins?|registers?|books?|reserves?|counts? (?:them|you|me|people|someone) in|marks? (?:them|you) (?:as )?(?:in|coming|going)|=\s*(?:i'?m\s+)?(?:in|coming|going))/i;
const REMOVE = /^\s*(?:[\w']+\s+){0,4}?(?:→\s*|->\s*|=\s*|:\s*)?(?:should\s+|will\s+|to\s+)?(?:removes?|deletes?|drops?|takes? (?:\w+ )?(?:off|out)|cross(?:es)? (?:\w+ )?off|ticks? (?:\w+ )?off|marks? (?:\w+ )?(?:as )?(?:done|out)|cancels?|=\s*(?:not|out|can'?t))/i;
const SHOW = /^\s*(?:[\w']+\s+){0,4}?(?:→\s*|->\s*|=\s*|:\s*)?(?:should\s+|will\s+|to\s+)?(?:shows?|lists?|displays?|prints?|gives?|sees?|views?|tells? (?:\w+ )?(?:who|what))|^\s*(?:→|->|=|:)\s*(?:who(?:'s| is| are)\s+(?:coming|in|going|playing|joining|signed up)|what'?s on (?:it|the list))\s*[.!]?\s*$|^\s*(?:→|->|=|:)\s*[^\n:]{1,60}:\s*(?:and\s+)?(?:then\s+)?(?:\+\s*)?(?:the\s+)?list\b|^\s*(?:→|->|=|:)\s*\u0001\d+\u0002\s*(?:\+|,|and|then)\s*(?:then\s+)?(?:the\s+)?list\b/i;
/** "!next shows and removes the first one", "/done takes the first person off", "calls the next in line": a queue's first item taken off. */
const NEXT = /^\s*(?:[\w']+\s+){0,6}?(?:→\s*|->\s*|=\s*|:\s*)?(?:should\s+|will\s+|to\s+)?(?:(?:shows?|says?|announces?|calls?|pings?|tells?|gives?)\s+(?:(?:and|&)\s+(?:removes?|drops?|takes? off|deletes?)\s+)?(?:who'?s\s+|whoever'?s\s+)?(?:the\s+)?(?:first|next)\b(?!\s+(?:\d|few|time|week|day|month|event|game|match|session|meeting|class))|(?:removes?|drops?|takes?|pops?|pulls?|deletes?)\s+(?:off\s+|out\s+)?(?:the\s+)?(?:first|next|top)\s+(?:one|person|name|item|entry|in line|on the (?:list|queue)|of the (?:list|queue)|from the (?:list|queue)|off)\b)/i;
const HOW_MANY = /^\s*(?:→|->|=|:)?\s*(?:(?:shows?|says?|tells?|gives?|counts?)\s+)?how many\b/i;
const CLEAR = /^\s*(?:[\w']+\s+){0,4}?(?:→\s*|->\s*|=\s*|:\s*)?(?:should\s+|will\s+|to\s+)?(?:clears?|empties|empty|resets?|wipes?)/i;
const PERSON_ITEM = /\b(?:their|your|his|her|my) names?\b|\bthem(?:selves)?\b|\b(?:you(?:rself)?|u)\b|\bthe person\b|\bpeople\b|\bwho(?:'s| is)\b|\bi'?m (?:in|out|coming)\b|\bsigns? (?:up|in)\b|\bjoins?\b/i;
const THING_ITEM = /\b(?:item|task|thing|whatever|what(?:ever)? (?:they|you|comes|follows)|the text|an? \w+ (?:to|on) the list)\b|[/!][a-z]\w*\s+(?!adds?|puts?|removes?|shows?|lists?)[a-z]+/i;

function listNameOf(noun: RegExpExecArray | null): string {
  if (!noun) return 'list';
  const text = noun[0].toLowerCase();
  if (/who|attendee|sign|guest|player|team|roster|line/.test(text)) return 'signups';
  // "the render queue list", "the parts needed list": the words that name it.
  const named = /\b(?:the|a|an|our|my|this|that|its)\s+((?:[a-z][a-z'-]*\s+){1,3}?)$/i.exec(noun.input.slice(0, noun.index))?.[1];
  const words = (named ?? '').toLowerCase().replace(/[^a-z\s]/g, '').split(/\s+/).filter((w) => w && !/^(?:shared|whole|same|new|own|big|little|one|simple)$/.test(w));
  if (text === 'list' && words.length > 0) return words.join('_').slice(0, 40);
  if (/queue/.test(text)) return words.length > 0 ? `${words.join('_').slice(0, 34)}_queue` : 'queue';
  if (/to-?do|task/.test(text)) return 'todo';
  // "the setlist", "die Einkaufsliste": one word, the list's own name.
  if (/^[a-z]+(?:list|liste|lijst|lista)$/i.test(text)) return text;
  const kind = noun[1]?.toLowerCase().replace(/[^a-z]/g, '');
  return kind ? `${kind}_list` : 'list';
}

/** "/add milk adds to the shopping list, /done removes, /list shows it": per chat lists. */
export function listRules(sentence: string, m: Masked, context: string): RuleDraft[] {
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
    // "!add + book title puts it on the list", "/wip <project> adds it": the example's stand-in is not a word of the rule.
    const written = whole.length > inSentence.length ? whole : inSentence;
    // "/unsub NAME takes them off": a word in capitals is a stand-in too.
    const standIn = /^\s*(?:\+\s*|<[^>]*>|\[[^\]]*\]|(?:NAME|ITEM|THING|TEXT|WORD)\b)/.test(written);
    // "!clear (mods only) empties it": who may use it is no part of what it does.
    const rest = written.replace(/^\s*(?:\+\s*|<[^>]*>\s*|\[[^\]]*\]\s*|\([^()]{1,30}\)\s*|(?:NAME|ITEM|THING|TEXT|WORD)\b\s*)+/, ' ');
    // "/in = you're in for friday", "/out = removes you": the person themselves, by the command's name.
    const person = sender || PERSON_ITEM.test(rest) || /\byou'?re (?:in|out)\b/i.test(rest);
    // "!count → how many are in", "/cuantos → how many are coming": the number on the list.
    if (HOW_MANY.test(rest)) {
      rules.push({ id: c.name, when: { kind: 'command', name: c.name }, if: [], do: [{ kind: 'list', list, op: 'show', item: 'argument', text: '{count}' }], source: restore(sentence, m.quotes).trim() });
      continue;
    }
    const op = NEXT.test(rest) && /queue|line|list|wait|turn/i.test(noun[0] + rest) ? 'next' : CLEAR.test(rest) || /\b(?:clears?|empties|resets?|wipes?)\s+(?:the|this|our)\s+(?:list|order)\b/i.test(rest) ? 'clear' : REMOVE.test(rest) ? 'remove' : ADD.test(rest) ? 'add' : SHOW.test(rest) ? 'show' : person && /^(?:in|join|yes|coming|going)$/.test(c.name) ? 'add' : person && /^(?:out|leave|no|cancel)$/.test(c.name) ? 'remove' : null;
    if (!op) continue;
    // "!news shows the newest 5 items from https://...": a feed's items (news.ts), not a list kept here.
    if (/https?:\/\/|\bwww\.|\b(?:rss|feed|news)\b/i.test(restore(rest.split(/\n/)[0]!, m.quotes))) continue;
    // "!won 35 → adds 35 to your season total": a number added up (counters.ts), not an item of a list.
    if (op === 'add' && /\bto\s+(?:your|their|his|her|the|my|ur)\s+(?:\w+\s+)?(?:total|count|score|tally)\b/i.test(rest.split(/\n|\.\s/)[0]!)) continue;
    // "/win adds a win to whoever types it": one more for the sender (counters.ts).
    if (op === 'add' && WIN_FOR_SENDER.test(rest.split(/\n|\.\s/)[0]!)) continue;
    // A list named in another sentence, or a "show" of something else ("/weather just gives the weather"):
    // the command must speak of the list ("shows it", "the names").
    // "!out → removes you", "takes u out": the person, on the list of people named before.
    const ofPerson = (op === 'add' || op === 'remove') && /\b(?:you|u|me|yourself|themselves|him|her)\b/i.test(rest.split(/[,.;]/)[0]!);
    // "/rendered <shot> removes, /renderqueue shows": a bare "shows" among the list's own commands.
    const bare = own && /^\s*(?:→|->|=)?\s*(?:shows?|lists?|displays?)\s*(?:[,.;]|$)/i.test(rest);
    if ((!own || op === 'show') && !ofPerson && !bare && !/\b(?:list|board|log|it|them|names?|who|whos|entries|items?|order|roster|sign-?ups?|queue|everything|everyone|all|what'?s on|still|so far|left|remaining|pending)\b|\b\w*(?:list|liste|lijst|lista)\b|\u0001/i.test(rest.split(/[,.;]/)[0]!)) continue;
    // "/seen <bird> adds the bird": what follows the command, whatever the list is of.
    const item = op === 'add' || op === 'remove' ? (standIn || (THING_ITEM.test(rest) && (!PERSON_ITEM.test(rest) || /\bwhat(?:ever)? (?:they|you)(?:'re| are)?\b/i.test(rest))) ? 'argument' : sender || PERSON_ITEM.test(rest) ? 'sender' : 'argument') : 'argument';
    // "→ 'added: <task> ✅'", "under the heading 'Playing Saturday:'": a quote after an arrow or a heading is what is said too.
    // "/clear empties it - "List cleared 🧹"": a quote after a dash is what is said too.
    const said = new RegExp(`(?:\\b(?:says?|repl(?:y|ies)|answers?|responds?|with|shows?|head(?:ing|ed)|titled?)|→|->|\\s[-–—]|,)\\s*:?\\s*\u0001(\\d+)\u0002|\\(\\s*\u0001(\\d+)\u0002`, 'i').exec(rest);
    // "/buy milk → adds milk to the list and says Added milk": the example item is the bot's {item}.
    // "/maintenance shows 🔧 Needs attention: {list}": a show's words, where they put the list.
    const shows = said || op !== 'show' ? null : /\bshows?\s*:?\s*(?=[^\n]*\{list\})/.exec(rest);
    const unquoted = said ? null : (shows ?? /\b(?:and\s+)?(?:says?|repl(?:y|ies)|answers?|responds?|posts?)\s*:?\s*(?=[A-Z0-9<\p{Extended_Pictographic}]|[a-z][\w' {}]{0,25}(?:[,.;!\n\p{Extended_Pictographic}]|$))/u.exec(rest)) ??
      // "!return <thing> → crosses it off: thanks! {item} is back": the words after what is done and a colon.
      (op !== 'show' ? /^\s*(?:→|->|=)?\s*[^:\n]{1,40}?\b(?:off|down|on|in|out|it|them)\s*:\s*(?=\S)/i.exec(rest) : null);
    const example = /^\s*(?!(?:and|then|or|with|the|a|an|to|is|=)\b)([\w'-]+)/i.exec(sentence.slice(c.end))?.[1];
    const said0 = unquoted
      ? (saidWordsAt(rest.slice(unquoted.index + unquoted[0].length), m.quotes)
          ?.replace(/\s+and\s+(?:empties|clears?|resets?|wipes?)\b.*$/i, '')
          .replace(/(\{list\})\s+(?:and|,)\s.*$/, '$1') ?? null)
      : null;
    const quoted = said ? memberName(m.quotes[Number(said[1] ?? said[2])] ?? '') || null : null;
    // "/who = shows "Coming on Friday:" and everyone's names": the heading, then the list.
    const heading = quoted && op === 'show' && !quoted.includes('{list}') ? `${quoted}\n{list}` : quoted;
    // "/swaplist shows everything, Up for swap: and then the list": the heading written before the list.
    const before = op === 'show' && !said && !said0 ? /(?:,|→|->|=)\s*([^,.;\n→]{1,60}:)\s*(?:and\s+)?(?:then\s+)?(?:\+\s*)?(?:the\s+)?(?:list|items|names|everything)\b/i.exec(rest) : null;
    // "(answer Added to the swap list 💕) and /swaplist ...": the words in the brackets.
    const unbracketed = said0?.replace(/\)\s*(?:and|,)?\s*$/, '').trim();
    const given = said ? heading : before ? `${restore(before[1]!, m.quotes).trim()}\n{list}` : unbracketed && example ? unbracketed.replace(new RegExp(`\\b${example}\\b`, 'i'), '{item}') : unbracketed;
    // "!out takes you off (kupo... maybe next week)": the words in brackets right after what is done.
    const line = start >= 0 ? m.masked.slice(start + c.end).split('\n')[0]!.replace(/^\s*(?:<[^>]*>|\[[^\]]*\])/, '') : rest;
    const inBrackets = !given && op !== 'show' ? /^[^(\n,;]{0,40}?\(\s*([^()\n]{2,80}?)\s*\)/.exec(line) : null;
    // "adds it (sold out)": two plain words say what the item means, not what is said.
    const plainWords = inBrackets !== null && /^[\p{L}']+(?:\s+[\p{L}']+)?$/u.test(inBrackets[1]!.trim());
    const bracketed = inBrackets && !plainWords && !/\b(?:e\.g|eg|ex|example|for example|i\.e|only|admins?|mods?|moderators?|whatever|whichever|like|optional|if|or so|maybe later)\b/i.test(inBrackets[1]!.replace(/^maybe next\b/i, '')) ? restore(inBrackets[1]!, m.quotes) : null;
    // "/next → calls the next speaker: Floor goes to NAME 🎤 and takes them off": the words after the colon, the name taken off in them.
    const called = op === 'next' && !given ? /^[^:\n]{0,60}:\s*/.exec(rest) : null;
    const calledWords = called ? saidWordsAt(rest.slice(called[0].length), m.quotes)?.replace(/\s+and\s+(?:takes?|removes?|drops?)\b.*$/i, '').replace(/\bNAME\b|<\s*name\s*>|\{name\}/g, '{item}') : null;
    const written0 = given ?? calledWords ?? bracketed;
    // "says You're number N in the queue, NAME": N is how many are on it.
    const text = written0?.replace(/\b(?:number|#|no\.?)\s*N\b/g, (n) => n.replace(/N$/, '{count}')) ?? { add: 'Added {item}.', remove: 'Removed {item}.', show: '{list}', clear: 'The list is empty now.', next: 'Next: {item}' }[op];
    const capacity = op === 'add' ? capacityIn(start >= 0 ? m.masked.slice(start + c.end).split('\n')[0]! : rest, m.quotes) : null;
    rules.push({ id: c.name, when: { kind: 'command', name: c.name }, if: [], do: [{ kind: 'list', list, op, item, text, ...capacity }], source: restore(sentence, m.quotes).trim() });
  }
  return rules;
}

/** "(max 12!)", "up to 20 people", "12 spots" and "if its full say ...": how many the list takes, and what a full one says. */
export function capacityIn(words: string, quotes: string[]): { max: number; full?: string } | null {
  const most = /\b(?:max(?:imum)?\.?|at most|up to|limit(?: of)?|only)\s*(\d{1,4})\b|\b(\d{1,4})\s*(?:max|spots?|places?|spaces?|seats?)\b/i.exec(words);
  if (!most) return null;
  const max = Number(most[1] ?? most[2]);
  const fullAt = /\b(?:(?:if|when|once)\s+(?:(?:it'?s|its|it is|the (?:list|class|session|trip|course|boat) is|(?:list|class|boat) is|they'?re|we'?re)\s+)?full|after (?:that|\d{1,4}(?:\s+(?:people|spots?|names?|players))?))\b\s*,?\s*(?:(?:just\s+)?(?:say|says|reply|replies|answer|tell them)\s*:?\s*|→\s*|->\s*|:\s*)?/i.exec(words);
  const full = fullAt ? saidWordsAt(words.slice(fullAt.index + fullAt[0].length), quotes) : null;
  return max >= 1 ? { max, ...(full ? { full } : {}) } : null;
}
