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
