// Words still to come, as blanks: commands whose answer the person will give later: "/contacts — shows useful numbers (...). I'll send
// you the exact list of numbers later", "/packages - show our packages (I'll send you those later, still
// finalising 2025 prices)". The answer is a blank ("needs your words"), never the words describing it.
import type { Action } from '../../../../../shared/bot-plan.schema';
import { commandsIn, type Masked, restore } from './masked';
import type { RuleDraft } from './rule-draft';

export const LATER =
  /\b(?:i'?ll|i will|we'?ll|we will|will)\s+(?:send|give|paste|add|share|tell|write|post|put|upload)\b[^.\n]*?\b(?:later|soon|tomorrow|next week|once|when)\b|\b(?:send|give|paste)\s+(?:it|them|that|those)\s+later\b|\b(?:tbd|tba|to be confirmed|not (?:ready|finali[sz]ed|decided|sure) yet|still (?:finali[sz]ing|deciding|working (?:on|out)|changing)|don'?t have (?:them|it|those|the \w+)(?: all)? yet)\b/i;

export function laterAnswerRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  for (const line of m.masked.split('\n')) {
    const commands = commandsIn(line);
    // One command on the line, no quoted answer: the words on it only describe what is to come.
    if (commands.length !== 1 || /\u0001/.test(line) || !LATER.test(line)) continue;
    const name = commands[0]!.name;
    rules.push({ id: name, when: { kind: 'command', name }, if: [], do: [{ kind: 'reply', text: null }], source: restore(line, m.quotes).trim() });
  }
  return rules;
}

