// Menu: inline-keyboard buttons and what each press replies ("a menu with buttons Prices, Hours and
// Contact"; "a Hours button that says 'We open at 9'"). A reply is '' when the request gives none.

import type { BehaviourDetails } from '../bot-request';
import { listItems } from './lists';
import { QUOTE, quoteText } from './wording';

const LABEL = `(?:${QUOTE}|([A-Za-z][\\w'&-]*(?:\\s+[A-Za-z][\\w'&-]*){0,2}?))`;
const SAYS = `\\s*,?\\s*(?:that|which|to)?\\s*(?:says?|repl(?:y|ies|ying)|answers?|shows?|sends?|gives?|opens?|returns?)\\s*(?:with|back)?\\s*:?\\s*${QUOTE}`;
/** "a Hours button that says 'X'" and "a button 'Hours' that says 'X'". */
const BUTTON_WITH_REPLY = [
  new RegExp(`\\b(?:a|an|the)\\s+${LABEL}\\s+button${SAYS}`, 'gi'),
  new RegExp(`\\bbutton\\s+(?:called\\s+|named\\s+|labell?ed\\s+)?(?!(?:that|which|to|and|with|for)\\b)${LABEL}${SAYS}`, 'gi'),
];
/** "menu with buttons A, B", "buttons A, B and C", "options: A, B" (a restaurant's "menu, ..." is no list). */
const LABEL_LIST_STARTS = [
  '(?:(?:inline\\s+)?(?:buttons?|keyboard)(?:\\s+menu)?|menu)\\s+(?:with|of)(?:\\s+(?:the\\s+|(?:\\d+|two|three|four|five|six)\\s+)?(?:buttons?|options?|items?|entries|choices))?',
  '(?:inline\\s+)?buttons?',
  '(?:options?|items?)\\s*:',
];
const LABEL_LIST = new RegExp(
  `\\b(?:${LABEL_LIST_STARTS.join('|')})\\s*(?:(?:for|like|called|named|labell?ed|saying)\\b|:)?\\s*(?![,.;!?]|that\\b|which\\b|to\\b)`,
  'gi',
);
const NOT_LABELS = new Set(['buttons', 'button', 'options', 'inline keyboard', 'keyboard', 'a few', 'some', 'several']);

export function menuIn(masked: string, quotes: string[]): BehaviourDetails['menu'] {
  const menu = new Map<string, string>();
  for (const re of BUTTON_WITH_REPLY) {
    for (const m of masked.matchAll(re)) {
      const label = m[1] !== undefined ? quoteText(quotes, m[1]) : m[2]!;
      if (!NOT_LABELS.has(label.toLowerCase())) menu.set(label, quoteText(quotes, m[3]));
    }
  }
  if (menu.size === 0) {
    for (const m of masked.matchAll(LABEL_LIST)) {
      const labels = listItems(masked.slice(m.index! + m[0].length), quotes).filter((l) => !NOT_LABELS.has(l.toLowerCase()) && l.split(/\s+/).length <= 4);
      if (labels.length < 2) continue;
      for (const label of labels) menu.set(label, '');
      break;
    }
  }
  return [...menu.entries()].map(([label, reply]) => ({ label, reply }));
}
