// The engine's web calls as JavaScript source (Node's own fetch, no library): the `data` action's
// sources (Open-Meteo weather, CoinGecko prices, RSS/Atom news, the OpenAI-compatible model) and
// currency rates (open.er-api.com). Every call stops after 10 s; a failure says SORRY and is logged.
import { jsString } from '../../../literals';
import { COIN_ALIASES, WEATHER_CODES } from '../web-facts';
import { code, lines, sections } from '../compose';
import { usesModel, usesWeb, type PlanUses } from '../plan-uses';

const SORRY = "const SORRY = 'Sorry, I could not get that right now.';";

const FETCHING = code`
// The text at a web address; throws when it does not come within 10 seconds or is an error page.
async function fetchText(url, options = {}) {
  const headers = { 'User-Agent': 'Botwright-bot/1.0 (Node.js fetch)', ...(options.headers || {}) };
  const response = await fetch(url, { ...options, headers, signal: AbortSignal.timeout(10000) });
  if (!response.ok) throw new Error('HTTP ' + response.status + ' from ' + url);
  return response.text();
}`;

const FETCH_JSON = code`
async function fetchJson(url, options) {
  return JSON.parse(await fetchText(url, options));
}`;

/** tellData; with feeds, a feed read for its new items says each of them (tellNewItems). */
function tell(feeds: boolean): string {
  return code`
// Gets a data source's answer as {value}, then says the text (or the answer itself)${feeds ? '; a feed read for its\n// new items says each of them' : ''}.
async function tellData(run, a) {${feeds ? "\n  if (a.source.kind === 'news' && a.source.onlyNew) return tellNewItems(run, a);" : ''}
  let found;
  try {
    found = await SOURCES[a.source.kind](a.source, run);
  } catch (error) {
    logError('Getting the ' + a.source.kind + ' failed:', error.message); // no network, a timeout or an odd answer
    await say(run, SORRY);
    return STOP;
  }
  if (found.say) {
    await say(run, found.say);
    return STOP;
  }
  run.vars.value = found.text;
  await say(run, a.text || '{value}');
}`;
}

function weather(): string {
  const codes = WEATHER_CODES.map(([n, words]) => `  ${n}: ${jsString(words)},`).join('\n');
  return code`
// Open-Meteo's weather codes in words.
const WEATHER_CODES = {
${codes}
};

// The weather now in the source's city (or {args}), from Open-Meteo (no key); its number is the temperature
// (°C), or the wind (km/h) when the source's measure says so.
async function weatherNow(source, run) {
  const city = (source.city || run.vars.args || '').trim();
  if (!city) return { say: 'Write a city after the command, e.g. ' + run.bot.settings.prefix + (run.command || 'weather') + ' Paris' };
  const found = await fetchJson('https://geocoding-api.open-meteo.com/v1/search?' + new URLSearchParams({ name: city, count: '1' }));
  const place = (found.results || [])[0];
  if (!place) return { say: 'I could not find a place called ' + city + '.' };
  const position = new URLSearchParams({ latitude: String(place.latitude), longitude: String(place.longitude) });
  const forecast = await fetchJson('https://api.open-meteo.com/v1/forecast?' + position + '&current=temperature_2m,weather_code,wind_speed_10m');
  const now = forecast.current;
  if (!now) throw new Error('the forecast has no current weather');
  const units = forecast.current_units || {};
  const sky = WEATHER_CODES[now.weather_code] || 'weather code ' + now.weather_code;
  const where = place.name + (place.country ? ', ' + place.country : '');
  const text = where + ': ' + sky + ', ' + now.temperature_2m + (units.temperature_2m || '°C') + ', wind ' + now.wind_speed_10m + ' ' + (units.wind_speed_10m || 'km/h');
  return { text, number: source.measure === 'wind' ? now.wind_speed_10m : now.temperature_2m };
}`;
}

const AMOUNT = code`
// 1234.5 -> '1,234.50'; amounts below 1 keep four significant digits (0.0001234).
function formatAmount(value) {
  if (Math.abs(value) >= 1) return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return value.toLocaleString('en-US', { maximumSignificantDigits: 4 });
}`;

function price(): string {
  const aliases = Object.entries(COIN_ALIASES).map(([k, v]) => `${k}: ${jsString(v)}`).join(', ');
  return code`
const COIN_ALIASES = { ${aliases} }; // what people type -> CoinGecko's id

// A coin's price (the source's coin, or the first word of {args}) from CoinGecko (no key); its number is the price.
async function coinPrice(source, run) {
  const typed = (source.coin || run.vars.args.split(/\s+/)[0] || '').toLowerCase();
  if (!typed) return { say: 'Write a coin after the command, e.g. ' + run.bot.settings.prefix + (run.command || 'price') + ' bitcoin' };
  const coin = Object.prototype.hasOwnProperty.call(COIN_ALIASES, typed) ? COIN_ALIASES[typed] : typed;
  const currency = (source.currency || 'usd').toLowerCase();
  const found = await fetchJson('https://api.coingecko.com/api/v3/simple/price?ids=' + encodeURIComponent(coin) + '&vs_currencies=' + encodeURIComponent(currency));
  const value = found[coin] && found[coin][currency];
  if (typeof value !== 'number') return { say: 'I do not know the coin ' + typed + ' (use CoinGecko names like bitcoin).' };
  return { text: formatAmount(value) + ' ' + currency.toUpperCase(), number: value };
}`;
}

