// What kind of question the person asks about an error, so a follow-up gets its own answer instead of
// the full diagnosis again: why it happens, how to fix it, what a word means, where, or "is it my token?".
// The request carries no conversation history, so the question text is all there is to go on.
import type { Diagnosis } from './answer';

export type Intent =
  | { kind: 'full' }
  | { kind: 'why' }
  | { kind: 'fix' }
  | { kind: 'where' }
  | { kind: 'meaning'; term: string }
  | { kind: 'suspect'; term: string };

// The window's own first request ("analyze ... explain what went wrong and how to fix it") wants everything.
const FULL = /analy[sz]e|what went wrong|what(?:'s| is) (?:wrong|the (?:problem|error|issue))|explain (?:the |these |this )?(?:errors?|logs?)/i;
// "Why does my bot crash?" asks about the whole failure, not about one part of it.
const GENERIC_WHY = /^why (?:does|did|is|do|has|won't|doesn't|isn't) (?:my |the |this )?(?:bot|it|code|script|program|run)\b(?: (?:crash|stop|fail|exit|die|break|not work|not start)\w*)?\s*\??$/i;
const FIX = /\bfix\b|\bsolve\b|\bchange\b|\bcorrect\b|\brepair\b|what (?:should|do|can|must) i do|how (?:do|can|should) i (?:make|get|stop)|make it work/i;
const WHY = /\bwhy\b|how come|\bcause[sd]?\b|\breason\b|what happen/i;
const WHERE = /\bwhere\b|which (?:line|file|part)/i;
const MEANING = /what (?:does|do) ['"]?(.+?)['"]? mean|what (?:is|are|'s) (?:an? |the )?['"]?([^?'"]+?)['"]?\s*\??$|meaning of ['"]?([^?'"]+)/i;
// "Is it my token?", "could it be the database?", "is the server down?": a guess to confirm or rule out.
const SUSPECT = /^(?:is|could|can|might|maybe|does) (?:it|this|that|the problem|the error)?\s*(?:be |because of |come from |related to |due to )?(?:my |the |a )?([\w .'-]+?)\s*\??$/i;

export function intentOf(message: string): Intent {
  const m = message.trim();
  if (FULL.test(m) || GENERIC_WHY.test(m)) return { kind: 'full' };
  if (FIX.test(m)) return { kind: 'fix' };
  if (WHY.test(m)) return { kind: 'why' };
  if (WHERE.test(m)) return { kind: 'where' };
  const meaning = MEANING.exec(m);
  if (meaning) return { kind: 'meaning', term: (meaning[1] ?? meaning[2] ?? meaning[3]!).trim() };
  const suspect = SUSPECT.exec(m);
  if (suspect) return { kind: 'suspect', term: suspect[1]!.replace(/\s+(?:down|broken|wrong|bad|the (?:problem|cause|issue|reason)|not working|offline)$/i, '').trim() };
  return { kind: 'full' };
}

/** A recognised failure shaped to the question: the cause for "why", the steps for "how do I fix". */
export function shapeAnswer(d: Diagnosis, intent: Intent): Diagnosis {
  if (intent.kind === 'why') return { problem: d.problem, steps: [], note: 'Ask "how do I fix it?" for the steps.' };
  if (intent.kind === 'fix') return { problem: 'Here is how to fix it:', steps: d.steps, note: d.note };
  return d;
}
