// Answers to words people write, said in a sentence: "when someone asks for the schedule / timetable
// send: Mon 7:00 Vinyasa · Wed 18:00 Yin", "when someone writes namaste, answer with one of: Namaste 🙏
// / Breathe in ✨", "if a guest asks about parking tell them: Free parking behind the building".
import { conditionsIn } from './conditions';
import type { RuleDraft } from './rule-draft';
import { answerActions, ASKING_WORDS, COPY_LEFT } from './answers';
import { type Masked, restore } from './masked';

const WHO =
  "(?:someone|somebody|anyone|anybody|people|ppl|they|dem|dey|(?:a|the|any|their|someone'?s) (?:message|msg|text|post|comment|dm|mention|reply|tweet)|a (?:customer|client|guest|student|member|user|visitor|parent|player)|customer|client|guest|customers|clients|guests|students|members|users|visitors|parents|players|alguien|alguno|qualcuno|quelqu'un|jemand|iemand|alguém)";
/** A word of an item: a full stop only inside it ("discord.gg"), never ending it ("weather. Every Friday"). */
const TOKEN = "[\\p{L}\\p{N}_'#@-]+(?:\\.[\\p{L}\\p{N}_'#@-]+)*";
// An item is no say-word ("queja or complaint, send me a copy and reply: ...": "send" starts the answer).
const ITEM = `(?!(?:send|reply|answer|say|tell|forward|give|post|respond|ask|dm|translate|warn|delete|remove|kick|ban|mute|like|heart|react)\\b)(?:\\u0001\\d+\\u0002|${TOKEN}(?: ${TOKEN}){0,4}?)`;
// The same sentence in the languages requests mix in: "cuando alguien escriba hoy o qué hay → responder: ...",
// "se qualcuno scrive prezzi rispondi ...", "quand quelqu'un écrit pluie → ...", "wenn jemand preis schreibt".
const WHEN = "(?:when(?:ever)?|if|cuando|si|se|quand|wenn|als|quando)";
const WRITES = "(?:writes?|says?|types?|sends?|asks?(?:\\s+(?:for|about))?|talks? about|mentions?(?!\\s+(?:the bot|the account|our account|us|me|it|@))|contains?|includes?|has|uses?|posts?|escriba|escribe|dice|diga|scrive|scrivono|dice|écrit|ecrit|dit|schreibt|sagt|schrijft|zegt|escreve|diz)";
// Dutch "of" (or), but not the English "of" of "out of order", "one of", "a lot of".
const OR = "(?:,|\\/|\\bor\\b|\\bo\\b|\\bou\\b|\\boder\\b|(?<!\\b(?:out|one|some|all|lot|kind|sort|any|none|each|most|top|end|cup|bit|part|full|because|instead)\\s)\\bof\\b)";
const ANSWER = "(?:send|sends|answer|answers|reply|replies|say|says|respond|responds|tell them|give|gives|post|posts|(?=warns?\\b)|responder|responde|rispondi|rispondere|répondre|repondre|réponds|antworten|antworte|antwoord|responda)";
const SAYS = `(?:then\\s+)?(?:(?:the bot|it|bot)\\s+)?(?:should\\s+)?(?:just\\s+)?${ANSWER}\\b(?:\\s+(?:them|back))?(?:\\s+with)?`;
// "→ responder: ..." or "→ ..." (the arrow is the answer's), ", reply ...", " answer ...".
// "when they say airport: Airport pickup $10": a colon or a dash before the answer is enough.
const BEFORE_ANSWER = `(?:\\s*(?:→|->)\\s*(?:${SAYS}\\s*:?\\s*)?|(?:,\\s*|\\s*:\\s*|\\s+)${SAYS}\\s*:?\\s*|\\s*:\\s+(?=\\S)|\\s+[-–—]\\s+(?=\\S)|,\\s*(?=(?:forward|pass|copy|dm)\\s|(?:just\\s+)?(?:like|heart|react)\\b))`;
const KEYWORD_SENTENCE = new RegExp(
  // "if someone in #general writes CTD ...": where they write it may come between.
  `(?:\\b${WHEN}\\s+${WHO}(?:\\s+in\\s+#[\\w-]{1,80})?|\\b(?:any|every|each)\\s+(?:message|msg|post|text)(?:\\s+(?:that|which))?)\\s+(?:that\\s+|which\\s+)?(?:just\\s+|only\\s+|also\\s+|often\\s+|always\\s+|keep\\s+)?${WRITES}\\s+(?:exactly\\s+|just\\s+|only\\s+)?(?:the\\s+words?\\s+|about\\s+)?` +
    `(${ITEM}(?:\\s*${OR}\\s*${ITEM})*)` +
    // "... anywhere", "... in any channel": where the words are written, not words of their own.
    `(?:\\s+(?:anywhere|in any (?:channel|chat|message|msg)|in (?:a|their|the) (?:message|msg)))?` +
    BEFORE_ANSWER,
  'giu',
);
/** German and Dutch put the verb last: "Wenn jemand "Allergie" oder "vegan" schreibt: ...", "als iemand prijs zegt → ...". */
const KEYWORD_VERB_LAST = new RegExp(
  `\\b(?:wenn|falls|als)\\s+(?:jemand|iemand|ein kunde|eine kundin|kunden)\\s+(${ITEM}(?:\\s*${OR}\\s*${ITEM})*)\\s+(?:schreibt|sagt|fragt|schickt|schrijft|zegt|vraagt|stuurt)\\b` + BEFORE_ANSWER,
  'giu',
);

