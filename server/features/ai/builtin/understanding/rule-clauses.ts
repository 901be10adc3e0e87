// Rules read straight into the plan, by readers each in its own file (lists, counters, questions,
// scheduled posts, menus, quizzes, AI answers, hours, one rule a line, mentions, weather and price
// alerts, moderation, conversions, reactions) and, here, replies to mentions, copies to the owner,
// joins and leaves, a command's words, "anything else"; with the conditions of each sentence
// ("only in #channel", "only admins"). Words the person gave are carried as written; what they did
// not give is a blank (null).
import type { Action, Trigger } from '../../../../../shared/bot-plan.schema';
import { aiAnswerRules } from './ai-answers';
import { answerActions, copiedAfter, DESCRIBES, NAMES_ONLY, priceAsked, weatherAsked } from './answers';
import { announcementRules, postedWordsRules } from './announcements';
import { linesUnderRules } from './lines-under';
import { arrowLineRules } from './arrow-lines';
import { buttonMenuRules } from './button-menus';
import { sentencesOf } from './clauses';
import { adminsOnlyFor, conditionsIn } from './conditions';
import { convertRules } from './conversions';
import { counterRules } from './counters';
import { hoursRules } from './hours-rules';
import { joinRules } from './join-rules';
import { keywordSentenceRules } from './keyword-sentences';
import { listRules } from './list-commands';
import { listResetRules } from './list-resets';
import { signUpRules } from './sign-ups';
import { ROTATION, textsOfList } from './listed-texts';
import { afterCommand, commandsIn, type Masked, restore } from './masked';
import { mentionAboutRules } from './mention-rules';
import { moderationRules } from './moderation-rules';
import { numberedMenuRules } from './numbered-menus';
import { pollCommandRules } from './poll-commands';
import { withPostInChannel } from './posted-in-channel';
import { LATER, laterAnswerRules, withWordsToComeBlank } from './later-answers';
import { commandDataRules } from './command-data';
import { withEchoedArgument } from './echoed-argument';
import { questionRules } from './questions';
import { quizRules, withQuizLeaderboard } from './quiz';
import type { RuleDraft } from './rule-draft';
import { withoutOverlaps } from './rule-overlaps';
import { commandAnswerAt, saidWordsAt } from './said-words';
import { alertRules } from './price-alerts';
import { scheduledPostRules } from './scheduled-posts';
import { weatherAlertRules } from './weather-alerts';
import { reactionRules } from './reaction-rules';
import { targetLanguageIn, translateRules } from './translate';

export type { RuleDraft } from './rule-draft';

const MENTION = /\b(?:mentions?|tags?|@'?s|pings?|@\s*mentions?)\s+(?:the bot|me|us|it|the account|our account|@\w+)\b|(?<=\s)@\s+(?:the bot|us|me)\b|\bwhen (?:i'?m|we'?re|the bot is|it'?s) (?:mentioned|tagged|pinged)\b/i;


/** "when someone mentions the bot, reply 'Hi, ask me with !help'". */
function mentionRules(sentence: string, m: Masked): RuleDraft[] {
  const at = MENTION.exec(sentence);
  // "forward messages that mention the bot to me": a copy of those messages (forwardRules), no reply.
  if (at && /\b(?:forward|forwards|copy|copies|pass|send|sends)\b[^.;!?]*$/i.test(sentence.slice(0, at.index))) return [];
  // "mentions us with vegan → ...": a mention about words (mention-rules.ts).
  if (!at || /^\s*(?:with|about|asking|mentioning|containing|and (?:writes?|says?|asks?|mentions?|types?))\b/i.test(sentence.slice(at.index + at[0].length))) return [];
  const rest = sentence
    .slice(at.index + at[0].length)
    .replace(/^[,\s]*(?:\([^)]*\)\s*)?,?\s*(?:(?:→|->|=>|:)\s*)?(?:it\s+|the bot\s+|then\s+)?(?:should\s+|just\s+)?(?:(?:reply|replies|answer|answers|say|says|respond|responds)(?:\s+with)?\s*:?)?/i, '');
  // "When people mention us:" over the lines that say what to answer: a heading, no rule of its own.
  if (/^\s*:?\s*$/.test(rest) && /:\s*$/.test(sentence)) return [];
  const text = commandAnswerAt(rest, m.quotes);
  return [{ id: 'mention', when: { kind: 'mention' }, if: [], do: [{ kind: 'reply', text }], source: restore(sentence, m.quotes).trim() }];
}

