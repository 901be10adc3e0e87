// What people say a command or a keyword answers, in their own words and in the ways people say it:
// "/menu should list: sourdough £4.50, ...", "/where gives the address 14 Kirkgate", "/in = ...",
// "!ip says play.blockhaven.net", "if anyone asks about price, cost or membership → 'Monthly is 39€'",
// "when people ask where are you / address → ...". The answer is carried as written (a quoted text,
// or the unquoted words up to the end of their sentence); an answer that only names what it would
// be ("/wiki should give the link to our wiki") is no answer: the command is left for the person's
// words.

type Masked = { masked: string; quotes: string[] };
type CommandReply = { name: string; reply: string };
type KeywordReply = { keyword: string; reply: string };

const MARKER = /\u0001(\d+)\u0002/g;
const Q = '\u0001(\\d+)\u0002';

/** Words that say what a command or keyword does with the text after them. */
const GIVES =
  '(?:should|will|must|can|to|then)?\\s*(?:just\\s+|only\\s+|always\\s+)?(?:shows?|lists?|says?|gives?|answers?|repl(?:y|ies)|tells?|returns?|posts?|sends?|displays?|prints?|responds?)(?:\\s+(?:with|back|out|them|people|the user|you))?\\s*:?';
/** Signs people use for "answers with": "/in = ...", "/f → ...", "Prices: ...", "/training - Tues 19:30" (a spaced hyphen, as in notes). */
const ARROW = '(?:\\s*(?:=|→|->|=>|:|—|–)\\s*|\\s+-\\s+)';

// Not a unit after a number ("5:00 /km").
const COMMAND_HEAD = '(?:^|[^\\w/:.€$£¥%°])(?<!\\d\\s?)(?:typing\\s+|type\\s+|sending\\s+|the\\s+)?[/!]([A-Za-z][A-Za-z0-9_]{0,31})\\b(?:\\s+command)?';
const COMMAND_GIVES = new RegExp(`${COMMAND_HEAD}(?:(?:\\s+(?:it|the bot|bot|then))?\\s+${GIVES}\\s*|${ARROW}(?:${GIVES}\\s*)?)`, 'g');

/** Where an unquoted answer ends: its sentence, or the start of the next command or clause. */
const ANSWER_END =
  /(?<![\d£$€])(?<!\b(?:ext|tel|no|nr|approx|incl|mr|mrs|ms|dr|st|vs|min|max|ca|p|ep|vol|Ep|Ms|Mr|Mrs|Dr|St|No|Vol))\.(?=\s|$)|[;\n]|[!?](?=\s+[A-Z/!])|,?\s*(?<![\w:/.])(?=[/!][A-Za-z]\w*\b)|,?\s+(?:and|also|then|plus)\s+(?=(?:if|when|every|delete|ban|mute|post)\b)|,\s*(?=(?:if|when|every|and)\b)/i;

/** "the address 14 Kirkgate" names the answer before giving it; "the link to our wiki" only names it. */
const NAMING = /^(?:the|our|my|a|an)\s+(?:(?:opening|business)\s+)?(?:address|link|url|website|site|password|ip|number|phone(?:\s+number)?|email|hours|times|location|menu|schedule|prices|price list|rules|map|wifi(?:\s+password)?)\b\s*(?:is|are|:)?\s*/i;

function restore(text: string, quotes: string[]): string {
  return text.replace(MARKER, (_, n: string) => quotes[Number(n)] ?? '');
}

/** Buttons or a menu: the menu's own reading (menu.ts) takes them. */
const MENU = /^(?:\d+\s+)?(?:buttons?|options?|a menu|menu|this menu)\b/i;

/** Words that start a description of a behaviour or of a menu, not an answer's text. */
const DESCRIBES =
  /^(?:a|an|the|some|random|today'?s|this week'?s|tomorrow'?s|tonight'?s|current|how|what|which|who|your|their|his|her|its|it|them|my|our|all|every|each|everyone'?s?|everybody'?s?|(?:\d+\s+)?buttons?|options?|(?:shows?|lists?|says?|gives?|answers?|sends?|asks?|removes?|adds?|converts?|counts?|saves?|deletes?|clears?)\b)/i;

