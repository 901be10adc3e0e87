// Behaviours written before their trigger or their schedule, read as the person would say them the
// other way round: 'Reply "..." when someone types /swap' as 'when someone types /swap, reply "..."',
// 'Reply "X" to anyone who mentions refund', 'Post "..." every Monday at 07:00 in #crew-notices' as
// 'every Monday at 07:00 in #crew-notices post "..."', 'tweet the AVAX price every hour like "..."'
// and 'a poll every saturday 12:00 "..."'. Only a sentence that starts with the behaviour is turned;
// the quoted words are markers (\u0001N\u0002) and move with it unchanged.
import type { Wording } from './wording';

const VERB = String.raw`(?:reply|respond|answer|say|send back|tweet back|post|tweet|dm them|message them)`;
const WHO = String.raw`(?:anyone|anybody|everyone|everybody|people|ppl|someone|somebody|those|users?|members?|customers?|followers?|accounts?)`;
/**
 * The start of a line or sentence, a bullet, the behaviour with its quoted words, then the trigger up
 * to the sentence's end: "when/whenever/if/each time ...", or "to anyone who ...".
 */
const BEHAVIOUR_FIRST = new RegExp(
  String.raw`(^|\n|[.!?]\s+)([ \t]*(?:[-•*]|\d+[.)])?[ \t]*)(${VERB})(\s+with)?\s*:?\s*(\u0001\d+\u0002)[ \t]*,?[ \t]+` +
    String.raw`(?:(when(?:ever)?|if|each time|every time|as soon as|any time)\s+|(?:to|for)\s+(${WHO})\s+(?:who|that)\s+)` +
    String.raw`([^.!?\n\u0001]*?)(?=[.!?](?:\s|$)|\n|$)`,
  'gi',
);

/** 'Post "..." every Monday at 07:00 in #crew-notices': a post before its schedule. */
const POST_FIRST = new RegExp(
  String.raw`(^|\n|[.!?]\s+)([ \t]*(?:[-•*]|\d+[.)])?[ \t]*)((?:post|tweet|send|share|announce)(?:\s+(?:in|to)\s+#[\w-]+)?)\s*:?\s*(\u0001\d+\u0002)[ \t]*,?[ \t]+` +
    String.raw`((?:every|each|daily|weekly|monthly|on (?:mon|tue|wed|thu|fri|sat|sun)\w*|at \d|(?:mon|tue|wed|thu|fri|sat|sun)\w*s\b|weekdays|once a|twice a)[^.!?\n\u0001]*?)(?=[.!?](?:\s|$)|\n|$)`,
  'gi',
);

/** 'tweet the AVAX price every hour like "AVAX now: {price} USD"': what is posted, its schedule, then its words. */
const DATA_POST_FIRST = new RegExp(
  String.raw`(^|\n|[.!?]\s+)([ \t]*(?:[-•*]|\d+[.)])?[ \t]*)((?:post|tweet|send|share)\s+(?:the\s+)?(?:current\s+)?[\w-]{1,20}\s+(?:price|weather|forecast))\s+` +
    String.raw`((?:every|each|daily|hourly|at \d|on (?:mon|tue|wed|thu|fri|sat|sun)\w*)[^.!?\n\u0001]*?)\s*,?\s+(?:like|as|formatted as|saying|that says)\s*:?\s*(\u0001\d+\u0002)`,
  'gi',
);

/** 'also a poll every saturday 12:00 "Best terminal editor?" vim / emacs': a poll before its schedule. */
const POLL_FIRST = new RegExp(
  String.raw`(^|\n|[.!?]\s+|\b(?:also|and)\s+)((?:an?\s+)?(?:quick\s+)?poll)\s+((?:every|each|on (?:mon|tue|wed|thu|fri|sat|sun)\w*|daily|weekly)[^.!?\n\u0001]*?)\s*:?\s*(?=\u0001\d+\u0002)`,
  'gi',
);

/** The behaviour and its trigger the other way round; no trigger written after the words: left as it is. */
function triggerFirst(whole: string, start: string, bullet: string, verb: string, _with: string | undefined, quote: string, when: string | undefined, who: string | undefined, trigger: string): string {
  const rest = trigger.trim();
  if (rest.length === 0) return whole;
  const lead = when ? `${when.toLowerCase()} ${rest}` : `when ${who!.toLowerCase()} ${rest}`;
  return `${start}${bullet}${lead}, ${verb.toLowerCase()} ${quote}`;
}

export function triggersFirst(w: Wording): Wording {
  const masked = w.masked
    .replace(POLL_FIRST, (_whole, start: string, poll: string, schedule: string) => `${start}${schedule.trim()} ${poll} `)
    .replace(DATA_POST_FIRST, (_whole, start: string, bullet: string, what: string, schedule: string, quote: string) => `${start}${bullet}${schedule.trim()} ${what}: ${quote}`)
    .replace(POST_FIRST, (_whole, start: string, bullet: string, verb: string, quote: string, schedule: string) => `${start}${bullet}${schedule.trim()} ${verb.toLowerCase()} ${quote}`)
    .replace(BEHAVIOUR_FIRST, triggerFirst);
  return masked === w.masked ? w : { ...w, masked };
}
