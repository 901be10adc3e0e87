// The shape of a rule as the readers find it, before the plan gives it its id and its place.
import type { Condition, Rule } from '../../../../../shared/bot-plan.schema';

/** A rule read from the request; `note` is a default it chose, `gap` a part it could not build, both said in the answer. */
export type RuleDraft = Omit<Rule, 'id' | 'if'> & {
  id: string;
  if: Condition[];
  note?: string;
  gap?: { words: string; reason: string };
  /** At its hours this rule is the only answer: the plan gives the other answering rules "outside" those hours. */
  only?: boolean;
};
