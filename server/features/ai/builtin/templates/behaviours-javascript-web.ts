// The behaviours of a generated JavaScript bot that ask a web service: weather (Open-Meteo), news
// (an RSS/Atom feed read by a small parser, no XML library), coin prices (CoinGecko), exchange rates
// (open.er-api.com) and translations (the OpenAI-compatible model). Node's global fetch only; every
// call times out after 10 seconds and a failure becomes a clear answer, never a crash.

import type { BotPlan } from '../plan';
import { jsString, listLiteral } from '../literals';
import { COIN_ALIASES, WEATHER_CODES } from './behaviour-content';
import { usesWeb } from './behaviour-kinds';
import { code, lines, sections } from './compose';

export function jsWebSettings(plan: BotPlan): string {
  const f = plan.features;
  const p = plan.prefix;
  const c = plan.commands;
  return lines(
    f.has('weather') && `const DEFAULT_CITY = ${jsString(plan.city)}; // ${p}${c.weather} without a city`,
    f.has('weather') && "const WEATHER_ERROR = 'I could not reach the weather service right now, try again later.';",
    f.has('news') && `const NEWS_FEED_URL = ${jsString(plan.feedUrl)}; // any RSS or Atom feed`,
    f.has('news') && `const NEWS_INTERVAL_MINUTES = ${plan.newsIntervalMinutes}; // how often to look for new headlines to post`,
    f.has('news') && `const NEWS_COUNT = 5; // how many headlines ${p}${c.news} shows`,
    f.has('news') && "const NEWS_ERROR = 'I could not reach the news feed right now, try again later.';",
    f.has('prices') && `const COINS = ${listLiteral('javascript', plan.coins)}; // CoinGecko ids, as on coingecko.com`,
    f.has('prices') && `const CURRENCIES = ${listLiteral('javascript', plan.currencies)}; // three-letter codes; coin prices use the first`,
    f.has('prices') && "const PRICES_ERROR = 'I could not reach the price service right now, try again later.';",
    f.has('translate') && `const TARGET_LANGUAGE = ${jsString(plan.targetLanguage)}; // what ${p}${c.translate} translates into`,
    f.has('translate') && "const TRANSLATE_ERROR = 'I could not translate that right now, try again later.';",
  );
}

const FETCHING = code`
// The content of a web address; throws when it cannot be fetched within 10 seconds.
async function getPage(url) {
  const response = await fetch(url, {
    headers: { 'User-Agent': 'Botwright-bot/1.0 (Node.js fetch)' },
    signal: AbortSignal.timeout(10000),
  });
  if (!response.ok) throw new Error('HTTP ' + response.status + ' from ' + url);
  return response.text();
}

// The JSON answer of a web address.
async function getJson(url) {
  return JSON.parse(await getPage(url));
}`;

function weather(plan: BotPlan): string {
  const p = `${plan.prefix}${plan.commands.weather}`;
  const codes = WEATHER_CODES.map(([n, words]) => `  ${n}: ${jsString(words)},`).join('\n');
  return code`
const GEOCODING_URL = 'https://geocoding-api.open-meteo.com/v1/search';
const FORECAST_URL = 'https://api.open-meteo.com/v1/forecast';
// Open-Meteo's weather codes (WMO) in words.
const WEATHER_CODES = {
${codes}
};

// ${p} [city]: the weather now in the city (DEFAULT_CITY when none is given), from Open-Meteo (no key needed).
async function weatherReport(args, sender) {
  const city = args.join(' ').trim() || DEFAULT_CITY;
  let place;
  let forecast;
  try {
    const found = await getJson(GEOCODING_URL + '?' + new URLSearchParams({ name: city, count: '1' }));
    place = (found.results || [])[0];
    if (!place) return 'I could not find a place called ' + city + '.';
    const position = new URLSearchParams({ latitude: String(place.latitude), longitude: String(place.longitude) });
    forecast = await getJson(FORECAST_URL + '?' + position + '&current=temperature_2m,weather_code,wind_speed_10m');
    if (!forecast.current) throw new Error('the answer has no current weather');
  } catch (error) {
    logError('The weather service failed:', error.message); // no network, a timeout or an unexpected answer
    return WEATHER_ERROR;
  }
  const now = forecast.current;
  const units = forecast.current_units || {};
  const where = (place.name || city) + (place.country ? ', ' + place.country : '');
  const sky = WEATHER_CODES[now.weather_code] || 'weather code ' + now.weather_code;
  const temperature = now.temperature_2m + (units.temperature_2m || '°C');
  const wind = now.wind_speed_10m + ' ' + (units.wind_speed_10m || 'km/h');
  return 'Weather in ' + where + ': ' + sky + ', ' + temperature + ', wind ' + wind + '.';
}`;
}

