// The shape of what the builtin assistant understood from a message (a BotRequest): platform,
// language, features and their details, the rules read straight into the plan, and what a follow-up
// changes. Types only, besides the empty details: the understanding's modules read them from here,
// and request.ts (which calls those modules) fills them in.
import type { FeedPost } from './understanding/news';
import type { RuleDraft } from './understanding/rule-draft';
import type { CommandReply, KeywordReply } from './phrases';

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
  /** How the feed's items are posted: only new ones, in the person's words ("📰 {value}"), in a channel. */
  feedPost: FeedPost;
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
  platformSource: 'stated' | 'default' | 'substitute' | 'guessed';
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
  /** Rules read straight into the plan (lists, counters, questions, mentions...: rule-clauses.ts). */
  rules: RuleDraft[];
  /** The command prefix the message wrote ('/' or '!'), when it wrote commands. */
  prefixWritten: '/' | '!' | null;
  /** The IANA time zone the message names ("London time"), else null (the plan says UTC). */
  timeZone?: string | null;
  /** Settings the message wrote that are no secret (a channel's @name, the owner's chat id), by name. */
  settingValues?: Record<string, string>;
}

export const NO_DETAILS: BehaviourDetails & RequestChanges = {
  postTimes: [], postWeekdays: [], goodbyeText: null, rulesText: null, warnLimit: null, muteMinutes: null,
  openHours: null, awayText: null, city: null, feedUrl: null, feedPost: { onlyNew: false, text: null, channel: null }, coins: [], currencies: [], targetLanguage: null,
  poll: null, menu: [], jokes: [], quotes: [], facts: [], choices: [], commandNames: {}, removed: [], shorter: [],
};

