// The words a bot should say, written without quotes, read up to where the next rule starts:
// "when someone new joins: Hi {name}! 👋 check the pinned msg. /exam → Exam: 14 Feb, Hall B. Allowed:
// one A4 sheet. and /ask ..." gives "Hi {name}! 👋 check the pinned msg" and "Exam: 14 Feb, Hall B.
// Allowed: one A4 sheet". A sentence goes on unless the next one starts another rule (a command, "and",
// "when", "if", "every", "also"...) or, after a full stop, with a small letter (sloppy writing starts its
// sentences small; the person's own texts start theirs with a capital), so the text keeps its own full
// stops and exclamations.
import { answerAt } from './stated-replies';
import { type Masked, restore } from './masked';

/** Where the next rule starts after a sentence end (or after "and"). */
const NEXT_RULE =
  /(?<!\b(?:incl|excl|approx|ca|etc|min|max|str|nr|no|tel|vs|mr|mrs|dr|st|e\.g|i\.e))\.\s+(?=[a-z])|[.!?;]+\s+(?=(?:and|also|plus|oh|then|but|when|whenever|if(?=\s+(?:someone|somebody|anyone|people|ppl|they|a|an|any|the|nobody|no one|there|[/!#@]|\u0001))|every|each|on|in|pls|please|thx|thanks|btw|ps|ALSO|And|Also|Plus|When|If(?=\s+(?:someone|somebody|anyone|people|ppl|they|a|an|any|the|nobody|no one|there|[/!#@]|\u0001))|Every|Oh|Btw|Like|React(?=\s+(?:with|to)\b)|\d+(?:st|nd|rd|th)|second|third|admins?|mods?|new|ppl|people)\b|[/!][A-Za-z]|\u0001)|\s+(?:and|also|plus|&)\s+(?=(?:when(?!\s+(?:do|does|did|is|are|can|will|would|should|you|we)\b)|whenever|if|every|in #|[/!][A-Za-z]|(?:send|forward|post|dm)\s+(?:me|us|it|them|the)\b))|\s*\n|\s+•\s+|\s+←|\s*,?\s+(?:and\s+)?then\s+(?=[/!][A-Za-z]\w*\s+(?:shows?|gives?|lists?|says?|replies|posts?|adds?|removes?|counts?|starts?|makes?|→|->|=|:))|\s+[—–]\s+(?=(?:when|whenever|if|and|also|but|then|otherwise|outside|during|se|si|wenn|quand|cuando|\d+(?:st|nd|rd|th)? (?:warnings?|strikes?|times?)|second|third)\b)|\s*\|\s*(?=[/!][A-Za-z])|,?\s+(?=(?:when|whenever|if) (?:someone|somebody|anyone|people|ppl|they|a (?:member|user|customer))\b)/;

/** The member's name as people write its place ("Welcome NAME!", "<name>", "[name]") is the bot's {name}. */
export function memberName(text: string): string {
  return text.replace(/\bNAME\b|<\s*(?:name|user ?name|user)\s*>|\[\s*(?:name|user ?name)\s*\]|\(\s*name\s*\)|\{\s*(?:user ?name|user)\s*\}/g, '{name}');
}

/** The unquoted words at the start of `rest` (a quote there is taken whole); null when none. */
export function saidWordsAt(rest: string, quotes: string[]): string | null {
  const first = /^\s*\u0001(\d+)\u0002/.exec(rest);
  if (first) return quotes[Number(first[1])] !== undefined ? memberName(quotes[Number(first[1])]!) : null;
  const end = NEXT_RULE.exec(rest);
  // The person's own "!!" or "?" stays with their words; a last full stop too when the words are
  // several sentences ("Got a question? Reply before Sunday.") or a sentence of five words or more.
  const stop = end ? end.index + (/^(?:[!?]+|\.)/.exec(rest.slice(end.index))?.[0].length ?? 0) : undefined;
  const words = restore(rest.slice(0, stop).trim(), quotes);
  const sentences = /[.!?]\s+\S/.test(words.replace(/\.$/, ''));
  // A sentence of its own ("Latest: Ep. 47 - out now on all platforms.") keeps it too.
  const sentence = /^[A-Z\p{Extended_Pictographic}]\S*(?:\s+\S+){4,}$/u.test(words) && (words.match(/(?:^|\s)[a-z]{2,}\b/g) ?? []).length >= 3;
  const period = (sentences || sentence) && /[^.]\.$/.test(words) ? '.' : '';
  // "(with whichever was pressed)", "(not always trousers)", "(I know it's an otter)": an aside about the words, not part of them.
  const aside = /\s*\((?=[^)]*\b(?:whichever|whatever|which one|e\.g\.|not always|they wrote|it was|the one|same for|i know|i'm aware|lol|haha)\b)[^)]*\)\s*\.?$/i;
  const text = memberName((words.replace(aside, '').replace(/\s*[.,;\-–—]$/, '').trim() + period).trim());
  return text.length > 0 ? text : null;
}

/**
 * A command's answer as the person wrote it: what the older reading (answerAt) takes, carried on past
 * its first full stop while the next sentence is still the answer. Null when the words only describe
 * the answer ("should show the checklist": the checklist is not given).
 */
export function commandAnswerAt(rest: string, quotes: string[]): string | null {
  const short = answerAt(rest, quotes);
  if (!short) return null;
  const long = saidWordsAt(rest, quotes);
  return long && long.startsWith(short) ? long : short;
}

/** The words said from `at` in the sentence on, read in the whole request: they may run past the sentence's own "!". */
export function wordsAfter(sentence: string, at: number, m: Masked): string | null {
  const start = m.masked.indexOf(sentence);
  return saidWordsAt(start >= 0 ? m.masked.slice(start + at) : sentence.slice(at), m.quotes);
}
