// Where a formatted link points: `tg://user?id=N` mentions a user the chat knows (text_mention),
// other links must be http(s) (a missing scheme means http) or tg://; anything else drops the
// link entity without failing the message, as Telegram does.
import type { TgUser } from './telegram-types';

export type UserLookup = (id: number) => TgUser | undefined;
export type LinkTarget = { url: string } | { user: TgUser } | null;

export function linkTarget(rawUrl: string, users: UserLookup): LinkTarget {
  const url = rawUrl.trim();
  const mention = /^tg:\/\/user\?id=(\d{1,15})$/i.exec(url);
  if (mention) {
    const user = users(Number(mention[1]));
    return user ? { user } : null;
  }
  if (/^tg:\/\/\S+$/i.test(url)) return { url };
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `http://${url}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = parsed.hostname;
  if (!host.includes('.') && !host.includes(':')) return null;
  return { url: parsed.href };
}
