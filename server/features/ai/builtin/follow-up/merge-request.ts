// A follow-up changes the request a bot was built from: what it names is added or replaces the
// earlier value, what it takes out is removed, a text it wants shorter is shortened. Platform and
// language stay (a bot for another platform is a new bot, see follow-up.ts).

import { planBot } from '../plan';
import { FEATURES, NO_DETAILS, type BotRequest, type Feature, type RequestChanges } from '../request';

function byKey<T>(earlier: T[], later: T[], key: (item: T) => string): T[] {
  const merged = new Map<string, T>();
  for (const item of [...earlier, ...later]) merged.set(key(item), item);
  return [...merged.values()];
}

const union = <T>(a: T[], b: T[]): T[] => [...new Set([...a, ...b])];

/** "Welcome, {name}! I am X. Send /help to see what I can do." -> "Welcome, {name}!" */
export function shorten(text: string): string {
  const first = /^.*?[.!?](?=\s|$)/.exec(text.trim())?.[0] ?? text.trim();
  if (first.length < text.trim().length) return first;
  const words = first.split(/\s+/);
  return words.length > 6 ? `${words.slice(0, 6).join(' ').replace(/[,;:]$/, '')}.` : first;
}

type Shortenable = RequestChanges['shorter'][number];

/** The text a plan would use now for each shortenable part, to shorten it. */
function currentTexts(base: BotRequest): Record<Shortenable, string | null> {
  const plan = planBot(base);
  return {
    welcome: base.welcomeText ?? plan.welcomeMessage,
    goodbye: base.goodbyeText,
    rules: base.rulesText,
    away: base.awayText,
    start: null,
  };
}

export function mergeRequests(stored: BotRequest, delta: BotRequest): BotRequest {
  // A plan stored before a field existed lacks it: the empty value stands in.
  const base = { ...NO_DETAILS, impossible: [], notUnderstood: [], ...(stored as Partial<BotRequest>) } as BotRequest;
  const removed = new Set<Feature>(delta.removed);
  const features = FEATURES.filter((f) => (base.features.includes(f) || delta.features.includes(f)) && !removed.has(f));

  const merged: BotRequest = {
    ...base,
    features,
    featuresStated: features.length > 0,
    keywordReplies: byKey(base.keywordReplies, delta.keywordReplies, (k) => k.keyword),
    commandReplies: byKey(base.commandReplies, delta.commandReplies, (c) => c.name),
    bannedWords: union(base.bannedWords, delta.bannedWords),
    intervalMinutes: delta.intervalMinutes ?? base.intervalMinutes,
    welcomeText: delta.welcomeText ?? base.welcomeText,
    postTexts: union(base.postTexts, delta.postTexts),
    botName: base.botName,
    postTimes: union(base.postTimes, delta.postTimes).sort(),
    postWeekdays: delta.postWeekdays.length > 0 ? delta.postWeekdays : base.postWeekdays,
    goodbyeText: delta.goodbyeText ?? base.goodbyeText,
    rulesText: delta.rulesText ?? base.rulesText,
    warnLimit: delta.warnLimit ?? base.warnLimit,
    muteMinutes: delta.muteMinutes ?? base.muteMinutes,
    openHours: delta.openHours ?? base.openHours,
    awayText: delta.awayText ?? base.awayText,
    city: delta.city ?? base.city,
    feedUrl: delta.feedUrl ?? base.feedUrl,
    coins: union(base.coins, delta.coins),
    currencies: union(base.currencies, delta.currencies),
    targetLanguage: delta.targetLanguage ?? base.targetLanguage,
    poll: delta.poll ?? base.poll,
    menu: byKey(base.menu, delta.menu, (m) => m.label.toLowerCase()),
    jokes: union(base.jokes, delta.jokes),
    quotes: union(base.quotes, delta.quotes),
    facts: union(base.facts, delta.facts),
    choices: delta.choices.length > 0 ? delta.choices : base.choices,
    commandNames: { ...base.commandNames, ...delta.commandNames },
    // A follow-up's own changes are applied here, never stored with the plan.
    removed: [],
    shorter: [],
    impossible: [],
    notUnderstood: [],
  };
  // Commands taken out by name: "remove the /price command".
  if (removed.has('commands')) merged.commandReplies = [];

  const texts = currentTexts(merged);
  for (const part of delta.shorter) {
    const text = texts[part];
    if (!text) continue;
    if (part === 'welcome') merged.welcomeText = shorten(text);
    if (part === 'goodbye') merged.goodbyeText = shorten(text);
    if (part === 'rules') merged.rulesText = shorten(text);
    if (part === 'away') merged.awayText = shorten(text);
  }
  return merged;
}
