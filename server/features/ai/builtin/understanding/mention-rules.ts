// Answers to mentions that speak of something: "if someone @'s us about price or cost reply Drop-in
// class £8", "mentions with grind or grinder → We grind for espresso", "people mentioning us with
// tickets → Tickets £7 on the door"; and to the other mentions: "for any other mention pick one of
// these randomly: A / B / C". A mention about words is a keyword rule (on X every message is a
// mention); the other mentions are the mention rule.
import type { Action } from '../../../../../shared/bot-plan.schema';
import { textsOfList } from './listed-texts';
import type { RuleDraft } from './rule-draft';
import { answerActions } from './answers';
import { type Masked, restore } from './masked';

// An item is up to four words ("cover charge", "how much"), never running into "or" or the answer.
const ITEM = "(?:\\u0001\\d+\\u0002|(?!(?:dm|send|forward|reply|answer|tell|post|say|translate|like|heart|react|ignore|delete|block|(?:just\\s+)?(?:like|ignore)|(?:an?\\s+)?(?:ai|chat ?gpt|gpt|llm))\\b)[\\w'-]+(?:\\s+(?!(?:or|and|reply|replies|answer|answers|say|says|respond|with|then)\\b)[\\w'-]+){0,3})";
const ABOUT = new RegExp(
  `(?:\\b(?:mentions?(?: (?:us|me|it|the bot|the account|our account|@\\w+))?|mentioning (?:us|me|it|the bot)|tags? (?:us|me)|tweets? at (?:us|me))|@'?s us|@ us)\\s+(?:with|about|asking(?: about| for)?|mentioning|containing|saying|that (?:says?|mentions?|contains?)|and (?:says?|asks?|writes?)(?: about)?)\\s+(${ITEM}(?:\\s*(?:,|\\bor\\b|\\/)\\s*${ITEM})*)\\s*(?:,\\s*)?(?:→|->|:)?\\s*(?:(?:just\\s+)?(?:reply|replies|answer|answers|say|says|respond)(?:\\s+with)?\\s*:?\\s*|with\\s*:?\\s*(?=\\u0001))?`,
  'gi',
);
const OTHER = /\b(?:for |to )?(?:any|all|every) other mentions?\s*(?::|→|->|,)?\s*(?:(?:just\s+)?(?:reply|answer|say|respond|pick)(?:\s+with)?\s*:?\s*)?/i;

function answer(written: string, quotes: string[]): Action[] {
  // "mean words (ugly, stupid, loser) just ignore": what the words are, then what is done.
  const words = written.replace(/^\s*\([^()\n]{1,120}\)\s*/, '');
  // "with AI" (ai-answers.ts), "just like them, no reply" (a like, reactions' reader), "just ignore, no reply".
  if (/^\s*(?:with )?(?:ai|chat ?gpt|gpt)\b(?!\s+(?:suggests?|recommends?|writes?|explains?))|^\s*(?:just\s+)?(?:like them|no reply|don'?t reply|ignore)/i.test(words)) return [];
  const listed = textsOfList(restore(words.split('\n')[0]!, quotes));
  return listed && /^\s*(?:pick\s+)?one of/i.test(words) ? [{ kind: 'replyOneOf', ...listed }] : answerActions(words, quotes);
}

/** The mention rules a request writes with their words. */
export function mentionAboutRules(written: Masked): RuleDraft[] {
  // "mentions me with man <command> reply ...": what follows the word is no part of it.
  const m = { ...written, masked: written.masked.replace(/([\w'-])\s+<[^<>\n]{1,24}>/g, '$1') };
  const rules: RuleDraft[] = [];
  for (const hit of m.masked.matchAll(ABOUT)) {
    // "asking for a recommendation (recommend, recommendation, what should I read) → ...": the words in brackets are the ones.
    const bracketed = /^\s*\(([^()\n]{2,120})\)\s*/.exec(m.masked.slice(hit.index! + hit[0].length));
    const words = (bracketed ? bracketed[1]! : hit[1]!)
      .split(/\s*(?:,|(?<![\p{L}\p{N}])or(?![\p{L}\p{N}])|\/)\s*/iu)
      .map((w) => restore(w, m.quotes).trim().toLowerCase().replace(/^(?:the\s+)?(?:words?|phrases?|keywords?)\s+/, ''))
      .filter((w) => w.length > 0 && !/^(?:us|the bot|it)$/.test(w));
    const actions = answer(m.masked.slice(hit.index! + hit[0].length + (bracketed ? bracketed[0].length : 0)).replace(/^\s*(?:→|->|=>|:)\s*/, ''), m.quotes);
    if (words.length === 0 || actions.length === 0) continue;
    // "mentions with a question → AI answer": any mention asking something, no word of it.
    if (words.length === 1 && /^(?:a|any) questions?$/.test(words[0]!)) {
      rules.push({ id: 'mention', when: { kind: 'mention' }, if: [], do: actions, source: restore(hit[0], m.quotes).trim() });
      continue;
    }
    rules.push({ id: words[0]!, when: { kind: 'keyword', words, whole: false }, if: [], do: actions, source: restore(hit[0], m.quotes).trim() });
  }
  const other = OTHER.exec(m.masked);
  const actions = other ? answer(m.masked.slice(other.index + other[0].length), m.quotes) : [];
  if (other && actions.length > 0) rules.push({ id: 'mention', when: { kind: 'mention' }, if: [], do: actions, source: restore(other[0], m.quotes).trim() });
  return rules;
}
