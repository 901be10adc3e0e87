// Polls: the question and the options ("a poll asking 'Pizza or pasta?' with options pizza, pasta").

import type { BehaviourDetails } from '../bot-request';
import { listItems } from './lists';
import { saidWordsAt } from './said-words';
import { QUOTE, quoteText } from './wording';

const QUESTION = new RegExp(`\\b(?:poll|vote|survey)\\b[^.;!?\\n\\u0001]{0,40}?${QUOTE}`, 'i');
const OPTIONS = /\b(?:options?|choices|answers)\s*(?::|are|of|like)?\s*/gi;

/** "Pizza or pasta?" -> ['Pizza', 'pasta'] when no options are given. */
function optionsOfQuestion(question: string): string[] {
  const m = /^(?:(?:what|which|who)\b[^,:]*[,:]\s*)?([^?,]{1,40}?)\s+or\s+([^?,]{1,40}?)\??$/i.exec(question.trim());
  if (!m || m[1]!.split(/\s+/).length > 4 || m[2]!.split(/\s+/).length > 4) return [];
  return [m[1]!.trim(), m[2]!.trim()];
}

export function pollIn(masked: string, quotes: string[]): BehaviourDetails['poll'] {
  if (!/\b(?:poll|vote|survey)/i.test(masked)) return null;
  const q = QUESTION.exec(masked);
  // "!race makes a poll: Community race this Saturday 20:00 UTC?": the question unquoted, after the colon.
  const colon = q ? null : /\b(?:makes?|creates?|starts?|posts?|opens?|runs?)\s+a\s+(?:poll|vote|survey)\s*(?:asking)?\s*:\s*/i.exec(masked);
  const question = q ? quoteText(quotes, q[1]) : colon ? (saidWordsAt(masked.slice(colon.index + colon[0].length), quotes) ?? '') : '';
  let options: string[] = [];
  for (const m of masked.matchAll(OPTIONS)) {
    options = listItems(masked.slice(m.index! + m[0].length), quotes);
    if (options.length >= 2) break;
  }
  if (options.length < 2) options = optionsOfQuestion(question);
  if (!question && options.length === 0) return null;
  return { question, options };
}
