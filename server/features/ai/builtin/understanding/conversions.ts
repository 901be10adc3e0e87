// Conversions a command answers: "/f 20 should answer 68", "/temp converts celsius to fahrenheit",
// "/metres 3 should convert metres to yards, reply That's about X yards": one conversion per command,
// its units from the words or from the worked example, its answer as written when it gives one.
import type { RuleDraft } from './rule-draft';
import { afterCommand, commandsIn, type Masked, restore } from './masked';
import { saidWordsAt } from './said-words';

const UNITS: Array<[RegExp, string]> = [
  [/°?\s*c\b|celsius|centigrade/i, 'c'], [/°?\s*f\b|fahrenheit/i, 'f'], [/\bkm\b|kilomet(?:er|re)s?/i, 'km'], [/\bmi\b|miles?/i, 'mi'],
  [/\bkgs?\b|kilos?|kilograms?/i, 'kg'], [/\blbs?\b|\bpounds?\b/i, 'lb'], [/\bcm\b|centimet(?:er|re)s?/i, 'cm'], [/\binch(?:es)?\b|\bin\b(?=\s*$)/i, 'in'],
  [/\bmet(?:er|re)s?\b|\bm\b(?=\s*$)/i, 'm'], [/\byards?\b|\byds?\b/i, 'yd'], [/\bfeet\b|\bfoot\b|\bft\b/i, 'ft'],
  [/\bgal(?:lons?)?\b/i, 'gal'], [/\blit(?:er|re)s?\b|\bl\b(?=\s*$)/i, 'l'], [/\boz\b|\bounces?\b/i, 'oz'], [/\bgrams?\b|\bg\b(?=\s*$)/i, 'g'],
  [/\beur(?:os?)?\b|€/i, 'EUR'], [/\busd\b|dollars?|\$/i, 'USD'], [/\bgbp\b|£|sterling/i, 'GBP'], [/\bjpy\b|yen/i, 'JPY'], [/\bchf\b|francs?/i, 'CHF'],
  [/\bpln\b|złoty|zloty|\bzł\b/i, 'PLN'], [/\bczk\b|korun[ay]|crowns?/i, 'CZK'], [/\bmxn\b|pesos?/i, 'MXN'], [/\bsek\b|kronor|swedish krona/i, 'SEK'],
  [/\bhuf\b|forint/i, 'HUF'], [/\btry\b|lira/i, 'TRY'], [/\binr\b|rupees?/i, 'INR'], [/\bcad\b|canadian dollars?/i, 'CAD'], [/\baud\b|australian dollars?/i, 'AUD'],
];

function unitsIn(text: string): string[] {
  const found: Array<{ unit: string; at: number }> = [];
  for (const [pattern, unit] of UNITS) {
    const hit = new RegExp(pattern.source, 'gi').exec(text);
    if (hit) found.push({ unit, at: hit.index });
  }
  const units = found.sort((a, b) => a.at - b.at).map((f) => f.unit);
  // "pounds to euros": pounds beside a currency are sterling, not weight.
  return units.some((u) => /^[A-Z]{3}$/.test(u)) ? units.map((u) => (u === 'lb' ? 'GBP' : u)) : units;
}

/** The two units of a worked example ("350 → 177": 350 °F is 177 °C), when the numbers say them. */
function unitsOfExample(a: number, b: number): string[] {
  if (Math.abs((a * 9) / 5 + 32 - b) < 1) return ['c', 'f'];
  if (Math.abs(((a - 32) * 5) / 9 - b) < 1) return ['f', 'c'];
  if (Math.abs(a * 0.621371 - b) < 0.5) return ['km', 'mi'];
  if (Math.abs(a * 1.60934 - b) < 0.5) return ['mi', 'km'];
  return [];
}