/** The answer that starts at `rest`: a quoted text, a quote the words point at, or the words themselves. */
export function answerAt(rest: string, quotes: string[]): string | null {
  const first = new RegExp(`^\\s*${Q}`).exec(rest);
  if (first) return quotes[Number(first[1])] ?? null;
  const end = ANSWER_END.exec(rest);
  const segment = (end ? rest.slice(0, end.index) : rest).trim();
  if (!segment || MENU.test(segment)) return null;
  // "you're in for friday's tournament (bot says "you're in, <name>!")", "removes you ("ok, maybe
  // next time")": people quote the words the bot says; the quote a say-word points at, else the last.
  const said = new RegExp(`\\b(?:says?|repl(?:y|ies)|answers?|responds?|with)\\s*:?\\s*${Q}`, 'i').exec(segment);
  if (said) return quotes[Number(said[1])] ?? null;
  const quoted = [...segment.matchAll(MARKER)].pop();
  // "the current price like '$BTC: $64,210'": an example of the answer's shape, not its text.
  if (quoted && /\b(?:like|e\.g\.|such as|for example|as in)\s*:?\s*$/i.test(segment.slice(0, quoted.index))) return null;
  if (quoted) return quotes[Number(quoted[1])] ?? null;
  const named = NAMING.exec(segment);
  if (named) {
    const given = segment.slice(named[0].length).trim();
    // What follows the name must be the thing itself (a number, a name, an address, a link).
    return /^(?:[\dA-Z@#]|https?:|www\.)/.test(given) || /\.\w{2,}(?:\/|$)/.test(given.split(/\s/)[0] ?? '') ? given : null;
  }
  if (DESCRIBES.test(segment)) return null;
  return segment.replace(/[.]$/, '').trim() || null;
}

/**
 * Commands whose answer the request gives, in any of the ways people say it. `answer` reads the
 * words after the command (said-words.ts passes one that carries on past a full stop).
 */
export function statedCommandReplies({ masked, quotes }: Masked, answer: (rest: string, quotes: string[]) => string | null = answerAt): CommandReply[] {
  const found: CommandReply[] = [];
  for (const m of masked.matchAll(COMMAND_GIVES)) {
    const rest = masked.slice(m.index! + m[0].length);
    // "/matchday - poll: Who's available?": a poll the command starts, not words it says.
    if (/^\s*(?:an?\s+)?(?:quick\s+)?poll\b/i.test(rest)) continue;
    // "/rules replies: Black ball foul = loss of frame. Two shots after a foul.": after a colon, the line is the answer.
    const line = rest.split('\n')[0]!.split(/[.;]?\s+(?=[/!][A-Za-z])/)[0]!.trim();
    const whole = /:\s*$/.test(m[0]) && !/^\u0001\d+\u0002\s*$/.test(line) && /[.!?]\s+\S/.test(line) ? restore(line, quotes) : null;
    const reply = whole ?? answer(rest, quotes);
    if (reply) found.push({ name: m[1]!.toLowerCase(), reply });
  }
  return found;
}

const SOMEONE =
  '(?:(?:someone|somebody|anyone|anybody|a user|users|people|they|a customer|customers|a member|members|a person|the user|a message|the message|a post|a visitor|visitors|a client|clients)\\s+)?';
const ASKS =
  '(?:says?|writes?|types?|sends?|asks?(?:\\s+(?:about|for|if|whether))?|mentions?|contains?|includes?|has|uses?|with)(?:\\s+(?:the\\s+)?(?:words?|keywords?|phrases?|text|any of))?';
const ITEM = `(?:${Q}|[^,/→\\u0001\\n.;!?]+?)`;
const ITEM_LIST = `(${ITEM}(?:\\s*(?:,|/|\\bor\\b|\\band\\b)\\s*${ITEM})*)`;
const KEYWORD_RULE = new RegExp(
  `\\b(?:if|when(?:ever)?)\\s+${SOMEONE}${ASKS}\\s+${ITEM_LIST}\\s*(?:(?:,\\s*)?(?:→|->|=>|—|–|(?<!\\d):(?!\\d))\\s*|,?\\s+(?:then\\s+)?(?:the bot\\s+|it\\s+|just\\s+|always\\s+|please\\s+)*(?:repl(?:y|ies)|answers?|says?|responds?|tells? them|send back)(?:\\s+(?:with|by saying))?\\s*:?\\s*)`,
  'gi',
);

/** Words that make a "keyword" a clause of its own: the match was not a list of keywords. */
// "if right say ..., if wrong ...": a quiz's answers, not words people write.
const NOT_A_KEYWORD = /\b(?:ask|asks|show|shows|reply|replies|say|says|send|sends|tell|delete|remove|post|menu|if|and asks|command)\b|^(?:a|an|the|it|them|right|wrong|correct|incorrect)$/i;

/** The keywords of a list as written: "price, cost, how much or membership", "where are you / address". */
export function listItems(list: string, quotes: string[]): string[] {
  return list
    .split(/\s*(?:,|\/|(?<![\p{L}\p{N}])or(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])and(?![\p{L}\p{N}]))\s*/iu)
    .map((item) => restore(item, quotes).trim().toLowerCase())
    .filter((item) => item.length > 0 && item.split(/\s+/).length <= 5 && !/^(?:any of|these|those|the following)$/.test(item));
}

/** Keywords whose answer the request gives: one rule for each keyword of a list. */
export function statedKeywordReplies({ masked, quotes }: Masked): KeywordReply[] {
  const found: KeywordReply[] = [];
  for (const m of masked.matchAll(KEYWORD_RULE)) {
    const rest = masked.slice(m.index! + m[0].length);
    // "/matchday - poll: Who's available?": a poll the command starts, not words it says.
    if (/^\s*(?:an?\s+)?(?:quick\s+)?poll\b/i.test(rest)) continue;
    // "→ delete it and say ...": a banned phrase (moderation), not a question with an answer.
    if (/^\s*(?:just\s+)?(?:delete|remove|block|ban|kick|mute|time (?:them|it) out)\b/i.test(rest)) continue;
    const items = listItems(m[1]!, quotes);
    if (items.some((item) => NOT_A_KEYWORD.test(item))) continue;
    const reply = answerAt(rest, quotes);
    if (reply) for (const keyword of items) found.push({ keyword, reply });
  }
  return found;
}
