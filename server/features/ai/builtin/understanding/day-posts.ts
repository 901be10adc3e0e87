// A post for each day, written under the line that says when: "tweets at 11:30 each weekday:" then
// "Monday: "Monday special: pastrami £7.50"", "Tuesday: Taco Tuesday toastie £7". Each day's line is a
// rule of its own at the time of the line above it, on that day, with that day's words.
import type { Weekday } from '../bot-request';
import { DAY_NAME, weekdayNamed } from './day-names';
import { type Masked, restore } from './masked';
import type { RuleDraft } from './rule-draft';

const DAY_LINE = new RegExp(`^\\s*(?:[-•*]\\s*)?(${DAY_NAME})s?\\s*(?::|→|->|–|-(?=\\s))\\s*(.+)$`, 'iu');

type ScheduleOf = (lead: string, context: string) => { when: RuleDraft['when'] } | null;

/** The rules of each block of day lines, and the parts (lines) they were read from; `scheduleOf` reads the line above. */
export function dayPostRules(parts: string[], m: Masked, scheduleOf: ScheduleOf): { rules: RuleDraft[]; read: Set<number> } {
  const rules: RuleDraft[] = [];
  const read = new Set<number>();
  for (let i = 0; i < parts.length; i++) {
    const header = parts[i]!;
    if (!/:\s*$/.test(header)) continue;
    const days: Array<{ day: Weekday; text: string; at: number }> = [];
    for (let j = i + 1; j < parts.length; j++) {
      const line = DAY_LINE.exec(parts[j]!);
      const day = line ? weekdayNamed(line[1]!) : null;
      if (!line || day === null) break;
      const quoted = /^\s*\u0001(\d+)\u0002\s*[.!]?\s*$/.exec(line[2]!);
      const text = quoted ? (m.quotes[Number(quoted[1])] ?? '') : restore(line[2]!, m.quotes).trim();
      if (text) days.push({ day, text, at: j });
    }
    if (days.length < 2) continue;
    const schedule = scheduleOf(header, parts.slice(0, i).join(' '));
    if (!schedule || schedule.when.kind !== 'schedule' || schedule.when.times.length === 0) continue;
    const when = schedule.when;
    for (const { day, text, at } of days) {
      rules.push({
        id: 'scheduled-post',
        when: { ...when, weekdays: [day] },
        if: [],
        do: [{ kind: 'post', to: 'channel', text }],
        source: restore(`${header} ${parts[at]}`, m.quotes).trim(),
      });
      read.add(at);
    }
    read.add(i);
  }
  return { rules, read };
}
