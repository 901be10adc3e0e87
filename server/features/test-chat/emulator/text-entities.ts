// The entities Telegram finds in any message text by itself: bot commands (/start, /start@bot),
// URLs, e-mail addresses, @mentions and #hashtags. Offsets and lengths in UTF-16 code units, as
// JavaScript strings count them; overlapping finds keep the first kind in this order.
import type { MessageEntity } from './telegram-types';

const TLDS =
  'com|org|net|io|dev|app|ai|me|ru|de|uk|co|info|biz|edu|gov|xyz|site|online|tech|tv|us|eu|fr|it|es|nl|pl|in|br|jp|cn|ua|by|kz|uz|ly|gg|to|cc|link|page|bot|ly|su|am|ge|tr|ir|ch|at|se|no|fi|ca|au';

type Finder = { type: string; pattern: RegExp; trim?: boolean };

const FINDERS: Finder[] = [
  { type: 'email', pattern: /(?<![\w.+-])[\w.+-]+@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,24}(?![\w@])/giu },
  { type: 'url', pattern: /(?<![\w@/])(?:https?:\/\/|www\.)[^\s<>"']+/giu, trim: true },
  {
    type: 'url',
    pattern: new RegExp(`(?<![\\w@./:-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+(?:${TLDS})(?![\\w-])(?::\\d{1,5})?(?:/[^\\s<>"']*)?`, 'giu'),
    trim: true,
  },
  { type: 'bot_command', pattern: /(?<![\w/<>])\/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?(?![\w/<>])/gu },
  { type: 'mention', pattern: /(?<![\w@])@[A-Za-z0-9_]{3,32}(?![\w@])/gu },
  { type: 'hashtag', pattern: /(?<![\p{L}\p{N}_#])#[\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*/gu },
];

/** Entities found in `text`, sorted by offset; ranges in `skip` (code, pre, links) are left alone. */
export function findTextEntities(text: string, skip: ReadonlyArray<{ offset: number; length: number }> = []): MessageEntity[] {
  const taken: Array<{ offset: number; length: number }> = [...skip];
  const found: MessageEntity[] = [];
  for (const finder of FINDERS) {
    for (const match of text.matchAll(finder.pattern)) {
      let value = match[0];
      if (finder.trim) value = trimUrl(value);
      if (!value) continue;
      const range = { offset: match.index, length: value.length };
      if (taken.some((t) => overlaps(t, range))) continue;
      if (finder.type === 'hashtag' && value.length > 257) continue;
      taken.push(range);
      found.push({ type: finder.type, ...range });
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}

const overlaps = (a: { offset: number; length: number }, b: { offset: number; length: number }) =>
  a.offset < b.offset + b.length && b.offset < a.offset + a.length;

/** A URL ends before trailing punctuation, and before a ')' it did not open. */
function trimUrl(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1];
    if (last === undefined) return '';
    if ('.,;:!?\'"]'.includes(last)) {
      end--;
      continue;
    }
    if (last === ')') {
      const head = url.slice(0, end);
      if ((head.match(/\(/g)?.length ?? 0) < (head.match(/\)/g)?.length ?? 0)) {
        end--;
        continue;
      }
    }
    break;
  }
  return url.slice(0, end);
}
