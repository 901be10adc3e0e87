// What the builtin assistant knows about each platform: the libraries it uses, the environment
// variables a bot needs, what the platform lets a bot do, and how to set the bot up there.

import type { BotLanguage, Feature, Platform } from './request';

export interface EnvVar {
  name: string;
  required: boolean;
  description: string;
}

export interface PlatformInfo {
  label: string;
  /** File name without extension: telegram_bot -> telegram_bot.py / telegram_bot.js. */
  fileStem: string;
  library: Record<BotLanguage, string>;
  dependencies: Record<BotLanguage, string[]>;
  env: EnvVar[];
  /** Extra variables a feature needs on this platform. */
  featureEnv: Partial<Record<Feature, EnvVar[]>>;
  /** Features this platform cannot offer (the answer says so). */
  unsupported: Partial<Record<Feature, string>>;
  /** How a user writes a command in a message. */
  commandPrefix: '/' | '!';
  /** Steps to create the bot on the platform and connect it. */
  setup: string[];
}

const LOG_LEVEL: EnvVar = { name: 'LOG_LEVEL', required: false, description: 'DEBUG for more detail (default INFO)' };

export const PLATFORM_INFO: Record<Platform, PlatformInfo> = {
  telegram: {
    label: 'Telegram',
    fileStem: 'telegram_bot',
    library: { python: 'python-telegram-bot v21', javascript: 'Telegraf 4' },
    dependencies: { python: ['python-telegram-bot'], javascript: ['telegraf'] },
    env: [
      { name: 'TELEGRAM_BOT_TOKEN', required: true, description: 'the token @BotFather gives you for the bot' },
      LOG_LEVEL,
      { name: 'TELEGRAM_API_BASE', required: false, description: "leave it unset to talk to Telegram; Botwright's test chat sets it to its own Telegram emulator" },
    ],
    featureEnv: {
      scheduled: [{ name: 'TELEGRAM_CHAT_ID', required: true, description: 'the chat or channel to post to (e.g. @mychannel or -100...); the bot must be an admin of a channel' }],
      news: [{ name: 'TELEGRAM_CHAT_ID', required: false, description: 'the chat or channel new headlines are posted to (e.g. @mychannel or -100...); without it only /news shows them' }],
    },
    unsupported: {},
    commandPrefix: '/',
    setup: [
      'Talk to @BotFather on Telegram, send /newbot and copy the token it gives you.',
      'In groups, bots only see commands unless you turn privacy mode off (@BotFather, /setprivacy): do that for keyword replies, echo, counting or moderation in groups.',
      'To delete messages and mute people in a group, make the bot an admin with the "Delete messages" and "Ban users" rights.',
    ],
  },
  discord: {
    label: 'Discord',
    fileStem: 'discord_bot',
    library: { python: 'discord.py 2', javascript: 'discord.js 14' },
    dependencies: { python: ['discord.py'], javascript: ['discord.js'] },
    env: [{ name: 'DISCORD_BOT_TOKEN', required: true, description: 'the bot token from the Discord Developer Portal (Bot tab)' }, LOG_LEVEL],
    featureEnv: {
      scheduled: [{ name: 'DISCORD_CHANNEL_ID', required: true, description: 'the id of the channel to post to (Developer Mode, right-click the channel, Copy ID)' }],
      news: [{ name: 'DISCORD_CHANNEL_ID', required: false, description: 'the id of the channel new headlines are posted to; without it only !news shows them' }],
    },
    unsupported: {},
    commandPrefix: '!',
    setup: [
      'Create an application at the Discord Developer Portal, add a bot and copy its token.',
      'On the Bot tab turn on the Message Content intent (and the Server Members intent for welcome and goodbye messages).',
      'Invite the bot with the OAuth2 URL generator (scope bot; permissions Send Messages, Read Message History, plus Manage Messages and Moderate Members for moderation).',
    ],
  },
  twitter: {
    label: 'Twitter/X',
    fileStem: 'twitter_bot',
    library: { python: 'tweepy', javascript: 'twitter-api-v2' },
    dependencies: { python: ['tweepy'], javascript: ['twitter-api-v2'] },
    env: [
      { name: 'TWITTER_API_KEY', required: true, description: 'the API key (consumer key) of your X developer app' },
      { name: 'TWITTER_API_SECRET', required: true, description: 'the API key secret' },
      { name: 'TWITTER_ACCESS_TOKEN', required: true, description: "the access token of the bot's account (read and write)" },
      { name: 'TWITTER_ACCESS_SECRET', required: true, description: 'the access token secret' },
      LOG_LEVEL,
    ],
    featureEnv: {},
    unsupported: {
      commands: 'X has no bot commands (people mention the bot instead: "@yourbot joke" works for the built-in behaviours)',
      welcome: 'X does not tell bots about new followers on the basic API plans',
      goodbye: 'X does not tell bots when someone unfollows on the basic API plans',
      moderation: "a bot cannot delete other people's replies or mute anyone on X",
      reminders: 'reminders need a chat to send them to',
      polls: 'a bot that answers mentions one by one cannot run a vote, and reading poll results needs a paid API plan',
      menu: 'X has no buttons for bots to send',
    },
    commandPrefix: '/',
    setup: [
      'Create a project and app at the X developer portal, set its permissions to Read and Write, then generate the access token and secret for the bot account.',
      'Reading mentions needs an API plan that allows it (Basic or higher).',
    ],
  },
  whatsapp: {
    label: 'WhatsApp',
    fileStem: 'whatsapp_bot',
    library: { python: 'Flask + the WhatsApp Cloud API', javascript: 'Express + the WhatsApp Cloud API' },
    dependencies: { python: ['flask', 'requests'], javascript: ['express'] },
    env: [
      { name: 'WHATSAPP_TOKEN', required: true, description: 'the access token of your Meta app (WhatsApp > API Setup)' },
      { name: 'WHATSAPP_PHONE_NUMBER_ID', required: true, description: 'the phone number id shown on the same page' },
      { name: 'WHATSAPP_VERIFY_TOKEN', required: true, description: 'any secret text you choose; enter the same text as the webhook verify token' },
      { name: 'WHATSAPP_APP_SECRET', required: false, description: 'your Meta app secret: when set, webhook calls without a valid signature are refused' },
      { name: 'PORT', required: false, description: 'the port of the webhook server (default 5000)' },
      LOG_LEVEL,
    ],
    featureEnv: {
      scheduled: [{ name: 'WHATSAPP_RECIPIENTS', required: true, description: 'comma-separated phone numbers (with country code) that get the scheduled messages' }],
      news: [{ name: 'WHATSAPP_RECIPIENTS', required: false, description: 'comma-separated phone numbers (with country code) that get new headlines; without it only /news shows them' }],
    },
    unsupported: {
      goodbye: 'WhatsApp Cloud API bots only have one-to-one chats and are not told when someone leaves or blocks them',
    },
    commandPrefix: '/',
    setup: [
      'Create a Meta app with the WhatsApp product and note the token and phone number id (WhatsApp > API Setup).',
      'Run or deploy the bot, then set the webhook URL to its webhook URL from its runner page (Botwright forwards it to PORT) followed by /webhook, with your verify token, and subscribe to "messages".',
      'WhatsApp only lets a bot message a person within 24 hours of their last message, unless it sends an approved template.',
    ],
  },
  slack: {
    label: 'Slack',
    fileStem: 'slack_bot',
    library: { python: 'Bolt for Python (Socket Mode)', javascript: 'Bolt for JavaScript (Socket Mode)' },
    dependencies: { python: ['slack_bolt'], javascript: ['@slack/bolt'] },
    env: [
      { name: 'SLACK_BOT_TOKEN', required: true, description: 'the Bot User OAuth Token (xoxb-...) from OAuth & Permissions' },
      { name: 'SLACK_APP_TOKEN', required: true, description: 'an app-level token (xapp-...) with the connections:write scope, for Socket Mode' },
      LOG_LEVEL,
    ],
    featureEnv: {
      scheduled: [{ name: 'SLACK_CHANNEL_ID', required: true, description: 'the id of the channel to post to (channel details, at the bottom)' }],
      news: [{ name: 'SLACK_CHANNEL_ID', required: false, description: 'the id of the channel new headlines are posted to; without it only !news shows them' }],
    },
    unsupported: {},
    commandPrefix: '!',
    setup: [
      'Create a Slack app, turn on Socket Mode and create an app-level token with connections:write.',
      'Add the bot scopes chat:write, channels:history, im:history (and channels:read for welcome and goodbye messages), subscribe to the events message.channels, message.im, member_joined_channel and member_left_channel, then install the app and invite the bot to a channel.',
      'For menu buttons, turn on Interactivity & Shortcuts (Socket Mode needs no request URL).',
    ],
  },
  generic: {
    label: 'HTTP webhook',
    fileStem: 'webhook_bot',
    library: { python: 'Flask', javascript: "Node's built-in http module" },
    dependencies: { python: ['flask'], javascript: [] },
    env: [
      { name: 'PORT', required: false, description: 'the port to listen on (default 5000)' },
      { name: 'WEBHOOK_SECRET', required: false, description: 'when set, callers must send it in the X-Webhook-Secret header' },
      LOG_LEVEL,
    ],
    featureEnv: {
      scheduled: [{ name: 'OUTGOING_WEBHOOK_URL', required: false, description: 'where scheduled posts are sent as JSON {"text": ...}; without it they are only logged' }],
      reminders: [{ name: 'OUTGOING_WEBHOOK_URL', required: false, description: 'where reminders are sent as JSON {"text": ...}; without it they are only logged' }],
      news: [{ name: 'OUTGOING_WEBHOOK_URL', required: false, description: 'where new headlines are sent as JSON {"text": ...}; without it they are only logged' }],
    },
    unsupported: {},
    commandPrefix: '/',
    setup: [
      'Send messages as JSON to POST /message, e.g. {"user": "ann", "text": "hello"} (add "chat" to keep polls apart per chat); the answer comes back as {"reply": "..."}.',
      'Its webhook URL is shown on its runner page (Botwright forwards it to PORT): call that URL followed by /message. Connect it to any platform that can call a webhook (a website chat widget, Zapier, n8n, IFTTT...).',
    ],
  },
};

export const LLM_ENV: EnvVar[] = [
  { name: 'OPENAI_API_KEY', required: true, description: 'your OpenAI API key (for Ollama or vLLM any non-empty text)' },
  { name: 'OPENAI_BASE_URL', required: false, description: 'an OpenAI-compatible server, e.g. http://localhost:11434/v1 for Ollama' },
  { name: 'OPENAI_MODEL', required: false, description: 'the model to use (default gpt-4o-mini)' },
];

export const LLM_DEPENDENCY = 'openai';

export const TIME_ZONE_ENV: EnvVar = {
  name: 'TIMEZONE',
  required: false,
  description: "the time zone of posting times and open hours, e.g. Europe/Berlin (default: the server's time zone)",
};

export const DATA_FILE_ENV: EnvVar = {
  name: 'DATA_FILE',
  required: false,
  description: 'the JSON file where the bot keeps what it remembers (message counts, headlines posted); default: a file next to the bot',
};
