// Which groups of behaviour code a plan needs, shared by the Python and JavaScript generators.

import type { BotPlan } from '../plan';

/** The bot reads the clock: open hours, or posts at times of day. */
export function usesClock(plan: BotPlan): boolean {
  return plan.features.has('away') || (plan.features.has('scheduled') && plan.postTimes.length > 0);
}

/** The bot runs background jobs that post: scheduled posts or new headlines. */
export function postsOnItsOwn(plan: BotPlan): boolean {
  return plan.features.has('scheduled') || plan.features.has('news');
}

/** The bot keeps a JSON file (message counts, headlines posted). */
export function keepsData(plan: BotPlan): boolean {
  return plan.features.has('counter') || plan.features.has('news');
}

/** The bot asks a web service (weather, news feed, prices). */
export function usesWeb(plan: BotPlan): boolean {
  return plan.features.has('weather') || plan.features.has('news') || plan.features.has('prices');
}

/** The bot asks the language model: AI replies or translations. */
export function usesModel(plan: BotPlan): boolean {
  return plan.features.has('llm') || plan.features.has('translate');
}