/** "the bagel list with prices, I'll send you that later": what the answer will be, given later (a blank), not words to say. */
const TO_COME = /^(?:the|our|my|a|an)\b[^,.!?]{0,60},?\s*(?:(?:i|we)'?ll|(?:i|we) will)\s+(?:send|give|paste|add|share|write)\s+(?:you\s+)?(?:that|it|them|those|this|these)\b/i;

/**
 * "reply with our paybill details", "tell them the delivery charge and the area we cover (need to
 * check with my partner)": words naming what to say, not the words to say.
 */
const DESCRIBED =
  /^(?:our|my|the|your)\s+(?:[\p{L}'-]+\s+){0,3}(?:details|address|location|hours|times?|prices?|price list|menu|numbers?|link|website|charges?|fees?|rates?|info|information|contacts?|e-?mail|account|password|code|schedule|timetable|dates?|venue|directions)(?:\s+(?:and|&)\s+(?:the\s+)?[\p{L}' -]{1,40})?$/iu;
/** "/fees should tell ppl the monthly fees, i dont have the numbers rn": the person has not got the words yet. */
const NOT_YET = /\b(?:i|we)\s+(?:don'?t|do not|dont)\s+have\s+(?:them|it|those|the \w+)(?: all)?\s+(?:yet|rn|right now|to hand|at the moment|on me)\b/i;
/** "price depends on the car, I'll send you the text for this one later": the words come later. */
const TEXT_LATER = /\b(?:i'?ll|i will|we'?ll|we will)\s+(?:send|give|write|add)\s+(?:you\s+)?(?:the\s+)?(?:text|words|wording|details|info|answer)\b[^.!?]*\blater\b/i;
const TO_CHECK = /\((?:i\s+|we\s+)?(?:need|have|got) to (?:check|confirm|ask|find out)\b[^)]*\)\s*$/i;

/** "our servicing price per unit", "with the link to my print shop", "tell them my fee for a return": a few plain words about something of the person's, no sentence. */
const NAMED_THING = /^(?:with\s+)?(?:(?:(?:tell|give|send|show)\s+)?(?:them|people|ppl|the (?:customer|client|person))\s+)?(?:our|my|the)\s+(?:[\p{Ll}'-]+\s+){0,7}[\p{Ll}'-]+$/u;
const SENTENCE_WORDS = /\b(?:is|are|was|were|will|be|been|has|have|had|can|do|does|did|please|welcome|thanks?|sorry|hi|hello)\b|'s\b|'re\b/i;

/** "ceramic film blocks way more heat, and tell them the price": words, then a value of the person's still to come. */
const AND_TELLS = /,?\s+(?:and\s+)?(?:tell|give|send|show)\s+(?:them|people|ppl|the (?:customer|client|person))\s+(?:the|our|my)\s+[\p{Ll}' -]{1,40}$/u;

/**
 * "the prices, I will send you the price list later", "I go send am later", "prices from my list", "I'll get the
 * link from LAMATA later, leave blank for now": words of the person's still to come.
 */
const MINE_LATER = /\bleave (?:it |this |that |a )?(?:blank|empty|gap)\b|\b(?:i'?ll|i will|i go|i'?m going to|imma)\s+(?:send|give|add|put|write|paste|share|find|upload)\b[^.!?\n]*?\b(?:later|soon|tomorrow|myself|when)\b|^text (?:is )?(?:coming|to come|later)\b|\bfrom my (?:price )?(?:list|sheet|catalogue|catalog)\b/i;

/** "welcome them and post our server rules": what the bot should do, not its words. */
const DOES = /^(?:welcome|greet|thank|tell|show|give|send)\s+(?:them|him|her|people|ppl|everyone)(?:\s+and\s+(?:post|give|send|show|tell)\s+(?:them\s+)?(?:our|my|the)\s+[\p{Ll}\s'-]{1,40})?$/iu;

export function onlyDescribes(text: string): boolean {
  const plain = text.trim().replace(/[.!]+$/, '');
  // "our menu link (new menu is at the printer, I send you the link when its online)": a thing named, its words to come.
  const note = /\s*\(([^()]{3,200})\)$/.exec(plain);
  if (note && /\b(?:send|give|add|share|paste|post)\b[^)]*\b(?:later|soon|when|once|next week|tomorrow)\b|\bnot (?:ready|online|live|done|finished) yet\b/i.test(note[1]!)) return onlyDescribes(plain.slice(0, note.index));
  if (DOES.test(plain) || AND_TELLS.test(plain) || MINE_LATER.test(plain)) return true;
  // "the same thing", "the same text": another rule's words (rule-clauses.ts reads which), not a thing named.
  if (/^(?:the\s+)?same\b/i.test(plain)) return false;
  return TO_COME.test(text) || NOT_YET.test(text) || TEXT_LATER.test(text) || TO_CHECK.test(text) || DESCRIBED.test(plain) || (NAMED_THING.test(plain) && !SENTENCE_WORDS.test(plain));
}

/**
 * 'reply "My program is here:" + the link (not live yet)', '"... password:" then the password', '"...:" plus
 * the link to the app I recommend', '+ the spreadsheet link', 'and then the hotline number': the words, then a value the person has not given.
 */
const LINK_TO_COME = /^\s*,?\s*(?:\+|\band\b|\bwith\b|\bthen\b|\bplus\b)(?:\s+then\b)?\s*(?:the|my|our|a)\s+(?:(?:[\p{L}'-]+\s+){1,2}?(?:link|url|number)|link|url|password|code|number|address|date|price)\b/iu;

/** True when the quoted words are followed by "+ the link" (and no link is written there). */
function linkToCome(text: string, m: Masked): boolean {
  const n = m.quotes.indexOf(text);
  const at = n >= 0 ? m.masked.indexOf(`\u0001${n}\u0002`) : -1;
  return at >= 0 && LINK_TO_COME.test(m.masked.slice(at + `\u0001${n}\u0002`.length));
}

export function withWordsToComeBlank(rule: RuleDraft, m: Masked): RuleDraft {
  const blank = (a: Action): Action => ((a.kind === 'reply' || a.kind === 'post') && a.text !== null && (onlyDescribes(a.text) || linkToCome(a.text, m)) ? { ...a, text: null } : a);
  return { ...rule, do: rule.do.map(blank) };
}
