// What a chat message asks for: platform, language, features and their details, with the defaults
// the builtin assistant fills in (and says it filled in) when the message does not name them.

import { stripControlChars } from '../../../../shared/code-blocks';
import {
  bannedWordsIn,
  commandRepliesIn,
  intervalSecondsIn,
  keywordRepliesIn,
  maskQuotes,
  postTextsIn,
  welcomeTextIn,
  type CommandReply,
  type KeywordReply,
} from './phrases';

export const PLATFORMS = ['telegram', 'discord', 'twitter', 'whatsapp', 'slack', 'generic'] as const;
export type Platform = (typeof PLATFORMS)[number];
export type BotLanguage = 'python' | 'javascript';
export const FEATURES = [
  'commands', 'echo', 'keywords', 'welcome', 'goodbye', 'rules', 'moderation', 'scheduled', 'reminders', 'llm',
  'jokes', 'quotes', 'facts', 'random', 'polls', 'away', 'weather', 'news', 'prices', 'translate', 'counter', 'menu',
] as const;
export type Feature = (typeof FEATURES)[number];
export type { CommandReply, KeywordReply };

/** A time of day, 24-hour 'HH:MM'. */
export type TimeOfDay = string;
/** 0 = Monday ... 6 = Sunday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** The details of the behaviours beyond commands and keywords; empty or null where the message gave none. */
export interface BehaviourDetails {
  /** Scheduled posts at these times of day (with postWeekdays: only on those days). */
  postTimes: TimeOfDay[];
  postWeekdays: Weekday[];
  goodbyeText: string | null;
  rulesText: string | null;
  /** Moderation: warnings before a mute (null: never mute), and how long a mute lasts. */
  warnLimit: number | null;
  muteMinutes: number | null;
  /** Away: the open hours; outside them messages get awayText. */
  openHours: { from: TimeOfDay; to: TimeOfDay; weekdays: Weekday[] } | null;
  awayText: string | null;
  /** Weather: the default city of /weather. */
  city: string | null;
  /** News: the RSS/Atom feed whose new headlines are posted. */
  feedUrl: string | null;
  /** Prices: CoinGecko coin ids ('bitcoin') and ISO currency codes ('EUR') named. */
  coins: string[];
  currencies: string[];
  /** Translate: the default target language, in English ('Spanish'). */
  targetLanguage: string | null;
  poll: { question: string; options: string[] } | null;
  /** Menu: inline-keyboard buttons, each with the reply its press gives. */
  menu: Array<{ label: string; reply: string }>;
  /** The user's own lists for /joke, /quote, /fact, and the choices of /pick. */
  jokes: string[];
  quotes: string[];
  facts: string[];
  choices: string[];
  /** The user's names for the behaviours' commands ("a /gag command that tells jokes" -> {jokes: 'gag'}). */
  commandNames: Partial<Record<Feature, string>>;
}

/** What a follow-up message changes besides adding: features to take out, texts to make shorter. */
export interface RequestChanges {
  removed: Feature[];
  shorter: Array<'welcome' | 'goodbye' | 'rules' | 'start' | 'away'>;
}

export interface BotRequest extends BehaviourDetails, RequestChanges {
  platform: Platform;
  /** How the platform was chosen: named, assumed, or a generic bot standing in for an unsupported one. */
  platformSource: 'stated' | 'default' | 'substitute';
  /** The unsupported platform asked for ('Instagram') when platformSource is 'substitute'. */
  requestedPlatform?: string;
  /** Other supported platforms the message named: one bot per request, these are mentioned. */
  otherPlatforms: Platform[];
  language: BotLanguage;
  languageStated: boolean;
  /** Features named in the message (or implied by its details), in FEATURES order. */
  features: Feature[];
  featuresStated: boolean;
  keywordReplies: KeywordReply[];
  commandReplies: CommandReply[];
  bannedWords: string[];
  /** Interval of scheduled posts in minutes, when the message gives one. */
  intervalMinutes: number | null;
  welcomeText: string | null;
  postTexts: string[];
  /** "for my bakery" -> 'bakery'. */
  purpose: string | null;
  /** A name the message gives ("called Pizza Pal"), else one made from the purpose. */
  botName: string | null;
  /** Things asked for that no bot can do here, each with the reason (said in the answer). */
  impossible: Array<{ what: string; why: string }>;
  /** Parts of the message nothing was understood from, as written (quoted back in the answer). */
  notUnderstood: string[];
}

