// The behaviours of a generated Python bot that ask a web service: weather (Open-Meteo), news
// (an RSS/Atom feed read with xml.etree), coin prices (CoinGecko), exchange rates (open.er-api.com)
// and translations (the OpenAI-compatible model). Standard library only; every call times out
// after 10 seconds and a failure becomes a clear answer, never a crash.

import type { BotPlan } from '../plan';
import { listLiteral, pyString } from '../literals';
import { COIN_ALIASES, WEATHER_CODES } from './behaviour-content';
import { usesWeb } from './behaviour-kinds';
import { code, lines, sections } from './compose';
import { pyAsync } from './python-async';

interface Options {
  async: boolean;
}

export function pyWebImports(plan: BotPlan, options: Options): string[] {
  const f = plan.features;
  if (!usesWeb(plan)) return [];
  const out = ['urllib.request'];
  if (options.async) out.push('asyncio');
  if (f.has('weather') || f.has('prices')) out.push('json', 'urllib.parse');
  if (f.has('news')) out.push('from xml.etree import ElementTree');
  return out;
}

export function pyWebSettings(plan: BotPlan): string {
  const f = plan.features;
  const p = plan.prefix;
  const c = plan.commands;
  return lines(
    f.has('weather') && `DEFAULT_CITY = ${pyString(plan.city)}  # ${p}${c.weather} without a city`,
    f.has('weather') && 'WEATHER_ERROR = "I could not reach the weather service right now, try again later."',
    f.has('news') && `NEWS_FEED_URL = ${pyString(plan.feedUrl)}  # any RSS or Atom feed`,
    f.has('news') && `NEWS_INTERVAL_MINUTES = ${plan.newsIntervalMinutes}  # how often to look for new headlines to post`,
    f.has('news') && `NEWS_COUNT = 5  # how many headlines ${p}${c.news} shows`,
    f.has('news') && 'NEWS_ERROR = "I could not reach the news feed right now, try again later."',
    f.has('prices') && `COINS = ${listLiteral('python', plan.coins)}  # CoinGecko ids, as on coingecko.com`,
    f.has('prices') && `CURRENCIES = ${listLiteral('python', plan.currencies)}  # three-letter codes; coin prices use the first`,
    f.has('prices') && 'PRICES_ERROR = "I could not reach the price service right now, try again later."',
    f.has('translate') && `TARGET_LANGUAGE = ${pyString(plan.targetLanguage)}  # what ${p}${c.translate} translates into`,
    f.has('translate') && 'TRANSLATE_ERROR = "I could not translate that right now, try again later."',
  );
}

function fetching(isAsync: boolean): string {
  const download = code`
def download(url):
    """The content of a web address; raises an error when it cannot be fetched within 10 seconds."""
    request = urllib.request.Request(url, headers={"User-Agent": "Botwright-bot/1.0 (Python urllib)"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read(5_000_000)  # at most 5 MB`;
  if (!isAsync) {
    return sections(
      2,
      download.replace('def download(url):', 'def get_page(url):'),
      code`
def get_json(url):
    """The JSON answer of a web address."""
    return json.loads(get_page(url))`,
    );
  }
  return sections(
    2,
    download,
    code`
async def get_page(url):
    """download() in a worker thread, so the bot keeps answering others while it waits."""
    return await asyncio.to_thread(download, url)`,
    code`
async def get_json(url):
    """The JSON answer of a web address."""
    return json.loads(await get_page(url))`,
  );
}

