// Turns what was asked (BotRequest) into what will be built (BotPlan): the features the platform
// can offer, and a default for everything the request left open, each default noted for the answer.

import { LLM_DEPENDENCY, LLM_ENV, PLATFORM_INFO, TIME_ZONE_ENV, DATA_FILE_ENV, type EnvVar, type PlatformInfo } from './platforms';
import type { BotLanguage, BotRequest, CommandReply, Feature, KeywordReply, Platform } from './request';
import { FEATURES } from './request';
import {
  BUILTIN_FACTS,
  BUILTIN_JOKES,
  BUILTIN_QUOTES,
  DEFAULT_CHOICES,
  DEFAULT_CITY,
  DEFAULT_COINS,
  DEFAULT_CURRENCIES,
  DEFAULT_FEED,
  DEFAULT_OPEN_HOURS,
  DEFAULT_POLL,
  DEFAULT_RULES,
  DEFAULT_TARGET_LANGUAGE,
  defaultMenu,
  describeWeekdays,
} from './templates/behaviour-content';
import { nameCommands } from './templates/behaviour-commands';
import { blanksOf } from './plan-blanks';
import {
  awayText,
  CAN_MUTE,
  DEFAULT_BANNED_WORDS,
  DEFAULT_MUTE_MINUTES,
  DEFAULT_WARN_LIMIT,
  nonEmpty,
  SAMPLE_FAQ,
  snake,
  timeOfDay,
  weekdays,
} from './plan-defaults';

/** The commands of the behaviours, by their default names. */
export type BehaviourCommand =
  | 'joke' | 'quote' | 'fact' | 'roll' | 'flip' | 'pick' | 'poll' | 'vote' | 'rules' | 'weather' | 'news'
  | 'price' | 'rate' | 'translate' | 'count' | 'stats' | 'menu' | 'remind';

export interface BotPlan {
  platform: Platform;
  language: BotLanguage;
  info: PlatformInfo;
  features: ReadonlySet<Feature>;
  /** Features (or parts of them) asked for that the platform cannot offer, with the reason. */
  dropped: Array<{ feature: Feature; reason: string }>;
  botName: string;
  /** Logger name: the bot name in snake case. */
  slug: string;
  prefix: '/' | '!';
  startMessage: string;
  helpMessage: string;
  /** Said when nothing else answers; null when the bot stays silent instead. */
  fallbackMessage: string | null;
  welcomeMessage: string;
  goodbyeMessage: string;
  bannedWordWarning: string;
  /** Moderation: warnings before a mute (0: never mute) and how long the mute lasts. */
  warnLimit: number;
  muteMinutes: number;
  muteMessage: string;
  systemPrompt: string;
  commandReplies: CommandReply[];
  keywordReplies: KeywordReply[];
  bannedWords: string[];
  /** Scheduled posts: every intervalMinutes when postByInterval, and at postTimes on postWeekdays (all days when empty). */
  intervalMinutes: number;
  postByInterval: boolean;
  postTimes: string[];
  postWeekdays: number[];
  posts: string[];
  /** The name of each behaviour command of the features built ('joke' -> 'gag' when renamed). */
  commands: Partial<Record<BehaviourCommand, string>>;
  jokes: string[];
  quotes: string[];
  facts: string[];
  choices: string[];
  poll: { question: string; options: string[] };
  /** Telegram has real polls; elsewhere /poll shows the question and /vote counts the votes. */
  nativePoll: boolean;
  menuTitle: string;
  menu: Array<{ label: string; reply: string }>;
  rules: string;
  openHours: { from: string; to: string; weekdays: number[] };
  awayMessage: string;
  city: string;
  feedUrl: string;
  newsIntervalMinutes: number;
  coins: string[];
  currencies: string[];
  targetLanguage: string;
  /** Discord and Slack: answer (echo, LLM, fallback) only when the bot is mentioned or in a DM. */
  replyOnlyWhenMentioned: boolean;
  env: EnvVar[];
  dependencies: string[];
  /** The defaults chosen, one sentence each, saying how to change them. */
  defaults: string[];
  /** What the bot leaves out until the person gives its words (never a sample in their place). */
  needsWords: string[];
}

