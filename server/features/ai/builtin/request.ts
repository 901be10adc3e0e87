// What a chat message asks for: platform, language, features and their details, with the defaults
// the builtin assistant fills in (and says it filled in) when the message does not name them.

import { stripControlChars } from '../../../../shared/code-blocks';
import { FEATURES, type BotRequest, type Feature, type Platform } from './bot-request';
import { NAMES_ONLY } from './understanding/answers';
import { joinListedLines } from './understanding/listed-lines';
import { settingValuesIn } from './understanding/setting-values';
import { bannedWordsIn, commandRepliesIn, intervalSecondsIn, postTextsIn } from './phrases';
import { withoutOpenHours } from './understanding/away';
import { removedIn, shorterIn } from './understanding/changes';
import { sentencesOf } from './understanding/clauses';
import { timeZoneIn } from './understanding/time-zones';
import { conditionsIn } from './understanding/conditions';
import { ruleClausesIn } from './understanding/rule-clauses';
import { featureOfName, understandCommands } from './understanding/commands';
import { parametersIn, withoutReplaced } from './understanding/details';
import { faqRepliesIn } from './understanding/faq';
import { featuresNamedIn } from './understanding/features';
import { quoteFreeTexts } from './understanding/free-texts';
import { triggersFirst } from './understanding/triggers-first';
import { hasParameters, impliedFeatures } from './understanding/implied';
import { impossibleIn } from './understanding/impossible';
import { moreBannedWordsIn, deletedPhrasesIn } from './understanding/moderation';
import { notUnderstoodIn } from './understanding/not-understood';
import { languageIn, platformsIn, unsupportedPlatformIn } from './understanding/platform-names';
import { botNameOf, givenName, purposeIn } from './understanding/purpose';
import { correctTypos } from './understanding/typos';
import { welcomeTextIn } from './understanding/welcome';
import { wordingOf, type Wording } from './understanding/wording';

export * from './bot-request';

/**
 * The text without the items of the request's lists: "ban the words crypto and casino" asks for no
 * prices, and a "Prices" button is a label, not the prices behaviour.
 */
function withoutWords(lower: string, words: string[], flags = 'g'): string {
  return words.reduce((text, w) => text.replace(new RegExp(`(?<![\\w])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`, flags), ' '), lower);
}

