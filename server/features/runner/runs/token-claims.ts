// One run per platform token. Two copies of a bot polling with one Telegram token make Telegram
// answer "409 Conflict: terminated by other getUpdates request" (and two Discord or Slack
// connections split the events), so a live run claims the platform tokens among its variables and
// a second run holding one of them is refused. Runs compare keyed hashes (HMAC-SHA256 under a key
// derived from the server's secret), never the tokens. A test run talks to the emulator with a
// token of its own and claims nothing.
import { createHmac } from 'node:crypto';

/** Variables that hold a platform's bot token, whatever their value looks like. */
const PLATFORM_TOKEN_NAMES = /^(?:TELEGRAM_(?:BOT_)?TOKEN|BOT_TOKEN|TOKEN|DISCORD_(?:BOT_)?TOKEN|SLACK_(?:BOT|APP)_TOKEN|WHATSAPP_(?:ACCESS_)?TOKEN)$/;
/** A Telegram bot token, under any name: "123456789:AA...". */
const TELEGRAM_TOKEN = /^\d{5,15}:[A-Za-z0-9_-]{30,}$/;

export function claimKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('botwright run token claims').digest();
}

/** The keyed hashes of the platform tokens among a run's variables (each value once). */
export function tokenClaims(secrets: Record<string, string>, key: Buffer): string[] {
  const values = Object.entries(secrets)
    .filter(([name, value]) => value.trim() !== '' && (PLATFORM_TOKEN_NAMES.test(name) || TELEGRAM_TOKEN.test(value.trim())))
    .map(([, value]) => value.trim());
  return [...new Set(values)].map((value) => createHmac('sha256', key).update(value).digest('hex'));
}
