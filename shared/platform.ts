// Which platform a bot file is for, read from its name and imports (files carry a platform,
// and an empty file shows the template of its platform).
export const PLATFORMS = ['telegram', 'twitter', 'whatsapp', 'discord', 'slack', 'other'] as const;
export type Platform = (typeof PLATFORMS)[number];

const SIGNS: Array<[Platform, RegExp]> = [
  // `telegram` also covers python-telegram-bot (telegram.ext) and node-telegram-bot-api; telebot is pyTelegramBotAPI.
  ['telegram', /telegram|telegraf|grammy|aiogram|pyrogram|telethon|telebot/i],
  ['twitter', /twitter|tweepy|\btweet/i],
  ['whatsapp', /whatsapp/i],
  ['discord', /discord/i],
  ['slack', /slack/i],
];

export function detectPlatform(filename: string, content = ''): Platform {
  for (const [platform, sign] of SIGNS) if (sign.test(filename)) return platform;
  const head = content.slice(0, 4000);
  for (const [platform, sign] of SIGNS) if (sign.test(head)) return platform;
  return 'other';
}
