// What the engine asks the web: Open-Meteo (weather), CoinGecko (prices), RSS/Atom feeds (news), an
// OpenAI-compatible model (ai, translate) and open.er-api.com (exchange rates), plus the unit
// conversions. Standard library only (urllib in a worker thread); every call times out after 10 s.

import { pyString } from '../../../literals';
import { COIN_ALIASES, WEATHER_CODES } from '../web-facts';
import { code, lines, sections } from '../compose';
import type { Usage } from './usage';

const FETCH = code`
def download(url, body=None, headers=None):
    """What a web address answers (at most 10 seconds, 5 MB); raises an error when it fails."""
    request = urllib.request.Request(url, data=body, headers={"User-Agent": "Botwright-bot/1.0 (Python urllib)", **(headers or {})})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read(5_000_000)`;

/** get_json(): every web call but the news feeds (read as XML). */
const GET_JSON = code`
async def get_json(url, body=None, headers=None):
    """download() in a worker thread (the bot keeps answering meanwhile), read as JSON."""
    return json.loads(await asyncio.to_thread(download, url, body, headers))`;

function weather(): string {
  const codes = WEATHER_CODES.map(([n, words]) => `    ${n}: ${pyString(words)},`).join('\n');
  return sections(
    2,
    lines('# Open-Meteo\'s weather codes (WMO) in words.', 'WEATHER_CODES = {', codes, '}'),
    code`
async def weather_now(city, measure="temperature"):
    """The weather now in a city from Open-Meteo (no key needed): (the words, the temperature in °C, or the
    wind in km/h when measure is "wind")."""
    found = await get_json(GEOCODING_URL + "?" + urllib.parse.urlencode({"name": city, "count": 1}))
    places = found.get("results") or []
    if not places:
        raise Reply("I could not find a place called " + city + ".")
    place = places[0]
    position = urllib.parse.urlencode({"latitude": place["latitude"], "longitude": place["longitude"]})
    current = (await get_json(FORECAST_URL + "?" + position + "&current=temperature_2m,weather_code,wind_speed_10m"))["current"]
    where = place.get("name", city) + (", " + place["country"] if place.get("country") else "")
    sky = WEATHER_CODES.get(current.get("weather_code"), "weather code " + str(current.get("weather_code")))
    words = where + ": " + sky + ", " + str(current["temperature_2m"]) + "°C, wind " + str(current.get("wind_speed_10m")) + " km/h"
    return words, float(current["wind_speed_10m"] if measure == "wind" else current["temperature_2m"])`,
  );
}

function price(): string {
  const aliases = Object.entries(COIN_ALIASES).map(([k, v]) => `${pyString(k)}: ${pyString(v)}`).join(', ');
  return sections(
    2,
    `COIN_ALIASES = {${aliases}}  # symbols people type -> CoinGecko ids`,
    code`
async def coin_price(typed, currency):
    """A coin's price from CoinGecko (no key needed)."""
    coin = COIN_ALIASES.get(typed, typed)
    query = urllib.parse.urlencode({"ids": coin, "vs_currencies": currency.lower()})
    value = (await get_json(COIN_PRICES_URL + "?" + query)).get(coin, {}).get(currency.lower())
    if not isinstance(value, (int, float)):
        raise Reply("I do not know the coin " + typed + " (use CoinGecko names like bitcoin).")
    return float(value)`,
    code`
def amount_text(value):
    """1234.5 -> "1,234.50"; amounts below 1 keep four significant digits (0.0001234)."""
    if abs(value) >= 1:
        return "{:,.2f}".format(value)
    return format(Decimal("{:.4g}".format(value)), "f")`,
  );
}

const NEWS = code`
def plain_tag(element):
    """An XML tag without the Atom or RSS 1.0 namespace: '{http://www.w3.org/2005/Atom}entry' -> 'entry'."""
    tag = element.tag if isinstance(element.tag, str) else ""
    return tag.split("}")[-1]


async def feed_items(feed_url):
    """The items of an RSS or Atom feed (the feed's own order, newest first), each (title, link)."""
    data = await asyncio.to_thread(download, feed_url)
    items = []
    for item in ElementTree.fromstring(data).iter():
        if plain_tag(item) not in ("item", "entry"):
            continue
        title, link = "", ""
        for child in item:
            if plain_tag(child) == "title":
                title = " ".join(re.sub(r"<[^>]*>", "", "".join(child.itertext())).split())  # titles may hold HTML
            elif plain_tag(child) == "link" and not link:
                link = (child.get("href") or child.text or "").strip()  # Atom: href; RSS: the text
        if title:
            items.append((title, link))
    return items


def item_text(item):
    """An item as the bot says it: its title, then its link."""
    title, link = item
    return title + ("\n" + link if link else "")


async def latest_news(feed_url, count):
    """The newest items of a feed, each as its title and link."""
    items = await feed_items(feed_url)
    if not items:
        raise Reply("The news feed has no headlines right now.")
    return "\n\n".join(item_text(item) for item in items[:count])`;

