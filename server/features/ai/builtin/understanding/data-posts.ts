// Scheduled posts of data: the weather, a coin's price or a feed's headlines, put into the person's own
// words ("every day 7:00 post the weather for Chamonix, starting with "☀️❄️ Cham weather today:"",
// "every hour tweet the BNB price in USD: "BNB now: ${price}"", "every 2 hours post latest sports news
// headlines in #wire"). scheduled-posts.ts finds the post, its schedule and its words; this file reads
// the data in them.
import type { Action } from '../../../../../shared/bot-plan.schema';
import { priceAsked, weatherAsked } from './answers';
import { type Masked, restore } from './masked';
import { feedUrlIn } from './news';
import { coinsIn } from './prices';
import type { RuleDraft } from './rule-draft';
import { saidWordsAt } from './said-words';

/** What a data post is read from: the verb, what follows it (its quote, when it starts with one), and its words. */
export interface PostWords {
  m: Masked;
  post: RegExpMatchArray;
  rest: string;
  quoted: RegExpExecArray | null;
  words: string | null;
}

/** One rule for each time the post is made (scheduled-posts.ts knows the times). */
type AtEachTime = (id: string, action: () => Action, channel: string | undefined) => RuleDraft[];

/**
 * "the Hanoi weather starting with Good morning ☀️", "the weather for Riga, beginning with: Labrīt!",
 * "the weather for the site in #updates with ...", "SF weather (temp + clouds) starting "...": the place (a blank when
 * not named), then the words.
 */
