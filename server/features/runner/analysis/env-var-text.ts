// The words the Environment Variables modal shows for a detected key: a label made from the key, a
// placeholder hinting at the kind of value, and one sentence on where to get it.

/** Words written other than in title case. */
const WORDS: Readonly<Record<string, string>> = {
  API: 'API', URL: 'URL', URI: 'URI', ID: 'ID', IDS: 'IDs', AI: 'AI', DB: 'DB', HTTP: 'HTTP', HTTPS: 'HTTPS',
  JWT: 'JWT', SMTP: 'SMTP', SSL: 'SSL', TLS: 'TLS', AWS: 'AWS', GCP: 'GCP', IP: 'IP', OAUTH: 'OAuth', SQL: 'SQL',
  OPENAI: 'OpenAI', GITHUB: 'GitHub', WHATSAPP: 'WhatsApp', LLM: 'LLM', LLMS: 'LLMs', TTL: 'TTL', CORS: 'CORS',
};

/** The key's words: TELEGRAM_BOT_TOKEN -> TELEGRAM BOT TOKEN, botToken -> BOT TOKEN. */
function words(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split('_')
    .filter(Boolean)
    .map((w) => w.toUpperCase());
}

/** TELEGRAM_BOT_TOKEN -> 'Telegram Bot Token', OPENAI_API_KEY -> 'OpenAI API Key'. */
export function envLabel(key: string): string {
  const label = words(key)
    .map((w) => WORDS[w] ?? w.charAt(0) + w.slice(1).toLowerCase())
    .join(' ');
  return label || key;
}

type Kind = 'secret' | 'url' | 'id' | 'other';

function kindOf(key: string): Kind {
  const w = words(key);
  const last = w[w.length - 1] ?? '';
  if (['URL', 'URI', 'ENDPOINT'].includes(last) || w.includes('URL')) return 'url';
  if (w.some((x) => ['TOKEN', 'KEY', 'SECRET', 'PASSWORD', 'PASS', 'PASSWD', 'PWD', 'CREDENTIALS', 'APIKEY'].includes(x))) return 'secret';
  if (['ID', 'IDS'].includes(last)) return 'id';
  return 'other';
}

interface KnownKey {
  description: string;
  placeholder?: string;
}

const TELEGRAM_TOKEN: KnownKey = { description: 'The token @BotFather gives your bot', placeholder: '123456789:ABCdefGhIJKlmNoPQRsTUVwxyZ' };
const DISCORD_TOKEN: KnownKey = { description: 'The bot token from the Bot page of your application in the Discord Developer Portal' };
const X_PORTAL = 'from the Keys and tokens tab of your app in the X (Twitter) developer portal';

