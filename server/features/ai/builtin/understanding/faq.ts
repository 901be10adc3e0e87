// FAQ answers in the business's own words: "Q: What time do you open? A: 9am" and "if someone asks
// about delivery tell them 'Yes, within 5 km'". A question becomes a keyword: its main content word.

import type { KeywordReply } from '../bot-request';
import { keywordRepliesIn } from '../phrases';
import { isNewcomers } from './welcome';
import { QUOTE, quoteText } from './wording';

/** Question words, helpers and vague nouns: never the keyword of a question. */
const NOT_CONTENT = new Set([
  'what', 'when', 'where', 'which', 'who', 'whom', 'whose', 'why', 'how', 'time', 'times', 'do', 'does', 'did', 'you', 'your',
  'yours', 'we', 'our', 'i', 'me', 'my', 'is', 'are', 'was', 'were', 'be', 'been', 'the', 'a', 'an', 'any', 'some', 'can',
  'could', 'will', 'would', 'should', 'there', 'it', 'its', "it's", 'have', 'has', 'had', 'of', 'to', 'in', 'on', 'at',
  'for', 'with', 'by', 'from', 'about', 'much', 'many', 'cost', 'costs', 'get', 'this', 'that', 'these', 'those', 'they',
  'them', 'he', 'she', 'and', 'or', 'if', 'whether', 'than', 'please', 'tell', 'know', 'like', 'want', 'need', 'us',
  'question', 'questions', 'ask', 'asks', 'asking', 'also', 'still', 'really', 'usually', 'ever', 'actually', 'possible',
  'able', 'okay', 'ok', 'hi', 'hello', 'hey', "what's", "where's", "when's", "how's", "don't", "doesn't", 'not', 'no',
  'yes', 'which', 'offer', 'provide', 'anything', 'something', 'thing', 'things', 'way', 'kind', 'sort', 'type', 'one',
]);

/** Verbs that say little when a more telling word follows ("Do you sell gluten-free bread?" -> 'gluten-free'). */
const WEAK_VERBS = new Set(['sell', 'sells', 'offer', 'offers', 'serve', 'serves', 'make', 'makes', 'take', 'takes', 'accept', 'accepts', 'use', 'allow', 'allows', 'need', 'got']);