/** The keyword answers a request writes as sentences. */
export function keywordSentenceRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  for (const hit of [...m.masked.matchAll(KEYWORD_SENTENCE), ...m.masked.matchAll(KEYWORD_VERB_LAST)]) {
    // "mentions mould or mold in #cataloguing": the channel after the words is where the rule listens.
    const IN_CHANNEL = /\s+in\s+#([\w-]{1,80})$/;
    const written = hit[1]!.split(new RegExp(`\\s*${OR}\\s*`, 'i')).map((w) => restore(w, m.quotes).trim());
    const wordsChat = written.map((w) => IN_CHANNEL.exec(w)?.[1]).find((c) => c !== undefined);
    const words = written
      .map((w) => w.replace(IN_CHANNEL, '').toLowerCase().replace(/^(?:the|a|an|our|your)\s+/, '').replace(/\s+(?:in|on) (?:any|every|all|each) (?:channels?|chats?|groups?)$/, '').replace(/\s+(?:to|at)\s+(?:the bot|us|me|it)$/, ''))
      .filter((w) => w.length > 0 && !/^(?:it|this|that|something|anything|bot|us|me|the|a|an)$|^(?:us|me|to us|to me)\b/.test(w));
    const rest = m.masked.slice(hit.index! + hit[0].length);
    // "send a menu: ...", "show buttons": other readers' (menus, buttons, polls).
    if (/^(?:an?\s+|the\s+)?(?:\w+\s+)?(?:menu|buttons?|poll|list|random|reminder)\b/i.test(rest)) continue;
    // "ask: Which date? → ...": the questions reader's.
    if (ASKING_WORDS.test(rest)) continue;
    // "are you open: in opening hours → ..., outside → ...": answers by the hours (hours-rules.ts).
    if (/^(?:in|during|within|outside|out of)\s+(?:(?:our|the|office|opening|business|working)\s+)*hours\b/i.test(rest)) continue;
    // "→ send me a copy and reply: ...": the send was the copy's, read with it.
    const actions = answerActions(COPY_LEFT.test(rest) ? `send ${rest}` : rest, m.quotes);
    // A moderation sentence ("if someone posts spam, delete it") is the moderation reader's.
    if (words.length === 0 || actions.length === 0 || actions.every((a) => a.kind === 'reply' && a.text !== null && /^(?:delete|remove|ban|kick|mute)\b/i.test(a.text))) continue;
    // The source runs to the sentence's end, so what follows the words ("— and also forward that message to me") is read with them.
    const sentenceEnd = /\n|[.!?](?:\s+(?=[A-Z])|$)/.exec(rest.slice(1));
    const source = restore(hit[0] + rest.slice(0, sentenceEnd ? sentenceEnd.index + 1 : rest.length), m.quotes).trim();
    // "in #it-help if someone mentions password → ...": only in that channel.
    const lineStart = m.masked.lastIndexOf('\n', hit.index!) + 1;
    const chat = wordsChat ?? conditionsIn(m.masked.slice(lineStart, hit.index! + hit[0].length)).chat;
    rules.push({ id: words[0]!, when: { kind: 'keyword', words: [...new Set(words)], whole: false }, if: chat ? [{ kind: 'chat', name: chat }] : [], do: actions, source });
  }
  return rules;
}
