// The builtin's reading of a message (BotRequest) as the bot plan: one rule per thing asked, the
// person's words carried as they wrote them, and a blank (null) wherever they gave none. Settings
// that are not content (time zone, warnings before a mute, the /start greeting) get a default, each
// listed in `defaults`; nothing asked for is replaced by sample content.
import type { Action, BotPlan, DataSource, Rule, Trigger } from '../../../../shared/bot-plan.schema';
import type { RuleDraft } from './understanding/rule-draft';
import { markUnsupported } from '../../../../shared/bot-plan-platforms';
import { PLATFORM_INFO } from './platforms';
import type { BotRequest, Feature } from './request';
import { ASKING_WORDS, COPY_LEFT } from './understanding/answers';
import { finishRules } from './understanding/finishing';
import { timesIn } from './understanding/times';
import { BUILTIN_FACTS, BUILTIN_JOKES, BUILTIN_QUOTES, DEFAULT_OPEN_HOURS } from './plan-content';
import { awayText, DEFAULT_MUTE_MINUTES, DEFAULT_WARN_LIMIT, nonEmpty, timeOfDay, weekdays } from './plan-content';

/** The names of the behaviours' commands when the person did not rename them. */
const COMMAND_OF: Partial<Record<Feature, string>> = {
  jokes: 'joke', quotes: 'quote', facts: 'fact', random: 'pick', polls: 'poll', rules: 'rules', weather: 'weather',
  news: 'news', prices: 'price', translate: 'translate', counter: 'stats', menu: 'menu',
};

class RuleList {
  readonly rules: Rule[] = [];
  private readonly ids = new Set<string>();

  add(base: string, when: Trigger, actions: Action[], extra: Partial<Pick<Rule, 'if' | 'source' | 'channel'>> = {}): void {
    let id = base.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 36) || 'rule';
    for (let n = 2; this.ids.has(id); n++) id = `${base.slice(0, 34)}-${n}`;
    this.ids.add(id);
    this.rules.push({ id, when, if: extra.if ?? [], do: actions, ...(extra.channel ? { channel: extra.channel } : {}), ...(extra.source ? { source: extra.source } : {}) });
  }
}

function command(name: string): Trigger {
  return { kind: 'command', name };
}

/**
 * The plan of a request; `name` is the bot's name (its project's, or one made from the request).
 * `followUp`: the request changes a bot that exists, so it adds no /start rule of its own.
 */
