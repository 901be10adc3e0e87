// The plan's fixed defaults (sample FAQ, banned words, warnings before a mute) and the small
// normalisers it applies to what the request gave (times of day, weekdays, names).
import type { KeywordReply, Platform } from './request';
import { describeWeekdays } from './templates/behaviour-content';

export const SAMPLE_FAQ: KeywordReply[] = [
  { keyword: 'hours', reply: 'We are open Monday to Saturday, 9:00 to 18:00.' },
  { keyword: 'address', reply: 'You can find us at 1 Example Street (edit this text in KEYWORD_REPLIES).' },
  { keyword: 'contact', reply: 'Leave your question here and we will get back to you as soon as we can.' },
];

export const DEFAULT_BANNED_WORDS = ['spam', 'scam', 'idiot'];
export const DEFAULT_WARN_LIMIT = 3;
export const DEFAULT_MUTE_MINUTES = 10;

/** Platforms where a bot can mute someone: Telegram (restrictChatMember), Discord (timeout) and the webhook bot (it stops answering them). */
export const CAN_MUTE: ReadonlySet<Platform> = new Set(['telegram', 'discord', 'generic']);

export function snake(name: string): string {
  const s = name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(s) ? s.slice(0, 40) : `bot_${s}`.slice(0, 40);
}

/** '9:5' -> '09:05'; null for anything that is no time of day. */
export function timeOfDay(value: string): string | null {
  const m = /^(\d{1,2}):(\d{1,2})$/.exec(value.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  return `${m[1]!.padStart(2, '0')}:${m[2]!.padStart(2, '0')}`;
}

export function weekdays(days: readonly number[]): number[] {
  return [...new Set(days)].filter((d) => Number.isInteger(d) && d >= 0 && d <= 6).sort((a, b) => a - b);
}

export function nonEmpty(values: readonly string[]): string[] {
  return values.map((v) => v.trim()).filter((v) => v.length > 0);
}

export function awayText(hours: { from: string; to: string; weekdays: number[] }): string {
  return `Thanks for your message! We are closed right now. Our hours are ${describeWeekdays(hours.weekdays)}, ${hours.from} to ${hours.to}; we will answer you then.`;
}
