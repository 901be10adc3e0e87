// Posts on a schedule that depend on the weather: "every day at 5:30 check the wind in Hamburg and if
// it's more than 30 km/h post ⚠️ Too windy", "every morning 5:30 the bot checks wind for Henley. over
// 30 km/h → post in #outings Red flag ⛔ ... otherwise → Green flag ✅", "at 6pm every day check
// tonight's forecast for Bristol and if it goes below 2 degrees send Frost warning ❄️". The number
// compared is the wind (km/h) or the temperature (°C) now; "otherwise" is the other side of it. Also
// "every morning 8:30 if wind is over 30 km/h send me: ...": the schedule and the number in one line.
import type { Action, Condition } from '../../../../../shared/bot-plan.schema';
import type { RuleDraft } from './rule-draft';
import { saidWordsAt } from './said-words';
import { scheduleOf } from './scheduled-posts';
import { type Masked, restore } from './masked';

/** "checks the wind for Henley-on-Thames", "check tonight's forecast for Bristol", "the weather in Celle". */
const CHECK = /\b(?:checks?|looks? at|reads?)?\s*(?:the\s+|tonight'?s\s+|today'?s\s+)?(wind|weather|forecast|temperature)\s+(?:for|in|at)\s+([A-Z][\w'-]*(?:[- ](?:on|upon|am|de|la)(?=[- ])|[- ][A-Z][\w'-]*)*)/;
/** "more than 30 km/h", "over 30", "below 2 degrees", "warmer than 14 degrees". */
const COMPARE = /\b(?:(more than|over|above|greater than|higher than|warmer than|hotter than|exceeds?)|(less than|under|below|lower than|colder than|cooler than))\s*([+-]?\d+(?:\.\d+)?)\s*(km\/?h|kph|mph|degrees|°\s*c|c\b|°\s*f|f\b|fahrenheit)?/i;
/** The number compared, in the weather's units (km/h, °C): "30 mph" is 48.3 km/h, "110F" is 43.3 °C. */
function measured(unit: string, written: string): number {
  const n = Number(written);
  if (unit === 'mph') return Math.round(n * 16.0934) / 10;
  if (/^(?:°\s*f|f|fahrenheit)$/.test(unit)) return Math.round(((n - 32) * 50) / 9) / 10;
  return n;
}

