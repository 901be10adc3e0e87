// What a chat message asks for: platform, language, features and their details, with the defaults
// the builtin assistant fills in (and says it filled in) when the message does not name them.

import { stripControlChars } from '../../../../shared/code-blocks';
import { joinListedLines } from './understanding/listed-lines';
import { settingValuesIn } from './understanding/setting-values';
import type { FeedPost } from './understanding/news';
import { bannedWordsIn, commandRepliesIn, intervalSecondsIn, postTextsIn, type CommandReply, type KeywordReply } from './phrases';
import { withoutOpenHours } from './understanding/away';
import { removedIn, shorterIn } from './understanding/changes';
import { sentencesOf } from './understanding/clauses';
import { timeZoneIn } from './understanding/time-zones';
import { conditionsIn } from './understanding/conditions';
import { ruleClausesIn, type RuleDraft } from './understanding/rule-clauses';
import { featureOfName, understandCommands } from './understanding/commands';
import { parametersIn, withoutReplaced } from './understanding/details';
import { faqRepliesIn } from './understanding/faq';
import { featuresNamedIn } from './understanding/features';
import { quoteFreeTexts } from './understanding/free-texts';
import { hasParameters, impliedFeatures } from './understanding/implied';
import { impossibleIn } from './understanding/impossible';
import { moreBannedWordsIn, deletedPhrasesIn } from './understanding/moderation';
import { notUnderstoodIn } from './understanding/not-understood';
import { languageIn, platformsIn, unsupportedPlatformIn } from './understanding/platform-names';
import { botNameOf, givenName, purposeIn } from './understanding/purpose';
import { correctTypos } from './understanding/typos';
import { welcomeTextIn } from './understanding/welcome';
import { wordingOf, type Wording } from './understanding/wording';

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

/**
 * The text without the items of the request's lists: "ban the words crypto and casino" asks for no
 * prices, and a "Prices" button is a label, not the prices behaviour.
 */
function withoutWords(lower: string, words: string[], flags = 'g'): string {
  return words.reduce((text, w) => text.replace(new RegExp(`(?<![\\w])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`, flags), ' '), lower);
}