/** "What time do you open?" -> 'open'; "Do you have vegan options?" -> 'vegan'; 'hours' stays 'hours'. */
export function keywordOfQuestion(question: string): string {
  const words = question.toLowerCase().replace(/[^\p{L}\p{N}'\s-]+/gu, ' ').split(/\s+/).filter(Boolean);
  if (words.length <= 2 && !words.some((w) => NOT_CONTENT.has(w))) return words.join(' ');
  const content = words.filter((w) => !NOT_CONTENT.has(w) && w.length > 1);
  return content.find((w) => !WEAK_VERBS.has(w)) ?? content[0] ?? words.join(' ');
}

/** "What time do you open?", "do you deliver", "how much is it": a question, not a phrase. */
function isQuestion(text: string): boolean {
  return /\?\s*$/.test(text) || /^(?:what|when|where|which|who|why|how|do|does|did|can|could|is|are|will|would|have|has)\b/i.test(text.trim()) || text.trim().split(/\s+/).length > 5;
}

const QA = new RegExp(`\\b(?:Q|Question)\\s*[:)]\\s*${QUOTE}\\s*[.;]?\\s*(?:A|Answer)\\s*[:)]\\s*${QUOTE}`, 'gi');

/** "add 'What are your hours?' to the FAQ with the answer 'Mon-Fri 9-5'". */
const QUESTION_WITH_ANSWER = new RegExp(
  `${QUOTE}\\s*(?:(?:to|in)\\s+(?:the\\s+|my\\s+|our\\s+)?(?:faqs?|questions)\\s*)?,?\\s*(?:with|and)\\s+(?:the\\s+|an?\\s+)?(?:answer|reply|response)\\s*:?\\s*${QUOTE}`,
  'gi',
);

/** "'Where are you?' -> 'Main Street 5'". */
const QUESTION_ARROW_ANSWER = new RegExp(`${QUOTE}\\s*(?:->|=>|→|⇒)\\s*${QUOTE}`, 'g');

/** Pairs written "Q: ... A: ..." (free-texts.ts has quoted both parts), "'question' with the answer 'answer'" or "'question' -> 'answer'". */
function questionAnswerPairs(masked: string, quotes: string[]): KeywordReply[] {
  // '/batch → asks "Dataset name?" → "How many items?"': questions the bot asks in turn, no question and its answer.
  const asked = (m: RegExpMatchArray) => /(?<!\b(?:anyone|someone|somebody|people|ppl|they|customers?|u|you|members?)\s+)\basks?\b[^\n]*$/i.test(masked.slice(0, m.index).split('\n').pop()!);
  const arrows = [...masked.matchAll(QUESTION_ARROW_ANSWER)].filter((m) => !asked(m));
  return [...masked.matchAll(QA), ...masked.matchAll(QUESTION_WITH_ANSWER), ...arrows].map((m) => ({
    keyword: keywordOfQuestion(quoteText(quotes, m[1])),
    reply: quoteText(quotes, m[2]),
  }));
}

const SOMEONE = '(?:someone|somebody|anyone|anybody|people|a customer|customers|a user|users|they|a person|a visitor|visitors|a member|members)';
const TELL_THEM = new RegExp(
  `\\b(?:when(?:ever)?|if)\\s+${SOMEONE}\\s+(?:asks?|says?|writes?|types?|sends?|mentions?|wants? to know|wonders?)\\s+(?:about\\s+|for\\s+|whether\\s+|if\\s+)?([^,\\u0001]{2,60}?)\\s*,?\\s*(?:then\\s+)?(?:tell|text|answer|reply to|respond to|inform|send|show|give)\\s+(?:them|him|her|the person|people)\\s*(?:(?:our|the|a|this)\\s+(?:[\\w-]+\\s+){0,3}?)?(?:that|with|:)?\\s*${QUOTE}`,
  'gi',
);

/** "when people say 'good morning' the bot should answer 'Good morning sunshine!'" */
const BOT_SHOULD_ANSWER = new RegExp(
  `\\b(?:when(?:ever)?|if)\\s+${SOMEONE}\\s+(?:says?|writes?|types?|sends?|asks?(?:\\s+(?:about|for))?)\\s+(?:${QUOTE}|([\\w' -]{2,40}?))\\s*,?\\s*(?:then\\s+)?(?:the bot|it|you|my bot)\\s+(?:should|must|can|will|has to|needs to)\\s+(?:reply|answer|respond|say)(?:\\s+with)?\\s*:?\\s*${QUOTE}`,
  'gi',
);

function botShouldAnswerReplies(masked: string, quotes: string[]): KeywordReply[] {
  return [...masked.matchAll(BOT_SHOULD_ANSWER)].map((m) => ({
    keyword: keywordOfQuestion(m[1] !== undefined ? quoteText(quotes, m[1]) : m[2]!),
    reply: quoteText(quotes, m[3]),
  }));
}

/** "replies 'X' when we're closed" is a condition, not a keyword someone says. */
// "if right say ...", "if wrong ...": a quiz's answers are no words people write.
const CONDITION = /^(?:we|we're|we are|i|i'm|i am|it's|it is|nobody|no one|the (?:shop|store|office|restaurant|business) is)\b|^(?:right|wrong|correct|incorrect)$|\bbetween\b|^\d{1,2}[:.]\d{2}$/;

/** "if someone asks about parking, tell them 'Free parking behind the shop'". */
function tellThemReplies(masked: string, quotes: string[]): KeywordReply[] {
  return [...masked.matchAll(TELL_THEM)].map((m) => ({ keyword: keywordOfQuestion(m[1]!), reply: quoteText(quotes, m[2]) }));
}

/** Every FAQ answer the request gives, keyed by the main word of its question; later ones win. */
export function faqRepliesIn(masked: string, quotes: string[]): KeywordReply[] {
  const all = [
    // A question becomes its main word; a phrase someone writes ("lost my keys") stays as written.
    ...keywordRepliesIn({ masked, quotes }).map((k) => ({ ...k, keyword: isQuestion(k.keyword) || /,|\bor\b/.test(k.keyword) ? keywordOfQuestion(k.keyword) : k.keyword.toLowerCase().replace(/^(?:the|a|an|our|your|my)\s+/, '') })),
    ...tellThemReplies(masked, quotes),
    ...botShouldAnswerReplies(masked, quotes),
    ...questionAnswerPairs(masked, quotes),
    // "→ forward it straight to me": a copy to the owner (the rule readers'), no words to reply.
  ].filter((k) => k.keyword && k.reply && !CONDITION.test(k.keyword) && !isNewcomers(k.keyword) && !/^(?:forward|send|pass|dm|copy)\s+(?:it|this|them|that|the message|me|us)\b/i.test(k.reply));
  const byKeyword = new Map<string, KeywordReply>();
  for (const k of all) byKeyword.set(k.keyword, k);
  return [...byKeyword.values()];
}
