// Posts on a schedule that depend on the weather: "every day at 5:30 check the wind in Hamburg and if
// it's more than 30 km/h post ⚠️ Too windy", "every morning 5:30 the bot checks wind for Henley. over
// 30 km/h → post in #outings Red flag ⛔ ... otherwise → Green flag ✅", "at 6pm every day check
// tonight's forecast for Bristol and if it goes below 2 degrees send Frost warning ❄️". The number
// compared is the wind (km/h) or the temperature (°C) now; "otherwise" is the other side of it.
import type { Action, Condition } from '../../../../../shared/bot-plan.schema';
import type { RuleDraft } from './rule-draft';
import { saidWordsAt } from './said-words';
import { scheduleOf } from './scheduled-posts';
import { type Masked, restore } from './masked';

/** "checks the wind for Henley-on-Thames", "check tonight's forecast for Bristol", "the weather in Celle". */
const CHECK = /\b(?:checks?|looks? at|reads?)?\s*(?:the\s+|tonight'?s\s+|today'?s\s+)?(wind|weather|forecast|temperature)\s+(?:for|in|at)\s+([A-Z][\w'-]*(?:[- ](?:on|upon|am|de|la)(?=[- ])|[- ][A-Z][\w'-]*)*)/;
/** "more than 30 km/h", "over 30", "below 2 degrees", "warmer than 14 degrees". */
const COMPARE = /\b(?:(more than|over|above|greater than|higher than|warmer than|exceeds?)|(less than|under|below|lower than|colder than))\s*(-?\d+(?:\.\d+)?)\s*(km\/?h|kph|mph|degrees|°\s*c|c\b)?/i;
/** "→ post in #outings", "post:", ", send": what introduces the words and where they go. */
const ARROW_FIRST = /^\s*[^→:\n\w]{0,3}(?:→|->|:)\s*/;
const THEN = /^\s*,?\s*(?:then\s+)?(?:the bot\s+)?(?:should\s+)?(?:post|posts|send|sends|say|says|tweet|tweets|add the line)\b(?:\s+(?:in|to)\s+#([\w-]+))?\s*(?::|→|->)?\s*/i;

function thenAction(rest: string, m: Masked): { action: Action; channel?: string } | null {
  const afterArrow = rest.replace(ARROW_FIRST, '');
  const lead = THEN.exec(afterArrow);
  const words = lead ? afterArrow.slice(lead[0].length) : afterArrow;
  const text = saidWordsAt(words.split(/\.\s+(?:otherwise|else|if (?:it'?s|its) (?:fine|ok|calm))\b|\s+otherwise\b/i)[0]!, m.quotes);
  if (!text || /^(?:nothing|no post)\b/i.test(text)) return null;
  return { action: { kind: 'post', to: 'channel', text }, ...(lead?.[1] ? { channel: lead[1] } : {}) };
}

/** The weather-dependent scheduled posts of a request. */
export function weatherAlertRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  const text = m.masked;
  const check = CHECK.exec(text);
  if (!check) return [];
  const from = text.slice(check.index);
  const compare = COMPARE.exec(from);
  if (!compare) return [];
  // The schedule is written with the check, in its sentence.
  const sentenceStart = Math.max(0, text.lastIndexOf('. ', check.index) + 1, text.lastIndexOf('\n', check.index) + 1);
  const schedule = scheduleOf(text.slice(sentenceStart, check.index + check[0].length), text.slice(0, sentenceStart));
  if (!schedule || schedule.when.kind !== 'schedule' || schedule.when.times.length === 0) return [];
  const unit = (compare[4] ?? '').toLowerCase();
  const measure = /km|mph/.test(unit) || (/wind/i.test(check[1]!) && !/degree|°|c$/.test(unit)) ? 'wind' : 'temperature';
  const value = Number(compare[3]) * (unit === 'mph' ? 1.609 : 1);
  const above = compare[1] !== undefined;
  const city = check[2]!.trim();
  const source = { kind: 'weather' as const, city, ...(measure === 'wind' ? { measure: 'wind' as const } : {}) };
  const condition = (up: boolean): Condition => ({ kind: 'threshold', source, ...(up ? { above: value } : { below: value }) });
  const rest = from.slice(compare.index + compare[0].length);
  const first = thenAction(rest, m);
  if (!first) return [];
  const source0 = restore(text.slice(sentenceStart, check.index + (compare.index ?? 0) + compare[0].length + 80), m.quotes).trim();
  rules.push({ id: 'weather-alert', when: schedule.when, if: [condition(above)], do: [first.action], ...(first.channel ? { channel: first.channel } : {}), source: source0 });
  const otherwise = /\b(?:otherwise|else)\b\s*/i.exec(rest);
  const second = otherwise ? thenAction(rest.slice(otherwise.index + otherwise[0].length), m) : null;
  if (second) rules.push({ id: 'weather-otherwise', when: schedule.when, if: [condition(!above)], do: [second.action], ...((second.channel ?? first.channel) ? { channel: second.channel ?? first.channel } : {}), source: source0 });
  return rules;
}
