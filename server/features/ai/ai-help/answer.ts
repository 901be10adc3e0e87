// An AI Help answer as plain text (the window shows no markdown): what went wrong in a sentence or
// two, then numbered steps in the Runner page's own words.
import type { BotLog } from './bot-log';

export type Diagnosis = { problem: string; steps: string[]; note?: string };

/** One kind of failure: a diagnosis when the log shows it, else null. */
export type Detector = (log: BotLog) => Diagnosis | null;

export function renderAnswer(d: Diagnosis): string {
  const parts = [d.problem];
  if (d.steps.length) parts.push(['What to do:', ...d.steps.map((s, i) => `${i + 1}. ${s}`)].join('\n'));
  if (d.note) parts.push(d.note);
  return parts.join('\n\n');
}

/** The last step of nearly every answer. */
export const START_AGAIN = 'Click Start to run the bot again.';

/** Quotes a line of a log or of code, shortened so an answer stays short. */
export function quote(text: string, max = 160): string {
  const t = text.trim();
  return `"${t.length > max ? `${t.slice(0, max - 3)}...` : t}"`;
}