function news(plan: BotPlan): string {
  const p = `${plan.prefix}${plan.commands.news}`;
  return code`
// The text of the first <tag>...</tag> of some XML, without CDATA wrappers and inner tags.
function tagText(xml, tag) {
  const match = new RegExp('<' + tag + '(?:\\s[^>]*)?>([\\s\\S]*?)</' + tag + '>', 'i').exec(xml);
  if (!match) return '';
  return match[1].replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1').replace(/<[^>]*>/g, '').trim();
}

// Turns XML escapes (&amp; &lt; &#39; ...) back into the characters they stand for.
function decodeXml(text) {
  const named = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (all, name) => {
    const lower = name.toLowerCase();
    if (lower[0] !== '#') return named[lower];
    const number = lower[1] === 'x' ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return number > 0 && number <= 0x10ffff ? String.fromCodePoint(number) : all;
  });
}

// The headlines of an RSS or Atom feed in the feed's order (newest first), each { id, title, link }.
function readFeed(xml) {
  const headlines = [];
  for (const item of xml.match(/<(item|entry)(?:\s[^>]*)?>[\s\S]*?<\/\1>/gi) || []) {
    const title = decodeXml(tagText(item, 'title')).replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim(); // titles may hold HTML
    const atomLink = /<link\b[^>]*?\bhref="([^"]*)"/i.exec(item);
    const link = decodeXml(tagText(item, 'link') || (atomLink ? atomLink[1] : ''));
    const id = decodeXml(tagText(item, 'guid') || tagText(item, 'id')) || link || title;
    if (title) headlines.push({ id, title, link });
  }
  return headlines;
}

// A headline and its link, as posted.
function headlineText(headline) {
  return headline.title + (headline.link ? '\n' + headline.link : '');
}

// ${p}: the first NEWS_COUNT headlines of NEWS_FEED_URL.
async function latestNews(args, sender) {
  let headlines;
  try {
    headlines = readFeed(await getPage(NEWS_FEED_URL));
  } catch (error) {
    logError('Reading the news feed failed:', error.message); // no network, a timeout or a page that is no feed
    return NEWS_ERROR;
  }
  if (headlines.length === 0) return 'The news feed has no headlines right now.';
  return headlines.slice(0, NEWS_COUNT).map(headlineText).join('\n\n');
}`;
}

function prices(plan: BotPlan): string {
  const price = `${plan.prefix}${plan.commands.price}`;
  const rate = `${plan.prefix}${plan.commands.rate}`;
  const aliases = Object.entries(COIN_ALIASES).map(([k, v]) => `${k}: ${jsString(v)}`).join(', ');
  return code`
const COIN_PRICES_URL = 'https://api.coingecko.com/api/v3/simple/price';
const EXCHANGE_RATES_URL = 'https://open.er-api.com/v6/latest/';
const COIN_ALIASES = { ${aliases} }; // symbols people type -> CoinGecko ids

// 1234.5 -> '1,234.50'; amounts below 1 keep four significant digits (0.0001234).
function formatAmount(value) {
  if (Math.abs(value) >= 1) return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return String(Number(value.toPrecision(4)));
}

// ${price} [coin]: the price of COINS (or of the coins given) in the first of CURRENCIES, from CoinGecko.
async function coinPrices(args, sender) {
  const alias = (word) => (Object.prototype.hasOwnProperty.call(COIN_ALIASES, word) ? COIN_ALIASES[word] : word);
  const coins = args.length > 0 ? args.map((word) => alias(word.toLowerCase())) : COINS;
  const currency = CURRENCIES[0].toLowerCase();
  let found;
  try {
    found = await getJson(COIN_PRICES_URL + '?ids=' + coins.map(encodeURIComponent).join(',') + '&vs_currencies=' + encodeURIComponent(currency));
  } catch (error) {
    logError('The price service failed:', error.message); // no network, a timeout or too many requests
    return PRICES_ERROR;
  }
  const answer = coins.map((coin) => {
    const price = Object.prototype.hasOwnProperty.call(found, coin) ? found[coin][currency] : undefined;
    if (typeof price !== 'number') return 'I do not know the coin ' + coin + ' (use CoinGecko names like bitcoin).';
    return coin + ': ' + formatAmount(price) + ' ' + currency.toUpperCase();
  });
  return answer.join('\n');
}

// ${rate} [amount] [FROM] [TO]: what FROM is worth in TO (default: the first two of CURRENCIES), from open.er-api.com.
async function exchangeRate(args, sender) {
  let amount = 1;
  const codes = [];
  for (const word of args) {
    if (/^\d+(?:[.,]\d+)?$/.test(word)) amount = Number(word.replace(',', '.'));
    else codes.push(word.toUpperCase());
  }
  const source = codes.length > 0 ? codes[0] : CURRENCIES[0];
  let targets = codes.slice(1);
  if (targets.length === 0) targets = CURRENCIES.filter((code) => code !== source);
  if (targets.length === 0) targets = ['USD'];
  if (!/^[A-Z]{3}$/.test(source)) return 'Write currencies as three-letter codes, for example: ${rate} USD EUR';
  let found;
  try {
    found = await getJson(EXCHANGE_RATES_URL + source);
  } catch (error) {
    logError('The exchange rate service failed:', error.message); // no network, a timeout or an unknown currency
    return PRICES_ERROR;
  }
  if (found.result !== 'success') return 'I do not know the currency ' + source + '.';
  const rates = found.rates || {};
  const answer = targets.map((target) => {
    const value = Object.prototype.hasOwnProperty.call(rates, target) ? rates[target] : undefined;
    if (typeof value !== 'number') return 'I do not know the currency ' + target + '.';
    return formatAmount(amount) + ' ' + source + ' = ' + formatAmount(amount * value) + ' ' + target;
  });
  return answer.join('\n');
}`;
}

function translate(plan: BotPlan): string {
  const p = `${plan.prefix}${plan.commands.translate}`;
  return code`
// ${p} <text>: the text in TARGET_LANGUAGE, translated by the language model.
async function translateText(args, sender) {
  const text = args.join(' ').trim();
  if (!text) return 'Send the text after the command, for example: ${p} Good morning';
  const instructions = "Translate the user's message into " + TARGET_LANGUAGE + '. Answer with the translation only.';
  const translation = await askLlm(text, instructions);
  return translation || TRANSLATE_ERROR;
}`;
}

export function jsWebCode(plan: BotPlan): string {
  const f = plan.features;
  return sections(
    1,
    usesWeb(plan) && FETCHING,
    f.has('weather') && weather(plan),
    f.has('news') && news(plan),
    f.has('prices') && prices(plan),
    f.has('translate') && translate(plan),
  );
}