export function planBot(request: BotRequest): BotPlan {
  const { platform, language } = request;
  const info = PLATFORM_INFO[platform];
  const defaults: string[] = [];
  const wanted = new Set<Feature>(request.features);
  const prefix = info.commandPrefix;
  const p = prefix;

  if (!request.featuresStated) {
    wanted.add('keywords');
    defaults.push(
      'No features were named, so it answers /start and /help and replies to a few sample FAQ keywords. Ask for more, e.g. "add a welcome message", "post every 2 hours", "reply with AI".'.replace(
        '/start and /help',
        platform === 'twitter' ? 'mentions' : `${p}start and ${p}help`,
      ),
    );
  }
  if (platform !== 'twitter') wanted.add('commands');
  const { needsWords, noMenu } = blanksOf(request, p, wanted.has('commands'));
  if (noMenu) wanted.delete('menu');

  const dropped: BotPlan['dropped'] = [];
  for (const f of [...wanted]) {
    const reason = info.unsupported[f];
    if (reason) {
      wanted.delete(f);
      dropped.push({ feature: f, reason });
    }
  }
  const features = new Set(FEATURES.filter((f) => wanted.has(f)));
  // Only dropped features left (commands alone are what was asked when the request names some).
  if (dropped.length > 0 && ![...features].some((f) => f !== 'commands')) {
    defaults.push(
      platform === 'twitter'
        ? `Nothing you asked for can work on ${info.label} (the reasons are listed below), so this bot only checks its mentions: add keyword replies to KEYWORD_REPLIES, or ask for AI replies, jokes, weather or scheduled tweets.`
        : `Nothing you asked for can work on ${info.label} (the reasons are listed below), so it only answers ${p}start and ${p}help.`,
    );
  }

  const botName = request.botName ?? `${info.label === 'HTTP webhook' ? 'Webhook' : info.label.split('/')[0]} Bot`;
  const about = request.purpose ? ` for ${/^[aeiou]/i.test(request.purpose) ? 'an' : 'a'} ${request.purpose}` : '';

  if (request.platformSource === 'default') {
    defaults.push('No platform was named, so this is a Telegram bot. Say "for Discord", "for WhatsApp", "for Slack", "for Twitter" or "as a webhook" to get another one.');
  } else if (request.platformSource === 'substitute') {
    defaults.push(`I have no template for ${request.requestedPlatform}, so this is a generic HTTP webhook bot you can connect to it (or to any service that calls webhooks).`);
  }
  if (request.otherPlatforms.length > 0) {
    const others = request.otherPlatforms.map((o) => PLATFORM_INFO[o].label).join(' and ');
    defaults.push(`I build one bot per request: this one is for ${info.label}. Ask again for ${others}.`);
  }
  if (!request.languageStated) {
    defaults.push('It is written in Python; say "in Node.js" or "in JavaScript" if you prefer JavaScript.');
  }

  let keywordReplies = request.keywordReplies;
  if (features.has('keywords') && keywordReplies.length === 0) {
    keywordReplies = SAMPLE_FAQ;
    defaults.push(
      'The FAQ answers are samples (hours, address, contact): edit KEYWORD_REPLIES, or ask "reply \'We open at 9\' when someone says hours".',
    );
  }

  // --- Moderation: banned words, warnings and mutes ---
  let bannedWords = request.bannedWords;
  let warnLimit = 0;
  let muteMinutes = 0;
  if (features.has('moderation')) {
    if (bannedWords.length === 0) {
      bannedWords = DEFAULT_BANNED_WORDS;
      defaults.push(`The banned words are a starting list (${DEFAULT_BANNED_WORDS.join(', ')}): edit BANNED_WORDS to choose your own.`);
    }
    const asksForMute = request.warnLimit !== null || request.muteMinutes !== null;
    if (CAN_MUTE.has(platform)) {
      warnLimit = request.warnLimit ?? DEFAULT_WARN_LIMIT;
      muteMinutes = Math.max(1, request.muteMinutes ?? DEFAULT_MUTE_MINUTES);
      if (warnLimit > 0 && !asksForMute) {
        defaults.push(`After ${warnLimit} warnings someone is muted for ${muteMinutes} minutes: change WARN_LIMIT and MUTE_MINUTES (WARN_LIMIT = 0 never mutes).`);
      } else if (warnLimit > 0 && request.muteMinutes === null) {
        defaults.push(`A mute lasts ${muteMinutes} minutes: change MUTE_MINUTES.`);
      }
    } else if (asksForMute) {
      dropped.push({
        feature: 'moderation',
        reason:
          platform === 'slack'
            ? 'muting: Slack does not let bots mute or time out people (only workspace admins can), so the bot warns but cannot mute'
            : 'muting: WhatsApp Cloud API bots only have one-to-one chats and cannot mute anyone, so the bot warns but cannot mute',
      });
    }
  }
  const muteWhere = platform === 'generic' ? 'the bot ignores them' : 'they cannot write';

  // --- Scheduled posts: every N minutes and/or at times of day ---
  const postTimes = [...new Set(request.postTimes.map(timeOfDay).filter((t): t is string => t !== null))].sort();
  const postWeekdays = weekdays(request.postWeekdays);
  const postByInterval = postTimes.length === 0 || request.intervalMinutes !== null;
  const intervalMinutes = request.intervalMinutes ?? 60;
  let posts = request.postTexts;
  if (features.has('scheduled')) {
    if (postByInterval && request.intervalMinutes === null) {
      defaults.push('It posts every 60 minutes: change POST_INTERVAL_MINUTES, or ask "post every 30 minutes".');
    }
    if (posts.length === 0) {
      posts = [
        `Hello from ${botName}! Thanks for following along.`,
        platform === 'twitter' ? `${botName} here with a regular update. Mention me with a question!` : `${botName} here with a regular update. Send ${p}help to see what I can do.`,
      ];
      defaults.push('The scheduled posts are placeholders: put your own texts in SCHEDULED_POSTS (they are posted in turn).');
    }
  }

  if (features.has('welcome') && !request.welcomeText) {
    defaults.push('The welcome text is a default: change WELCOME_MESSAGE ({name} becomes the member\'s name), or ask "change the welcome message to \'Hi {name}!\'".');
  }
  const goodbyeMessage = request.goodbyeText ?? 'Goodbye, {name}! Thanks for being here.';
  if (features.has('goodbye') && !request.goodbyeText) {
    defaults.push('The goodbye text is a default: change GOODBYE_MESSAGE ({name} becomes the member\'s name).');
  }

  const echoOrLlm = features.has('echo') || features.has('llm');
  const fallbackMessage =
    echoOrLlm || platform === 'twitter'
      ? null
      : `Sorry, I did not understand that.${features.has('commands') ? ` Send ${p}help to see what I can do.` : ''}`;
  const replyOnlyWhenMentioned = (platform === 'discord' || platform === 'slack') && !features.has('echo');
  if (replyOnlyWhenMentioned && (features.has('llm') || fallbackMessage)) {
    defaults.push(
      `In ${platform === 'discord' ? 'servers' : 'channels'} it answers keywords and commands for everyone, but ${features.has('llm') ? 'asks the AI' : 'sends its fallback answer'} only when someone mentions it (always in direct messages): set REPLY_ONLY_WHEN_MENTIONED to ${language === 'python' ? 'False' : 'false'} to answer every message.`,
    );
  }
  const usesModel = features.has('llm') || features.has('translate');
  if (usesModel) {
    defaults.push(`${features.has('llm') ? 'AI answers' : 'Translations'} use gpt-4o-mini unless you set OPENAI_MODEL; set OPENAI_BASE_URL to use Ollama, vLLM or another OpenAI-compatible server.`);
  }

  const commandReplies: CommandReply[] = [];
  if (features.has('commands')) {
    commandReplies.push({ name: 'start', reply: '' }); // START_MESSAGE, written by the templates
    for (const c of request.commandReplies) {
      if (c.name === 'start' || c.name === 'help' || c.name === 'remind') continue;
      // One named without its reply is left out (plan-blanks.ts).
      if (c.reply) commandReplies.push(c);
    }
  }
  const commands = nameCommands(request, features, commandReplies, p, defaults);
  const c = (command: BehaviourCommand) => `${p}${commands[command] ?? command}`;

  // --- The behaviours' own texts and settings ---
  const listOr = (given: string[], builtin: string[], feature: Feature, what: string, setting: string): string[] => {
    const own = nonEmpty(given);
    if (own.length > 0) return own;
    if (features.has(feature)) defaults.push(`The ${what} are a built-in list of ${builtin.length}: edit ${setting} to use your own.`);
    return builtin;
  };
  const jokes = listOr(request.jokes, BUILTIN_JOKES, 'jokes', 'jokes', 'JOKES');
  const quotes = listOr(request.quotes, BUILTIN_QUOTES, 'quotes', 'quotes', 'QUOTES');
  const facts = listOr(request.facts, BUILTIN_FACTS, 'facts', 'facts', 'FACTS');

  let choices = nonEmpty(request.choices);
  if (choices.length < 2) {
    choices = DEFAULT_CHOICES;
    if (features.has('random')) defaults.push(`${c('pick')} without choices picks from ${DEFAULT_CHOICES.join(', ')}: edit CHOICES, or send "${c('pick')} pizza, pasta, salad".`);
  }

  const ownPoll = request.poll && request.poll.question.trim() && nonEmpty(request.poll.options).length >= 2 ? request.poll : null;
  const poll = ownPoll ? { question: ownPoll.question.trim().slice(0, 300), options: nonEmpty(ownPoll.options).slice(0, 10).map((o) => o.slice(0, 100)) } : DEFAULT_POLL;
  if (features.has('polls') && !ownPoll) {
    defaults.push(`The poll asks "${DEFAULT_POLL.question}" (${DEFAULT_POLL.options.join(', ')}): edit POLL_QUESTION and POLL_OPTIONS, or send "${c('poll')} Question? | Option 1 | Option 2".`);
  }

  const ownMenu = request.menu.filter((m) => m.label.trim() && m.reply.trim());
  const menu = ownMenu.length > 0 ? ownMenu.slice(0, 25).map((m) => ({ label: m.label.trim().slice(0, 64), reply: m.reply })) : defaultMenu(botName);
  if (features.has('menu') && ownMenu.length === 0) {
    defaults.push(`The menu buttons are samples (${menu.map((m) => m.label).join(', ')}): edit MENU, one label and reply per button.`);
  }

  const rules = request.rulesText?.trim() || DEFAULT_RULES;
  if (features.has('rules') && !request.rulesText?.trim()) defaults.push('The rules are a sample: write your own in RULES.');

  const ownHours = request.openHours && timeOfDay(request.openHours.from) && timeOfDay(request.openHours.to) ? request.openHours : null;
  const openHours = ownHours
    ? { from: timeOfDay(ownHours.from)!, to: timeOfDay(ownHours.to)!, weekdays: weekdays(ownHours.weekdays) }
    : DEFAULT_OPEN_HOURS;
  const awayMessage = request.awayText?.trim() || awayText(openHours);
  if (features.has('away')) {
    if (!ownHours) defaults.push(`It is open ${describeWeekdays(openHours.weekdays)}, ${openHours.from} to ${openHours.to}: change OPEN_FROM, OPEN_UNTIL and OPEN_WEEKDAYS.`);
    if (!request.awayText?.trim()) defaults.push('The away message is a default: change AWAY_MESSAGE.');
  }
  if (features.has('away') || (features.has('scheduled') && postTimes.length > 0)) {
    defaults.push("Times are in the server's time zone: set TIMEZONE (for example Europe/Berlin) to use another one.");
  }

  const city = request.city?.trim() || DEFAULT_CITY;
  if (features.has('weather') && !request.city?.trim()) {
    defaults.push(`${c('weather')} uses ${DEFAULT_CITY} when no city is given: change DEFAULT_CITY, or send "${c('weather')} Paris".`);
  }

  const feedUrl = request.feedUrl?.trim() || DEFAULT_FEED;
  const newsIntervalMinutes = request.intervalMinutes ?? 60;
  if (features.has('news')) {
    if (!request.feedUrl?.trim()) defaults.push(`The news comes from BBC News (${DEFAULT_FEED}): change NEWS_FEED_URL to any RSS or Atom feed.`);
    if (request.intervalMinutes === null) defaults.push('It looks for new headlines every 60 minutes: change NEWS_INTERVAL_MINUTES.');
  }

  const coins = request.coins.length > 0 ? [...new Set(request.coins.map((x) => x.trim().toLowerCase()).filter(Boolean))] : DEFAULT_COINS;
  const currencies =
    request.currencies.length > 0 ? [...new Set(request.currencies.map((x) => x.trim().toUpperCase()).filter((x) => /^[A-Z]{3}$/.test(x)))] : DEFAULT_CURRENCIES;
  if (features.has('prices') && (request.coins.length === 0 || request.currencies.length === 0)) {
    defaults.push(
      `${c('price')} shows ${coins.join(' and ')} in ${currencies[0]} and ${c('rate')} converts ${currencies.join(' and ')}: edit COINS and CURRENCIES, or send "${c('price')} solana" or "${c('rate')} USD JPY".`,
    );
  }

  const targetLanguage = request.targetLanguage?.trim() || DEFAULT_TARGET_LANGUAGE;
  if (features.has('translate') && !request.targetLanguage?.trim()) {
    defaults.push(`${c('translate')} translates into ${DEFAULT_TARGET_LANGUAGE}: change TARGET_LANGUAGE.`);
  }
  if (features.has('counter') || features.has('news')) {
    defaults.push(`${features.has('counter') ? 'Message counts' : 'The headlines already posted'} are kept in a JSON file next to the bot: set DATA_FILE to keep ${features.has('counter') && features.has('news') ? 'them (and the headlines posted)' : 'them'} elsewhere.`);
  }

  // --- Environment and dependencies ---
  const env: EnvVar[] = [];
  const addEnv = (v: EnvVar) => {
    const at = env.findIndex((e) => e.name === v.name);
    if (at < 0) env.push(v);
    else if (v.required && !env[at]!.required) env[at] = v; // a feature that needs it wins over one that may use it
  };
  info.env.forEach(addEnv);
  for (const f of features) for (const v of info.featureEnv[f] ?? []) addEnv(v);
  if (features.has('away') || (features.has('scheduled') && postTimes.length > 0)) addEnv(TIME_ZONE_ENV);
  if (features.has('counter') || features.has('news')) addEnv(DATA_FILE_ENV);
  if (usesModel) LLM_ENV.forEach(addEnv);
  env.sort((a, b) => Number(b.required) - Number(a.required));

  const dependencies = [...info.dependencies[language]];
  if (usesModel) dependencies.push(LLM_DEPENDENCY);

  return {
    platform,
    language,
    info,
    features,
    dropped,
    botName,
    slug: snake(botName),
    prefix,
    startMessage: `Hi! I am ${botName}. Send ${p}help to see what I can do.`,
    helpMessage: `${botName} understands these commands:`,
    fallbackMessage,
    welcomeMessage: request.welcomeText ?? `Welcome, {name}! I am ${botName}.${features.has('commands') ? ` Send ${p}help to see what I can do.` : ''}`,
    goodbyeMessage,
    bannedWordWarning: '{name}, please keep the chat friendly: that message contained a word that is not allowed here.',
    warnLimit,
    muteMinutes,
    muteMessage: `{name} is muted for {minutes} minutes after {warnings} warnings: ${muteWhere} until then.`,
    systemPrompt: `You are ${botName}, a friendly ${info.label} bot${about}. Answer briefly and politely.`,
    commandReplies,
    keywordReplies,
    bannedWords,
    intervalMinutes,
    postByInterval,
    postTimes,
    postWeekdays,
    posts,
    commands,
    jokes,
    quotes,
    facts,
    choices,
    poll,
    nativePoll: platform === 'telegram',
    menuTitle: 'What would you like to know? Pick one:',
    menu,
    rules,
    openHours,
    awayMessage,
    city,
    feedUrl,
    newsIntervalMinutes,
    coins,
    currencies,
    targetLanguage,
    replyOnlyWhenMentioned,
    env,
    dependencies,
    defaults,
    needsWords,
  };
}