const UNIT_LABEL: Record<string, string> = { c: '°C', f: '°F', km: 'km', mi: 'miles', kg: 'kg', lb: 'lb', cm: 'cm', in: 'in', gal: ' gal', l: ' l', oz: ' oz', g: ' g', m: ' m', yd: ' yards', ft: ' ft' };

/**
 * "/f 20 should answer 68", "/temp converts celsius to fahrenheit", "/f 350 → 350°F = 177°C. /c 180 →
 * the other way", "/eur 10 gives it in dollars": one conversion per command, its units from the words
 * or from the worked example.
 */
export function convertRules(sentence: string, m: Masked, earlier: RuleDraft[] = []): RuleDraft[] {
  const plain = restore(sentence, m.quotes);
  if (!/\bthe other way|\bother way round|\bvice versa|\bconvert|\bconversion|\b(?:in|to|into) (?:fahrenheit|celsius|dollars|euros?|pounds|miles|km|francs|yen|cm|inch(?:es)?|kg|lbs?|z[łl]oty|pesos?|koruna|crowns|forint|lira|rupees?|lit(?:er|re)s?|gallons?|grams?|ounces?)\b|[/!][a-z]+\s+-?\d+(?:[.,]\d+)?\s+(?:should|will|gives?|answers?|says?|returns?|=|→|->)|\{value\}/i.test(plain)) return [];
  const commands = commandsIn(plain);
  const rules: RuleDraft[] = [];
  for (const c of commands) {
    // "a /cm command where you type the inches, like /cm 8, and it answers ...": one command, written twice.
    if (rules.some((r) => r.id === c.name)) continue;
    const segment = commands.filter((x) => x.name === c.name).map((x) => afterCommand(plain, x.at, commands)).join(' ');
    let units = unitsIn(segment.replace(/^[/!][a-z]\w*/i, ' '));
    const example = /^[/!][a-z]\w*\s+(-?\d+(?:\.\d+)?)\D+?(-?\d+(?:\.\d+)?)/i.exec(segment);
    if (units.length < 2 && example) units = unitsOfExample(Number(example[1]), Number(example[2]));
    // "/c 180 → the other way": the previous conversion reversed.
    // "/temp 18 → celsius to fahrenheit" then, on the next line, "/tempf 70 the other way around".
    const last = (rules.at(-1) ?? earlier.filter((r) => r.do[0]?.kind === 'convert').at(-1))?.do[0];
    if (units.length < 2 && /\b(?:the other way|other way round|reverse|vice versa|back)\b/i.test(segment) && last?.kind === 'convert') units = [last.to, last.from];
    if (units.length < 2 || !/\bconver|\b(?:in|to|into) [a-z]|\d|other way|reverse|vice versa/i.test(segment)) continue;
    const [from, to] = units as [string, string];
    const label = (u: string) => UNIT_LABEL[u] ?? ` ${u}`;
    // "... and say ≈ €{value}": the answer as written, where it puts the value.
    // "... and say ≈ €{value}", "reply That's about X yards 📏": the answer as written, where it puts the value.
    const says = /\b(?:says?|repl(?:y|ies)|answers?)\s*(?:with\s*)?:?\s*(?=[^\n]*(?:\{value\}|\b[XN]\b))/.exec(segment);
    const own = says ? saidWordsAt(segment.slice(says.index + says[0].length), [])?.replace(/\b[XN]\b/, '{value}') : null;
    // Up to its emoji when a sentence of the request runs on after it ("That's {value} cm 📏 We do a yarn swap too").
    const ended = own?.replace(/(\p{Extended_Pictographic}\uFE0F?)\s+[A-Z][^{}]*$/u, '$1');
    const text = ended?.includes('{value}') ? ended.replace(/\s*\([^)]*\)\s*$/, '') : `{args}${label(from)} = {value}${label(to)}`;
    rules.push({ id: c.name, when: { kind: 'command', name: c.name }, if: [], do: [{ kind: 'convert', from, to, text }], source: segment.trim() });
  }
  return rules;
}