const FORWARD = /\b(?:gets?|is|are|should be) (?:copied|forwarded|sent) to me\b|\b(?:forward|forwards|copy|copies|send|sends|dm|pass)\b\s+(?:me|us|the owner|to me)?\s*(?:a copy of\s+)?(?:every|each|all|any)\s+(?:\w+\s+)?(?:messages?|dms?|questions?|orders?|requests?|complaints?)|\bforward(?:s)?\s+(?!it\b|them\b|that\b|this\b|to\b)[^.]*\bto me\b|\b(?:copy|copies) of (?:every|each|all|any|anything|everything)\b/i;

/**
 * "when someone mentions an order, delivery or refund, forward ...": the forward follows a when-clause
 * and the short words it lists; not "... when someone says hours, a welcome message for new members, forward ...".
 */
function governedByWhen(sentence: string): boolean {
  const verb = /\b(?:forward|forwards|copy|copies|send|sends|dm|pass)\b/i.exec(sentence);
  const when = verb ? [...sentence.slice(0, verb.index).matchAll(/\b(?:when(?:ever)?|if)\b/gi)].pop() : undefined;
  if (!verb || !when) return false;
  const parts = sentence.slice(when.index, verb.index).split(',').slice(1).map((p) => p.trim()).filter(Boolean);
  return parts.every((p) => p.split(/\s+/).length <= 4);
}

/** "forward every message with 'order' to me", "send me a copy of each question", "of anything that mentions complaint or damage". */
function forwardRules(sentence: string, m: Masked): RuleDraft[] {
  if (!FORWARD.test(sentence)) return [];
  const about = /\b(?:with|containing|that (?:say|mention|contain)s?|mentioning|about)\s+(?:the words?\s+)?((?:\u0001\d+\u0002|[\w'-]+)(?:\s*(?:,|or)\s*(?:\u0001\d+\u0002|[\w'-]+))*)/i.exec(sentence);
  const words = about ? about[1]!.split(/\s*(?:,|(?<![\p{L}\p{N}])or(?![\p{L}\p{N}]))\s*/u).map((w) => restore(w, m.quotes).trim().toLowerCase()).filter((w) => !/^(?:me|us|the|a|an)$/.test(w)) : [];
  // "when someone mentions an order or a refund, forward the message to me": the copy of those
  // messages is their rule's (keyword-sentences.ts), not a copy of every message.
  if (words.length === 0 && governedByWhen(sentence)) return [];
  // "taxi or airport → "..." and forward the message to me": the copy is that rule's, not of every message.
  if (words.length === 0 && /(?:→|->|=>)[^\n]*\b(?:forward|forwards|send|sends|copy|pass)\s+(?:the|that|their|this)\s+(?:message|msg|question)\b/i.test(sentence)) return [];
  // "...asks them three things. then forwards the lot to me": the answers go to the owner (questions.ts), not every message.
  if (words.length === 0 && /\b(?:forwards?|sends?|pass(?:es)?)\s+(?:the lot|(?:all\s+)?(?:the\s+)?answers|everything|those|them|it all|all of (?:it|that|them)|the (?:details|info))\b/i.test(sentence) && /\b(?:asks?|asking)\b/i.test(m.masked)) return [];
  const when: Trigger = words.length > 0 ? { kind: 'keyword', words, whole: false } : { kind: 'message', always: true };
  return [{ id: 'copy-to-owner', when, if: [], do: [{ kind: 'forward', to: 'owner' }], source: restore(sentence, m.quotes).trim() }];
}

