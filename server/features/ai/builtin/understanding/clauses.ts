// Splits a request into sentences and clauses, so the answer can quote back the parts it did not
// understand ("...and can book flights") and ignore polite filler ("please", "thanks").

/**
 * The sentences of a masked request (quotes are markers, so their punctuation does not count). A
 * full stop ends a sentence only before a capital, a quote or the end: "9 a.m. to 5" is one sentence; a line
 * break always ends one.
 */
export function sentencesOf(masked: string): string[] {
  // Sloppy writing starts a sentence small; one that starts a rule ("... was seen. when a message ...") starts one all the same.
  return masked.split(/[!?;]+(?=\s|$)|\n+|\.+(?=\s+[A-Z\u0001]|\s*$|\s+(?:when|whenever|if|every|each|also|in #|count|[/!][a-z])\b)/).filter((s) => s.trim().length > 0);
}

/** Where " and ", " also ", " plus " may start another behaviour. */
const JOINERS = /,?\s+(?:and\s+also|and\s+then|and|also|plus|as well as)\s+/i;

/** The clauses of a sentence, split where a joining word may start another behaviour. */
export function clausesOf(sentence: string): string[] {
  return sentence.split(JOINERS).map((c) => c.trim()).filter((c) => c.length > 0);
}

/** Words that carry no request: greetings, politeness and "I want a bot that...". */
const FILLER = new Set([
  'please', 'pls', 'plz', 'thanks', 'thank', 'thx', 'you', 'hi', 'hello', 'hey', 'dear', 'ok', 'okay', 'i', 'we', 'want',
  'wanna', 'need', 'would', 'like', "i'd", "we'd", 'can', 'could', 'will', 'you', 'make', 'me', 'us', 'a', 'an', 'the',
  'bot', 'build', 'create', 'write', 'give', 'code', 'program', 'for', 'it', 'should', 'to', 'that', 'which', 'so', 'just',
  'also', 'and', 'plus', 'then', 'too', 'as', 'well', 'great', 'cool', 'awesome', 'nice', 'good', 'simple', 'little',
  'small', 'quick', 'new', 'one', 'my', 'our', 'some', 'help', 'with', 'be', 'is', 'are', 'do', 'does', 'have', 'has',
  'am', 'there', 'lot', 'lots', 'much', 'very', 'really', 'maybe', 'possible', 'if', 'how', 'what', 'yes', 'no', 'sure',
  'cheers', 'appreciated', 'advance', 'in', 'of', 'on', 'bots', 'something', 'thing', 'stuff', 'basically', 'actually',
  'something', 'kind', 'sort', 'idea', 'able', 'going', 'get', 'let', "let's", 'lets', 'hope', 'hoping', 'looking',
  'all', 'ready', 'set', 'up', 'please:', 'again', 'now', 'today', 'asap',
]);

/** True when a clause is only politeness and "I want a bot", nothing to report. */
export function isFiller(clause: string): boolean {
  const words = clause.toLowerCase().replace(/[^\p{L}\p{N}'\s]+/gu, ' ').split(/\s+/).filter(Boolean);
  return words.every((w) => FILLER.has(w));
}

/** A clause as the answer quotes it: without a leading "and"/"also" or trailing punctuation. */
export function tidyClause(clause: string): string {
  return clause
    .trim()
    .replace(/^(?:(?:and|also|plus|then|but|oh|btw)\b[\s,]*)+/i, '')
    .replace(/^[,:\-–\s]+|[,:\-–\s.!?]+$/g, '')
    .trim();
}