function weather(plan: BotPlan, d: string, aw: string): string {
  const p = `${plan.prefix}${plan.commands.weather}`;
  const codes = WEATHER_CODES.map(([n, words]) => `    ${n}: ${pyString(words)},`).join('\n');
  return sections(
    2,
    code`
GEOCODING_URL = "https://geocoding-api.open-meteo.com/v1/search"
FORECAST_URL = "https://api.open-meteo.com/v1/forecast"
# Open-Meteo's weather codes (WMO) in words.
WEATHER_CODES = {
${codes}
}`,
    code`
${d} weather_report(args, sender):
    """${p} [city]: the weather now in the city (DEFAULT_CITY when none is given), from Open-Meteo (no key needed)."""
    city = " ".join(args).strip() or DEFAULT_CITY
    try:
        found = ${aw}get_json(GEOCODING_URL + "?" + urllib.parse.urlencode({"name": city, "count": 1}))
        places = found.get("results") or []
        if not places:
            return "I could not find a place called " + city + "."
        place = places[0]
        position = urllib.parse.urlencode({"latitude": place["latitude"], "longitude": place["longitude"]})
        forecast = ${aw}get_json(FORECAST_URL + "?" + position + "&current=temperature_2m,weather_code,wind_speed_10m")
        now = forecast["current"]
        units = forecast.get("current_units", {})
    except Exception as error:  # no network, a timeout or an unexpected answer
        logger.error("The weather service failed: %s", error)
        return WEATHER_ERROR
    where = place.get("name", city) + (", " + place["country"] if place.get("country") else "")
    sky = WEATHER_CODES.get(now.get("weather_code"), "weather code " + str(now.get("weather_code")))
    temperature = str(now.get("temperature_2m")) + units.get("temperature_2m", "°C")
    wind = str(now.get("wind_speed_10m")) + " " + units.get("wind_speed_10m", "km/h")
    return "Weather in " + where + ": " + sky + ", " + temperature + ", wind " + wind + "."`,
  );
}

function news(plan: BotPlan, d: string, aw: string): string {
  const p = `${plan.prefix}${plan.commands.news}`;
  return sections(
    2,
    'FEED_NAMESPACES = ("{http://www.w3.org/2005/Atom}", "{http://purl.org/rss/1.0/}")',
    code`
def plain_tag(element):
    """An XML tag without the Atom or RSS 1.0 namespace: '{http://www.w3.org/2005/Atom}entry' -> 'entry'."""
    tag = element.tag if isinstance(element.tag, str) else ""
    for namespace in FEED_NAMESPACES:
        tag = tag.replace(namespace, "")
    return tag`,
    code`
def read_feed(data):
    """The headlines of an RSS or Atom feed in the feed's order (newest first), each {"id", "title", "link"}."""
    headlines = []
    for item in ElementTree.fromstring(data).iter():
        if plain_tag(item) not in ("item", "entry"):
            continue
        headline = {"id": "", "title": "", "link": ""}
        for child in item:
            tag = plain_tag(child)
            if tag == "title":
                title = re.sub(r"<[^>]*>", "", "".join(child.itertext()))  # titles may hold HTML
                headline["title"] = " ".join(title.split())
            elif tag == "link" and not headline["link"]:
                headline["link"] = (child.get("href") or child.text or "").strip()  # Atom: href; RSS: the text
            elif tag in ("guid", "id"):
                headline["id"] = (child.text or "").strip()
        if headline["title"]:
            headline["id"] = headline["id"] or headline["link"] or headline["title"]
            headlines.append(headline)
    return headlines`,
    code`
def headline_text(headline):
    """A headline and its link, as posted."""
    return headline["title"] + ("\n" + headline["link"] if headline["link"] else "")`,
    code`
${d} latest_news(args, sender):
    """${p}: the first NEWS_COUNT headlines of NEWS_FEED_URL."""
    try:
        headlines = read_feed(${aw}get_page(NEWS_FEED_URL))
    except Exception as error:  # no network, a timeout or a page that is no feed
        logger.error("Reading the news feed failed: %s", error)
        return NEWS_ERROR
    if not headlines:
        return "The news feed has no headlines right now."
    return "\n\n".join(headline_text(headline) for headline in headlines[:NEWS_COUNT])`,
  );
}

