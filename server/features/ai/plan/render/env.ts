// The settings a rendered bot reads from its environment, listed beside the code so the run dialog
// can ask for them (tokens are never written into the file). One list for both languages: a bot
// reads a setting only when its rules use it, and stops at start without one its rules cannot work
// without (the adapters call requireEnv/require_env for each name requiredRuleSettings gives).
import type { BotPlan } from '../../../../../shared/bot-plan.schema';
import { usesModel, type PlanUses } from './plan-uses';

export interface EnvVar {
  name: string;
  required: boolean;
  description: string;
}

type Platform = BotPlan['platform'];

interface PlatformSettings {
  /** The platform's own settings, all read by every bot of it (tokens first). */
  own: EnvVar[];
  /** The setting channel() reads (null: the platform's channel needs none, X's timeline). */
  channel: EnvVar | null;
  /** OWNER_CHAT_ID when the owner gets messages; null: the owner's messages go to the channel setting (generic). */
  owner: string | null;
  /** OWNER_CHAT_ID when it is the admin (platforms without admins of their own); null: the platform has admins. */
  admin: string | null;
  /** Settings of the bot's web server, listed last. */
  server: EnvVar[];
}

const SERVER: EnvVar[] = [
  { name: 'PORT', required: false, description: 'the port the bot listens on (default 5000)' },
  { name: 'HOST', required: false, description: 'the address the bot listens on (default: all of them)' },
];

const PLATFORM_SETTINGS: Record<Platform, PlatformSettings> = {
  telegram: {
    own: [
      { name: 'TELEGRAM_BOT_TOKEN', required: true, description: 'the token @BotFather gives you for the bot' },
      { name: 'TELEGRAM_API_BASE', required: false, description: "leave it unset to talk to Telegram; Botwright's test chat sets it to its own Telegram emulator" },
    ],
    channel: { name: 'TELEGRAM_CHAT_ID', required: true, description: 'the chat or channel scheduled posts go to (e.g. @mychannel or -100...); the bot must be an admin of a channel' },
    owner: 'your own chat id with the bot: answers and forwarded messages are sent there',
    admin: null,
    server: [],
  },
  discord: {
    own: [{ name: 'DISCORD_BOT_TOKEN', required: true, description: 'the bot token from the Discord Developer Portal (Bot tab)' }],
    channel: { name: 'DISCORD_CHANNEL_ID', required: true, description: 'the id of the channel scheduled posts go to (Developer Mode, right-click the channel, Copy ID)' },
    owner: 'your own Discord user id (Developer Mode, right-click yourself, Copy User ID): the bot sends you answers and forwarded messages in a direct message',
    admin: null,
    server: [],
  },
  slack: {
    own: [
      { name: 'SLACK_BOT_TOKEN', required: true, description: 'the Bot User OAuth Token (xoxb-...) from OAuth & Permissions' },
      { name: 'SLACK_APP_TOKEN', required: true, description: 'an app-level token (xapp-...) with the connections:write scope, for Socket Mode' },
    ],
    channel: { name: 'SLACK_CHANNEL_ID', required: true, description: 'the id of the channel scheduled posts go to (channel details, at the bottom); invite the bot to it' },
    owner: "your own Slack member id (your profile, ⋮, Copy member ID): the bot sends you answers and forwarded messages in the app's direct messages",
    admin: null,
    server: [],
  },
  whatsapp: {
    own: [
      { name: 'WHATSAPP_TOKEN', required: true, description: 'the access token of your Meta app (WhatsApp > API Setup)' },
      { name: 'WHATSAPP_PHONE_NUMBER_ID', required: true, description: 'the phone number id shown on the same page' },
      { name: 'WHATSAPP_VERIFY_TOKEN', required: true, description: 'any secret text you choose; enter the same text as the webhook verify token' },
      { name: 'WHATSAPP_APP_SECRET', required: false, description: 'your Meta app secret: when set, webhook calls without a valid signature are refused' },
    ],
    channel: { name: 'WHATSAPP_RECIPIENTS', required: true, description: 'comma-separated phone numbers (with country code) that get the scheduled messages and posts' },
    owner: 'your own phone number with country code (e.g. 4917012345678): answers and forwarded messages go there',
    admin: 'your own phone number with country code (e.g. 4917012345678): it counts as the admin',
    server: SERVER,
  },
  twitter: {
    own: [
      { name: 'TWITTER_API_KEY', required: true, description: 'the API key (consumer key) of your X developer app' },
      { name: 'TWITTER_API_SECRET', required: true, description: 'the API key secret' },
      { name: 'TWITTER_ACCESS_TOKEN', required: true, description: "the access token of the bot's account (read and write)" },
      { name: 'TWITTER_ACCESS_SECRET', required: true, description: 'the access token secret' },
    ],
    channel: null,
    owner: 'your own X user id (the number, not the @handle): answers and forwarded mentions go to you as direct messages',
    admin: 'your own X user id (the number, not the @handle): it counts as the admin',
    server: [],
  },
  generic: {
    own: [{ name: 'WEBHOOK_SECRET', required: false, description: 'when set, callers must send it in the X-Webhook-Secret header' }],
    channel: {
      name: 'POST_WEBHOOK_URL',
      required: true,
      description: 'where scheduled posts and messages for the owner are sent, as a POST of JSON {"to": "channel" or "owner", "text": ...}',
    },
    owner: null,
    admin: 'the user (the "user" field of a message) who counts as the admin',
    server: SERVER,
  },
};