const WEATHER_OPENING = /^(?:the\s+|today'?s\s+)?(?:([A-Z][\p{L}'-]*(?:\s+[A-Z][\p{L}'-]*)*)\s+)?(?:weather|forecast)(?:\s+(?:for|in|at)\s+(?:([A-Z][\p{L}'-]*(?:[- ][A-Z][\p{L}'-]*)*)|(?:the|our|my)\s+\p{Ll}[\p{L}'-]*))?(?:\s*\([^()]{1,60}\))?(?:\s+(?:in|to)\s+#[\w-]+)?,?\s+(?:(?:starting|beginning|opening|starts)(?:\s+with)?|with)\s*:?\s*(.+)$/u;
/** "+ the weather", "with today's weather for Illmitz": the weather put into the person's words. */
const WEATHER_IN = /\s*(?:\+|\band\b|\bwith\b|\bfollowed by\b)\s*(?:the\s+|today'?s\s+)?(?:current\s+)?(?:weather|forecast)\b(?:\s+(?:for|in|at)\s+([A-Z][\p{L}'-]*(?:[- ][A-Z][\p{L}'-]*)*))?\s*\+?\s*/u;

/** The channel the verb names ("post in #fpl:"). */
export function channelOfVerb(p: Pick<PostWords, 'post'>): string | undefined {
  return /#([\w-]{1,80})/.exec(p.post[0])?.[1];
}

/** A post of the weather, a price or a feed's headlines put into the person's words, or of the weather alone; null for other words. */
export function dataPostRules(p: PostWords, rulesAtEachTime: AtEachTime): RuleDraft[] | null {
  // "the weather for Almere (our ponds freeze in the winter!!)": an aside in brackets says why, not what.
  const words = p.words?.replace(/\s*\((?=[^)]*\b(?:our|we|my|i|because|since|so)\b)[^(){}]{1,100}\)\s*[.!]*$/i, '') ?? null;
  if (!words) return null;
  // 'post "Morning from the harbour! Today's weather:" followed by the weather for St Ives': the quote, then the weather.
  const weatherAfter = p.quoted ? /^\s*(?:\+|and|with|followed by|then)\s+(?:the\s+|today'?s\s+)?(?:current\s+)?(?:weather|forecast)\b(?:\s+(?:for|in|at)\s+([A-Z][\p{L}'-]*(?:[- ][A-Z][\p{L}'-]*)*))?/u.exec(p.rest.slice(p.quoted[0].length)) : null;
  if (weatherAfter) {
    const source = { kind: 'weather' as const, city: weatherAfter[1] ?? null };
    return rulesAtEachTime('weather-post', () => ({ kind: 'data', source, text: `${words}\n{value}` }), channelOfVerb(p));
  }
  // 'post the weather for Bern and the text "Run in 1h! ..."': the weather, then the person's words.
  // 'the weather forecast for Perth, Western Australia with the max temp and the UV index, and add "Slip slop slap" at the end'.
  const weatherThen = /^(?:the\s+|today'?s\s+)?(?:weather\s+)?(?:weather|forecast)(?:\s+(?:for|in|at)\s+(\p{Lu}[\p{L}'-]*(?:[- ]\p{Lu}[\p{L}'-]*)*)(?:,\s*\p{Lu}[\p{L}' -]{1,40}?)?)?(?:\s+with\s+(?:the\s+)?[\p{L} ]{1,50}?)?\s*,?\s*(?:\+|and|with|then|followed by)\s+(?:add\s+|put\s+)?(?:the\s+(?:text|words|message|line)\s*:?\s*)?(?=[\p{Lu}\p{Extended_Pictographic}])(.+?)(?:\s+(?:at the end|after it|below it|underneath))?$/u.exec(words);
  if (weatherThen) {
    const source = { kind: 'weather' as const, city: weatherThen[1] ?? null };
    return rulesAtEachTime('weather-post', () => ({ kind: 'data', source, text: `{value}\n${weatherThen[2]!.trim()}` }), channelOfVerb(p));
  }
  // "Bom dia! Today in Lisbon: + the weather + bring water 💧": the person's words around the weather.
  const weather = WEATHER_IN.exec(words);
  // "post the Hanoi weather starting with Good morning Hanoi ☀️": the person's words, then the weather.
  const opening = !weather ? WEATHER_OPENING.exec(words) : null;
  if (weather || opening) {
    const text = opening
      ? `${opening[3]!.split(/\s+[—–-]\s+/)[0]!.trim()}\n{value}`
      : `${words.slice(0, weather!.index).replace(/^(?:the\s+)?(?:weather|forecast)\s+(?:for|in)\s+[^:]{1,40}:\s*/i, '').trim()}\n{value}\n${words.slice(weather!.index + weather![0].length).trim()}`.trim();
    // The place: after the weather, else in the words before it ("Today in Lisbon:"), else a blank.
    const place = (opening ? (opening[1] ?? opening[2]) : weather![1]) ?? /\b(?:in|from|at)\s+([A-Z][\p{L}'-]*(?:[- ][A-Z][\p{L}'-]*)*)/u.exec(words.slice(0, weather?.index ?? 0))?.[1] ?? null;
    const source = { kind: 'weather' as const, city: place };
    return rulesAtEachTime('weather-post', () => ({ kind: 'data', source, text }), channelOfVerb(p) ?? /\b(?:in|to|into)\s+#([\w-]{1,80})/.exec(words)?.[1]);
  }
  // "post latest sports news headlines in #wire, start the post with "📰 Latest sport:"": a feed's newest items
  // (the feed a blank until its address is given), the person's words before them.
  const news = /^(?:the\s+)?(?:latest|newest|new|today'?s|top)?\s*(?:(\d{1,2})\s+)?(?:[\p{L}-]+\s+){0,2}?(?:news|headlines?)(?:\s+(?:headlines?|stories))?\b/iu.exec(words);
  if (news && !/\bprice|weather|forecast\b/i.test(news[0])) {
    const opening = /\b(?:start(?:ing)?|begin(?:ning)?|open(?:ing)?)\s+(?:(?:the|each|every)\s+(?:post|tweet|message)\s+)?with\s*:?\s*/i.exec(words);
    const lead = opening ? saidWordsAt(words.slice(opening.index + opening[0].length), []) : null;
    const source = { kind: 'news' as const, feedUrl: feedUrlIn(restore(p.m.masked, p.m.quotes)), count: Math.min(10, Number(news[1] ?? 3)) };
    return rulesAtEachTime('news-post', () => ({ kind: 'data', source, ...(lead ? { text: `${lead}\n{value}` } : {}) }), channelOfVerb(p) ?? /\b(?:in|to|into)\s+#([\w-]{1,80})/.exec(words)?.[1]);
  }
  // "tweet the DOGE price: Good morning shibes! DOGE is at <price> 🐕": the price put into the person's words.
  // 'the BNB price in USD: "BNB now: ${price}"': the price's currency before the colon, the words quoted.
  const priced = /^(?:the\s+)?(?:current\s+)?([\w ]{0,20}?)\s*price(?:\s+in\s+\w{2,10})?\s*:\s*["“]?(.*?(?:<\s*price\s*>|\{\s*price\s*\}).*?)["”]?$/i.exec(words);
  const inCurrency = /\bprice\s+in\s+\w+/i.exec(words)?.[0] ?? 'price';
  const coin = priced ? priceAsked(`${priced[1]} ${inCurrency}`) ?? priceAsked(`${coinsIn(words ?? '')[0] ?? ''} price`) : null;
  if (priced && coin) {
    const text = priced[2]!.replace(/<\s*price\s*>|\{\s*price\s*\}/i, '{value}');
    return rulesAtEachTime('price-post', () => ({ kind: 'data', source: { kind: 'price', ...coin }, text }), channelOfVerb(p));
  }
  // 'post the BTC price in usd, format "₿ BTC now: $<price>"': the price put into the person's format.
  const format = /\b(?:format(?:ted)?(?:\s+(?:like|as))?|like|as|e\.g\.?)\s*:?\s*["“]?([^"”\n]*(?:<\s*price\s*>|\{\s*price\s*\})[^"”\n]*?)["”]?\s*$/i.exec(words);
  const formatted = format ? priceAsked(words.slice(0, format.index)) : null;
  if (format && formatted) return rulesAtEachTime('price-post', () => ({ kind: 'data', source: { kind: 'price', ...formatted }, text: format[1]!.replace(/<\s*price\s*>|\{\s*price\s*\}/i, '{value}').trim() }), channelOfVerb(p));
  // "every 60 minutes post the ETH price in #prices": the price alone.
  const plainPrice = /^(?:the\s+)?(?:current\s+|latest\s+)?[\w]+(?:'s)?\s+(?:price|rate)\b/i.test(words) ? priceAsked(words) : null;
  // "... with 'SOL update ⏱️' in front": the person's words before the price.
  // "post btc price with "Good morning miners ⛏️"": the person's own words (a capital or an emoji first) lead it too.
  const front = /\b(?:with|starting with)\s+(.+?)\s+(?:in front|first|before it)\b|\bstarting with\s+(.+)$|\bwith\s*:?\s+(?=[\p{Lu}\p{Extended_Pictographic}])(.+)$/iu.exec(words);
  const before = (front?.[1] ?? front?.[2] ?? front?.[3])?.trim();
  if (plainPrice) return rulesAtEachTime('price-post', () => ({ kind: 'data', source: { kind: 'price', ...plainPrice }, text: before ? `${before} {value}` : '{value}' }), channelOfVerb(p) ?? /\b(?:in|to|into)\s+#([\w-]{1,80})/.exec(words)?.[1]);
  // "every morning at 7:00 post the weather for De Bilt": the weather alone.
  // "post the weather for Verbier in #meteo": the channel is where it goes, not part of the place.
  const inChannel = /\s+(?:in|to|into)\s+#([\w-]{1,80})\s*$/.exec(words.replace(/[.!]+$/, ''));
  const weatherOnly = weatherAsked(words.replace(/[.!]+$/, '').slice(0, inChannel?.index));
  // A post has no message to name a place: without one written ("for our local hills"), the place is a blank.
  if (weatherOnly?.kind === 'data' && weatherOnly.source.kind === 'weather') {
    const source = { ...weatherOnly.source, city: weatherOnly.source.city ?? null };
    return rulesAtEachTime('weather-post', () => ({ kind: 'data', source, text: '{value}' }), channelOfVerb(p) ?? inChannel?.[1]);
  }
  return null;
}

