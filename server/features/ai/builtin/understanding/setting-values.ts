// Settings a request writes that are no secret: the Telegram channel a bot posts in ("our channel
// @morningstoa") and the owner's own chat id or number ("my telegram chat id is 518834201", "send it
// to my number +39 333 1234567"). The bot uses them when its environment has none.
import type { PlanPlatform } from '../../../../../shared/bot-plan.schema';

/** "chat id is 518834201", "(chat id 7719023345)". */
const CHAT_ID = /\b(?:my\s+)?(?:telegram\s+)?(?:chat|user)\s*id\s*(?:is|=|:)?\s*(-?\d{5,15})\b/i;
/** "my number +39 333 1234567", "to me (Amira, +44 7700 900 214)". */
const NUMBER = /\b(?:my (?:whatsapp |phone |mobile |cell )?number(?: is)?|to me \([^)]{0,30}?,)\s*:?\s*(\+?\d[\d ]{6,18}\d)/i;
/** "telegram channel @morningstoa", "I have a channel @satsdaily", "@kenji_rollhouse channel". */
const CHANNEL = /\bchannel\s+(?:called\s+|named\s+)?(@[A-Za-z]\w{3,31})\b|(@[A-Za-z]\w{3,31})\s+(?:telegram\s+)?channel\b/i;

export function settingValuesIn(masked: string, platform: PlanPlatform): Record<string, string> {
  const values: Record<string, string> = {};
  const owner = (platform === 'whatsapp' ? NUMBER.exec(masked)?.[1] : undefined) ?? CHAT_ID.exec(masked)?.[1];
  if (owner && (platform === 'telegram' || platform === 'whatsapp')) values.OWNER_CHAT_ID = owner.replace(/\s+/g, ' ').trim();
  const channel = platform === 'telegram' ? CHANNEL.exec(masked) : null;
  if (channel) values.TELEGRAM_CHAT_ID = (channel[1] ?? channel[2])!;
  return values;
}
