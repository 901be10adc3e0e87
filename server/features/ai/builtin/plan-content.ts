// What the builtin's plans start from when a request gives no words of its own for something that is
// not the person's content: built-in jokes, quotes and facts, open hours, warnings before a mute, and
// the small normalisers applied to what the request gave (times of day, weekdays).

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

export const DEFAULT_OPEN_HOURS = { from: '09:00', to: '17:00', weekdays: [0, 1, 2, 3, 4] };

export const DEFAULT_WARN_LIMIT = 3;
export const DEFAULT_MUTE_MINUTES = 10;

/** '9:5' -> '09:05'; null for anything that is no time of day. */
export function timeOfDay(value: string): string | null {
  const m = /^(\d{1,2}):(\d{1,2})$/.exec(value.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  return `${m[1]!.padStart(2, '0')}:${m[2]!.padStart(2, '0')}`;
}

export function weekdays(days: readonly number[]): number[] {
  return [...new Set(days)].filter((d) => Number.isInteger(d) && d >= 0 && d <= 6).sort((a, b) => a - b);
}

export function nonEmpty(values: readonly string[]): string[] {
  return values.map((v) => v.trim()).filter((v) => v.length > 0);
}

export function awayText(hours: { from: string; to: string; weekdays: number[] }): string {
  return `Thanks for your message! We are closed right now. Our hours are ${describeWeekdays(hours.weekdays)}, ${hours.from} to ${hours.to}; we will answer you then.`;
}

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
