// What the bot does with a message, in the words after a trigger: "forward it to me and reply Thanks!",
// "DM it to me (the coordinator) and reply Merci!", "one of: Namaste 🙏 / Breathe in ✨", "Tartu weather
// now", "tell them when the farrier comes next" (a description: the words are a blank), or a reply.
import type { Action } from '../../../../../shared/bot-plan.schema';
import { textsOfList } from './listed-texts';
import { targetLanguageIn } from './translate';
import { restore } from './masked';
import { coinsIn } from './prices';
import { memberName, saidWordsAt } from './said-words';

const PASS_ON =
  /^(?:(?:forward|send|pass|dm|copy)\s+(?:it|this|them|that|the message|the tweet)?\s*(?:on\s+|straight\s+|directly\s+)?to (?:me|us|the owner|the coordinator|my (?:number|phone|dm|dms|chat))\b(?:\s*\([^)]{1,40}\))?(?:\s+(?:by|in|via|as a)\s+(?:dm|direct message|private message|pm)\b)?|(?:send|forward|dm)\s+(?:me|us)(?:\s*\([^)]{1,40}\))?\s+(?:also\s+)?a copy(?:\s+of (?:it|the message|the msg))?)(?:\s*\([^)]*\))?/i;
const SAYS = /\b(?:and\s+)?(?:says?|repl(?:y|ies)|answers?|tells? (?:them|him|her))(?:\s+in the (?:channel|chat|group|thread))?\s*(?:with\s+)?:?\s*/i;
/** After a reply: "and send me the order", "and forward it to me". */
const COPY_AFTER = /^[^\n.!?→]*?\b(?:and|then|also|\+)\s+(?:(?:send|forward|pass|dm)\s+(?:me|us)\s+(?:the|a copy|it|that|this|their)\b|(?:send|forward|pass|dm)\s+(?:it|this|that|the \w+|them)\s+(?:on\s+)?to\s+(?:me|us)\b)/i;
/** True when the line of `text` goes on after `reply` with a copy to the owner ("... and send me the order"). */
export function copiedAfter(text: string, reply: string): boolean {
  const line = text.split('\n')[0]!;
  const at = line.indexOf(reply.slice(0, 20));
  return at >= 0 && COPY_AFTER.test(line.slice(at + reply.length));
}

/** A text that is questions to ask, not words to say ("ask ¿Nombre? then ..."): another reader's ask rule. */
export const ASKING_WORDS = /^(?:ask|asks|pregunta|chiedi|frag|demande)\b/i;
/** What is left of "send me a copy and reply: ..." when a reader took "send" for a say-word. */
export const COPY_LEFT = /^(?:me|us)(?:\s*\([^)]{1,40}\))?\s+(?:also\s+)?a copy\b/i;
/** Words that describe the answer instead of giving it ("tell them when the farrier comes next"). */
export const DESCRIBES = /^(?:tells?|gives?|sends?|shows?|posts?|lists?|displays?|explains?|describes?|(?:reply|replies|answers?|responds?)\s+with)\s+(?:them|him|her|people|everyone|members|the (?:person|customer|user)s?)?\s*(?:when|what|where|how|which|who|the|our|a|an|this|these|that|today'?s|this week'?s|tomorrow'?s|all|every)\b|^(?:still|not sure|tbd|to be decided|working (?:it )?out|don'?t know yet|coming soon)\b/i;
/** "reply with our prices", "→ our weekly events", "→ link to this month's rota": what the answer is about, in a few words, not the answer. */
export const NAMES_ONLY = /^(?:our|my|the|their|your)\s+[\w'-]+(?:\s+[\w'-]+){0,2}\s*[.!]?\s*$|^(?:(?:a|the|our|my)\s+)?(?:link|url|website|web page|form|sheet|spreadsheet)\s+(?:to|for|of)\s+[^.!?\n]{1,60}$/i;
/** "..." or "…" standing for words still to come ("This Sunday we sketch at ..."). */
export const UNFILLED = /\.\.\.|…|<[^>]*>|\[\s*(?:\.\.\.|tbd|x+)\s*\]/i;