const MODEL = code`
async def ask_model(instructions, text):
    """The language model's answer (OpenAI, or a compatible service at OPENAI_BASE_URL)."""
    key = os.getenv("OPENAI_API_KEY", "").strip()
    if not key:
        raise RuntimeError("OPENAI_API_KEY is not set")
    base = (os.getenv("OPENAI_BASE_URL") or "https://api.openai.com/v1").rstrip("/")
    messages = [{"role": "system", "content": instructions}, {"role": "user", "content": text}]
    body = json.dumps({"model": os.getenv("OPENAI_MODEL") or "gpt-4o-mini", "messages": messages}).encode()
    headers = {"Content-Type": "application/json", "Authorization": "Bearer " + key}
    answer = await get_json(base + "/chat/completions", body, headers)
    return answer["choices"][0]["message"]["content"].strip()`;

const REPLY = code`
class Reply(Exception):
    """What to tell the person instead of a value: something to write first, a place or coin not found."""`;

function answerOf(u: Usage): string {
  const s = u.sources;
  return lines(
    'async def answer_of(source, args, message, example=""):',
    '    """What a data source says now: (the text, its number or None). args: what was written after the',
    '    command; message: the whole message; example: the command, for "write ... after" answers."""',
    '    kind = source["kind"]',
    s.has('weather') && '    if kind == "weather":',
    s.has('weather') && '        city = (source.get("city") or args).strip()',
    s.has('weather') && '        if not city:',
    s.has('weather') && '            raise Reply("Write a city after the command, e.g. " + (example or "/weather") + " Paris")',
    s.has('weather') && '        return await weather_now(city, source.get("measure") or "temperature")',
    s.has('price') && '    if kind == "price":',
    s.has('price') && '        typed = (source.get("coin") or (args.split() or [""])[0]).lower()',
    s.has('price') && '        if not typed:',
    s.has('price') && '            raise Reply("Write a coin after the command, e.g. " + (example or "/price") + " bitcoin")',
    s.has('price') && '        currency = source.get("currency") or "usd"',
    s.has('price') && '        number = await coin_price(typed, currency)',
    s.has('price') && '        return amount_text(number) + " " + currency.upper(), number',
    s.has('news') && '    if kind == "news":',
    s.has('news') && '        return await latest_news(source["feedUrl"], source.get("count") or 3), None',
    s.has('ai') && '    if kind == "ai":',
    s.has('ai') && '        return await ask_model(source["instructions"], args or message), None',
    s.has('translate') && '    if kind == "translate":',
    s.has('translate') && '        if not (args or message):',
    s.has('translate') && '            raise Reply("Write the text after the command, e.g. " + (example or "/translate") + " Good morning")',
    s.has('translate') && `        return await ask_model("Translate the user's message into " + source["to"] + ". Answer with the translation only.", args or message), None`,
    '    raise ValueError("unknown data source " + kind)',
  );
}

const UNITS = code`
# Unit conversions: (from, to) -> the formula.
UNITS = {
    ("c", "f"): lambda value: value * 9 / 5 + 32,
    ("f", "c"): lambda value: (value - 32) * 5 / 9,
    ("km", "mi"): lambda value: value / 1.609344,
    ("mi", "km"): lambda value: value * 1.609344,
    ("kg", "lb"): lambda value: value / 0.45359237,
    ("lb", "kg"): lambda value: value * 0.45359237,
    ("cm", "in"): lambda value: value / 2.54,
    ("in", "cm"): lambda value: value * 2.54,
    ("gal", "l"): lambda value: value * 3.78541,
    ("l", "gal"): lambda value: value / 3.78541,
    ("oz", "g"): lambda value: value * 28.3495,
    ("g", "oz"): lambda value: value / 28.3495,
    ("m", "ft"): lambda value: value / 0.3048,
    ("ft", "m"): lambda value: value * 0.3048,
    ("m", "yd"): lambda value: value / 0.9144,
    ("yd", "m"): lambda value: value * 0.9144,
}`;

function converted(u: Usage): string {
  return lines(
    'async def converted(amount, source, target):',
    '    """The amount in the other unit or currency (currencies from open.er-api.com, no key needed)."""',
    u.units && '    if (source.lower(), target.lower()) in UNITS:',
    u.units && '        return UNITS[(source.lower(), target.lower())](amount)',
    u.currencies ? '    rates = (await get_json(EXCHANGE_RATES_URL + source.upper()))["rates"]' : '    raise ValueError("no conversion from " + source + " to " + target)',
    u.currencies && '    return amount * rates[target.upper()]',
  );
}

export function pyWeb(u: Usage): string {
  const s = u.sources;
  const convert = u.actions.has('convert');
  const urls = lines(
    u.web && '# The web services the bot asks (change them to use others).',
    s.has('weather') && 'GEOCODING_URL = "https://geocoding-api.open-meteo.com/v1/search"',
    s.has('weather') && 'FORECAST_URL = "https://api.open-meteo.com/v1/forecast"',
    s.has('price') && 'COIN_PRICES_URL = "https://api.coingecko.com/api/v3/simple/price"',
    u.currencies && 'EXCHANGE_RATES_URL = "https://open.er-api.com/v6/latest/"',
  );
  return sections(
    2,
    urls,
    u.web && FETCH,
    (s.has('weather') || s.has('price') || s.has('ai') || s.has('translate') || u.currencies) && GET_JSON,
    s.has('weather') && weather(),
    s.has('price') && price(),
    s.has('news') && NEWS,
    (s.has('ai') || s.has('translate')) && MODEL,
    s.size > 0 && REPLY,
    s.size > 0 && answerOf(u),
    u.units && UNITS,
    convert && converted(u),
  );
}
