// Gathers the parameters of every behaviour from a request: times, texts, lists, city, feed, coins...
// Each reader lives in its own file; this one only decides which apply and puts them together.

import type { BehaviourDetails } from '../bot-request';
import { awayTextIn, openHoursOfRequest, withoutOpenHours } from './away';
import { ownFactsIn, ownJokesIn, ownQuotesIn } from './content';
import { goodbyeTextIn } from './goodbye';
import { menuIn } from './menu';
import { muteMinutesIn, warnLimitIn } from './moderation';
import { feedPostIn, feedUrlIn } from './news';
import { pollIn } from './polls';
import { coinsIn, currenciesIn } from './prices';
import { choicesIn } from './random';
import { rulesTextIn } from './rules';
import { postScheduleIn } from './schedule';
import { targetLanguageIn } from './translate';
import { cityIn } from './weather';

/** Everything but the names of commands and the changes, read from the masked, typo-corrected request. */
export type Parameters = Omit<BehaviourDetails, 'commandNames'>;

const MODERATING = /\b(?:warn|mute|strike|kick|moderat|timeout|time out|silence|offen[cs]e|violation)/i;
const PICKING = /\b(?:pick|picks|choose|chooses|select|decide|draw|random\w*)\b/i;

/** "post every 3 hours instead of every hour": the replaced value is not a parameter. */
export function withoutReplaced(masked: string): string {
  return masked.replace(/\b(?:instead of|rather than|not)\s+(?:every|at|on|each)\b[^,.;!?\n]*/gi, ' ');
}

export function parametersIn(masked: string, quotes: string[]): Parameters {
  const { postTimes, postWeekdays } = postScheduleIn(withoutReplaced(withoutOpenHours(masked)));
  const moderating = MODERATING.test(masked);
  return {
    postTimes,
    postWeekdays,
    goodbyeText: goodbyeTextIn(masked, quotes),
    rulesText: rulesTextIn(masked, quotes),
    warnLimit: moderating ? warnLimitIn(masked) : null,
    muteMinutes: moderating ? muteMinutesIn(masked) : null,
    openHours: openHoursOfRequest(masked),
    awayText: awayTextIn(masked, quotes),
    city: /\b(?:weather|forecasts?|temperatures?|city|rain\w*|snow\w*)\b/i.test(masked) ? cityIn(masked) : null,
    feedUrl: feedUrlIn(masked),
    feedPost: feedPostIn(masked),
    coins: coinsIn(masked),
    currencies: currenciesIn(masked),
    targetLanguage: /\btranslat/i.test(masked) ? targetLanguageIn(masked) : null,
    poll: pollIn(masked, quotes),
    menu: /\b(?:menus?|buttons?|keyboard)\b/i.test(masked) ? menuIn(masked, quotes) : [],
    jokes: ownJokesIn(masked, quotes),
    quotes: ownQuotesIn(masked, quotes),
    facts: ownFactsIn(masked, quotes),
    choices: PICKING.test(masked) ? choicesIn(masked, quotes) : [],
  };
}