export const NO_DETAILS: BehaviourDetails & RequestChanges = {
  postTimes: [], postWeekdays: [], goodbyeText: null, rulesText: null, warnLimit: null, muteMinutes: null,
  openHours: null, awayText: null, city: null, feedUrl: null, coins: [], currencies: [], targetLanguage: null,
  poll: null, menu: [], jokes: [], quotes: [], facts: [], choices: [], commandNames: {}, removed: [], shorter: [],
};

const PLATFORM_PATTERNS: Array<[Platform, RegExp]> = [
  ['telegram', /\btelegram\b|\btg bot\b|\btelegraf\b|\baiogram\b/],
  ['discord', /\bdiscord\b/],
  ['twitter', /\btwitter\b|\btweepy\b|\btweets?\b|\btweeting\b|\bx\.com\b|\bx\s*\(\s*(?:formerly\s+)?twitter\s*\)|\b(?:on|for|to)\s+x\b|\bx\s+(?:bot|account|posts?)\b/],
  ['whatsapp', /\bwhats\s?app\b|\bwa\s+business\b/],
  ['slack', /\bslack\b|\bslack_bolt\b/],
  ['generic', /\bwebhooks?\b|\bhttp\b|\brest api\b|\bgeneric\b|\bweb ?site\b|\bwebpage\b|\bweb app\b|\bany platform\b/],
];

const UNSUPPORTED_PLATFORMS: Array<[string, RegExp]> = [
  ['Instagram', /\binstagram\b|\binsta\b/],
  ['Facebook Messenger', /\bmessenger\b|\bfacebook\b/],
  ['Reddit', /\breddit\b/],
  ['Mastodon', /\bmastodon\b/],
  ['Twitch', /\btwitch\b/],
  ['Signal', /\bsignal\b/],
  ['LinkedIn', /\blinkedin\b/],
  ['TikTok', /\btiktok\b/],
  ['YouTube', /\byoutube\b/],
  ['Viber', /\bviber\b/],
  ['LINE', /\bline messenger\b/],
  ['Microsoft Teams', /\bms teams\b|\bmicrosoft teams\b/],
  ['Matrix', /\bmatrix\b/],
  ['Bluesky', /\bbluesky\b/],
];