export function planFromRequest(request: BotRequest, name: string, options: { followUp?: boolean } = {}): BotPlan {
  const info = PLATFORM_INFO[request.platform];
  // Telegram commands are always /; elsewhere the prefix the person wrote (a Slack /lunchpoll stays /).
  const p = request.platform === 'telegram' ? '/' : (request.prefixWritten ?? info.commandPrefix);
  const f = new Set(request.features);
  const read = request.rules;
  const readKinds = new Set(read.flatMap((r) => [...r.do.map((a) => a.kind), ...r.if.map((c) => c.kind), r.when.kind]));
  // What a rule read straight from a sentence says is not built a second time by the feature reading.
  if (readKinds.has('count') || readKinds.has('top')) f.delete('counter');
  if (readKinds.has('threshold') && !request.commandNames.prices) f.delete('prices');
  // "every day 7:30 tweet: Guten Morgen + the weather": the weather is that post's, no /weather was asked.
  const weatherRead = read.some((r) => [...r.do.flatMap((a) => (a.kind === 'data' ? [a.source] : [])), ...r.if.flatMap((c) => (c.kind === 'threshold' ? [c.source] : []))].some((s) => s.kind === 'weather'));
  if (weatherRead && !request.commandNames.weather) f.delete('weather');
  // "/chf <amount> → francs to euro": the currencies are the conversion's, no coin price was asked.
  if (readKinds.has('convert') && request.coins.length === 0 && !request.commandNames.prices) f.delete('prices');
  if (read.some((r) => r.when.kind === 'schedule' && r.do.some((a) => a.kind === 'post' || a.kind === 'replyOneOf' || a.kind === 'poll' || a.kind === 'data'))) {
    // "sends a reminder every tuesday at 6pm: ..." is that post, not reminders someone sets.
    f.delete('scheduled');
    f.delete('reminders');
  }
  if (read.some((r) => r.when.kind === 'join')) f.delete('welcome');
  if (read.some((r) => r.when.kind === 'keyword' && r.do.some((x) => ['delete', 'ban', 'kick', 'mute'].includes(x.kind)))) f.delete('moderation');
  if (read.some((r) => r.when.kind === 'leave')) f.delete('goodbye');
  if (read.some((r) => r.do.some((a) => a.kind === 'replyOneOf'))) {
    // "tweet one of these quotes: ..." is that list, not the built-in quotes (unless a command of theirs was named).
    for (const own of ['random', 'quotes', 'jokes', 'facts'] as const) if (!request.commandNames[own]) f.delete(own);
  }
  if (read.some((r) => r.do.some((a) => a.kind === 'poll'))) f.delete('polls');
  if (read.some((r) => r.do.some((a) => a.kind === 'quiz')) && !request.commandNames.facts) f.delete('facts');
  if (read.some((r) => r.do.some((a) => a.kind === 'buttons'))) f.delete('menu');
  if (read.some((r) => r.if.some((c) => c.kind === 'hours'))) f.delete('away');
  if (read.some((r) => r.do.some((a) => a.kind === 'data' && a.source.kind === 'ai'))) f.delete('llm');
  // A word a read rule listens for ("when someone DMs me quote") or a button's label ("Quote | Hours") is
  // not the behaviour of that name.
  const readWords = new Set(
    read.flatMap((r) => [
      ...(r.when.kind === 'keyword' ? r.when.words : []),
      ...r.do.flatMap((a) => (a.kind === 'buttons' ? a.buttons.map((b) => b.label) : [])),
    ]).map((w) => w.toLowerCase()),
  );
  for (const [feature, command] of Object.entries(COMMAND_OF) as Array<[Feature, string]>) {
    if (!request.commandNames[feature] && (readWords.has(command) || readWords.has(`${command}s`))) f.delete(feature);
  }
  // A button labelled "Hourly" or "Daily" asks for no posts at that interval.
  if (['hourly', 'daily', 'weekly'].some((w) => readWords.has(w))) f.delete('scheduled');
  if (read.some((r) => r.when.kind === 'message' && !r.when.always && r.do.some((x) => x.kind === 'reply'))) f.delete('echo');
  const readTexts = new Set(read.flatMap((r) => r.do.flatMap((a) => ('text' in a && typeof a.text === 'string' ? [a.text] : []))));
  // A behaviour's word inside the person's own texts ("only for kita news") is no behaviour, when nothing
  // else asked for it (no feed, no city, no coin of its own).
  const ownWords = [...readTexts, ...request.commandReplies.map((c) => c.reply), ...request.keywordReplies.map((k) => k.reply)].join('\n');
  const WORD_OF: Array<[Feature, RegExp, boolean]> = [
    ['news', /\bnews\b/i, request.feedUrl === null],
    ['weather', /\b(?:weather|forecast)\b/i, request.city === null],
    ['translate', /\btranslat/i, request.targetLanguage === null],
    ['polls', /\b(?:polls?|vot(?:e|es|ing))\b/i, request.poll === null],
    ['rules', /\brules\b/i, true],
  ];
  for (const [feature, word, bare] of WORD_OF) if (bare && !request.commandNames[feature] && word.test(ownWords)) f.delete(feature);
  // The older reading's posts without any time or interval are not a schedule (the new reading takes those).
  if (request.featuresStated && request.postTimes.length === 0 && request.intervalMinutes === null) f.delete('scheduled');
  const defaults: string[] = [];
  const list = new RuleList();
  const cmd = (feature: Feature) => request.commandNames[feature] ?? COMMAND_OF[feature]!;

  if (!options.followUp) defaults.push(...choicesMade(request));
  // A start the person wrote (buttons on /start, their own greeting) is theirs, not the default one.
  const ownStart = read.some((r) => r.when.kind === 'command' && r.when.name === 'start');
  if (f.has('commands') && request.platform !== 'twitter' && !options.followUp && !ownStart) {
    list.add('start', command('start'), [{ kind: 'reply', text: `Hi! I am ${name}. Send ${p}help to see what I can do.` }]);
    defaults.push(`${p}start greets people with a short hello and ${p}help lists the commands: edit the ${p}start rule to say something else.`);
  }
  // The place a weather rule without one is about: the request's, or another rule's.
  const sources = read.flatMap((r) => [...r.if.flatMap((c) => (c.kind === 'threshold' ? [c.source] : [])), ...r.do.flatMap((a) => (a.kind === 'data' ? [a.source] : []))]);
  const city = request.city ?? sources.flatMap((s) => (s.kind === 'weather' && s.city ? [s.city] : []))[0] ?? null;
  for (const r of read) {
    // A rule read only to say what could not be built ("copy it to #hall-of-fame") has nothing to do.
    if (r.do.length === 0) continue;
    if (city) withCity(r, city);
    list.add(r.id, r.when, r.do, { if: r.if, ...(r.channel ? { channel: r.channel } : {}), ...(r.source ? { source: r.source } : {}) });
    if (r.note) defaults.push(r.note);
  }
  const readCommands = new Set(read.flatMap((r) => (r.when.kind === 'command' ? [r.when.name.toLowerCase()] : [])));
  // A command read in the person's words ("/quote asks them ...") is that rule: no behaviour of its name, nor its note.
  for (const feature of [...f]) if (COMMAND_OF[feature] && readCommands.has(cmd(feature).toLowerCase())) f.delete(feature);
  for (const c of request.commandReplies) {
    if (readCommands.has(c.name.toLowerCase())) continue;
    if (c.name === 'start' && c.reply) list.rules.splice(0, list.rules.length, ...list.rules.filter((r) => r.id !== 'start'));
    if (c.name === 'help' && !c.reply) continue;
    list.add(c.name, command(c.name), [{ kind: 'reply', text: c.reply || null }]);
  }
  // Keywords with one answer are one rule ("puncture or flat tyre" -> "Walk-in repair takes 20 min").
  const byReply = new Map<string, { words: string[]; chat: string | null }>();
  // A word inside a phrase a read rule listens for ("open" in "are you open") is that rule's.
  const readPhrases = [...readWords];
  // The older reading's keyword that is a say-word ("answer with one of") or holds a read one ("us with commission") is noise.
  // So is an answer that is questions a read rule asks ("cita → ask ¿Nombre? then ...").
  const asked = readKinds.has('ask');
  const noise = (k: { keyword: string; reply: string }) =>
    /\b(?:answer|reply|say|respond|send)\b/.test(k.keyword) || (k.keyword.split(/\s+/).length >= 3 && readPhrases.some((w) => k.keyword.includes(w))) || (asked && ASKING_WORDS.test(k.reply)) || COPY_LEFT.test(k.reply);
  for (const k of request.keywordReplies.filter((k) => !readTexts.has(k.reply) && !readPhrases.some((w) => w.includes(k.keyword)) && !noise(k))) {
    byReply.set(k.reply, { words: [...(byReply.get(k.reply)?.words ?? []), k.keyword], chat: byReply.get(k.reply)?.chat ?? k.chat ?? null });
  }
  for (const [reply, { words, chat }] of byReply) {
    list.add(words[0]!, { kind: 'keyword', words: [...new Set(words)], whole: false }, [{ kind: 'reply', text: reply || null }], chat ? { if: [{ kind: 'chat', name: chat }] } : {});
  }
  if (f.has('keywords') && request.keywordReplies.length === 0) {
    list.add('faq', { kind: 'keyword', words: [], whole: false }, [{ kind: 'reply', text: null }]);
  }

  if (f.has('welcome')) list.add('welcome', { kind: 'join' }, [{ kind: 'reply', text: request.welcomeText }]);
  if (f.has('goodbye')) list.add('goodbye', { kind: 'leave' }, [{ kind: 'reply', text: request.goodbyeText }]);
  if (f.has('rules')) list.add('rules', command(cmd('rules')), [{ kind: 'reply', text: request.rulesText?.trim() || null }]);

  if (f.has('moderation')) {
    const words = nonEmpty(request.bannedWords);
    const banned: Trigger = { kind: 'keyword', words, whole: false };
    list.add('banned-words', banned, [
      { kind: 'delete' },
      { kind: 'warn', text: '{name}, please keep the chat friendly: that message contained a word that is not allowed here.' },
    ]);
    const limit = request.warnLimit ?? DEFAULT_WARN_LIMIT;
    const minutes = Math.max(1, request.muteMinutes ?? DEFAULT_MUTE_MINUTES);
    if (limit > 0 && request.platform !== 'slack' && request.platform !== 'whatsapp' && request.platform !== 'twitter') {
      list.add('mute-after-warnings', banned, [{ kind: 'mute', minutes, text: `{name} is muted for ${minutes} minutes.` }], { if: [{ kind: 'warnings', atLeast: limit }] });
      if (request.warnLimit === null || request.muteMinutes === null) {
        defaults.push(`After ${limit} warnings someone is muted for ${minutes} minutes: edit the mute rule to change either.`);
      }
    }
    defaults.push('The warning text is a default: edit the banned-words rule to say it your way.');
  }

  // Times written inside a rule's own words ("gates open 8:00") are not posting times.
  const textTimes = new Set([...request.commandReplies.map((c) => c.reply), ...request.keywordReplies.map((k) => k.reply), ...readTexts].flatMap((t) => timesIn(t).map((x) => x.time)));
  // ... nor are the ends of hours a rule keeps ("between 9pm and 8am just reply ...").
  for (const r of read) for (const c of r.if) if (c.kind === 'hours') [c.from, c.to].forEach((t) => textTimes.add(t));
  const postTimes = request.postTimes.filter((t) => !textTimes.has(timeOfDay(t) ?? t));
  if (request.postTimes.length > 0 && postTimes.length === 0 && request.intervalMinutes === null) f.delete('scheduled');
  if (f.has('scheduled')) {
    const times = [...new Set(postTimes.map(timeOfDay).filter((t): t is string => t !== null))].sort();
    const when: Trigger =
      times.length > 0
        ? { kind: 'schedule', times, weekdays: weekdays(request.postWeekdays), offsetMinutes: 0 }
        : { kind: 'schedule', everyMinutes: request.intervalMinutes ?? 60, times: [], weekdays: [], offsetMinutes: 0 };
    if (times.length === 0 && request.intervalMinutes === null) defaults.push('It posts every 60 minutes: edit the schedule to change it.');
    const texts = nonEmpty(request.postTexts);
    const action: Action = texts.length > 1 ? { kind: 'replyOneOf', texts, order: 'inTurn' } : { kind: 'post', to: 'channel', text: texts[0] ?? null };
    list.add('scheduled-post', when, [action]);
  }

  if (f.has('jokes')) oneOf(list, cmd('jokes'), request.jokes, BUILTIN_JOKES, 'jokes', defaults, p);
  if (f.has('quotes')) oneOf(list, cmd('quotes'), request.quotes, BUILTIN_QUOTES, 'quotes', defaults, p);
  if (f.has('facts')) oneOf(list, cmd('facts'), request.facts, BUILTIN_FACTS, 'facts', defaults, p);
  if (f.has('random')) {
    const choices = nonEmpty(request.choices);
    list.add(cmd('random'), command(cmd('random')), [{ kind: 'replyOneOf', texts: choices.length >= 2 ? choices : [null], order: 'random' }]);
  }
  if (f.has('polls')) {
    // A question without choices ("Community race this Saturday?") is answered yes or no.
    const yesNo = request.poll !== null && request.poll.question.trim() !== '' && nonEmpty(request.poll.options).length < 2;
    if (yesNo) defaults.push('The poll is answered Yes or No: edit the poll rule to give it your own choices.');
    const own = request.poll && request.poll.question.trim() ? { ...request.poll, options: yesNo ? ['Yes', 'No'] : request.poll.options } : null;
    list.add(cmd('polls'), command(cmd('polls')), [
      own
        ? { kind: 'poll', question: own.question.trim(), options: nonEmpty(own.options).slice(0, 10), fromArgument: false }
        : { kind: 'poll', question: '', options: [], fromArgument: true },
    ]);
  }
  if (f.has('menu')) addMenu(list, cmd('menu'), request.menu);

  if (f.has('away')) {
    const own = request.openHours && timeOfDay(request.openHours.from) && timeOfDay(request.openHours.to) ? request.openHours : null;
    const hours = own ? { from: timeOfDay(own.from)!, to: timeOfDay(own.to)!, weekdays: weekdays(own.weekdays) } : DEFAULT_OPEN_HOURS;
    if (!own) defaults.push(`Open hours are Monday to Friday, ${hours.from} to ${hours.to}: edit the away rule's hours.`);
    list.add('away', { kind: 'message', always: false }, [{ kind: 'reply', text: request.awayText?.trim() || awayText(hours) }], {
      if: [{ kind: 'hours', from: hours.from, to: hours.to, weekdays: hours.weekdays, outside: true }],
    });
  }
  if (f.has('weather')) list.add(cmd('weather'), command(cmd('weather')), [{ kind: 'data', source: { kind: 'weather', ...(request.city ? { city: request.city } : {}) } }]);
  if (f.has('prices')) {
    const coin = request.coins[0]?.trim().toLowerCase();
    const currency = (request.currencies[0] ?? 'usd').toLowerCase();
    list.add(cmd('prices'), command(cmd('prices')), [{ kind: 'data', source: { kind: 'price', ...(coin ? { coin } : {}), currency } }]);
  }
  if (f.has('news')) {
    const source = { kind: 'news' as const, feedUrl: request.feedUrl?.trim() || null, count: 3 };
    const post = request.feedPost;
    // "post new articles": each new item once, in the person's words; a command still gives the newest.
    if (!post.onlyNew || request.commandNames.news) list.add(cmd('news'), command(cmd('news')), [{ kind: 'data', source }]);
    const every = request.intervalMinutes ?? (post.onlyNew ? 30 : null);
    if (every !== null) {
      const posted = post.onlyNew ? { ...source, onlyNew: true } : source;
      list.add('news-post', { kind: 'schedule', everyMinutes: every, times: [], weekdays: [], offsetMinutes: 0 }, [{ kind: 'data', source: posted, ...(post.text ? { text: post.text } : {}) }], post.channel ? { channel: post.channel } : {});
      if (request.intervalMinutes === null) defaults.push('The feed is checked every 30 minutes: tell me another interval ("every hour") to change it.');
    }
  }
  if (f.has('translate')) {
    list.add(cmd('translate'), command(cmd('translate')), [{ kind: 'data', source: { kind: 'translate', to: request.targetLanguage?.trim() || 'English' } }]);
    if (!request.targetLanguage) defaults.push(`${p}${cmd('translate')} translates into English: edit the rule to choose another language.`);
  }
  if (f.has('counter')) {
    list.add('count-messages', { kind: 'message', always: true }, [{ kind: 'count', counter: 'messages', per: 'user' }]);
    list.add(cmd('counter'), command(cmd('counter')), [{ kind: 'top', counter: 'messages', n: 10, text: 'Most messages:\n{top}' }]);
  }
  if (f.has('echo')) list.add('echo', { kind: 'message', always: false }, [{ kind: 'reply', text: '{text}' }]);
  if (f.has('llm')) {
    const about = request.purpose ? ` for ${/^[aeiou]/i.test(request.purpose) ? 'an' : 'a'} ${request.purpose}` : '';
    const trigger: Trigger = request.platform === 'discord' || request.platform === 'slack' ? { kind: 'mention' } : { kind: 'message', always: false };
    list.add('ai-answer', trigger, [{ kind: 'data', source: { kind: 'ai', instructions: `You are ${name}, a friendly ${info.label} bot${about}. Answer briefly and politely.` } }]);
    defaults.push('The AI is told to be a short, friendly helper: edit the AI rule to give it your own instructions.');
  }

  const notBuilt = [
    ...request.impossible.map((i) => ({ words: i.what, reason: i.why })),
    ...read.flatMap((r) => (r.gap ? [r.gap] : [])),
    ...(f.has('reminders') ? [{ words: 'reminders', reason: 'reminders at a time someone names are not in the plan language yet' }] : []),
  ];
  // A command a sentence said in its own words is that rule, not a behaviour of the same name ("/quote
  // starts the questions" is no quotes command); a FAQ without words is no rule when others were read.
  const readIds = new Set(read.map((r) => r.id));
  // "between 9pm and 8am just reply X": at those hours the other answers wait.
  for (const only of read.filter((r) => r.only)) {
    const hours = only.if.filter((c) => c.kind === 'hours').map((c) => ({ ...c, outside: !c.outside }));
    for (const r of list.rules) {
      if (r.when.kind === 'schedule' || r.when.kind === 'join' || r.when.kind === 'leave' || r.if.some((c) => c.kind === 'hours') || r.do.every((a) => a.kind === 'count' || a.kind === 'react')) continue;
      r.if = [...r.if, ...hours];
    }
  }
  // On X every message the bot gets is a mention: "any other mention" is any other message.
  if (request.platform === 'twitter') for (const r of list.rules) if (r.when.kind === 'mention') r.when = { kind: 'message', always: false };
  const rules = list.rules.filter(
    (r) =>
      readIds.has(r.id) ||
      !(r.when.kind === 'command' && readCommands.has(r.when.name.toLowerCase())) && !(r.id === 'faq' && read.some((x) => x.when.kind === 'keyword')),
  );
  // "a /prices command with my price list, i send you the prices later": a list no rule adds to is
  // words still to come (a blank), not a list kept per chat.
  const filled = new Set(rules.flatMap((r) => r.do.flatMap((a) => (a.kind === 'list' && a.op === 'add' ? [a.list] : []))));
  const toCome = (r: Rule) => /\b(?:price ?list|prices|menu|later|soon|tbd)\b/i.test(r.source ?? '');
  for (const r of rules) if (r.do.length === 1 && r.do[0]!.kind === 'list' && r.do[0].op === 'show' && !filled.has(r.do[0].list) && toCome(r)) r.do = [{ kind: 'reply', text: null }];
  // "my chat id is 518834201", "our channel @morningstoa": settings the bot uses when none is set.
  const values = request.settingValues ?? {};
  for (const [setting, value] of Object.entries(values)) defaults.push(`${setting} is ${value}, from your message: set the variable to use another.`);
  // Times are the person's own when they named a zone; else UTC, said where times matter.
  const timed = rules.some((r) => (r.when.kind === 'schedule' && r.when.everyMinutes === undefined) || r.if.some((c) => c.kind === 'hours'));
  if (timed && !request.timeZone && !options.followUp) defaults.push('Times are in UTC: tell me your time zone ("Berlin time", "Europe/Berlin") to use yours.');
  return markUnsupported({
    version: 1,
    name,
    platform: request.platform,
    language: request.language,
    rules: finishRules(rules),
    settings: { timeZone: request.timeZone ?? 'UTC', prefix: p, ...(Object.keys(values).length > 0 ? { values } : {}) },
    defaults,
    notBuilt,
  });
}

