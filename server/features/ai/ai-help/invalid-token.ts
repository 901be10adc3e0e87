// The platform refused the bot's token or key: 401 Unauthorized, python-telegram-bot's "token was
// rejected by the server", discord.py's LoginFailure, discord.js's TokenInvalid, Slack's invalid_auth,
// OpenAI's "Incorrect API key". The fix is a fresh token from the platform, saved under the right name.
import type { Platform } from '../../../../shared/platform';
import { lastMatch, tokenVariable, type BotLog } from './bot-log';
import { START_AGAIN, type Diagnosis } from './answer';

const REFUSED: Array<[RegExp, Platform | 'openai' | null]> = [
  [/InvalidToken|telegram\.error\.Unauthorized|ETELEGRAM: 40[14]\b|TelegramError: 40[14]\b|api\.telegram\.org.*\b40[14]\b/, 'telegram'],
  [/LoginFailure|Improper token|TokenInvalid|An invalid token was provided/, 'discord'],
  [/\binvalid_auth\b|\bnot_authed\b|\baccount_inactive\b|\btoken_revoked\b/, 'slack'],
  [/Incorrect API key|invalid_api_key|openai\.AuthenticationError/, 'openai'],
  [/\b401\b.{0,20}Unauthori[sz]ed|Unauthori[sz]ed.{0,20}\b401\b/i, null],
];

const WHERE: Record<string, { name: string; get: string; looks?: string }> = {
  telegram: { name: 'Telegram', get: 'In Telegram, open @BotFather, send /mybots, choose your bot and press API Token; copy the whole token', looks: '123456789:AAH...' },
  discord: { name: 'Discord', get: 'In the Discord Developer Portal, open your application, go to Bot and press Reset Token; copy the new token' },
  slack: { name: 'Slack', get: 'On api.slack.com/apps, open your app, go to OAuth & Permissions and copy the Bot User OAuth Token', looks: 'xoxb-...' },
  openai: { name: 'OpenAI', get: 'On the API keys page of your OpenAI account, create a new key and copy it', looks: 'sk-...' },
  twitter: { name: 'X (Twitter)', get: 'In the X developer portal, open your app, go to Keys and tokens and regenerate the keys; copy them' },
  whatsapp: { name: 'WhatsApp', get: 'In your Meta app, open WhatsApp, API Setup, and copy a current access token' },
};

export function invalidToken(log: BotLog): Diagnosis | null {
  const hit = REFUSED.find(([pattern]) => lastMatch(log, pattern));
  if (!hit) return null;
  const platform = hit[1] ?? (log.platform !== 'other' ? log.platform : null);
  const where = platform ? WHERE[platform] : undefined;
  const openAiKey = platform === 'openai' ? log.fileEnvVars.find((k) => /OPENAI/i.test(k)) : undefined;
  const key = openAiKey ?? tokenVariable(log);
  const service = where?.name ?? 'The service your bot connects to';
  const notSaved = key && log.savedEnvVars && !log.savedEnvVars.includes(key);
  const problem = notSaved
    ? `${service} refused your bot's token: ${key} has no saved value, so the bot sent an empty or wrong token.`
    : `${service} refused your bot's token (401 Unauthorized): the value${key ? ` of ${key}` : ''} is not a valid token, or the token was reset.`;
  return {
    problem,
    steps: [
      `${where?.get ?? 'Get a new token or key from the service'}${where?.looks ? ` (it looks like ${where.looks})` : ''}.`,
      `Click Environment Variables on the Runner page, paste it into ${key ?? 'the token field'} without spaces or quotes, and click Save.`,
      START_AGAIN,
    ],
  };
}
