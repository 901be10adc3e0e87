// A rule waiting for the person's words shows the sentence it was read from, so that its "Needs your
// words" line says what to give ("/where should send my address"). Rules read by the older reading
// (a command or keyword with its answer) carry no sentence: it is found again in the message.
import type { BotPlan, Rule } from '../../../../shared/bot-plan.schema';
import { blanksOf } from '../../../../shared/bot-plan-words';
import { sentencesOf } from './understanding/clauses';
import { restoreWritten, wordingOf } from './understanding/wording';

/** The words in a sentence that name the rule's trigger: "/where", "!where", or one of its keywords. */
function namesTrigger(rule: Rule, sentence: string): boolean {
  const lower = sentence.toLowerCase();
  if (rule.when.kind === 'command') return new RegExp(`[/!]${rule.when.name.toLowerCase()}(?![\\p{L}\\p{N}_])`, 'u').test(lower);
  if (rule.when.kind === 'keyword') return rule.when.words.some((w) => w.length >= 3 && lower.includes(w.toLowerCase()));
  return false;
}

export function withSourcesOfBlanks(plan: BotPlan, message: string): BotPlan {
  const waiting = new Set(blanksOf(plan).map((b) => b.ruleId));
  const w = wordingOf(message);
  const sentences = sentencesOf(w.masked).map((s) => restoreWritten(w, s).trim());
  const rules = plan.rules.map((rule) => {
    if (rule.source || !waiting.has(rule.id)) return rule;
    const source = sentences.find((s) => namesTrigger(rule, s));
    return source ? { ...rule, source: source.slice(0, 1000) } : rule;
  });
  return { ...plan, rules };
}