/** The commands right before the end of `text`, joined by "and", "or", "," or "/" ("/prijs and /prices"). */
function commandsJoinedBefore(text: string): string[] {
  const names: string[] = [];
  const JOINED = /(?:^|[^\w/:.])[/!]([A-Za-z][A-Za-z0-9_]{0,31})\s*(?:,|\band\b|\bor\b|\/|&)\s*$/;
  let rest = text.replace(/[^\s/!]$/, '');
  for (let hit = JOINED.exec(rest); hit; hit = JOINED.exec(rest)) {
    names.push(hit[1]!.toLowerCase());
    rest = rest.slice(0, hit.index + 1);
  }
  return names;
}

/** "/exam → Exam: 14 Feb, Hall B. Allowed: one A4 sheet", "!socials → Twitch: ... / YouTube: ...": a command's words as written. */
function commandAnswerRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  // 'if someone types /rumour <player> it replies "Rumour noted: {player}" and sends it to me': the words, and a copy.
  for (const hit of m.masked.matchAll(/(?:^|[^\w/:.€$£¥%°])[/!]([A-Za-z]\w{0,31})\s+[<[][^>\]\n]{1,30}[>\]]\s+(?:it\s+|the bot\s+|bot\s+)?(?:should\s+)?(?:replies|reply|says?|answers?|responds?)(?:\s+with)?\s*:?\s*\u0001(\d+)\u0002(\s*,?\s*and\s+(?:then\s+)?(?:sends?|forwards?|dms?|passes?)\s+(?:it|that|them|this)?\s*(?:on\s+)?to\s+(?:me|us|the owner)\b)?/gi)) {
    const name = hit[1]!.toLowerCase();
    const reply: Action = { kind: 'reply', text: m.quotes[Number(hit[2])] ?? null };
    rules.push({ id: name, when: { kind: 'command', name }, if: [], do: hit[3] ? [{ kind: 'forward', to: 'owner' }, reply] : [reply], source: restore(hit[0], m.quotes).trim() });
  }
  // "/aistrigh then some english → ...", "/paid 50 → ...": up to four words of what follows the command, before an arrow.
  for (const hit of m.masked.matchAll(/(?:^|[^\w/:.€$£¥%°])([/!])([A-Za-z][A-Za-z0-9_]{0,31})\b(?:\s+command)?(?:(?:\s+<[^>\n]{1,30}>)?\s*(?:→|->|=>|=|:)|(?:\s+[^\s→:=/!]+){1,4}\s*(?:→|->|=>))\s*/g)) {
    const after = m.masked.slice(hit.index! + hit[0].length);
    // "!trash → random trash talk from: «...» / «...»": one of the texts.
    const line = after.split('\n')[0]!;
    // "/request <song> → send me a copy and answer Thanks! ...": the copy, then the words.
    const passed = /^(?:send|forward|dm)\s+(?:me|us|it to me)\b/i.test(line) ? answerActions(line, m.quotes) : [];
    if (passed.some((a) => a.kind === 'forward')) {
      const name = hit[2]!.toLowerCase();
      rules.push({ id: name, when: { kind: 'command', name }, if: [], do: passed, source: restore(hit[0] + line, m.quotes).trim() });
      continue;
    }
    const listed = ROTATION.test(line) ? textsOfList(line, { masked: line, quotes: m.quotes }) : null;
    if (listed) {
      const name = hit[2]!.toLowerCase();
      rules.push({ id: name, when: { kind: 'command', name }, if: [], do: [{ kind: 'replyOneOf', texts: listed.texts.map((t) => restore(t, m.quotes)), order: listed.order }], source: restore(hit[0] + line, m.quotes).trim() });
      continue;
    }
    // "/eth → current ETH price in USD and EUR": the price, not those words.
    const price = /^\s*(?:the\s+)?(?:current|latest|live)?\s*\w*\s*(?:price|rate)\b/i.test(line) ? priceAsked(line.replace(/^\s*(?:the\s+)?(?:current|latest|live)\s+/i, '')) : null;
    if (price) {
      const name = hit[2]!.toLowerCase();
      rules.push({ id: name, when: { kind: 'command', name }, if: [], do: [{ kind: 'data', source: { kind: 'price', ...price } }], source: restore(hit[0] + line, m.quotes).trim() });
      continue;
    }
    // "/cad then irish words → translate into english": a translation, each command with its own language.
    const language = /^\s*translat\w*\b/i.test(line) ? targetLanguageIn(line) : null;
    if (language) {
      const name = hit[2]!.toLowerCase();
      rules.push({ id: name, when: { kind: 'command', name }, if: [], do: [{ kind: 'data', source: { kind: 'translate', to: language } }], source: restore(hit[0] + line, m.quotes).trim() });
      continue;
    }
    // After an arrow, words starting with a capital are the answer itself ("!wr → Current WR: 25:39 by Buhbai").
    // "!events → our weekly events": what the answer is about, not the answer (a blank).
    const named = NAMES_ONLY.test(line) ? line.trim() : null;
    // "/abv → Our meads: Torr 12%, ...": a heading and its words are the answer too.
    const answerLike = /^(?!(?:The|A|An|Our|My|Your|Their)\s)[A-Z]/.test(after) || /^(?:The|Our|My|Their)\s+[\p{L}' -]{1,30}:\s*\S/u.test(after);
    const written = named ?? commandAnswerAt(after, m.quotes) ?? (answerLike ? saidWordsAt(after, m.quotes) : null);
    if (!written) continue;
    // "/donde → tells people the venue address": words about the answer, not the answer (a blank).
    // "/callsheet → link to today's call sheet, i'll give u the link later": words still to come.
    // A quoted answer is the person's words, whatever verb it starts with ("Post a clear photo ...").
    const quoted = /^\s*\u0001\d+\u0002/.test(after);
    const text = named || (!quoted && DESCRIBES.test(written)) || LATER.test(line) ? null : written;
    const name = hit[2]!.toLowerCase();
    // "!weather → Tartu weather now": the weather, not those words.
    // "/weather -> current weather in Göteborg with 'Väder vid banan:' in front": the person's words, then the weather.
    const framed = /^\s*(.*?)\s+with\s+(.+?)\s+(?:in front|on top|first|before it)\s*$/i.exec(restore(line, m.quotes).replace(/^\s*(?:shows?|gives?|posts?|sends?)\s+/i, ''));
    const framedWeather = framed ? weatherAsked(framed[1]!.replace(/^(?:the\s+)?current\s+/i, '')) : null;
    const action = (framedWeather ? { ...framedWeather, text: `${framed![2]!.trim()}\n{value}` } : null) ?? (text ? weatherAsked(text) : null) ?? { kind: 'reply' as const, text };
    // "/preorder <order> → reply "Got it: <order>" and send me the order": the copy as well.
    const copy = text !== null && copiedAfter(restore(line, m.quotes), text) ? [{ kind: 'forward' as const, to: 'owner' as const }] : [];
    rules.push({ id: name, when: { kind: 'command', name }, if: [], do: [...copy, action], source: restore(hit[0] + written, m.quotes).trim() });
    // "/prijs and /prices → ...": the commands written just before, joined to this one, answer the same.
    for (const other of commandsJoinedBefore(m.masked.slice(0, hit.index! + 1))) {
      rules.push({ id: other, when: { kind: 'command', name: other }, if: [], do: [...copy, action], source: restore(hit[0] + written, m.quotes).trim() });
    }
  }
  // "could the bot answer /wifi with "Network: ..."": the verb before the command.
  for (const hit of m.masked.matchAll(/\b(?:answer|answers|reply to|replies to|respond to|responds to)\s+([/!])([A-Za-z][A-Za-z0-9_]{0,31})\b\s+(?:with|by saying)\s*:?\s*/gi)) {
    const text = saidWordsAt(m.masked.slice(hit.index! + hit[0].length), m.quotes);
    const name = hit[2]!.toLowerCase();
    if (text) rules.push({ id: name, when: { kind: 'command', name }, if: [], do: [{ kind: 'reply', text }], source: restore(hit[0] + text, m.quotes).trim() });
  }
  return rules;
}