const KNOWN: Readonly<Record<string, KnownKey>> = {
  TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
  TELEGRAM_TOKEN: TELEGRAM_TOKEN,
  BOT_TOKEN: TELEGRAM_TOKEN,
  TELEGRAM_CHAT_ID: { description: 'The id of the Telegram chat or channel the bot posts to', placeholder: '-1001234567890' },
  TELEGRAM_API_BASE: { description: "Leave empty to talk to Telegram; Botwright's test chat sets it to its own Telegram emulator", placeholder: 'https://api.telegram.org' },
  DISCORD_TOKEN: DISCORD_TOKEN,
  DISCORD_BOT_TOKEN: DISCORD_TOKEN,
  DISCORD_CHANNEL_ID: { description: 'The id of the Discord channel the bot posts to (Developer Mode, then right-click the channel, Copy Channel ID)' },
  DISCORD_GUILD_ID: { description: 'The id of your Discord server (Developer Mode, then right-click the server, Copy Server ID)' },
  DISCORD_CLIENT_ID: { description: 'The application id from the General Information page in the Discord Developer Portal' },
  OPENAI_API_KEY: { description: 'Your OpenAI API key, from the API keys page of your OpenAI account', placeholder: 'sk-...' },
  OPENAI_BASE_URL: { description: 'The address of an OpenAI-compatible API to use instead of OpenAI; leave empty for OpenAI' },
  OPENAI_MODEL: { description: 'The model that writes the AI replies', placeholder: 'gpt-4o-mini' },
  TWITTER_API_KEY: { description: `The API key (consumer key) ${X_PORTAL}` },
  TWITTER_API_SECRET: { description: `The API key secret (consumer secret) ${X_PORTAL}` },
  TWITTER_CONSUMER_KEY: { description: `The API key (consumer key) ${X_PORTAL}` },
  TWITTER_CONSUMER_SECRET: { description: `The API key secret (consumer secret) ${X_PORTAL}` },
  TWITTER_ACCESS_TOKEN: { description: `The access token of the bot's account, ${X_PORTAL}` },
  TWITTER_ACCESS_SECRET: { description: `The access token secret of the bot's account, ${X_PORTAL}` },
  TWITTER_ACCESS_TOKEN_SECRET: { description: `The access token secret of the bot's account, ${X_PORTAL}` },
  TWITTER_BEARER_TOKEN: { description: `The bearer token ${X_PORTAL}` },
  SLACK_BOT_TOKEN: { description: 'The Bot User OAuth Token from the OAuth & Permissions page of your Slack app', placeholder: 'xoxb-...' },
  SLACK_APP_TOKEN: { description: 'The app-level token with the connections:write scope, for Socket Mode (Basic Information page of your Slack app)', placeholder: 'xapp-...' },
  SLACK_SIGNING_SECRET: { description: 'The signing secret from the Basic Information page of your Slack app' },
  SLACK_CHANNEL_ID: { description: 'The id of the Slack channel the bot posts to (in the channel details)', placeholder: 'C0123456789' },
  WHATSAPP_TOKEN: { description: 'The access token of your WhatsApp Business app, from the API Setup page of your Meta app' },
  WHATSAPP_PHONE_NUMBER_ID: { description: 'The phone number ID shown on the WhatsApp API Setup page of your Meta app' },
  WHATSAPP_VERIFY_TOKEN: { description: 'A word of your choice; enter the same one as the verify token when you set up the webhook in Meta', placeholder: 'Choose a secret word' },
  WHATSAPP_APP_SECRET: { description: 'The app secret of your Meta app, used to check that webhook calls come from Meta' },
  WHATSAPP_RECIPIENTS: { description: 'The phone numbers that get the scheduled messages, with country code, separated by commas', placeholder: '15551234567,15557654321' },
  WEBHOOK_SECRET: { description: 'A secret word callers must send in the X-Webhook-Secret header; leave empty to accept every call' },
  OUTGOING_WEBHOOK_URL: { description: 'Where the bot sends its messages as JSON; leave empty to only log them' },
  PORT: { description: "The port the bot's web server listens on", placeholder: '5000' },
  LOG_LEVEL: { description: 'How much the bot logs: DEBUG, INFO, WARNING or ERROR', placeholder: 'INFO' },
};

/** What the input shows before a value is typed. */
export function envPlaceholder(key: string): string {
  const known = KNOWN[key]?.placeholder;
  if (known) return known;
  switch (kindOf(key)) {
    case 'secret':
      return `Paste your ${envLabel(key)}`;
    case 'url':
      return 'https://...';
    case 'id':
      return '123456789';
    default:
      return `Value for ${key}`;
  }
}

/** One sentence on what the value is and where to find it. */
export function envDescription(key: string): string {
  const known = KNOWN[key]?.description;
  if (known) return known;
  switch (kindOf(key)) {
    case 'secret':
      return `A secret the bot reads from ${key}; keep it private`;
    case 'url':
      return `The web address the bot reads from ${key}`;
    case 'id':
      return `The id the bot reads from ${key}`;
    default:
      return `A setting the bot reads from ${key}`;
  }
}