/** Whether a rule posts to the channel (a schedule, or post to the channel). */
export function postsToChannel(uses: PlanUses): boolean {
  return uses.triggers.has('schedule') || uses.rules.some((r) => r.do.some((a) => a.kind === 'post' && a.to === 'channel'));
}

/** Whether a rule sends to the owner's chat (ask's answers, forward, post to the owner). */
export function sendsToOwner(uses: PlanUses): boolean {
  return uses.actions.has('ask') || uses.actions.has('forward') || uses.rules.some((r) => r.do.some((a) => a.kind === 'post' && a.to === 'owner'));
}

/** Whether the engine keeps anything in the data file (lists, counts, warnings, conversations, schedule runs...). */
export function keepsState(uses: PlanUses): boolean {
  const a = uses.actions;
  return (
    ['list', 'count', 'resetCount', 'top', 'warn', 'replyOneOf', 'ask', 'quiz'].some((k) => a.has(k as never)) ||
    uses.conditions.has('warnings') ||
    uses.conditions.has('threshold') ||
    uses.scheduleTimes
  );
}

/** The setting channel() reads on the platform, when the rules post to the channel (or, on generic, to the owner). */
export function channelSetting(platform: Platform, uses: PlanUses): string | null {
  const s = PLATFORM_SETTINGS[platform];
  const needed = postsToChannel(uses) || (s.owner === null && sendsToOwner(uses));
  return needed && s.channel ? s.channel.name : null;
}

/** Whether owner() reads OWNER_CHAT_ID (the rules send to the owner, on a platform where the owner has a chat). */
export function readsOwner(platform: Platform, uses: PlanUses): boolean {
  return PLATFORM_SETTINGS[platform].owner !== null && sendsToOwner(uses);
}

/** Whether the `admins` condition asks whether the sender is OWNER_CHAT_ID (platforms without admins). */
export function ownerIsAdmin(platform: Platform, uses: PlanUses): boolean {
  return PLATFORM_SETTINGS[platform].admin !== null && uses.conditions.has('admins');
}

/** The settings the rules cannot work without (beside the platform's own tokens): checked at start. */
export function requiredRuleSettings(platform: Platform, uses: PlanUses): string[] {
  return planEnv(platform, uses, 'javascript')
    .filter((e) => e.required && !PLATFORM_SETTINGS[platform].own.some((o) => o.name === e.name))
    .map((e) => e.name);
}

/**
 * Every setting the bot of this plan reads on this platform, in both languages the same (Python adds
 * LOG_LEVEL, its logging's level): the platform's own, then what the rules read, then the server's.
 */
export function planEnv(platform: Platform, uses: PlanUses, language: BotPlan['language'], values: Record<string, string> = {}): EnvVar[] {
  return settingsRead(platform, uses, language).map((e) =>
    values[e.name] ? { ...e, required: false, description: `${e.description} (default: ${values[e.name]}, from your message)` } : e,
  );
}

/** The settings read, before the values the person wrote in the request make some of them optional. */
function settingsRead(platform: Platform, uses: PlanUses, language: BotPlan['language']): EnvVar[] {
  const s = PLATFORM_SETTINGS[platform];
  const channel = channelSetting(platform, uses);
  const owner = readsOwner(platform, uses);
  const admin = !owner && ownerIsAdmin(platform, uses);
  return [
    ...s.own.filter((e) => e.required),
    ...(usesModel(uses)
      ? [
          { name: 'OPENAI_API_KEY', required: true, description: 'your OpenAI API key (for Ollama or vLLM any non-empty text)' },
          { name: 'OPENAI_BASE_URL', required: false, description: 'an OpenAI-compatible server, e.g. http://localhost:11434/v1 for Ollama (default: OpenAI)' },
          { name: 'OPENAI_MODEL', required: false, description: 'the model to use (default gpt-4o-mini)' },
        ]
      : []),
    ...(channel && s.channel ? [s.channel] : []),
    ...(owner ? [{ name: 'OWNER_CHAT_ID', required: true, description: s.owner! + (ownerIsAdmin(platform, uses) ? '; it also counts as the admin' : '') }] : []),
    ...(admin ? [{ name: 'OWNER_CHAT_ID', required: false, description: s.admin! }] : []),
    ...(keepsState(uses)
      ? [{ name: 'DATA_FILE', required: false, description: 'the JSON file where the bot keeps what it remembers (lists, counts, warnings); default: bot_data.json next to the bot' }]
      : []),
    ...s.own.filter((e) => !e.required),
    ...(language === 'python' ? [{ name: 'LOG_LEVEL', required: false, description: 'DEBUG for more detail (default INFO)' }] : []),
    ...s.server,
  ];
}