function prices(plan: BotPlan, d: string, aw: string): string {
  const price = `${plan.prefix}${plan.commands.price}`;
  const rate = `${plan.prefix}${plan.commands.rate}`;
  const aliases = Object.entries(COIN_ALIASES).map(([k, v]) => `${pyString(k)}: ${pyString(v)}`).join(', ');
  return sections(
    2,
    code`
COIN_PRICES_URL = "https://api.coingecko.com/api/v3/simple/price"
EXCHANGE_RATES_URL = "https://open.er-api.com/v6/latest/"
COIN_ALIASES = {${aliases}}  # symbols people type -> CoinGecko ids`,
    code`
def format_amount(value):
    """1234.5 -> '1,234.50'; amounts below 1 keep four significant digits (0.0001234)."""
    return "{:,.2f}".format(value) if abs(value) >= 1 else "{:.4g}".format(value)`,
    code`
${d} coin_prices(args, sender):
    """${price} [coin]: the price of COINS (or of the coins given) in the first of CURRENCIES, from CoinGecko."""
    coins = [COIN_ALIASES.get(word.lower(), word.lower()) for word in args] or COINS
    currency = CURRENCIES[0].lower()
    query = "ids=" + urllib.parse.quote(",".join(coins), safe=",") + "&vs_currencies=" + urllib.parse.quote(currency)
    try:
        found = ${aw}get_json(COIN_PRICES_URL + "?" + query)
    except Exception as error:  # no network, a timeout or too many requests
        logger.error("The price service failed: %s", error)
        return PRICES_ERROR
    answer = []
    for coin in coins:
        price = found.get(coin, {}).get(currency)
        if price is None:
            answer.append("I do not know the coin " + coin + " (use CoinGecko names like bitcoin).")
        else:
            answer.append(coin + ": " + format_amount(price) + " " + currency.upper())
    return "\n".join(answer)`,
    code`
${d} exchange_rate(args, sender):
    """${rate} [amount] [FROM] [TO]: what FROM is worth in TO (default: the first two of CURRENCIES), from open.er-api.com."""
    amount = 1.0
    codes = []
    for word in args:
        if re.fullmatch(r"\d+(?:[.,]\d+)?", word):
            amount = float(word.replace(",", "."))
        else:
            codes.append(word.upper())
    source = codes[0] if codes else CURRENCIES[0]
    targets = codes[1:] or [code for code in CURRENCIES if code != source] or ["USD"]
    if not re.fullmatch(r"[A-Z]{3}", source):
        return "Write currencies as three-letter codes, for example: ${rate} USD EUR"
    try:
        found = ${aw}get_json(EXCHANGE_RATES_URL + source)
    except Exception as error:  # no network, a timeout or an unknown currency
        logger.error("The exchange rate service failed: %s", error)
        return PRICES_ERROR
    if found.get("result") != "success":
        return "I do not know the currency " + source + "."
    answer = []
    for target in targets:
        rate = found.get("rates", {}).get(target)
        if rate is None:
            answer.append("I do not know the currency " + target + ".")
        else:
            answer.append(format_amount(amount) + " " + source + " = " + format_amount(amount * rate) + " " + target)
    return "\n".join(answer)`,
  );
}

function translate(plan: BotPlan, d: string, aw: string): string {
  const p = `${plan.prefix}${plan.commands.translate}`;
  return code`
${d} translate_text(args, sender):
    """${p} <text>: the text in TARGET_LANGUAGE, translated by the language model."""
    text = " ".join(args).strip()
    if not text:
        return "Send the text after the command, for example: ${p} Good morning"
    instructions = "Translate the user's message into " + TARGET_LANGUAGE + ". Answer with the translation only."
    translation = ${aw}ask_llm(text, instructions)
    return translation or TRANSLATE_ERROR`;
}

export function pyWebCode(plan: BotPlan, options: Options): string {
  const f = plan.features;
  const { def, aw } = pyAsync(options.async);
  return sections(
    2,
    usesWeb(plan) && fetching(options.async),
    f.has('weather') && weather(plan, def, aw),
    f.has('news') && news(plan, def, aw),
    f.has('prices') && prices(plan, def, aw),
    f.has('translate') && translate(plan, def, aw),
  );
}
