// The behaviours a request's parameters imply ("weather for Berlin" is the weather behaviour, a
// list of banned words is moderation), and whether it gave any parameter at all.

import type { BehaviourDetails, BotRequest, Feature } from '../bot-request';

type Details = Omit<BotRequest, 'features' | 'featuresStated' | 'notUnderstood'>;

/** The features a request's parameters imply ("weather for Berlin" is the weather behaviour). */
export function impliedFeatures(r: Details, lower: string): Feature[] {
  const implied: Array<[Feature, boolean]> = [
    ['keywords', r.keywordReplies.length > 0],
    ['commands', r.commandReplies.length > 0],
    ['moderation', r.bannedWords.length > 0 || r.warnLimit !== null || r.muteMinutes !== null],
    ['welcome', r.welcomeText !== null],
    ['goodbye', r.goodbyeText !== null],
    ['rules', r.rulesText !== null],
    ['scheduled', (r.postTexts.length > 0 && r.intervalMinutes !== null) || r.postTimes.length > 0 || r.postWeekdays.length > 0],
    // Open hours alone ("Mon-Fri 9-18, sunday closed") ask for no reply while closed; words about closed times do.
    ['away', r.awayText !== null || (r.openHours !== null && /\boutside\b[^.]*\bhours\b|\b(?:when|while|if) (?:we'?re |we are |i'?m |i am |the \w+ is )?(?:closed|away)\b|\bafter hours\b/.test(lower))],
    ['weather', r.city !== null],
    ['news', r.feedUrl !== null],
    ['prices', r.coins.length > 0 || r.currencies.length > 0],
    ['translate', r.targetLanguage !== null],
    ['polls', r.poll !== null],
    ['menu', r.menu.length > 0],
    ['jokes', r.jokes.length > 0],
    ['quotes', r.quotes.length > 0],
    ['facts', r.facts.length > 0],
    ['random', r.choices.length > 0],
  ];
  return implied.filter(([, yes]) => yes).map(([f]) => f);
}

/** True when the request gave any parameter (a text, a time, a list, a city...). */
export function hasParameters(r: BehaviourDetails & Pick<BotRequest, 'keywordReplies' | 'bannedWords' | 'intervalMinutes' | 'welcomeText' | 'postTexts'>): boolean {
  return (
    r.keywordReplies.length > 0 || r.bannedWords.length > 0 || r.intervalMinutes !== null || r.welcomeText !== null || r.postTexts.length > 0 ||
    r.postTimes.length > 0 || r.postWeekdays.length > 0 || r.goodbyeText !== null || r.rulesText !== null || r.warnLimit !== null ||
    r.muteMinutes !== null || r.openHours !== null || r.awayText !== null || r.city !== null || r.feedUrl !== null || r.coins.length > 0 ||
    r.currencies.length > 0 || r.targetLanguage !== null || r.poll !== null || r.menu.length > 0 || r.jokes.length > 0 ||
    r.quotes.length > 0 || r.facts.length > 0 || r.choices.length > 0 || Object.keys(r.commandNames).length > 0
  );
}
