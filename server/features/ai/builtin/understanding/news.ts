// News: the RSS/Atom feed whose new headlines the bot posts ("post the headlines from
// https://example.com/feed.xml to my channel").

const URL = /\bhttps?:\/\/[^\s<>"'`\u0001\u0002]+/gi;
const FEEDISH = /(?:rss|atom|feed|\.xml)/i;
const NEWS_WORDS = /\b(?:news|headlines?|rss|atom|feeds?|articles?|blog|posts? from|stories)\b/i;

function trimUrl(url: string): string {
  return url.replace(/[.,;:!?)\]]+$/, '');
}

/** The feed URL: one that looks like a feed, else any URL when the request speaks of news or a feed. */
export function feedUrlIn(text: string): string | null {
  const urls = [...text.matchAll(URL)].map((m) => trimUrl(m[0]));
  const feed = urls.find((u) => FEEDISH.test(u));
  if (feed) return feed;
  return urls.length > 0 && NEWS_WORDS.test(text) ? urls[0]! : null;
}

/** How a feed's items are posted: only the new ones, with the person's words before each, in a channel. */
export type FeedPost = { onlyNew: boolean; text: string | null; channel: string | null; /** How many items a command shows, when the person said. */ count?: number };

/** "post new stories in #news as 📰 headline + link", "when theres a new article post 🍜 New on the blog: + the title + the link". */
export function feedPostIn(text: string): FeedPost {
  const onlyNew = /\bnew (?:articles?|stories|posts?|entries|items|episodes?|videos?|headlines?|releases?|press releases?|news)\b|\bnot (?:posted|tweeted|shared) (?:before|yet)\b|\bwhen (?:there'?s|theres|there is) a new\b/i.test(text);
  // The words before the title: "as 📰 headline + link", "post 🍜 New on the blog: + the title".
  const TITLE = '\\s*\\+?\\s*(?:the\\s+)?(?:title|headline)s?\\b';
  const template = new RegExp(`\\bas\\s+([^\\n.+]{0,40}?)${TITLE}`, 'i').exec(text) ?? new RegExp(`\\b(?:post|posts|tweet|tweets|send|sends)\\s*:?\\s*([^\\n.+]{0,60}?)${TITLE}`, 'i').exec(text);
  const words = template?.[1]?.trim().replace(/[:\s]+$/, (end) => (end.includes(':') ? ':' : '')) ?? '';
  const own = words && !/^(?:the|new|each|every|all|its|their|a|an)\b/i.test(words) ? words : '';
  // The channel named where the feed is spoken of (its line, or its sentence).
  const feedAt = text.search(/\bhttps?:\/\/\S*(?:rss|atom|feed|\.xml)|\bnew (?:articles?|stories|posts?|entries|items|episodes?|headlines?)\b/i);
  const start = Math.max(0, ...[...text.slice(0, Math.max(0, feedAt)).matchAll(/[.!?]\s|\n/g)].map((m) => m.index! + m[0].length));
  const around = feedAt < 0 ? '' : text.slice(start, feedAt + (/\n|[.!?]\s/.exec(text.slice(feedAt)) ?? { index: text.length }).index);
  const channel = /\b(?:in|to|into)\s+#([\w-]{1,80})/i.exec(around)?.[1] ?? null;
  // "the newest 5 items", "top 10 headlines", "the last 3 posts": how many a command shows.
  const count = /\b(?:newest|latest|last|top|first)\s+(\d{1,2})\s+(?:items?|headlines?|articles?|stories|posts?|entries|news)\b|\b(\d{1,2})\s+(?:newest|latest|most recent)\s+(?:items?|headlines?|articles?|stories|posts?|entries)\b/i.exec(text);
  const n = count ? Number(count[1] ?? count[2]) : NaN;
  return { onlyNew, text: own ? `${own} {value}` : null, channel, ...(n >= 1 && n <= 10 ? { count: n } : {}) };
}
