// Turns what was asked (BotRequest) into what will be built (BotPlan): the features the platform
// can offer, and a default for everything the request left open, each default noted for the answer.

import { LLM_DEPENDENCY, LLM_ENV, PLATFORM_INFO, type EnvVar, type PlatformInfo } from './platforms';
import type { BotLanguage, BotRequest, CommandReply, Feature, KeywordReply, Platform } from './request';
import { FEATURES } from './request';

export interface BotPlan {
  platform: Platform;
  language: BotLanguage;
  info: PlatformInfo;
  features: ReadonlySet<Feature>;
  /** Features asked for that the platform cannot offer, with the reason. */
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
  bannedWordWarning: string;
  systemPrompt: string;
  commandReplies: CommandReply[];
  keywordReplies: KeywordReply[];
  bannedWords: string[];
  intervalMinutes: number;
  posts: string[];
  /** Discord and Slack: answer (echo, LLM, fallback) only when the bot is mentioned or in a DM. */
  replyOnlyWhenMentioned: boolean;
  env: EnvVar[];
  dependencies: string[];
  /** The defaults chosen, one sentence each, saying how to change them. */
  defaults: string[];
}

const SAMPLE_FAQ: KeywordReply[] = [
  { keyword: 'hours', reply: 'We are open Monday to Saturday, 9:00 to 18:00.' },
  { keyword: 'address', reply: 'You can find us at 1 Example Street (edit this text in KEYWORD_REPLIES).' },
  { keyword: 'contact', reply: 'Leave your question here and we will get back to you as soon as we can.' },
];

const DEFAULT_BANNED_WORDS = ['spam', 'scam', 'idiot'];

function snake(name: string): string {
  const s = name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(s) ? s.slice(0, 40) : `bot_${s}`.slice(0, 40);
}

