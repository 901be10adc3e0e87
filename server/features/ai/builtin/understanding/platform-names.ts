// The platform and the programming language a request names ("a telegarm bot in node"), and the
// platforms no template exists for (Instagram), which get a generic webhook bot instead.

import type { BotLanguage, Platform } from '../bot-request';

const PLATFORM_PATTERNS: Array<[Platform, RegExp]> = [
  ['telegram', /\btelegram\b|\btg bot\b|\btelegraf\b|\baiogram\b/],
  ['discord', /\bdiscord\b/],
  ['twitter', /\btwitter\b|\btweepy\b|\btweets?\b|\btweeting\b|\bx\.com\b|\bx\s*\(\s*(?:formerly\s+)?twitter\s*\)|\b(?:on|for|to)\s+x\b|\bx\s+(?:bot|account|posts?)\b/],
  ['whatsapp', /\bwhats\s?app\b|\bwa\s+business\b/],
  ['slack', /\bslack\b|\bslack_bolt\b/],
  ['generic', /\bwebhooks?\b|\bhttp\b|\brest api\b|\bgeneric\b|\bweb ?site\b|\bwebpage\b|\bweb app\b|\bany platform\b/],
];

const UNSUPPORTED_PLATFORMS: Array<[string, RegExp]> = [
  ['Instagram', /\binstagram\b|\binsta\b/],
  ['Facebook Messenger', /\bmessenger\b|\bfacebook\b/],
  ['Reddit', /\breddit\b/],
  ['Mastodon', /\bmastodon\b/],
  ['Twitch', /\btwitch\b/],
  ['Signal', /\bsignal\b/],
  ['LinkedIn', /\blinkedin\b/],
  ['TikTok', /\btiktok\b/],
  ['YouTube', /\byoutube\b/],
  ['Viber', /\bviber\b/],
  ['LINE', /\bline messenger\b/],
  ['Microsoft Teams', /\bms teams\b|\bmicrosoft teams\b/],
  ['Matrix', /\bmatrix\b/],
  ['Bluesky', /\bbluesky\b/],
];

const JAVASCRIPT = /\b(?:node(?:\.?js)?|javascript|js|typescript|ts|discord\.js|telegraf)\b/;
const PYTHON = /\b(?:python\d?|py|flask|django|discord\.py|tweepy|python-telegram-bot)\b/;

function firstMatch(lower: string, re: RegExp): number {
  const m = re.exec(lower);
  return m ? m.index : -1;
}

/** The supported platforms named, in the order the request names them. */
export function platformsIn(lower: string): Platform[] {
  return PLATFORM_PATTERNS.map(([p, re]) => [p, firstMatch(lower, re)] as const)
    .filter(([, at]) => at >= 0)
    .sort((a, b) => a[1] - b[1])
    .map(([p]) => p);
}

/** The unsupported platform named ('Instagram'), if any. */
export function unsupportedPlatformIn(lower: string): string | null {
  return UNSUPPORTED_PLATFORMS.find(([, re]) => re.test(lower))?.[0] ?? null;
}

/** JavaScript when "node"/"js"/"javascript" comes before any Python word; Python otherwise. */
export function languageIn(lower: string): { language: BotLanguage; stated: boolean } {
  const jsAt = firstMatch(lower, JAVASCRIPT);
  const pyAt = firstMatch(lower, PYTHON);
  return { language: jsAt >= 0 && (pyAt < 0 || jsAt < pyAt) ? 'javascript' : 'python', stated: jsAt >= 0 || pyAt >= 0 };
}