const DATA_SOURCES: Feature[] = ['prices', 'weather', 'news'];
/** Behaviours whose command name a person may use for a command of their own. */
const CANNED_BY_NAME: Feature[] = ['menu', 'prices', 'weather', 'news', 'rules', 'jokes', 'quotes', 'facts', 'counter', 'polls'];
/** Clauses that say what not to do, or describe the chat rather than ask for something. */
const ASIDE = /\b(?:not|no|don'?t|do not|never|isn'?t|aren'?t|without|ignore|spam|spammers?|ads|scams?|obviously|obvs|are fine|is fine|talk about|talks about|keeps? \w+ing|lol)\b/;

/** The text without its asides (clauses split at sentence ends, dashes and "but"). */
function withoutAsides(lower: string): string {
  return lower
    .split(/[.;!?\n—–]+|\bbut\b/)
    .filter((clause) => !ASIDE.test(clause))
    .join('. ');
}

function listedItems(d: Pick<BotRequest, 'bannedWords' | 'menu' | 'choices' | 'poll'>): string[] {
  return [...d.bannedWords, ...d.menu.map((m) => m.label), ...d.choices, ...(d.poll?.options ?? [])].map((item) => item.toLowerCase());
}

type Reading = Omit<BotRequest, 'notUnderstood'> & {
  /** Something was recognised: a platform, feature, purpose, name, parameter, change or impossible part. */
  understood: boolean;
};

/**
 * The platform asked for: the first one named, a generic bot for an unsupported one, one its words
 * point to ("our server" with !commands is Discord's, "the workspace" Slack's), else Telegram.
 */
function platformOf(platforms: Platform[], unsupported: string | null, lower: string): Pick<BotRequest, 'platform' | 'platformSource' | 'requestedPlatform'> {
  if (platforms.length > 0) return { platform: platforms[0]!, platformSource: 'stated' };
  if (unsupported) return { platform: 'generic', platformSource: 'substitute', requestedPlatform: unsupported };
  if (/\bserver\b/.test(lower) && /(?:^|\s)![a-z]/.test(lower)) return { platform: 'discord', platformSource: 'guessed' };
  if (/\bworkspace\b/.test(lower)) return { platform: 'slack', platformSource: 'guessed' };
  return { platform: 'telegram', platformSource: 'default' };
}

/** The channel the sentence of a keyword limits it to, if any. */
function chatOfKeyword(masked: string, keyword: string): string | null {
  const sentence = sentencesOf(masked).find((x) => x.toLowerCase().includes(keyword.toLowerCase()));
  return sentence ? conditionsIn(sentence).chat : null;
}

/** The prefix of the first command the message writes ("/menu", "!next"). */
function prefixIn(masked: string): '/' | '!' | null {
  const m = /(?:^|[\s(,:])([/!])[A-Za-z][A-Za-z0-9_]*\b/.exec(masked);
  return m ? (m[1] as '/' | '!') : null;
}

/** Reads a masked request (or one clause of it). */
function read(w: Wording): Reading {
  const masked = correctTypos(w.masked);
  const lower = masked.toLowerCase();
  const { quotes } = w;

  const platforms = platformsIn(lower);
  const unsupported = unsupportedPlatformIn(lower);
  const { language, stated: languageStated } = languageIn(lower);
  const fixedReplies = commandRepliesIn({ masked, quotes });
  const commands = understandCommands(masked, fixedReplies);
  const intervalSeconds = intervalSecondsIn(withoutReplaced(withoutOpenHours(masked)));
  const purpose = purposeIn(masked);
  const name = givenName(masked, quotes);
  const removed = removedIn(lower);

  const details = {
    ...parametersIn(masked, quotes),
    commandNames: Object.fromEntries(Object.entries(commands.commandNames).filter(([f]) => !removed.includes(f as Feature))),
    removed,
    shorter: shorterIn(lower),
    impossible: impossibleIn(lower),
    ...platformOf(platforms, unsupported, lower),
    otherPlatforms: platforms.slice(1).filter((p) => p !== 'generic'),
    language,
    languageStated,
    keywordReplies: faqRepliesIn(masked, quotes).map((k) => {
      const chat = chatOfKeyword(masked, k.keyword);
      return chat ? { ...k, chat } : k;
    }),
    commandReplies: [...fixedReplies, ...commands.withoutReply],
    bannedWords: [...new Set([...bannedWordsIn({ masked, quotes }), ...moreBannedWordsIn(masked, quotes), ...deletedPhrasesIn(masked, quotes)])],
    intervalMinutes: intervalSeconds === null ? null : Math.max(1, Math.round(intervalSeconds / 60)),
    welcomeText: welcomeTextIn(masked, quotes),
    postTexts: postTextsIn({ masked, quotes }),
    purpose,
    botName: botNameOf(name, purpose),
    rules: ruleClausesIn({ masked, quotes }),
    prefixWritten: prefixIn(masked),
    timeZone: timeZoneIn(masked),
  };

  const plain = withoutWords(withoutOpenHours(lower), listedItems(details));
  // Coins and currencies named only inside banned phrases ("earn $", "double your btc") ask for no prices.
  if (details.bannedWords.length > 0) {
    const outside = parametersIn(withoutWords(masked, details.bannedWords, 'gi'), quotes);
    Object.assign(details, { coins: outside.coins, currencies: outside.currencies });
  }
  const implied = impliedFeatures(details, lower);
  // A behaviour named only in brackets ("(someone cleared it as a joke)") is an aside.
  const named = new Set<Feature>([...featuresNamedIn(plain.replace(/\([^()\n]{0,120}\)/g, ' ')), ...commands.features, ...implied]);
  // A data source named only in an aside ("crypto spam", "people talk about gear prices", "no
  // price stuff") is context, not a request: it is built only when a clause asks for it.
  const asked = new Set([...featuresNamedIn(withoutAsides(plain)), ...commands.features, ...implied]);
  for (const f of DATA_SOURCES) if (!asked.has(f)) named.delete(f);
  // "when people leave dont say anything": no goodbye.
  if (/\b(?:leav\w*|left|quits?)\b[^.;!?\n]{0,30}\b(?:(?:don'?t|do not|no need to|never)\s+(?:say|post|send|write|do)\s+(?:anything|a thing|something)|say nothing|nothing)\b/.test(lower)) named.delete('goodbye');
  // A command the person gave its own answer ("/menu should list: ...") is that answer, not the
  // canned behaviour of the same name.
  for (const c of details.commandReplies) {
    const f = c.reply ? featureOfName(c.name) : null;
    if (f && CANNED_BY_NAME.includes(f) && !commands.features.includes(f)) named.delete(f);
  }
  // "if someone writes X → delete it" is moderation: no questions to answer were asked for.
  if (named.has('keywords') && details.keywordReplies.length === 0 && details.bannedWords.length > 0 && !/\b(?:faq|questions?)\b/.test(lower)) {
    named.delete('keywords');
  }
  // A news feed is checked on its own schedule: "every hour" is how often, not a second kind of post.
  if (named.has('news') && details.postTexts.length === 0) named.delete('scheduled');
  for (const f of details.removed) named.delete(f);
  const featuresStated = named.size > 0;
  // "a Telegram channel" with no feature named: a channel is where a bot posts.
  if (!featuresStated && platforms[0] === 'telegram' && /\bchannel\b/.test(lower)) named.add('scheduled');

  const understood =
    platforms.length > 0 || !!unsupported || named.size > 0 || !!purpose || !!name || details.removed.length > 0 ||
    details.shorter.length > 0 || details.impossible.length > 0 || details.commandReplies.length > 0 || hasParameters(details) ||
    details.rules.length > 0;
  return { ...details, features: FEATURES.filter((f) => named.has(f)), featuresStated, understood };
}

/**
 * Reads a chat message. Null when nothing in it was understood (that answer is free); otherwise the
 * request, with the parts that could not be built (`impossible`) and those not understood.
 */
export function understandRequest(message: string): BotRequest | null {
  const text = joinListedLines(stripControlChars(message).slice(0, 4000));
  const wording = quoteFreeTexts(wordingOf(text));
  const reading = read(wording);
  if (!reading.understood) return null;
  const { understood: _, ...request } = reading;
  const understoodAlone = (clause: Wording) => {
    const part = read(clause);
    return part.understood || part.languageStated;
  };
  return { ...request, settingValues: settingValuesIn(wording.masked, request.platform), notUnderstood: notUnderstoodIn(wording, request, understoodAlone) };
}