const DATA_SOURCES: Feature[] = ['prices', 'weather', 'news'];
/** Behaviours a person may name to refuse them (not moderation: "no swearing" asks for it). */
const REFUSABLE: Feature[] = ['welcome', 'goodbye', 'echo', 'llm', 'jokes', 'quotes', 'facts', 'polls', 'counter', 'menu', 'scheduled', 'random', 'weather', 'news', 'prices', 'translate'];
/** A clause that refuses, up to the next clause: "dont welcome ppl", "and no polls", "never post on sundays". */
const REFUSAL = /(^|[.;!?\n,]|\band\b)\s*(?:(?:but|also|pls|please|oh)\s+)*(?:don'?t|do not|never|no need to|no)\b.*?(?=[.;!?\n,]|\band\b|$)/g;

/** The text without its refusing clauses (the rest as written). */
function withoutRefusals(lower: string): string {
  return lower.replace(REFUSAL, '$1 ');
}
/** Behaviours whose command name a person may use for a command of their own. */
const CANNED_BY_NAME: Feature[] = ['menu', 'prices', 'weather', 'news', 'rules', 'jokes', 'quotes', 'facts', 'counter', 'polls'];
/** Clauses that say what not to do, or describe the chat rather than ask for something. */
const ASIDE = /\b(?:not|no|don'?t|do not|never|isn'?t|aren'?t|without|ignore|spam|spammers?|ads|scams?|obviously|obvs|are fine|is fine|talk about|talks about|keeps? \w+ing|lol)\b/;

/**
 * The text without its asides (clauses split at sentence ends, dashes and "but"); words in brackets
 * are an aside of their own ("post the news (I don't have the link yet)" still asks for the news).
 */
function withoutAsides(lower: string): string {
  return lower
    .replace(/\([^()\n]{0,160}\)/g, ' ')
    .split(/[.;!?\n—–]+|\bbut\b/)
    .filter((clause) => !ASIDE.test(clause))
    .join('. ');
}

/** The words of the rules' content: banned words, buttons, choices, options and the words people send ("tea or the raffle"). */
function listedItems(d: Pick<BotRequest, 'bannedWords' | 'menu' | 'choices' | 'poll' | 'keywordReplies' | 'rules'>): string[] {
  const keywords = [...d.keywordReplies.map((k) => k.keyword), ...d.rules.flatMap((r) => (r.when.kind === 'keyword' ? r.when.words : []))];
  return [...d.bannedWords, ...d.menu.map((m) => m.label), ...d.choices, ...(d.poll?.options ?? []), ...keywords].map((item) => item.toLowerCase());
}

/**
 * The text without the sentences the rules say (replies and posts of five words or more, as written),
 * nor the words of a rule left blank ("!events → our weekly events" asks for no weekly post).
 */
function withoutRuleTexts(masked: string, rules: BotRequest['rules']): string {
  const blank = rules.filter((r) => (r.when.kind === 'command' || r.when.kind === 'keyword') && r.do.some((a) => a.kind === 'reply' && a.text === null) && r.source).map((r) => r.source!);
  const texts = [
    ...blank,
    ...rules.flatMap((r) => r.do.flatMap((a) => ('text' in a && typeof a.text === 'string' && a.text.trim().split(/\s+/).length >= 5 ? [a.text] : []))),
    // A quiz's questions ("What's the main currency called?") ask for no currency rates.
    ...rules.flatMap((r) => r.do.flatMap((a) => (a.kind === 'quiz' ? a.questions.flatMap((q) => (q.question ? [q.question] : [])) : []))),
  ];
  return texts.reduce((text, said) => text.split(said).join(' '), masked);
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
  const rules = ruleClausesIn({ masked, quotes });
  // A command with a rule of its own ("/ask → send me a copy") is no canned feature of its name.
  const ruled = rules.flatMap((r) => (r.when.kind === 'command' && r.do.length > 0 ? [{ name: r.when.name, reply: '' }] : []));
  const commands = understandCommands(masked, [...fixedReplies, ...ruled]);
  // The words a rule says ("... rolls over every week ...") ask for no behaviour of their own.
  const outsideRules = withoutRuleTexts(masked, rules);
  const intervalSeconds = intervalSecondsIn(withoutReplaced(withoutOpenHours(outsideRules)));
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
    // "→ reply with our prices" names the answer without giving it: the rule readers make it a blank.
    keywordReplies: faqRepliesIn(masked, quotes).filter((k) => !NAMES_ONLY.test(k.reply)).map((k) => {
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
    rules,
    prefixWritten: prefixIn(masked),
    timeZone: timeZoneIn(masked),
  };

  const plain = withoutWords(withoutOpenHours(outsideRules.toLowerCase()), listedItems(details));
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
  // "dont welcome ppl", "no polls please": a behaviour named only to say it is not wanted.
  const affirmed = new Set(featuresNamedIn(withoutRefusals(plain)));
  const refused = featuresNamedIn(plain).filter((f) => REFUSABLE.includes(f) && !affirmed.has(f) && !implied.includes(f) && !commands.features.includes(f));
  for (const f of refused) named.delete(f);
  // "people keep spamming housing stuff so if a msg has flat → reply ...": the chat described, the rule is
  // the keyword's; moderation only when asked outside such a clause, or banned words were named.
  const described = plain.split(/[.;!?\n—–]+|\b(?:so|but)\b/).filter((clause) => !/\b(?:keeps?|kept|always)\s+\w+ing\b/.test(clause)).join('. ');
  const moderationNamed = !implied.includes('moderation') && !commands.features.includes('moderation');
  if (named.has('moderation') && moderationNamed && details.bannedWords.length === 0 && !featuresNamedIn(described).includes('moderation')) named.delete('moderation');
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
  const wording = triggersFirst(quoteFreeTexts(wordingOf(text)));
  const reading = read(wording);
  if (!reading.understood) return null;
  const { understood: _, ...request } = reading;
  const understoodAlone = (clause: Wording) => {
    const part = read(clause);
    return part.understood || part.languageStated;
  };
  return { ...request, settingValues: settingValuesIn(wording.masked, request.platform), notUnderstood: notUnderstoodIn(wording, request, understoodAlone) };
}
