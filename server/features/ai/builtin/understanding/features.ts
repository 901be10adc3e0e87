// The words that name each behaviour ("tells jokes", "greets new members", "a poll"). They are read
// on the lower-cased request with quotes masked and typos corrected; details imply features too.

import type { Feature } from '../bot-request';

/** In FEATURES order (the order of the keys is the order features are listed in); any cue names the feature. */
const FEATURE_CUES: Record<Feature, RegExp[]> = {
  commands: [/(?:^|[^\w/])[/!](?:start|help)\b|\bcommands?\b/],
  echo: [
    /\becho(?:es|ing|s|ed)?\b|\brepeats? (?:what|everything|every message|messages|back|after|whatever)\b/,
    /\brepeating (?:what|everything|messages)\b|\bparrots?\b/,
    /\b(?:sends?|says?|writes?) (?:it|them|the (?:same )?(?:message|text)s?) back\b|\bmirror/,
  ],
  keywords: [
    // A command named /faq is that command, not keyword answers.
    /(?<![/!])\bfaqs?\b|\bkeywords?\b|\bauto[- ]?(?:reply|replies|replying|respond|responder|responses?)\b/,
    /\bfrequently asked\b|\bquestions\b|\bcustomer (?:service|support|care)\b|\bsupport bot\b/,
    /\bopening hours\b|\bkeeps? asking\b|\bsame questions\b/,
    /\btells? (?:customers|people|users|them|everyone|visitors) (?:when|where|what|how|our|about)\b/,
    /\b(?:tells?|gives?|shows?|sends?|shares?)\s+(?:(?:you|people|customers|them|users|visitors|everyone)\s+)?(?:our|the|your)\s+(?:prices?|price list|address|location|(?:opening )?hours|menu|phone number|contact(?: details| info)?|delivery (?:times|options))\b/,
    // "when somebody mentions the bot" is a mention, not words people write.
    /\b(?:when|if|whenever) (?:someone|somebody|anyone|a user|users|people|they|a customer|customers) (?:says?|writes?|types?|asks?|mentions?)\b(?!\s+[/!])(?!\s+(?:the bot|us|me|it|@))/,
  ],
  welcome: [
    /\bwelcom(?:e|es|ing)\b|\bgreet(?:s|ing|ings)?\b|\bnew (?:members?|users?|people|joiners?)\b/,
    /\bnewcomers?\b|\b(?:who |when someone |people )joins?\b|\bonboard/,
  ],
  goodbye: [
    /\bgood ?-?byes?\b|\bfarewells?\b|\bsays? bye\b/,
    /\b(?:someone|somebody|people|members?|users?|anyone|a member|a user|they|person) (?:leaves?|left|leaving|quits?|departs?)\b(?! (?:a|an|the|their|his|her|us|me|some|feedback|comments?|reviews?|messages?|notes?)\b)/,
    /\bleav(?:es|ing) the (?:group|server|channel|chat)\b/,
  ],
  rules: [/\brules\b|\bguidelines\b|\bcode of conduct\b/],
  moderation: [
    /\bmoderat(?:e|es|ion|or|ing)\b|\b(?:ban|banned|bad|forbidden|blocked|rude) words?\b/,
    /\bswear(?:ing|words?)?\b|\bprofanit(?:y|ies)\b|\bspam(?:mers?|ming)?\b|\bcurse words?\b/,
    /\bdelete (?:bad |offensive )?messages?\b/,
    /\bfilter (?:out )?(?:bad |offensive )?(?:words?|messages?)\b|\btoxic\b|\binsults?\b/,
    /\bwarn(?:s|ed)?\b/,
    /(?<!\b(?:weather|storm|rain|flood|heat|severe|wind|snow|frost|ice|fire|traffic) )\bwarnings?\b/,
    /\bmute(?:s|d)?\b|\bkick(?:s|ed)? (?:out )?(?:people|them|users|members|spammers|anyone|him|her)\b/,
    /(?<!\b(?:lightning|general|hunger|train|rail) )\bstrikes?\b/,
    /\b(?:block|delete|remove|no|ban|forbid) (?:all )?links\b/,
    /\bban(?:s|ned)? (?:people|users|members|anyone|spammers|scammers|trolls|bots)\b/,
    /\b(?:post|posts|posting|share|shares|sharing|send|sends|sending) (?:spam )?links\b/,
    /\banti[- ]?(?:spam|links?|flood)\b|\bauto[- ]?mod\w*|\bslurs?\b|\binvite links?\b/,
  ],
  scheduled: [
    /\bschedul(?:e|ed|es|ing)\b/,
    /\bevery\s+(?:(?:\d+(?:\.\d+)?|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|forty-five|fifty|sixty|ninety)\s*)?(?:seconds?|minutes?|mins?|hours?|hrs?|days?|morning|evening|night|week|weekday|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b/,
    // "!weekly → ..." is a command of that name.
    /(?<![/!])\b(?:hourly|daily|weekly|periodic(?:ally)?)\b|\bauto[- ]?post(?:s|ing)?\b/,
    /\bposts? (?:regularly|automatically|updates?)\b|\bregular (?:posts|updates|announcements)\b/,
    /\bannouncements?\b|\bnewsletter\b|\bbroadcasts?\b|\bon weekdays\b|\b(?:every|each) (?:day|morning)\b/,
    /\b(?:once|twice|thrice|(?:two|three|four|\d+) times) (?:a|an|per|every) (?:day|hour|week)\b/,
  ],
  reminders: [/\bremind(?:er|ers|s|ing)?\b/],
  llm: [
    /\b(?:ai|a\.i\.|llm|gpt(?:-?\d[\w.-]*)?|chatgpt|openai|ollama|claude|gemini|llama|mistral|language model|artificial intelligence|machine learning|smart answers|answers? (?:any|all) questions?|conversational|(?:have|hold|carry on|make) (?:a )?conversations?|conversations? with (?:users|people|members|me)|chat with (?:users|people|me)|talks? (?:like|to) (?:a )?(?:human|people|users))\b/,
    /\b(?:chats?|talks?|speaks?|responds?|answers?|replies|writes?) (?:like|as if it were) (?:a|an)\b/,
    /\broleplay/,
  ],
  jokes: [
    /\bjokes?\b|\bpuns?\b|\b(?:something|anything) funny\b/,
    /\bfunny (?:stuff|things|one-liners|lines|stories)\b|\bmakes? (?:me|us|people|everyone) laugh\b/,
    /\bhumou?r\b/,
  ],
  quotes: [
    /(?<!\b(?:for a|get a|free|request a|price|a price) )\bquotes?\b|\bquotations?\b/,
    /\binspir(?:ational|ing)\b|\bmotivat(?:ional|ion|ing)\b|\bwise sayings?\b|\bproverbs?\b/,
  ],
  facts: [/(?<!\bin )\bfacts?\b(?! that)|\btrivia\b|\bdid you know\b/],
  // "a random restaurant/teammate" is a pick; "a random joke/cat picture" is content, not this behaviour.
  random: [
    /\bdice\b|\bdie rolls?\b|\broll (?:a|the) die\b|\bd(?:6|20)\b|\bflip(?:s|ping)? (?:a )?coins?\b/,
    /\bcoin ?(?:flips?|toss(?:es)?)\b|\btoss(?:es)? (?:a )?coins?\b|\bheads or tails\b/,
    /\brandom(?:ly)? (?!(?:jokes?|quotes?|facts?|memes?|gifs?|tips?|messages?|posts?|times?|intervals?|pictures?|photos?|images?|videos?|cats?|dogs?|animals?|words?|songs?|emojis?|stickers?|things?|stuff|content|questions?|verses?|trivia)\b)[a-z]+/,
    /\b(?:pick|picks|picking|choose|chooses|select|selects|draw|draws)\s+(?:a\s+|one\s+|an\s+)?(?:random(?:ly)?|at random)\b/,
    /\b(?:pick|picks|choose|chooses|select|selects)\b[^.;!?\n]{0,40}\b(?:randomly|at random)\b/,
    /\bchoose (?:between|for me|one of|randomly)\b|\bdecide (?:for me|between)\b/,
    /\bpick(?:s|ing)? (?:a |the )?(?:random )?winners?\b|\bgiveaways?\b|\b(?:magic )?8[- ]?ball\b/,
    /\blottery\b|\braffle\b|\brandom(?= *(?:[.,;!?]|$))|\brandomly\b(?! (?:timed|spaced))/,
    /\bat random\b(?! (?:times?|intervals?|moments?|hours?))/,
  ],
  polls: [/\bpolls?\b|\bvot(?:e|es|ing)\b|\bsurveys?\b/],
  away: [
    /\baway (?:message|mode|text|reply|replies|status|notice)\b|\b(?:i'?m|i am|we'?re|we are) away\b/,
    /\b(?:when|while|if) (?:we(?:'re| are)|the (?:shop|store|office|restaurant|business|bakery|cafe) is|it'?s|i'?m|i am) (?:closed|offline|not (?:open|available|around|there))\b/,
    /\bclosed (?:message|hours|days)\b|\bclosing hours\b/,
    /\boutside (?:of )?(?:(?:our|the|those|these|business|opening|office|working|open) )*hours\b/,
    /\bafter hours\b|\bout of (?:the )?office\b|\bon (?:holiday|vacation)\b/,
  ],
  weather: [
    /\bweather\b|\bforecasts?\b|\btemperatures?\b|\b(?:is it|going to|gonna|will it) (?:rain|snow)/,
    /\brain(?:s|ing|y)?\b(?! of)|\bsnow(?:s|ing|y)?\b|\bumbrella\b|\bstorm warnings?\b/,
    /\bweather alerts?\b/,
  ],
  news: [
    /\bnews\b|\bheadlines?\b|\brss\b|\batom feeds?\b|\b(?:blog|news) posts\b|\bnew articles\b/,
    /\bfeed url\b/,
  ],
  prices: [
    /\bcrypto\w*\b|\bexchange rates?\b|\bcurrenc(?:y|ies)\b|\bforex\b|\bcoin prices?\b/,
    /\bprice (?:alerts?|tracker|ticker)\b|\bconvert(?:s|ing)? (?:currenc|money)\w*/,
    /\b(?:stock|share) prices?\b/,
  ],
  translate: [/\btranslat(?:e|es|ed|ing|ion|ions|or)\b|\b(?:tradui(?:re|t|s|sez)|traduc(?:ir|e|tor|teur)|tradurr?e|traduzir|übersetz(?:en|t|er))\b/],
  counter: [
    // "shows the list with a count", "the count of names": how many are on a list, no counting per person.
    /(?<![{/!])(?<!\b(?:with|and|plus|a|the|its)\s+(?:a\s+|the\s+)?)\bcount(?:s|ing)?\b(?!\}| (?:on|down|me in|of (?:names|people|items|entries)))|(?<![/!])\bcounters?\b|\bkeeps? (?:the )?scores?\b/,
    /\bkeeping score\b|\bscore ?boards?\b|\bleader ?boards?\b/,
    /(?<!\b(?:football|soccer|basketball|match|game|live|sports?|cricket|baseball|hockey|nba|nfl|final) )\bscores?\b/,
    /\bpoints (?:system|for|per|each)\b|\b(?:give|earn|award|collect)s? points\b|\btally\b|\bkarma\b/,
    /\bxp\b|\bstreaks?\b|\bhow many (?:messages|times)\b|\bper[- ]user\b|\bkeeps? track of\b/,
    /\bremembers? (?:each|every|the) (?:user|person|member)|\b(?:each|every) (?:user|member|person)'s\b/,
    /\blevel(?:s|ing)? (?:\w+ )?up\b/,
    /\btrack(?:s|ing)? (?:\w+ ){0,2}(?:expenses|spending|habits|scores?|points|streaks?|progress|attendance|stats|messages)\b/,
  ],
  // A restaurant's menu ("the menu of the day", "our lunch menu") is no keyboard of buttons.
  menu: [
    /(?<!\b(?:lunch|dinner|breakfast|food|drinks?|wine|dessert|daily|today'?s|restaurant|cafe|weekly|our|the|this week'?s)\s+)\bmenus?\b(?! of the (?:day|week))/,
    /\bbuttons?\b|\binline keyboards?\b|\bkeyboard\b/,
  ],
};

/** The features the text names by their words, in FEATURES order. */
export function featuresNamedIn(lower: string): Feature[] {
  // "#news", "#prices": a channel's name asks for no behaviour.
  const words = lower.replace(/(^|[^\w/&])#[\w-]+/g, '$1');
  return (Object.keys(FEATURE_CUES) as Feature[]).filter((f) => FEATURE_CUES[f].some((cue) => cue.test(words)));
}

/** True when one word names a behaviour (so "for my bakery's welcome" stops the purpose at bakery). */
export function namesFeature(word: string): boolean {
  return featuresNamedIn(word.toLowerCase()).length > 0;
}
