// The behaviours the plan builds of those the request names (request.features): none that a rule read
// straight from the person's sentences already is, nor one whose name is only a word in their texts.
import type { BotRequest, Feature } from './request';
import { COMMAND_OF, commandName, type ReadRules } from './plan-building';

export function featuresAsked(request: BotRequest, read: ReadRules): Set<Feature> {
  const f = new Set(request.features);
  for (const feature of builtByReadRules(request, read)) f.delete(feature);
  for (const feature of onlyWordsOfReadRules(request, read)) f.delete(feature);
  return f;
}

/** The behaviours a rule read straight from a sentence already is (it is not built a second time). */
function builtByReadRules(request: BotRequest, read: ReadRules): Feature[] {
  const kinds = read.kinds;
  const rules = read.rules;
  const built: Feature[] = [];
  if (kinds.has('count') || kinds.has('top')) built.push('counter');
  if (kinds.has('threshold') && !request.commandNames.prices) built.push('prices');
  // "every day 7:30 tweet: Guten Morgen + the weather": the weather is that post's, no /weather was asked.
  const weatherRead = rules.some((r) => [...r.do.flatMap((a) => (a.kind === 'data' ? [a.source] : [])), ...r.if.flatMap((c) => (c.kind === 'threshold' ? [c.source] : []))].some((s) => s.kind === 'weather'));
  if (weatherRead && !request.commandNames.weather) built.push('weather');
  // "/chf <amount> → francs to euro": the currencies are the conversion's, no coin price was asked.
  if (kinds.has('convert') && request.coins.length === 0 && !request.commandNames.prices) built.push('prices');
  if (rules.some((r) => r.when.kind === 'schedule' && r.do.some((a) => a.kind === 'post' || a.kind === 'replyOneOf' || a.kind === 'poll' || a.kind === 'data'))) {
    // "sends a reminder every tuesday at 6pm: ..." is that post, not reminders someone sets.
    built.push('scheduled', 'reminders');
  }
  if (rules.some((r) => r.when.kind === 'join')) built.push('welcome');
  if (rules.some((r) => r.when.kind === 'keyword' && r.do.some((x) => ['delete', 'ban', 'kick', 'mute'].includes(x.kind)))) built.push('moderation');
  if (rules.some((r) => r.when.kind === 'leave')) built.push('goodbye');
  if (rules.some((r) => r.do.some((a) => a.kind === 'replyOneOf'))) {
    // "tweet one of these quotes: ..." is that list, not the built-in quotes (unless a command of theirs was named).
    for (const own of ['random', 'quotes', 'jokes', 'facts'] as const) if (!request.commandNames[own]) built.push(own);
  }
  if (rules.some((r) => r.do.some((a) => a.kind === 'poll'))) built.push('polls');
  if (rules.some((r) => r.do.some((a) => a.kind === 'quiz')) && !request.commandNames.facts) built.push('facts');
  if (rules.some((r) => r.do.some((a) => a.kind === 'buttons'))) built.push('menu');
  if (rules.some((r) => r.if.some((c) => c.kind === 'hours'))) built.push('away');
  if (rules.some((r) => r.do.some((a) => a.kind === 'data' && a.source.kind === 'ai'))) built.push('llm');
  // "/sv <text> → translate to Swedish", "/headlines → the feed's news": those commands are the behaviour, no /translate or /news of its own.
  const sources = new Set(rules.flatMap((r) => r.do.flatMap((a) => (a.kind === 'data' ? [a.source.kind] : []))));
  if (sources.has('translate') && !request.commandNames.translate) built.push('translate');
  if (sources.has('news') && !request.commandNames.news) built.push('news');
  if (rules.some((r) => r.when.kind === 'message' && !r.when.always && r.do.some((x) => x.kind === 'reply'))) built.push('echo');
  // A command read in the person's words ("/quote asks them ...") is that rule: no behaviour of its name, nor its note.
  for (const feature of request.features) if (COMMAND_OF[feature] && read.commands.has(commandName(request, feature).toLowerCase())) built.push(feature);
  return built;
}

/** The behaviours whose name is only a word of the person's: one a read rule listens for, a button's label, a word in their texts. */
function onlyWordsOfReadRules(request: BotRequest, read: ReadRules): Feature[] {
  const words = read.words;
  const named: Feature[] = [];
  // A word a read rule listens for ("when someone DMs me quote") or a button's label ("Quote | Hours") is
  // not the behaviour of that name.
  for (const [feature, command] of Object.entries(COMMAND_OF) as Array<[Feature, string]>) {
    if (!request.commandNames[feature] && (words.has(command) || words.has(`${command}s`))) named.push(feature);
  }
  // A button labelled "Hourly" or "Daily" asks for no posts at that interval.
  if (['hourly', 'daily', 'weekly'].some((w) => words.has(w))) named.push('scheduled');
  // A behaviour's word inside the person's own texts ("only for kita news") is no behaviour, when nothing
  // else asked for it (no feed, no city, no coin of its own).
  const ownWords = [...read.texts, ...request.commandReplies.map((c) => c.reply), ...request.keywordReplies.map((k) => k.reply)].join('\n');
  const WORD_OF: Array<[Feature, RegExp, boolean]> = [
    ['news', /\bnews\b/i, request.feedUrl === null],
    ['weather', /\b(?:weather|forecast)\b/i, request.city === null],
    ['translate', /\btranslat/i, request.targetLanguage === null],
    ['polls', /\b(?:polls?|vot(?:e|es|ing))\b/i, request.poll === null],
    ['rules', /\brules\b/i, true],
  ];
  for (const [feature, word, bare] of WORD_OF) if (bare && !request.commandNames[feature] && word.test(ownWords)) named.push(feature);
  // The older reading's posts without any time or interval are not a schedule (the new reading takes those).
  if (request.featuresStated && request.postTimes.length === 0 && request.intervalMinutes === null) named.push('scheduled');
  return named;
}