const FEATURE_PATTERNS: Array<[Feature, RegExp]> = [
  ['commands', /(?:^|[^\w/])\/(?:start|help)\b|\bcommands?\b|\bmenu\b/],
  ['echo', /\becho(?:es|ing|s)?\b|\brepeats?\b|\brepeating\b|\bparrots?\b|\b(?:sends?|says?|writes?) (?:it|them|the (?:same )?(?:message|text)s?) back\b|\bmirror/],
  ['keywords', /\bfaqs?\b|\bkeywords?\b|\bauto[- ]?(?:reply|replies|replying|respond|responder|responses?)\b|\bfrequently asked\b|\bquestions\b|\bcustomer (?:service|support|care)\b|\bsupport bot\b|\bopening hours\b|\bwhen (?:someone|somebody|anyone|a user|users|people|they) (?:says?|writes?|types?|asks?|mentions?)\b/],
  ['welcome', /\bwelcom(?:e|es|ing)\b|\bgreet(?:s|ing|ings)?\b|\bnew (?:members?|users?|people|joiners?)\b|\b(?:who |when someone |people )joins?\b|\bonboard/],
  ['moderation', /\bmoderat(?:e|es|ion|or|ing)\b|\b(?:ban|banned|bad|forbidden|blocked) words?\b|\bswear(?:ing)?\b|\bprofanit(?:y|ies)\b|\bspam\b|\bcurse words?\b|\bdelete (?:bad |offensive )?messages?\b|\bfilter (?:out )?(?:bad |offensive )?(?:words?|messages?)\b|\btoxic\b|\binsults?\b/],
  ['scheduled', /\bschedul(?:e|ed|es|ing)\b|\bevery\s+(?:\d+(?:\.\d+)?\s*)?(?:seconds?|minutes?|mins?|hours?|hrs?|days?|morning|evening|night|week)\b|\b(?:hourly|daily|weekly|periodic(?:ally)?)\b|\bauto[- ]?post(?:s|ing)?\b|\bposts? (?:regularly|automatically|updates?)\b|\bregular (?:posts|updates|announcements)\b|\bannouncements?\b|\bnewsletter\b|\bbroadcasts?\b/],
  ['reminders', /\bremind(?:er|ers|s)?\b/],
  ['llm', /\b(?:ai|a\.i\.|llm|gpt(?:-?\d[\w.-]*)?|chatgpt|openai|ollama|language model|artificial intelligence|machine learning|smart answers|answers? (?:any|all) questions?|conversation(?:al)?|chat with (?:users|people|me)|talks? (?:like|to) (?:a )?(?:human|people|users))\b/],
];

const JAVASCRIPT = /\b(?:node(?:\.?js)?|javascript|js|typescript|ts|discord\.js|telegraf)\b/;
const PYTHON = /\b(?:python\d?|py|flask|django|discord\.py|tweepy|python-telegram-bot)\b/;

const STOP_WORDS = new Set([
  'bot', 'bots', 'channel', 'group', 'groups', 'server', 'account', 'page', 'chat', 'chats', 'that', 'which', 'who',
  'to', 'in', 'on', 'with', 'using', 'and', 'or', 'written', 'built', 'made', 'where', 'so', 'please', 'it', 'every',
  'when', 'what', 'from', 'by', 'of', 'at', 'as', 'python', 'javascript', 'node', 'nodejs', 'js', 'app', 'team',
  'workspace', 'community', 'users', 'customers', 'members', 'people', 'followers', 'subscribers', 'handle', 'profile',
]);
const TIME_WORDS = new Set(['while', 'minute', 'minutes', 'second', 'seconds', 'hour', 'hours', 'day', 'days', 'week', 'long', 'moment', 'change', 'start', 'test', 'me', 'us', 'example']);

function firstMatch(lower: string, re: RegExp): number {
  const m = re.exec(lower);
  return m ? m.index : -1;
}

function platformsIn(lower: string): Platform[] {
  return PLATFORM_PATTERNS.map(([p, re]) => [p, firstMatch(lower, re)] as const)
    .filter(([, at]) => at >= 0)
    .sort((a, b) => a[1] - b[1])
    .map(([p]) => p);
}

function titleCase(words: string): string {
  return words.replace(/\b([a-z])/g, (c) => c.toUpperCase());
}