/** "→ post in #outings", "post:", ", send": what introduces the words and where they go. */
const ARROW_FIRST = /^\s*[^→:\n\w]{0,3}(?:→|->|:)\s*/;
const THEN = /^\s*,?\s*(?:then\s+)?(?:the bot\s+)?(?:should\s+)?(?:post|posts|send|sends|say|says|tweet|tweets|add the line)\b(?:\s+(?:in|to)\s+#([\w-]+))?\s*(?::|→|->)?\s*/i;

/** "send me:", "dm me", "tell me": the words go to the owner. */
const TO_OWNER = /^\s*,?\s*(?:then\s+)?(?:the bot\s+)?(?:should\s+)?(?:send|sends|tell|tells|dm|dms|message|messages|ping|pings|notify|notifies|text|texts)\s+me\b\s*(?::|→|->)?\s*/i;

function thenAction(rest: string, m: Masked): { action: Action; channel?: string } | null {
  const afterArrow = rest.replace(ARROW_FIRST, '');
  const owner = TO_OWNER.exec(afterArrow);
  const lead = owner ?? THEN.exec(afterArrow);
  const words = lead ? afterArrow.slice(lead[0].length) : afterArrow;
  const text = saidWordsAt(words.split(/\.\s+(?:otherwise|else|if (?:it'?s|its) (?:fine|ok|calm))\b|\s+otherwise\b/i)[0]!, m.quotes)?.replace(/\s*\((?:once|only once|not every)[^)]*\)\s*$|\s*,?\s*(?:but\s+)?(?:only\s+)?once (?:per|a|each) (?:time|crossing|day)\b.*$/i, '');
  if (!text || /^(?:nothing|no post)\b/i.test(text)) return null;
  return { action: { kind: 'post', to: owner ? 'owner' : 'channel', text }, ...(!owner && lead?.[1] ? { channel: lead[1] } : {}) };
}

/** Words that make a number compared the weather's: the wind, the temperature. */
const WEATHERISH = /\b(?:wind|windy|gusts?|temp|temperature|degrees?|frost|celsius|fahrenheit|grad)\b|°|km\/?h|mph|\bknots\b/i;
/** "at Spitz an der Donau", "near Lüneburg", "at Hohe Wand (Grünbach am Schneeberg)": the place, the one in brackets when given. */
const PLACE_AT = /\b(?:in|at|for|near|around)\s+([A-Z][\p{L}'-]*(?:(?:[- ](?:am|an der|an|on|upon|de|la|im|sur)[- ]|[- ])[A-Z][\p{L}'-]*)*)(?:\s*\(([A-Z][^)]{1,60})\))?/u;

/**
 * "every morning 8:30 if wind is over 30 km/h send me: Too windy", "at 6:00 every day if its below -10 °C
 * post in #geraetewart: ...", "check wind at Hohe Wand every 15 min. if over 25 km/h post: ...": a
 * schedule, a number of the weather compared, and the words, in one line.
 */
function conditionalPosts(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  let context = '';
  for (const line of m.masked.split('\n')) {
    // One rule a line: a number inside the words posted ("⚠️ Wind over 25 km/h at launch") is text.
    for (const compare of line.matchAll(new RegExp(COMPARE.source, 'gi'))) {
      if (rules.some((r) => r.source === restore(line, m.quotes).trim())) break;
      // "if chance of rain is over 70%": a chance, which the weather readings here do not give.
      if (/^\s*%/.test(line.slice(compare.index! + compare[0].length)) || /\b(?:chance|probability|humidity|uv)\b[^.\n]{0,30}$/i.test(line.slice(0, compare.index))) continue;
      // "every morning at 6:30 posts the weather ... and if the wind goes over 30 mph posts ...": the
      // joined "if" starts a clause of its own, whose schedule is not the morning post's.
      const joined = [...line.slice(0, compare.index).matchAll(/\b(?:and|also|plus|then)\s+(?=(?:if|when|whenever)\b)/gi)].pop();
      const before = line.slice(0, compare.index);
      const near = `${before.slice(-60)}${compare[0]}`;
      if (!WEATHERISH.test(near)) continue;
      // "if the temperature goes over +5 during the day tweet ...": no schedule written, checked every 30 minutes.
      const written = scheduleOf(joined ? before.slice(joined.index! + joined[0].length) : before, context);
      // "if it gets hotter than 30°C": a temperature by its unit or its words.
      const checked = !written && /\b(?:if|when|whenever)\b/i.test(before) && (/\b(?:wind|windy|gusts?|temperature|temp)\b/i.test(before) || /°|\bdegrees\b|\b(?:hotter|colder|warmer|cooler)\b/i.test(compare[0]));
      const schedule = checked ? { when: { kind: 'schedule' as const, everyMinutes: 30, times: [], weekdays: [], offsetMinutes: 0 }, note: 'The weather is checked every 30 minutes, and posts once each time it crosses the number: edit the rule to check more or less often.' } : written;
      if (!schedule || schedule.when.kind !== 'schedule' || (schedule.when.times.length === 0 && schedule.when.everyMinutes === undefined)) continue;
      let rest = line.slice(compare.index! + compare[0].length).replace(/^\s*(?:°\s*c|degrees|km\/?h)\b/i, '');
      const placeAfter = /^\s*(?:at|in|near|for)\s+[A-Z]/.test(rest) ? PLACE_AT.exec(rest) : null;
      if (placeAfter) rest = rest.slice(placeAfter.index + placeAfter[0].length);
      const place = placeAfter ?? PLACE_AT.exec(before);
      const then = thenAction(rest.replace(/^\s*,?\s*(?:during the day|in the (?:morning|afternoon|evening)|at night|today)\b\s*,?/i, ''), m);
      if (!then) continue;
      const unit = (compare[4] ?? '').toLowerCase();
      const measure = /km|mph|knot/.test(unit) || /\b(?:wind|windy|gusts?|knots)\b|km\/?h/i.test(near) ? 'wind' : 'temperature';
      const value = measured(unit, compare[3]!);
      const city = place ? (place[2] ?? place[1]!).trim() : undefined;
      const source = { kind: 'weather' as const, city: city ?? null, ...(measure === 'wind' ? { measure: 'wind' as const } : {}) };
      rules.push({
        id: 'weather-alert',
        when: schedule.when,
        if: [{ kind: 'threshold', source, ...(compare[1] !== undefined ? { above: value } : { below: value }) }],
        do: [then.action],
        ...(then.channel ? { channel: then.channel } : {}),
        source: restore(line, m.quotes).trim(),
        ...(schedule.note ? { note: schedule.note } : {}),
      });
    }
    context += ` ${line}`;
  }
  return rules;
}

/** The weather-dependent scheduled posts of a request. */
export function weatherAlertRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  const text = m.masked;
  const check = CHECK.exec(text);
  // The number compared is on the check's line ("every morning 5:30 the bot checks wind for Henley. over 30 km/h → ...").
  const compare = check ? COMPARE.exec(text.slice(check.index).split('\n')[0]!) : null;
  if (!check || !compare) return conditionalPosts(m);
  const from = text.slice(check.index);
  // The schedule is written with the check, in its sentence.
  const sentenceStart = Math.max(0, text.lastIndexOf('. ', check.index) + 1, text.lastIndexOf('\n', check.index) + 1);
  const schedule = scheduleOf(text.slice(sentenceStart, check.index + check[0].length), text.slice(0, sentenceStart));
  if (!schedule || schedule.when.kind !== 'schedule' || schedule.when.times.length === 0) return conditionalPosts(m);
  const unit = (compare[4] ?? '').toLowerCase();
  const measure = /km|mph/.test(unit) || (/wind/i.test(check[1]!) && !/degree|°|c$/.test(unit)) ? 'wind' : 'temperature';
  const value = measured(unit, compare[3]!);
  // "if chance of rain is over 70%": a chance, which the weather readings here do not give.
  const checked = text.slice(check.index).split('\n')[0]!;
  if (/^\s*%/.test(checked.slice(compare.index + compare[0].length)) || /\b(?:chance|probability|humidity|uv)\b[^.\n]{0,30}$/i.test(checked.slice(0, compare.index))) return conditionalPosts(m);
  const above = compare[1] !== undefined;
  const city = check[2]!.trim();
  const source = { kind: 'weather' as const, city, ...(measure === 'wind' ? { measure: 'wind' as const } : {}) };
  const condition = (up: boolean): Condition => ({ kind: 'threshold', source, ...(up ? { above: value } : { below: value }) });
  const rest = from.slice(compare.index + compare[0].length);
  const first = thenAction(rest, m);
  if (!first) return conditionalPosts(m);
  const source0 = restore(text.slice(sentenceStart, check.index + (compare.index ?? 0) + compare[0].length + 80), m.quotes).trim();
  rules.push({ id: 'weather-alert', when: schedule.when, if: [condition(above)], do: [first.action], ...(first.channel ? { channel: first.channel } : {}), source: source0 });
  const otherwise = /\b(?:otherwise|else)\b\s*/i.exec(rest);
  const second = otherwise ? thenAction(rest.slice(otherwise.index + otherwise[0].length), m) : null;
  if (second) rules.push({ id: 'weather-otherwise', when: schedule.when, if: [condition(!above)], do: [second.action], ...((second.channel ?? first.channel) ? { channel: second.channel ?? first.channel } : {}), source: source0 });
  return rules;
}
