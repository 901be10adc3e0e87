// Weather: the city a request names for /weather ("weather for Berlin", "New York weather",
// "forecast in são paulo"). Open-Meteo needs no key, so the city is the only parameter.

const CITY_WORD = "[A-Z\\u00C0-\\u024F][\\p{L}'’.-]*";
const CITY_JOINER = "(?:de|da|do|del|la|le|los|las|am|upon|on|sur|al|el|of)";
/** "New York", "Rio de Janeiro", "Frankfurt am Main": capitalised words, with lower-case joiners inside. */
const CAPITALISED_CITY = `(${CITY_WORD}(?:[ -](?:${CITY_JOINER}[ -])?${CITY_WORD}){0,3})`;

const NOT_A_CITY = new Set([
  'the', 'my', 'our', 'your', 'their', 'his', 'her', 'a', 'an', 'this', 'that', 'today', 'tomorrow', 'now', 'me', 'us',
  'everyone', 'people', 'users', 'members', 'chat', 'group', 'channel', 'server', 'telegram', 'discord', 'slack',
  'whatsapp', 'twitter', 'python', 'javascript', 'node', 'every', 'each', 'daily', 'real', 'advance', 'celsius',
  'fahrenheit', 'any', 'all', 'other', 'different', 'several', 'multiple', 'cities', 'city', 'location', 'place',
  'english', 'detail', 'morning', 'evening', 'short', 'emoji', 'emojis', 'a', 'it', 'case', 'there',
]);

function cleanCity(raw: string): string | null {
  const city = raw.replace(/['’]s$/, '').replace(/[.,]+$/, '').trim();
  if (!city || city.length > 40 || city.toLowerCase().split(/\s+/).some((w) => NOT_A_CITY.has(w))) return null;
  return city.split(/(\s+|-)/).map((w) => (/^(?:de|da|do|del|la|le|los|las|am|upon|on|sur|al|el|of)$/.test(w) || /^[\s-]+$/.test(w) ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

const WEATHER_WORD = '(?:weather|forecasts?|temperatures?|rain(?:s|ing)?|snow(?:s|ing)?)';
const AFTER = [
  new RegExp(`\\b${WEATHER_WORD}\\s+(?:(?:report|update|updates|bot|command|info)\\s+)?(?:for|in|at|of|around)\\s+(?:the\\s+city\\s+(?:of\\s+)?)?${CAPITALISED_CITY}`, 'u'),
  new RegExp(`\\b(?:default|my|our|home)\\s+city\\s*(?:is|:|=|of)?\\s*${CAPITALISED_CITY}`, 'u'),
  new RegExp(`\\bcity\\s*(?::|=|\\s(?:to|is|as))\\s*${CAPITALISED_CITY}`, 'u'),
];
/** "Berlin weather" (never "Slushy snow": a word before snow or rain is no place). */
const BEFORE = new RegExp(`${CAPITALISED_CITY}(?:['’]s)?\\s+(?:weather|forecasts?)\\b`, 'u');
/** "weather in berlin": a lower-case city, one or two words, up to a connecting word. */
const LOWER_CITY = new RegExp(
  `\\b${WEATHER_WORD}\\s+(?:for|in|at)\\s+([a-z\\u00E0-\\u024F]{3,}(?:\\s+(?!(?:and|every|each|at|on|with|to|daily|please|too|also|then|in|for|every)\\b)[a-z\\u00E0-\\u024F]{3,})?)(?=\\s*(?:[,.;!?]|$|\\b(?:and|every|each|at|on|with|to|daily|please|too|also|then|in|for)\\b))`,
  'u',
);

/** The city the request names for the weather, title-cased, or null. */
export function cityIn(masked: string): string | null {
  for (const re of AFTER) {
    const m = re.exec(masked);
    const city = m ? cleanCity(m[1]!) : null;
    if (city) return city;
  }
  const lower = LOWER_CITY.exec(masked);
  const city = lower ? cleanCity(lower[1]!) : null;
  if (city) return city;
  const before = BEFORE.exec(masked);
  if (before) {
    const words = before[1]!.split(/\s+/);
    // "Post the Berlin weather": keep only the words right before "weather" that are capitalised.
    const tail = words.slice(words.findLastIndex((w) => !/^[A-Z\u00C0-\u024F]/.test(w)) + 1).join(' ');
    if (words.length === 1 || tail) return cleanCity(tail || words.join(' '));
  }
  return null;
}