/** Letters, digits, spaces and a few signs: a name safe in any string, comment or docstring. */
function cleanName(name: string): string {
  return name.replace(/[^\p{L}\p{N} &'.-]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 40).trim();
}

/** "for my bakery's Telegram channel" -> 'bakery'; "for our coffee shop" -> 'coffee shop'. */
function purposeIn(masked: string): string | null {
  const m = /\bfor\s+(?:my|our|a|an|the|this|his|her|their|your)\s+((?:[A-Za-z][\w&'’-]*\s*){1,4})/i.exec(masked);
  if (!m) return null;
  const words: string[] = [];
  for (const raw of m[1]!.trim().split(/\s+/)) {
    const possessive = /['’]s$/i.test(raw);
    const word = raw.replace(/['’]s$/i, '').replace(/['’]$/, '');
    const lower = word.toLowerCase();
    if (STOP_WORDS.has(lower) || platformsIn(lower).length > 0 || FEATURE_PATTERNS.some(([, re]) => re.test(lower))) break;
    words.push(lower);
    if (possessive || words.length === 3) break;
  }
  if (words.length === 0 || TIME_WORDS.has(words[0]!)) return null;
  return cleanName(words.join(' ')) || null;
}

function givenName(masked: string, quotes: string[]): string | null {
  const m = /\b(?:called|named|name it|name is)\s+(?:\u0001(\d+)\u0002|([A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3}))/.exec(masked)
    ?? /\b(?:called|named|name it|name is)\s+([a-z][\w-]*(?:\s+bot)?)\b/i.exec(masked);
  if (!m) return null;
  const raw = m.length === 3 ? (m[1] !== undefined ? quotes[Number(m[1])]! : m[2]!) : m[1]!;
  return cleanName(raw) || null;
}

/** Reads a chat message. Null when it names neither a platform nor a purpose or feature. */
export function understandRequest(message: string): BotRequest | null {
  const text = stripControlChars(message).slice(0, 4000);
  const mask = maskQuotes(text);
  const lower = mask.masked.toLowerCase();

  const platforms = platformsIn(lower);
  const unsupported = UNSUPPORTED_PLATFORMS.find(([, re]) => re.test(lower));
  const keywordReplies = keywordRepliesIn(mask);
  const commandReplies = commandRepliesIn(mask);
  const bannedWords = bannedWordsIn(mask);
  const welcomeText = welcomeTextIn(mask);
  const postTexts = postTextsIn(mask);
  const intervalSeconds = intervalSecondsIn(mask.masked);

  const named = new Set<Feature>(FEATURE_PATTERNS.filter(([, re]) => re.test(lower)).map(([f]) => f));
  if (keywordReplies.length > 0) named.add('keywords');
  if (commandReplies.length > 0) named.add('commands');
  if (bannedWords.length > 0) named.add('moderation');
  if (welcomeText) named.add('welcome');
  if (postTexts.length > 0 && intervalSeconds !== null) named.add('scheduled');
  const featuresStated = named.size > 0;
  // "a Telegram channel" with no feature named: a channel is where a bot posts.
  if (!featuresStated && platforms[0] === 'telegram' && /\bchannel\b/.test(lower)) named.add('scheduled');

  const purpose = purposeIn(mask.masked);
  const name = givenName(mask.masked, mask.quotes);
  if (platforms.length === 0 && !unsupported && !featuresStated && !purpose && !name) return null;

  const jsAt = firstMatch(lower, JAVASCRIPT);
  const pyAt = firstMatch(lower, PYTHON);
  const language: BotLanguage = jsAt >= 0 && (pyAt < 0 || jsAt < pyAt) ? 'javascript' : 'python';

  let platform: Platform;
  let platformSource: BotRequest['platformSource'];
  if (platforms.length > 0) {
    platform = platforms[0]!;
    platformSource = 'stated';
  } else if (unsupported) {
    platform = 'generic';
    platformSource = 'substitute';
  } else {
    platform = 'telegram';
    platformSource = 'default';
  }

  return {
    ...NO_DETAILS,
    impossible: [],
    notUnderstood: [],
    platform,
    platformSource,
    ...(platformSource === 'substitute' ? { requestedPlatform: unsupported![0] } : {}),
    otherPlatforms: platforms.slice(1).filter((p) => p !== 'generic'),
    language,
    languageStated: jsAt >= 0 || pyAt >= 0,
    features: FEATURES.filter((f) => named.has(f)),
    featuresStated,
    keywordReplies,
    commandReplies,
    bannedWords,
    intervalMinutes: intervalSeconds === null ? null : Math.max(1, Math.round(intervalSeconds / 60)),
    welcomeText,
    postTexts,
    purpose,
    botName: name ? (/\bbot$/i.test(name) ? titleCase(name) : name) : purpose ? `${titleCase(purpose)} Bot` : null,
  };
}