const NEWS = code`
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

// The items of an RSS or Atom feed (the feed's own order, newest first), each { title, link }.
async function feedItems(feedUrl) {
  const xml = await fetchText(feedUrl);
  const items = [];
  for (const item of xml.match(/<(item|entry)(?:\s[^>]*)?>[\s\S]*?<\/\1>/gi) || []) {
    const title = decodeXml(tagText(item, 'title')).replace(/\s+/g, ' ').trim();
    const atomLink = /<link\b[^>]*?\bhref="([^"]*)"/i.exec(item);
    const link = decodeXml(tagText(item, 'link') || (atomLink ? atomLink[1] : ''));
    if (title) items.push({ title, link });
  }
  return items;
}

// An item as the bot says it: its title, then its link.
function itemText(item) {
  return item.title + (item.link ? '\n' + item.link : '');
}

// The newest items of a feed: title, then link, a blank line between.
async function newestHeadlines(source) {
  const items = await feedItems(source.feedUrl);
  if (items.length === 0) return { say: 'The news feed has no headlines right now.' };
  return { text: items.slice(0, source.count || 3).map(itemText).join('\n\n') };
}

// Says each item of the feed not said before, oldest first, with the text ({value}: its title and link).
// The first check only remembers what the feed holds, so a new bot does not flood the chat.
async function tellNewItems(run, a) {
  let items;
  try {
    items = await feedItems(a.source.feedUrl);
  } catch (error) {
    logError('Reading the feed failed:', error.message); // the next check tries again
    return STOP;
  }
  const seen = run.bot.store.part('feeds', a.source.feedUrl);
  const first = Object.keys(seen).length === 0;
  for (const item of items.slice().reverse()) {
    const key = item.link || item.title;
    if (seen[key]) continue;
    seen[key] = Date.now();
    if (!first) {
      run.vars.value = itemText(item);
      await say(run, a.text || '{value}');
    }
  }
  // Only the newest 300 are kept.
  for (const key of Object.keys(seen).sort((x, y) => seen[x] - seen[y]).slice(0, -300)) delete seen[key];
  run.bot.store.save();
}`;

const MODEL = code`
// The OpenAI-compatible model's answer to a text, following the instructions (OPENAI_API_KEY is needed;
// OPENAI_BASE_URL names another compatible server, OPENAI_MODEL another model).
async function askModel(instructions, text) {
  const key = (process.env.OPENAI_API_KEY || '').trim();
  if (!key) throw new Error('OPENAI_API_KEY is not set');
  const base = (process.env.OPENAI_BASE_URL || 'https://api.openai.com/v1').replace(/\/+$/, '');
  const answer = await fetchJson(base + '/chat/completions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + key },
    body: JSON.stringify({
      model: process.env.OPENAI_MODEL || 'gpt-4o-mini',
      messages: [
        { role: 'system', content: instructions },
        { role: 'user', content: text },
      ],
    }),
  });
  const content = answer.choices && answer.choices[0] && answer.choices[0].message.content;
  if (!content) throw new Error('the model gave no answer');
  return content.trim();
}`;

const AI = code`
// The model's answer to {args} (or the whole message), with the person's instructions.
async function modelAnswer(source, run) {
  return { text: await askModel(source.instructions, run.vars.args || run.event.text) };
}`;

const TRANSLATE = code`
// {args} (or the whole message) translated into the source's language by the model.
async function translation(source, run) {
  const text = run.vars.args || run.event.text;
  if (!text) return { say: 'Write the text after the command, e.g. ' + run.bot.settings.prefix + (run.command || 'translate') + ' Good morning' };
  return { text: await askModel("Translate the user's message into " + source.to + '. Answer with the translation only.', text) };
}`;

const RATES = code`
// How much one FROM is in TO today, from open.er-api.com (no key).
async function exchangeRate(from, to) {
  const found = await fetchJson('https://open.er-api.com/v6/latest/' + encodeURIComponent(from.toUpperCase()));
  const rate = found.rates && found.rates[to.toUpperCase()];
  if (found.result !== 'success' || typeof rate !== 'number') throw new Error('no rate from ' + from + ' to ' + to);
  return rate;
}`;

export function web(uses: PlanUses): string | false {
  if (!usesWeb(uses)) return false;
  const s = uses.sources;
  const entries: Array<[string, string]> = [
    ['weather', 'weatherNow'],
    ['price', 'coinPrice'],
    ['news', 'newestHeadlines'],
    ['ai', 'modelAnswer'],
    ['translate', 'translation'],
  ];
  return sections(
    1,
    FETCHING,
    (s.has('weather') || s.has('price') || usesModel(uses) || uses.currencies) && FETCH_JSON,
    (uses.actions.has('data') || uses.currencies) && SORRY,
    uses.actions.has('data') && tell(s.has('news')),
    s.has('weather') && weather(),
    s.has('price') && AMOUNT,
    s.has('price') && price(),
    s.has('news') && NEWS,
    usesModel(uses) && MODEL,
    s.has('ai') && AI,
    s.has('translate') && TRANSLATE,
    uses.currencies && RATES,
    s.size > 0 &&
      lines(
        '// Where each kind of data comes from: each gives { text } (and { number } when it has one), or { say }',
        '// when it needs something from the person first.',
        'const SOURCES = {',
        ...entries.filter(([kind]) => s.has(kind as never)).map(([kind, fn]) => `  ${kind}: ${fn},`),
        '};',
      ),
  );
}