/** "/kata gives a random kata to practise, from: Heian Shodan, Tekki Shodan → Practise this today: <kata>". */
function commandListRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  for (const line of m.masked.split(/\n+/)) {
    const commands = commandsIn(line);
    for (const c of commands) {
      const rest = afterCommand(line, c.end, commands).split(/(?<=[.!?])\s+(?=[A-Z]|and\b|also\b)/)[0]!;
      const listed = textsOfList(restore(rest, m.quotes), { masked: rest, quotes: m.quotes });
      if (!listed) continue;
      rules.push({ id: c.name, when: { kind: 'command', name: c.name }, if: [], do: [{ kind: 'replyOneOf', ...listed }], source: restore(line.slice(c.at, c.end) + rest, m.quotes).trim() });
    }
  }
  return rules;
}

/** "reply 'Type menu to see options' to any other message", "if they write anything else just say X". */
function otherMessageRules(m: Masked): RuleDraft[] {
  // "any other message just forward to me so I answer myself": a copy to the owner, nothing said.
  const passed = /\b(?:any|every|all)\s+other\s+(?:messages?|msgs?|questions?)\s*[,:]?\s*(?:→|->|:)?\s*(?:just\s+|the bot\s+|it\s+)?(?:should\s+)?(?:forward|send|pass|copy)\s+(?:it\s+|them\s+)?(?:on\s+)?to\s+(?:me|us|the owner)\b[^.\n]*/i.exec(m.masked);
  if (passed && !/\b(?:and|then)\s+(?:reply|say|answer|tell them)\b/i.test(passed[0])) return [{ id: 'anything-else', when: { kind: 'message', always: false }, if: [], do: [{ kind: 'forward', to: 'owner' }], source: restore(passed[0], m.quotes).trim() }];
  const before = /\b(?:reply|replies|answer|answers|say|says|respond)\s+(?:with\s+)?\u0001(\d+)\u0002\s+(?:to|for|on)\s+(?:any|every|all)\s+other\s+messages?\b/i.exec(m.masked);
  if (before) return [otherRule(m.quotes[Number(before[1])] ?? null, before[0], m)];
  const after = /\b(?:(?:to\s+)?(?:any|every|all)\s+other\s+messages?|(?:if\s+(?:they|someone|people|ppl)\s+(?:write|writes|send|sends|say|says|type|types)\s+)?(?:anything|everything)\s+else(?:\s+(?:they|people|ppl|someone|anyone|customers|users)\s+(?:write|send|say|type|ask)s?)?)\s*[,:]?\s*(?:→|->|:)?\s*(?:just\s+|the bot\s+|it\s+)?(?:should\s+)?(?:(?:gets?|say|says|reply|replies|answer|answers|respond|responds)(?:\s+with)?\s*:?\s*|(?=take turns|alternate|pick one|one of these)|(?<=(?::|→|->)\s*)(?=\u0001|[A-Z\p{Extended_Pictographic}]))/iu.exec(m.masked);
  if (!after) return [];
  const rest = m.masked.slice(after.index + after[0].length);
  // "take turns between Thanks! and Hi there": the texts run to the end of the bullet or line.
  const text = /^(?:take turns|alternate|pick one|one of these)/i.test(rest) ? restore(rest.split(/\s+•\s+|\n/)[0]!.trim(), m.quotes) : saidWordsAt(rest, m.quotes);
  return text ? [otherRule(text, after[0] + text, m)] : [];
}