/** A weather rule read without its place ("if wind is over 30 km/h") is about the place the request names elsewhere (else a blank). */
function withCity(rule: RuleDraft, city: string): void {
  const placed = (source: DataSource): DataSource => (source.kind === 'weather' && !source.city ? { ...source, city } : source);
  rule.if = rule.if.map((c) => (c.kind === 'threshold' ? { ...c, source: placed(c.source) } : c));
  rule.do = rule.do.map((a) => (a.kind === 'data' ? { ...a, source: placed(a.source) } : a));
}

/** The platform and language chosen for the person, when they named none (or one without a template). */
function choicesMade(request: BotRequest): string[] {
  const said: string[] = [];
  if (request.platformSource === 'default') {
    said.push('No platform was named, so this is a Telegram bot. Say "for Discord", "for WhatsApp", "for Slack", "for Twitter" or "as a webhook" to get another one.');
  } else if (request.platformSource === 'guessed') {
    const why = request.platform === 'discord' ? 'a server with !commands reads as Discord' : 'a workspace reads as Slack';
    said.push(`No platform was named, but ${why}, so this is a ${PLATFORM_INFO[request.platform].label} bot. Say "for Telegram", "for WhatsApp" or another platform to get another one.`);
  } else if (request.platformSource === 'substitute') {
    said.push(`I have no template for ${request.requestedPlatform}, so this is a generic HTTP webhook bot you can connect to it (or to any service that calls webhooks).`);
  }
  if (request.otherPlatforms.length > 0) {
    const others = request.otherPlatforms.map((o) => PLATFORM_INFO[o].label).join(' and ');
    said.push(`I build one bot per request: this one is for ${PLATFORM_INFO[request.platform].label}. Ask again for ${others}.`);
  }
  if (!request.languageStated) said.push('It is written in Python; say "in Node.js" or "in JavaScript" if you prefer JavaScript.');
  return said;
}

function oneOf(list: RuleList, name: string, own: string[], builtin: string[], what: string, defaults: string[], p: string): void {
  const texts = nonEmpty(own);
  list.add(name, command(name), [{ kind: 'replyOneOf', texts: texts.length > 0 ? texts : builtin, order: 'random' }]);
  if (texts.length === 0) defaults.push(`${p}${name} tells one of ${builtin.length} built-in ${what}: edit the rule to use your own.`);
}

function addMenu(list: RuleList, name: string, menu: BotRequest['menu']): void {
  const items = menu.filter((m) => m.label.trim()).slice(0, 12);
  if (items.length === 0) {
    list.add(name, command(name), [{ kind: 'reply', text: null }]);
    return;
  }
  const buttons = items.map((m, i) => ({ id: `${name}-${i + 1}`.toLowerCase().replace(/[^a-z0-9_-]/g, '-'), label: m.label.trim().slice(0, 64) }));
  list.add(name, command(name), [{ kind: 'buttons', text: 'Pick one:', buttons }]);
  items.forEach((m, i) => list.add(buttons[i]!.id, { kind: 'button', id: buttons[i]!.id }, [{ kind: 'reply', text: m.reply.trim() || null }]));
}
