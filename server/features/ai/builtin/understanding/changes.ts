// What a follow-up message takes out or shortens: "remove the echo", "stop echoing", "no more welcome
// message", "without AI" -> removed; "make the welcome shorter" -> shorter.

import type { Feature, RequestChanges } from '../bot-request';

/** The words that name a behaviour as the object of "remove", "stop", "no more", "without". */
const FEATURE_NOUNS: Array<[Feature, string]> = [
  ['echo', 'echo(?:es|ing)?|repeating(?: messages)?|parroting'],
  ['welcome', 'welcom(?:e|es|ing)(?: messages?| texts?| greeting)?|greet(?:ing|ings)?(?: messages?)?'],
  ['goodbye', 'good ?-?byes?(?: messages?)?|farewells?(?: messages?)?|saying goodbye|saying bye'],
  ['rules', 'rules(?: command)?|\\/rules'],
  ['jokes', 'jokes?(?: command)?|joking|\\/joke|telling jokes|puns'],
  ['quotes', 'quotes?(?: command)?|\\/quote|quoting'],
  ['facts', 'facts?(?: command)?|\\/fact|trivia'],
  ['random', 'dice|coin ?flips?|\\/roll|\\/pick|random (?:picks?|choices?)'],
  ['polls', 'polls?|voting|\\/poll'],
  ['reminders', 'reminders?|reminding(?: people)?|\\/remind'],
  ['scheduled', 'scheduled (?:posts?|messages?)|posting(?: every \\w+)?|(?:morning|evening|night|daily|weekly|hourly|regular|automatic) (?:posts?|messages?|updates?)|the posts|auto[- ]?posts?|announcements?'],
  ['moderation', 'moderation|moderating|word filter|(?:bad|banned|swear) ?words? filter|filter(?:ing)?|muting|warnings'],
  ['keywords', 'faqs?|keyword (?:replies|answers)|auto[- ]?(?:replies|replying)|keywords'],
  ['llm', 'ai(?: replies| answers| chat)?|chatgpt|gpt|llm|openai|the model|smart replies'],
  ['away', 'away (?:message|mode|text|replies)|closed message|out of office(?: message)?'],
  ['weather', 'weather(?: command| updates?)?|forecasts?|\\/weather'],
  ['news', 'news|headlines|rss(?: feed)?|the feed'],
  ['prices', 'prices?(?: command)?|crypto(?: prices)?|exchange rates?|\\/price'],
  ['translate', 'translat(?:ion|ions|ing|or|e command)|\\/translate'],
  ['counter', 'counters?|counting|scores?|leaderboard|points|\\/count'],
  ['menu', 'menus?|buttons|keyboard'],
];

const REMOVE_VERB =
  "(?:remove|removing|delete|drop|disable|turn off|switch off|get rid of|take out|take away|cut|kill|lose|ditch|stop|stop the|no more|no longer|without|don'?t (?:want|need)(?: the| any)?|do not (?:want|need)(?: the| any)?|not (?:want|need) (?:the|any)|skip)";

const DETERMINERS = '(?:(?:the|my|our|its|your|all|any|those|that|this)\\s+)*';
/** What follows a removal verb, up to the end of the clause: "the jokes and the poll". */
const REMOVED_OBJECTS = new RegExp(`\\b${REMOVE_VERB}\\s+([^.;!?\\n]*?)(?=[.;!?\\n]|\\s+(?:and|then|but)\\s+(?:add|also|make|post|put|change|set|keep|use|give|send|welcome|instead)\\b|$)`, 'gi');

/** The behaviours a message takes out. "delete messages with bad words" is moderation, not a removal. */
export function removedIn(lower: string): Feature[] {
  const objects = [...lower.matchAll(REMOVED_OBJECTS)].flatMap((m) => m[1]!.split(/\s*(?:,|\band\b|\bor\b|&)\s*/));
  const removed: Feature[] = [];
  for (const [feature, nouns] of FEATURE_NOUNS) {
    const noun = new RegExp(`^${DETERMINERS}(?:${nouns})(?![\\w-])`, 'i');
    if (objects.some((o) => noun.test(o.trim()))) removed.push(feature);
  }
  // "stop echoing" and "no more jokes" are covered above; "the bot should not echo" is too.
  for (const [feature, verb] of [['echo', 'echo'], ['jokes', 'tell jokes'], ['welcome', 'welcome (?:people|new members|members|users)'], ['llm', 'use ai']] as const) {
    if (new RegExp(`\\b(?:should ?n[o']t|shouldn't|must not|mustn't|don'?t|do not|never)\\s+${verb}\\b`).test(lower) && !removed.includes(feature)) removed.push(feature);
  }
  return removed;
}

const SHORTER = /\b(?:shorter|shorten|too (?:long|wordy|verbose)|more concise|less wordy|briefer|more brief|trim|cut down|fewer words)\b/;
const SHORTER_TARGETS: Array<[RequestChanges['shorter'][number], RegExp]> = [
  ['welcome', /\bwelcom\w*|\bgreet\w*/],
  ['goodbye', /\bgood ?-?bye|\bfarewell|\bbye message/],
  ['rules', /\brules\b/],
  ['start', /\bstart\b|\bintro(?:duction)?\b|\/start/],
  ['away', /\baway\b|\bclosed message\b|\bout of office\b/],
];

/** The texts a message asks to make shorter ("make the welcome shorter" -> ['welcome']). */
export function shorterIn(lower: string): RequestChanges['shorter'] {
  if (!SHORTER.test(lower)) return [];
  return SHORTER_TARGETS.filter(([, re]) => re.test(lower)).map(([target]) => target);
}
