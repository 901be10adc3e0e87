// The texts the behaviours start with when the request gives none: built-in jokes, quotes and
// facts, a sample menu and rules, and the words for Open-Meteo's weather codes.

export const BUILTIN_JOKES = [
  "Why don't scientists trust atoms? Because they make up everything.",
  'Why did the scarecrow win an award? Because he was outstanding in his field.',
  'What do you call a fake noodle? An impasta.',
  "Why don't eggs tell jokes? They would crack each other up.",
  'How does a penguin build its house? Igloos it together.',
  'Why did the bicycle fall over? It was two tired.',
  'What do you call a bear with no teeth? A gummy bear.',
  'What did the ocean say to the beach? Nothing, it just waved.',
  'Why did the math book look so sad? Because it had too many problems.',
  "What do you call cheese that isn't yours? Nacho cheese.",
  'Why do bees have sticky hair? Because they use honeycombs.',
  "What did one wall say to the other? I'll meet you at the corner.",
  'Why did the cookie go to the doctor? Because it felt crummy.',
  'I told my computer I needed a break. It said: no problem, I will go to sleep.',
  'Why are ghosts bad at lying? Because you can see right through them.',
];

export const BUILTIN_QUOTES = [
  'The journey of a thousand miles begins with one step. (Lao Tzu)',
  'Well done is better than well said. (Benjamin Franklin)',
  'We are what we repeatedly do. Excellence, then, is not an act, but a habit. (Will Durant)',
  'The best time to plant a tree was 20 years ago. The second best time is now. (Proverb)',
  "You miss 100% of the shots you don't take. (Wayne Gretzky)",
  'Imagination is more important than knowledge. (Albert Einstein)',
  "Life is what happens to you while you're busy making other plans. (John Lennon)",
  'Stay hungry, stay foolish. (Stewart Brand)',
  'Do what you can, with what you have, where you are. (Theodore Roosevelt)',
  'If you want to go fast, go alone. If you want to go far, go together. (Proverb)',
  'Nothing in life is to be feared, it is only to be understood. (Marie Curie)',
  'The only way to do great work is to love what you do. (Steve Jobs)',
  'Knowledge is power. (Francis Bacon)',
  'Simple can be harder than complex. (Steve Jobs)',
  'I think, therefore I am. (René Descartes)',
];

export const BUILTIN_FACTS = [
  'Honey never spoils: pots of edible honey were found in ancient Egyptian tombs.',
  'Octopuses have three hearts and blue blood.',
  'A day on Venus is longer than a year on Venus.',
  'Bananas are berries, but strawberries are not.',
  'The Eiffel Tower grows up to 15 cm taller in summer, when the iron expands in the heat.',
  'Sharks are older than trees: they appeared tens of millions of years earlier.',
  'A group of flamingos is called a flamboyance.',
  'Wombat droppings are cube-shaped.',
  'Sunlight takes about 8 minutes and 20 seconds to reach the Earth.',
  'There are more possible games of chess than atoms in the observable universe.',
  'Butterflies taste with their feet.',
  'The blue whale is the largest animal known to have ever lived.',
  'Water covers about 71% of the surface of the Earth.',
  'Koalas sleep up to 20 hours a day.',
  'A bolt of lightning is about five times hotter than the surface of the Sun.',
];

export const DEFAULT_CHOICES = ['Yes', 'No', 'Maybe'];

export const DEFAULT_POLL = { question: 'How do you like this chat?', options: ['Love it', 'It is fine', 'Could be better'] };

export const DEFAULT_RULES = [
  'The rules of this chat:',
  '1. Be kind and respectful.',
  '2. No spam or advertising.',
  '3. Stay on topic.',
  '4. No offensive language.',
].join('\n');

export function defaultMenu(botName: string): Array<{ label: string; reply: string }> {
  return [
    { label: 'Opening hours', reply: 'We are open Monday to Saturday, 9:00 to 18:00 (edit this text in MENU).' },
    { label: 'Contact', reply: 'Write your question here and we will get back to you as soon as we can.' },
    { label: 'About us', reply: `${botName} is here to help: send a question or pick from the menu.` },
  ];
}

export const DEFAULT_CITY = 'London';
export const DEFAULT_FEED = 'https://feeds.bbci.co.uk/news/rss.xml';
export const DEFAULT_COINS = ['bitcoin', 'ethereum'];
export const DEFAULT_CURRENCIES = ['USD', 'EUR'];
export const DEFAULT_TARGET_LANGUAGE = 'English';
export const DEFAULT_OPEN_HOURS = { from: '09:00', to: '17:00', weekdays: [0, 1, 2, 3, 4] };

/** Common ticker symbols people type, to CoinGecko ids. */
export const COIN_ALIASES: Record<string, string> = {
  btc: 'bitcoin', eth: 'ethereum', sol: 'solana', doge: 'dogecoin', ada: 'cardano', xrp: 'ripple', ltc: 'litecoin',
  dot: 'polkadot', bnb: 'binancecoin', usdt: 'tether', usdc: 'usd-coin', trx: 'tron', avax: 'avalanche-2', link: 'chainlink',
};

/** Open-Meteo's WMO weather codes in words. */
export const WEATHER_CODES: Array<[number, string]> = [
  [0, 'clear sky'], [1, 'mainly clear'], [2, 'partly cloudy'], [3, 'overcast'], [45, 'fog'], [48, 'freezing fog'],
  [51, 'light drizzle'], [53, 'drizzle'], [55, 'heavy drizzle'], [56, 'light freezing drizzle'], [57, 'freezing drizzle'],
  [61, 'light rain'], [63, 'rain'], [65, 'heavy rain'], [66, 'light freezing rain'], [67, 'freezing rain'],
  [71, 'light snow'], [73, 'snow'], [75, 'heavy snow'], [77, 'snow grains'], [80, 'light showers'], [81, 'showers'],
  [82, 'violent showers'], [85, 'light snow showers'], [86, 'heavy snow showers'], [95, 'thunderstorm'],
  [96, 'thunderstorm with light hail'], [99, 'thunderstorm with heavy hail'],
];

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** [0, 1, 2, 3, 4] -> 'Monday to Friday'; [5, 6] -> 'Saturday and Sunday'; [] -> 'every day'. */
export function describeWeekdays(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((d) => d >= 0 && d <= 6).sort((a, b) => a - b);
  if (sorted.length === 0 || sorted.length === 7) return 'every day';
  const runs: number[][] = [];
  for (const d of sorted) {
    const last = runs[runs.length - 1];
    if (last && last[last.length - 1] === d - 1) last.push(d);
    else runs.push([d]);
  }
  const parts = runs.map((r) => (r.length >= 3 ? `${DAY_NAMES[r[0]!]} to ${DAY_NAMES[r[r.length - 1]!]}` : r.map((d) => DAY_NAMES[d]).join(', ')));
  if (parts.length === 1) return parts[0]!;
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
