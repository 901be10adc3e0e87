// A list emptied on a schedule: "also clear the squad every monday morning so it starts fresh", "please
// wipe that list every Sunday at 20:00", "every saturday at 12:00 empty the list". The list is the one the request keeps (by its name when it
// keeps several); with no list kept, the sentence is left to the others.
import type { RuleDraft } from './rule-draft';
import { type Masked, restore } from './masked';
import { scheduleOf } from './scheduled-posts';

const CLEARED = /\b(?:clear|clears|clearing|wipe|wipes|wiping|empty|empties|emptying|reset|resets|resetting)\s+(?:out\s+)?(?:the|that|this|our|my|its)\s+([\p{L}' -]{1,40}?)\s*(?=\b(?:every|each|on|at|once|daily|weekly)\b)/iu;

/** "every saturday at 12:00 empty the list": the schedule first. */
const CLEARED_LAST = /\b(?:clear|clears|wipe|wipes|empty|empties|reset|resets)\s+(?:out\s+)?(?:(?:the|that|this|our|my|its)\s+([\p{L}' -]{1,40}?)|everything|it all|all)\s*(?:[.!,;]|$)/iu;

export function listResetRules(sentence: string, m: Masked, rules: RuleDraft[]): RuleDraft[] {
  const first = CLEARED.exec(sentence);
  const last = first ? null : CLEARED_LAST.exec(sentence);
  const hit = first ?? last;
  if (!hit) return [];
  const lists = [...new Set(rules.flatMap((r) => r.do.flatMap((a) => (a.kind === 'list' ? [a.list] : []))))];
  const named = (hit[1] ?? '').toLowerCase().replace(/\s+list$/, '').trim();
  const list = lists.find((l) => l.toLowerCase() === named) ?? (lists.length === 1 ? lists[0] : undefined);
  // "sunday after 12 clear everything": once that hour has come.
  const when = (first ? sentence.slice(hit.index + hit[0].length) : sentence.slice(0, hit.index)).replace(/\bafter\s+(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)\b/i, 'at $1');
  const schedule = scheduleOf(when, sentence);
  if (!list || !schedule || schedule.when.kind !== 'schedule') return [];
  return [
    {
      id: `clear-${list}`,
      when: schedule.when,
      if: [],
      do: [{ kind: 'list', list, op: 'clear', item: 'argument', text: '' }],
      source: restore(sentence, m.quotes).trim(),
      ...(schedule.note ? { note: schedule.note.replace('a scheduled post, so it posts', 'emptying the list, so it empties it') } : {}),
    },
  ];
}