/** "their name" -> "Name?"; "your phone number" (the person's own words to the customer) -> "Your phone number?". */
export function asQuestion(item: string): string {
  const words = item.trim().replace(/^(?:their|the|a|an)\s+/i, '').replace(/[?.]+$/, '');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}?`;
}

/** "ask their name, what bike, and what day they want to bring it, then send it to me": the questions. */
export function askingFor(text: string): Action | null {
  const hit = /^ask\s+(?:them\s+|for\s+)?(.+?)(?:,?\s*(?:then\s+|and then\s+|and\s+)?(?:send|forward)\b.*)?$/i.exec(text.trim());
  if (!hit) return null;
  const questions = hit[1]!.split(/\s*(?:,|\band\b)\s*/i).map((q) => q.trim()).filter((q) => q && q.split(/\s+/).length <= 8).map(asQuestion);
  return questions.length > 0 ? { kind: 'ask', questions: questions.slice(0, 10), done: 'Thanks! I have sent your answers on.' } : null;
}

/** True when the words only describe an answer ("tell them when the farrier comes", "still working out the price"). */
export function describesOnly(text: string): boolean {
  return DESCRIBES.test(text.trim()) || UNFILLED.test(text);
}

/** The weather a few words ask for ("Tartu weather now", "Saturday forecast for Boulder"), or null. */
export function weatherAsked(words: string): Action | null {
  // "the weather forecast for tonight in Fredericksburg TX": when it is for, and a state's or country's
  // letters after the place, say nothing of the place.
  const w = words
    .trim()
    .replace(/\b(weather|forecast)\s+(?:forecast\s+)?(?:for\s+)?(?:tonight|today|tomorrow|this (?:morning|evening|afternoon|weekend))\b/i, '$1')
    .replace(/(\p{Lu}[\p{L}'-]+),?\s+[A-Z]{2}\s*$/u, '$1');
  const named = /^(?:the )?(?:today'?s |tomorrow'?s |\w+day'?s? |current )?(?:forecast|weather)(?:\s+(?:right now|now|today|currently))?(?:\s+(?:for|in)\s+(\p{Lu}[\p{L}\w' -]+?))?(?:\s+(?:right now|now|today|currently|atm))?\s*$/iu.exec(w);
  const before = /^(?:the\s+|current\s+|today'?s\s+)?(\p{Lu}[\p{L}\w-]+(?: \p{Lu}[\p{L}\w-]+)?)\s+(?:weather|forecast)(?:\s+(?:now|today))?\s*$/u.exec(w);
  // The pattern ignores case, so "for our local hills" matched too: a place is written with a capital.
  const written = named?.[1] ?? before?.[1];
  const city = written && /^\p{Lu}/u.test(written) ? written : null;
  return named || before ? { kind: 'data', source: { kind: 'weather', ...(city ? { city: city.trim() } : {}) } } : null;
}

/** A coin named in a few words ("XRP", "sol"): in the words' context a ticker needs no capitals. */
const coinOfWord = (word: string): string | undefined => coinsIn(word)[0] ?? coinsIn(word.toLowerCase())[0] ?? coinsIn(word.toUpperCase())[0];

/** "the bitcoin price", "XRP price in euros", "price of ETH": the coin (CoinGecko id) and currency; null when no coin is named. */
export function priceAsked(words: string): { coin: string; currency: string } | null {
  const hit = /\b([\w-]+)(?:'s)?\s+(?:price|rate|value)(?:\s+in\s+(dollars?|usd|euros?|eur|pounds?|gbp))?|\bprice of ([\w-]+)(?:\s+in\s+(dollars?|usd|euros?|eur|pounds?|gbp))?/i.exec(words);
  const coin = hit ? coinOfWord((hit[1] ?? hit[3])!) : undefined;
  if (!hit || !coin) return null;
  const unit = (hit[2] ?? hit[4] ?? (/\beuro|€/i.test(words) ? 'eur' : '')).toLowerCase();
  return { coin, currency: /^eur/.test(unit) ? 'eur' : /^(?:pound|gbp)/.test(unit) ? 'gbp' : 'usd' };
}

/** "..., end every answer with "— via LLM Daily"": the person's words after the model's answer. */
const ANSWER_ENDING = /,?\s*(?:and\s+)?(?:always\s+)?(?:end|finish|sign)s?\s+(?:every|each|all|the)\s+(?:answers?|repl(?:y|ies)|responses?)\s+(?:off\s+)?with\s*:?\s*/i;

/** The words every AI answer ends with, from the (masked) words of the rule's line; null when none. */
export function answerEnding(words: string, quotes: string[]): string | null {
  const line = words.split('\n')[0]!;
  const ending = ANSWER_ENDING.exec(line);
  return ending ? saidWordsAt(line.slice(ending.index + ending[0].length), quotes) : null;
}

/** The instructions without the words about the answers' ending. */
export function withoutAnswerEnding(instructions: string): string {
  const ending = ANSWER_ENDING.exec(instructions);
  return ending ? instructions.slice(0, ending.index) : instructions;
}

/** The actions of the words after a trigger; [] when they hold nothing the bot can do. */
export function answerActions(words: string, quotes: string[]): Action[] {
  // "→ reply "$10 cover..."": the verb is no part of the answer.
  // "reply in the channel: Flagged 👀": where it is said, not words of it.
  // "→ bot answers random: ...": who answers is no part of it either.
  const text = words.trim().replace(/^(?:(?:the\s+)?bot\s+)?(?:repl(?:y|ies)|answers?|responds?|says?)\b(?:\s+in the (?:channel|chat|group|thread))?(?:\s+with)?\s*:?\s*(?=\u0001|[^\s:])/i, '');
  // "just like it ❤️ no reply", "react with 🔥": a reaction to the message, not words.
  const liked = /^(?:just\s+)?(?:like|heart|react(?:\s+(?:to|with))?)\s+(?:it|them|(?:the|their|his|her) (?:tweet|message|msg|post|mention|reply)s?)?\s*(\p{Extended_Pictographic}\uFE0F?)?/iu.exec(restore(text, quotes));
  if (liked && (liked[1] || /^(?:just\s+)?(?:like|heart)\s+(?:it|them|the\b|their\b)/i.test(text))) {
    const react: Action = { kind: 'react', emoji: liked[1] ?? (/heart/i.test(liked[0]) ? '❤️' : '👍') };
    // "like their tweet ❤️ and reply "Sending you a soft morning 🌸"": the words said too.
    const then = /\b(?:and|then)\s+(?:then\s+)?(?:reply|replies|say|says|answer|answers)\s*(?:with)?\s*:?\s*/i.exec(text);
    const said = then ? saidWordsAt(text.slice(then.index + then[0].length), quotes) : null;
    return said ? [react, { kind: 'reply', text: memberName(said) }] : [react];
  }
  // "warn them: "No proxies at sanctioned events, {name}"": a warning counted for the sender, in those words.
  const warned = /^warns?\s+(?:them|him|her|the (?:person|user|sender|member))?\s*(?:with|saying)?\s*:?\s*(?=\u0001)/i.exec(text);
  if (warned) {
    const said = saidWordsAt(text.slice(warned[0].length), quotes);
    if (said) return [{ kind: 'warn', text: memberName(said) }];
  }
  const passed = PASS_ON.exec(text);
  if (passed) {
    const says = SAYS.exec(text.slice(passed[0].length));
    const said = says ? saidWordsAt(text.slice(passed[0].length + says.index + says[0].length), quotes) : null;
    return [{ kind: 'forward', to: 'owner' }, ...(said ? [{ kind: 'reply' as const, text: memberName(said) }] : [])];
  }
  // "→ (send) the current bitcoin price in dollars", "→ Tartu weather now": the data, not those words.
  const first = restore(text, quotes).split(/[.;\n]/)[0]!.trim().replace(/^(?:send|give|show|tell|post|reply with|with)\s+(?:them\s+|back\s+)?/i, '');
  // "translate their tweet into French and reply with it": the translation.
  const language = /^translat\w*\b/i.test(first) ? targetLanguageIn(first) : null;
  if (language) return [{ kind: 'data', source: { kind: 'translate', to: language } }];
  // "reply with an AI answer explaining where that word comes from": the model's answer, with those words.
  const ai = /^(?:with\s+|let\s+(?:the\s+)?)?(?:an?\s+)?(short|brief|quick|friendly|helpful|polite|funny)?\s*(?:ai|a\.i\.|chat ?gpt|gpt)\s+(?:(answers?|repl(?:y|ies)|response)|(suggests?|recommends?|writes?|explains?))\b\s*/i.exec(first);
  if (ai) {
    const closing = answerEnding(text, quotes);
    const how = withoutAnswerEnding(first.slice(ai[0].length)).replace(/^(?:that\s+|which\s+)/i, '').trim().replace(/[.!,]+$/, '');
    // "AI suggests one or two books, warm tone": what the model is asked to do, in the person's words.
    const does = ai[3] ? `${ai[3][0]!.toUpperCase()}${ai[3].slice(1).toLowerCase().replace(/s$/, '')}` : 'Answer';
    const manner = ai[1] ? ` ${ai[1].toLowerCase()}` : '';
    const instructions = how || manner ? `${does}${manner}${how ? ` ${how}` : ''}.` : 'Answer briefly and politely.';
    return [{ kind: 'data', source: { kind: 'ai', instructions }, ...(closing ? { text: `{value} ${closing}` } : {}) }];
  }
  const weather = weatherAsked(first);
  if (weather) return [weather];
  const price = /^(?:the |today'?s )?(?:current |latest )?\S+(?:'s)? (?:price|rate)|^(?:the )?price of/i.test(first) ? priceAsked(first) : null;
  // "with the bitcoin price, 'BTC rn:' then the price": the person's words before it.
  const lead = price ? /,\s*(.+?)\s+(?:then|and then|\+)\s+the price\b/i.exec(first)?.[1]?.trim() : undefined;
  if (price) return [{ kind: 'data', source: { kind: 'price', ...price }, ...(lead ? { text: `${lead} {value}` } : {}) }];
  const oneOf = /^(?:with\s+)?(?:(?:a\s+)?random(?:ly)?\s+)?(?:one of(?: these)?|pick one of(?: these)?)(?:\s+at random)?\s*(?:\(random\))?\s*:?\s*/i.exec(text);
  // "random: "ROCK AND STONE! ⛏️" or "For Karl!" or "We're rich!"": quoted texts, one picked at random.
  const randomQuotes = /^(?:(?:a\s+)?random(?:ly)?|at random|one at random)\s*(?:one\s+)?(?:of|from)?\s*:?\s*((?:\u0001\d+\u0002\s*(?:,|\/|\||\bor\b)?\s*){2,})/i.exec(text);
  if (randomQuotes) {
    const texts = [...randomQuotes[1]!.matchAll(/\u0001(\d+)\u0002/g)].map((q) => quotes[Number(q[1])]!);
    return [{ kind: 'replyOneOf', texts, order: 'random' }];
  }
  if (oneOf) {
    const list = text.slice(oneOf[0].length).split('\n')[0]!.replace(/\s*\((?:random|at random)\)\s*\.?$/i, '').trim();
    // "one of these at random: 'classic', 'every. single. time.'": quoted texts with commas between them.
    if (/^(?:\u0001\d+\u0002\s*(?:,|\/|\||\bor\b)?\s*){2,}[.!]?$/i.test(list)) {
      return [{ kind: 'replyOneOf', texts: [...list.matchAll(/\u0001(\d+)\u0002/g)].map((q) => quotes[Number(q[1])]!), order: 'random' }];
    }
    // A quoted item keeps its own full stop ("Fogbert is always watching.").
    const texts = list.split(/\s+\/\s+|\s*\|\s*/).map((t) => (/^\u0001\d+\u0002$/.test(t.trim()) ? restore(t.trim(), quotes) : restore(t, quotes).trim().replace(/\.$/, ''))).filter(Boolean);
    if (texts.length >= 2) return [{ kind: 'replyOneOf', texts, order: 'random' }];
  }
  if (DESCRIBES.test(text) || NAMES_ONLY.test(text)) return [{ kind: 'reply', text: null }];
  const reply = saidWordsAt(text, quotes);
  if (!reply) return [];
  if (UNFILLED.test(reply)) return [{ kind: 'reply', text: null }];
  const listed = /\b(?:one of these|going round|in turn|at random)\b/i.test(reply) ? textsOfList(reply) : null;
  // "reply "Got it: <order>" and send me the order so I can start": a copy to the owner as well.
  const copied = copiedAfter(restore(text, quotes), reply);
  return [...(copied ? [{ kind: 'forward' as const, to: 'owner' as const }] : []), listed ? { kind: 'replyOneOf', ...listed } : { kind: 'reply', text: memberName(reply) }];
}