/** The rule for any other message: its words (after a copy to the owner), or the texts it goes through ("take turns between A and B"). */
function otherRule(text: string | null, source: string, m: Masked): RuleDraft {
  // "any other message: send me a copy so I can answer personally, and reply Danke!": the copy, then the words.
  const copy = text ? /^(?:send|forward|copy)\s+(?:me|us|it to (?:me|us))\b[^.!?]*?(?:,\s*(?:and\s+)?(?:then\s+)?|\s+(?:and|then)\s+)(?:reply|say|answer|tell them)\b\s*:?\s*(\S.*)$/is.exec(text) : null;
  const said = copy ? copy[1]!.trim() : text;
  const listed = said ? textsOfList(said) : null;
  const answer = listed ? { kind: 'replyOneOf' as const, ...listed } : { kind: 'reply' as const, text: said };
  return { id: 'anything-else', when: { kind: 'message', always: false }, if: [], do: copy ? [{ kind: 'forward', to: 'owner' }, answer] : [answer], source: restore(source, m.quotes).trim() };
}

/** The rules these readers find in the request, each with the conditions of its sentence. */
export function ruleClausesIn(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [...questionRules(m), ...scheduledPostRules(m), ...buttonMenuRules(m), ...numberedMenuRules(m), ...quizRules(m), ...aiAnswerRules(m), ...hoursRules(m), ...arrowLineRules(m), ...keywordSentenceRules(m), ...mentionAboutRules(m), ...weatherAlertRules(m), ...joinRules(m), ...commandListRules(m), ...commandAnswerRules(m), ...moderationRules(m), ...otherMessageRules(m), ...pollCommandRules(m), ...translateRules(m), ...postedWordsRules(m)];
  const sentences = sentencesOf(m.masked);
  for (const sentence of sentences) {
    const found = [
      ...listRules(sentence, m, m.masked),
      ...counterRules(sentence, m, m.masked),
      ...mentionRules(sentence, m),
      ...reactionRules(sentence, m),
      ...forwardRules(sentence, m),
      ...convertRules(sentence, m, rules),
      ...alertRules(sentence, m),
      ...announcementRules(sentence, m),
    ];
    const { chat } = conditionsIn(sentence);
    for (const rule of found) {
      // The channel a rule posts to ("reposts the text in #general") is where it goes, not where it is heard.
      if (chat && rule.when.kind !== 'schedule' && rule.channel !== chat && !rule.if.some((c) => c.kind === 'chat' && c.name === chat)) rule.if.push({ kind: 'chat', name: chat });
      if (rule.when.kind === 'command' && adminsOnlyFor(sentence, rule.when.name)) rule.if.push({ kind: 'admins' });
      rules.push(rule);
    }
  }
  // "+1 to play → You're in NAME!": sign-ups by a word, read over any other reading of "+1" and "-1".
  const signUps = signUpRules(m);
  if (signUps.length > 0) rules.splice(0, rules.length, ...rules.filter((r) => !(r.when.kind === 'keyword' && r.when.words.some((w) => /^[+-]?1\b/.test(w)))), ...signUps);
  for (const sentence of sentences) rules.push(...listResetRules(sentence, m, rules));
  rules.push(...sameTextRules(m, rules));
  // Commands answered by the lines under them, that answer with data, or whose answer is still to come,
  // when no reader read them as something else (the first reading of each).
  const read = new Set(rules.flatMap((r) => (r.when.kind === 'command' ? [r.when.name] : [])));
  for (const rule of [...linesUnderRules(m), ...commandDataRules(m), ...laterAnswerRules(m)]) {
    if (rule.when.kind !== 'command' || read.has(rule.when.name)) continue;
    read.add(rule.when.name);
    rules.push(rule);
  }
  return withWholeBotChannel(withQuizLeaderboard(withoutRepeats(withoutOverlaps(rules).map(withPostInChannel).map((rule) => withEchoedArgument(withWordsToComeBlank(rule, m), m)))), m);
}