export function planBot(request: BotRequest): BotPlan {
  const { platform, language } = request;
  const info = PLATFORM_INFO[platform];
  const defaults: string[] = [];
  const wanted = new Set<Feature>(request.features);

  if (!request.featuresStated) {
    wanted.add('keywords');
    defaults.push(
      'No features were named, so it answers /start and /help and replies to a few sample FAQ keywords. Ask for more, e.g. "add a welcome message", "post every 2 hours", "reply with AI".'.replace(
        '/start and /help',
        platform === 'twitter' ? 'mentions' : `${info.commandPrefix}start and ${info.commandPrefix}help`,
      ),
    );
  }
  if (platform !== 'twitter') wanted.add('commands');

  const dropped: BotPlan['dropped'] = [];
  for (const f of [...wanted]) {
    const reason = info.unsupported[f];
    if (reason) {
      wanted.delete(f);
      dropped.push({ feature: f, reason });
    }
  }
  // Everything asked for is impossible here: fall back to the default FAQ answers rather than a bot that does nothing.
  if (request.featuresStated && ![...wanted].some((f) => f !== 'commands')) {
    wanted.add('keywords');
    defaults.push(`None of the features you asked for work on ${info.label}, so it answers a few sample FAQ keywords instead.`);
  }
  const features = new Set(FEATURES.filter((f) => wanted.has(f)));

  const botName = request.botName ?? `${info.label === 'HTTP webhook' ? 'Webhook' : info.label.split('/')[0]} Bot`;
  const prefix = info.commandPrefix;
  const about = request.purpose ? ` for ${/^[aeiou]/i.test(request.purpose) ? 'an' : 'a'} ${request.purpose}` : '';

  if (request.platformSource === 'default') {
    defaults.push('No platform was named, so this is a Telegram bot. Say "for Discord", "for WhatsApp", "for Slack", "for Twitter" or "as a webhook" to get another one.');
  } else if (request.platformSource === 'substitute') {
    defaults.push(`I have no template for ${request.requestedPlatform}, so this is a generic HTTP webhook bot you can connect to it (or to any service that calls webhooks).`);
  }
  if (request.otherPlatforms.length > 0) {
    const others = request.otherPlatforms.map((p) => PLATFORM_INFO[p].label).join(' and ');
    defaults.push(`I build one bot per request: this one is for ${info.label}. Ask again for ${others}.`);
  }
  if (!request.languageStated) {
    defaults.push('It is written in Python; say "in Node.js" or "in JavaScript" if you prefer JavaScript.');
  }

  let keywordReplies = request.keywordReplies;
  if (features.has('keywords') && keywordReplies.length === 0) {
    keywordReplies = SAMPLE_FAQ;
    defaults.push(
      'The FAQ answers are samples (hours, address, contact): edit KEYWORD_REPLIES, or ask "reply \'We open at 8\' when someone says hours".',
    );
  }

  let bannedWords = request.bannedWords;
  if (features.has('moderation') && bannedWords.length === 0) {
    bannedWords = DEFAULT_BANNED_WORDS;
    defaults.push(`The banned words are a starting list (${DEFAULT_BANNED_WORDS.join(', ')}): edit BANNED_WORDS to choose your own.`);
  }

  const intervalMinutes = request.intervalMinutes ?? 60;
  let posts = request.postTexts;
  if (features.has('scheduled')) {
    if (request.intervalMinutes === null) {
      defaults.push('It posts every 60 minutes: change POST_INTERVAL_MINUTES, or ask "post every 30 minutes".');
    }
    if (posts.length === 0) {
      posts = [
        `Hello from ${botName}! Thanks for following along.`,
        platform === 'twitter' ? `${botName} here with a regular update. Mention me with a question!` : `${botName} here with a regular update. Send ${prefix}help to see what I can do.`,
      ];
      defaults.push('The scheduled posts are placeholders: put your own texts in SCHEDULED_POSTS (they are posted in turn).');
    }
  }

  if (features.has('welcome') && !request.welcomeText) {
    defaults.push('The welcome text is a default: change WELCOME_MESSAGE ({name} becomes the member\'s name), or ask "change the welcome message to \'Hi {name}!\'".');
  }

  const echoOrLlm = features.has('echo') || features.has('llm');
  const fallbackMessage =
    echoOrLlm || platform === 'twitter'
      ? null
      : `Sorry, I did not understand that.${features.has('commands') ? ` Send ${prefix}help to see what I can do.` : ''}`;
  const replyOnlyWhenMentioned = (platform === 'discord' || platform === 'slack') && !features.has('echo');
  if (replyOnlyWhenMentioned && (features.has('llm') || fallbackMessage)) {
    defaults.push(
      `In ${platform === 'discord' ? 'servers' : 'channels'} it answers keywords and commands for everyone, but ${features.has('llm') ? 'asks the AI' : 'sends its fallback answer'} only when someone mentions it (always in direct messages): set REPLY_ONLY_WHEN_MENTIONED to ${language === 'python' ? 'False' : 'false'} to answer every message.`,
    );
  }
  if (features.has('llm')) {
    defaults.push('AI answers use gpt-4o-mini unless you set OPENAI_MODEL; set OPENAI_BASE_URL to use Ollama, vLLM or another OpenAI-compatible server.');
  }

  const commandReplies: CommandReply[] = [];
  if (features.has('commands')) {
    commandReplies.push({ name: 'start', reply: '' }); // START_MESSAGE, written by the templates
    for (const c of request.commandReplies) {
      if (c.name === 'start' || c.name === 'help' || c.name === 'remind') continue;
      commandReplies.push(c);
    }
  }

  const env = [...info.env];
  for (const f of features) for (const v of info.featureEnv[f] ?? []) if (!env.some((e) => e.name === v.name)) env.push(v);
  if (features.has('llm')) env.push(...LLM_ENV);
  env.sort((a, b) => Number(b.required) - Number(a.required));

  const dependencies = [...info.dependencies[language]];
  if (features.has('llm')) dependencies.push(LLM_DEPENDENCY);

  return {
    platform,
    language,
    info,
    features,
    dropped,
    botName,
    slug: snake(botName),
    prefix,
    startMessage: `Hi! I am ${botName}. Send ${prefix}help to see what I can do.`,
    helpMessage: `${botName} understands these commands:`,
    fallbackMessage,
    welcomeMessage: request.welcomeText ?? `Welcome, {name}! I am ${botName}.${features.has('commands') ? ` Send ${prefix}help to see what I can do.` : ''}`,
    bannedWordWarning: '{name}, please keep the chat friendly: that message contained a word that is not allowed here.',
    systemPrompt: `You are ${botName}, a friendly ${info.label} bot${about}. Answer briefly and politely.`,
    commandReplies,
    keywordReplies,
    bannedWords,
    intervalMinutes,
    posts,
    replyOnlyWhenMentioned,
    env,
    dependencies,
    defaults,
  };
}