/** "a bot that works only in the #shop-talk channel", "it only answers in #help", "only respond to commands in #tournament": where every rule (or every command) listens. */
const WHOLE_BOT_CHANNEL = /\b(?:bot|it)\b[^.\n#]{0,40}?\b(?:works?|runs?|listens?|answers?|replies|reacts?|is active)\s+only\s+in\s+(?:the\s+)?#([\w-]+)|\b(?:bot|it)\s+(?:should\s+)?only\s+(?:works?|runs?|listens?|answers?|replies|reacts?)\s+in\s+(?:the\s+)?#([\w-]+)|(?:^|\n|[.!?]\s+)[ \t]*(?:[-•*][ \t]*)?(?:and\s+|also\s+)?only\s+(?:respond|reply|answer|react|listen|work)s?\s+(to (?:the\s+)?commands\s+)?in\s+(?:the\s+)?#([\w-]+)/i;

/** "Slack app for our #releases channel": the one channel the bot is for, where its scheduled posts go. */
const BOT_FOR_CHANNEL = /\b(?:bot|app)\b[^.\n#]{0,20}?\b(?:for|in)\s+(?:our|the|my)\s+#([\w-]+)/i;

function withWholeBotChannel(rules: RuleDraft[], m: Masked): RuleDraft[] {
  const channels = new Set([...m.masked.matchAll(/(?:^|[^\w&])#([\w-]+)/g)].map((c) => c[1]!.toLowerCase()));
  const home = channels.size === 1 ? BOT_FOR_CHANNEL.exec(m.masked)?.[1] : undefined;
  if (home) for (const rule of rules) if (rule.when.kind === 'schedule' && !rule.channel) rule.channel = home;
  const hit = WHOLE_BOT_CHANNEL.exec(m.masked);
  if (!hit) return rules;
  const name = (hit[1] ?? hit[2] ?? hit[4])!;
  // "only respond to commands in #tournament": the commands only.
  const kinds = hit[3] ? ['command'] : ['command', 'keyword', 'message', 'mention'];
  for (const rule of rules) {
    if (kinds.includes(rule.when.kind) && !rule.if.some((c) => c.kind === 'chat')) rule.if.push({ kind: 'chat', name });
  }
  return rules;
}

/** Two readers' rules alike once their words to come are blanks ("reply with our address" read twice): the first. */
function withoutRepeats(rules: RuleDraft[]): RuleDraft[] {
  const seen = new Set<string>();
  return rules.filter((r) => {
    const key = JSON.stringify([r.when, r.if, r.do, r.channel ?? null]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** "2 hours before, post: 'Run tonight!' And /run at any time replies with the same text": the text written last before. */
function sameTextRules(m: Masked, read: RuleDraft[]): RuleDraft[] {
  const plain = restore(m.masked, m.quotes);
  const texts = read
    .flatMap((r) => r.do.flatMap((a) => (a.kind === 'reply' || a.kind === 'post') && a.text ? [a.text] : []))
    .map((text) => ({ text, at: plain.indexOf(text) }))
    .filter((t) => t.at >= 0);
  const rules: RuleDraft[] = [];
  for (const hit of plain.matchAll(/(?:^|[^\w/:.€$£¥%°])[/!]([A-Za-z]\w*)\b[^.\n]*?\b(?:repl(?:y|ies)|says?|answers?|posts?|gives?|sends?)\s+(?:with\s+)?(?:the\s+)?same\s+(?:text|message|thing|words)\b/gi)) {
    const before = texts.filter((t) => t.at < hit.index!).sort((a, b) => b.at - a.at)[0];
    if (before) rules.push({ id: hit[1]!.toLowerCase(), when: { kind: 'command', name: hit[1]!.toLowerCase() }, if: [], do: [{ kind: 'reply', text: before.text }], source: hit[0].trim() });
  }
  return rules;
}

/** The actions of a draft, for the callers that only need to know what kinds were read. */
export function actionKinds(rules: RuleDraft[]): Set<Action['kind']> {
  return new Set(rules.flatMap((r) => r.do.map((a) => a.kind)));
}

