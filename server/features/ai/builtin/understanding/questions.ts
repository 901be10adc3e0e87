// Questions asked in turn and sent to the owner, read across sentences (a question ends a sentence):
// "/quote starts it, then ask one after the other - How many bedrooms? - Any pets? ... after that say
// Thanks! ... and send all the answers to me", "when someone writes pickup, ask: What's the address?
// → How many bags? → When? then Got it! and send the answers to my number", "/order asks their name,
// which cake and pickup day, then sends it to me". The person's questions are kept as written; a list
// of things to ask for ("name, cake and pickup day") becomes short questions.
import type { Trigger } from '../../../../../shared/bot-plan.schema';
import { asQuestion } from './answers';
import type { RuleDraft } from './rule-draft';
import { saidWordsAt } from './said-words';
import { type Masked, restore } from './masked';

/** Where the questions start: "ask: ", "asks them", "ask one after the other", "should ask the volunteer:", "asks How many people?". */
// "if dem ask price reply ...": the customer asks; that is the trigger, not the bot's questions.
const ASK = /(?<![/!])(?<!\b(?:if|when|whenever)\s+(?:they|dem|dey|someone|anyone|somebody|people|ppl|customers?|a customer|u|you)\s+)\b(?:ask|asks|asking|pregunta|preguntar|chiedi|chiedere|frag|fragen|demande|demander|pergunta|perguntar|vraag)\b(?!\s+(?:about|when|where|why|whether)\b(?![^?\n]{0,60}\?)|\s+how\b(?!\s+(?:many|much|old|long|far|often)\b))(?:\s+(?:them|dem|em|people|the (?:customer|user|person|volunteer|client)s?|him|her))?(?:\s+in (?:dms?|private))?(?:\s+(?:one (?:after|by) (?:the other|one)|in turn|one at a time|step by step|these|the following|for))*\s*(?::|-)?\s*/i;
/** Where the questions end, earliest first: what the bot says after them, "after that", or where the answers go. */
const AFTER = [
  /(?:^|[\s.,;)])(?:then|after that|afterwards|and then)[\s,:]*(?:say|says|reply|replies|answer|tell (?:them|dem))\b[\s,:]*/i,
  /(?:^|[\s.,;)])(?:after that|afterwards|when (?:they'?re |it'?s )?(?:done|finished))\b[\s,:]*/i,
  /[\s,.;]+(?:and\s+|then\s+)?(?:send|sends|forward|forwards|dm|message|post|posts|pass)\b/i,
];
const TO_OWNER = /\b(?:send|sends|forward|forwards|dm|dms|message|pass|passes|post|posts|email)\b[^.]*?(?:\b(?:me|us|the owner|the admin|owner|admin|my (?:dm|chat|phone|number|personal|account)|(?:the\s+)?(?:reception|front desk|office|manager|coordinator|dispatch|boss))\b|#[\w-]+|\b(?:the|our)\s+[A-Z][\w-]*\s+channel\b)/i;

/** The questions of the span: the person's own (ending in ?) as written, else the things named. */
function questionsIn(span: string): string[] {
  const text = span.trim();
  // "what bike (road, mtb, ebike?)": a "?" in brackets is an example's, not a question's end; nor is a comma in them a new thing asked.
  const bracketed = /\([^()]*\?[^()]*\)/.test(text) && !/\?/.test(text.replace(/\([^()]*\)/g, ''));
  if (bracketed) {
    const things = text.replace(/\([^()]*\)/g, (b) => b.replace(/,/g, '\u0003')).split(/\s*(?:,|\band\b|\bthen\b)\s*/i);
    return things.map((q) => q.replace(/\u0003/g, ',').trim()).filter((q) => q.length > 0 && q.split(/\s+/).length <= 10).slice(0, 10).map(asQuestion);
  }
  const own = text.match(/[^?→\n]*?\?/g);
  if (own && (own.length >= 2 || own.join('').length >= text.replace(/[→\-\n\s]+$/, '').length * 0.6)) {
    // Explanations after a question stay with it: "Any pets? (we're fine with them)".
    const withNotes = text.match(/[^?→\n]*?\?(?:\s*\([^)]*\))?/g) ?? [];
    return withNotes
      .map((q) => q.replace(/^[\s,\-•·*→|]+/, '').replace(/^(?:and then|then|and)\s+/i, '').replace(/^\d{1,2}[.)]\s*/, '').trim())
      // "one question at a time: What would you like?": the words before the first question's colon lead in
      // ("Fabric: blackout, linen or voile?" later on is a question of its own).
      // So do "a few things one by one - Zine title?": the words before a dash that name the asking.
      .map((q, i) => (i === 0 ? q.replace(/^[^?:]{0,60}:\s+(?=\S)/, '').replace(/^[^?]{0,60}\b(?:things?|questions?|stuff|one by one|one at a time|in turn|the following|these)\s+[-–—]\s+(?=\S)/i, '') : q))
      .filter((q) => q.length > 1)
      .slice(0, 10);
  }
  // "1) full name 2) manual or automatic 3) which days they're free": numbered things to ask for.
  const numbered = text.split(/(?:^|\s)\d{1,2}[.)]\s+/).map((q) => q.replace(/[\s—–,-]+$/, '').trim()).filter(Boolean);
  if (numbered.length >= 2) return numbered.slice(0, 10).map((q) => (q.endsWith('?') ? q : asQuestion(q)));
  return text
    .split(/\s*(?:,|\band\b|\bthen\b|→|->|\+|&|\n-?)\s*/i)
    .map((s) => s.replace(/^[\s\-•*]+/, '').trim())
    .filter((s) => s.length > 0 && s.split(/\s+/).length <= 8)
    .slice(0, 10)
    .map(asQuestion);
}

/** The trigger the questions follow: the command before them, or "when someone writes pickup". */
function triggerBefore(before: string, quotes: string[]): Trigger | null {
  const command = [...before.matchAll(/(?:^|[^\w/:.€$£¥%°])([/!])([A-Za-z][A-Za-z0-9_]{0,31})\b/g)].pop();
  const WORD = `(?:\u0001\\d+\u0002|["']?[\\p{L}\\p{N}_-]+["']?)`;
  const WORDS = `(${WORD}(?:(?:\\s*[,/]\\s*|\\s+or\\s+)${WORD})*)`;
  before = before.replace(/\b(?:the|a) (?:word|keyword|phrase)s?\s+/gi, '');
  // "if dem write fault or not starting or spoil →": everything between the verb and the arrow, split at "or".
  const phrases = new RegExp(`\\b(?:when|whenever|if) (?:someone|anyone|people|ppl|(?:a |the )?customers?|they|dem|dey|somebody)\\s+(?:writes?|types?|says?|sends?)\\s+([^\\n→]{1,80}?)\\s*(?:→|->|=>)\\s*$`, 'iu').exec(before.split('\n').pop()!);
  // "if anyone asks about catering or a party it asks them ...": the words up to where the asking starts.
  const lastLine = before.split('\n').pop()!;
  const about = phrases ? null : new RegExp(`\\b(?:when|whenever|if) (?:someone|anyone|people|ppl|(?:a |the )?customers?|they|somebody)\\s+(?:asks? (?:about|for)|mentions?|writes?|types?|says?)\\s+([^\\n→,.;:]{1,80}?)\\s*,?\\s*(?:(?:it|the bot|bot)\\s+(?:should\\s+|will\\s+)?)?$`, 'iu').exec(lastLine);
  if (about && (!command || before.length - lastLine.length + about.index! > command.index!)) {
    const words = about[1]!.split(/\s*(?:,|\/|(?<![\p{L}\p{N}])or(?![\p{L}\p{N}]))\s*/iu).map((w) => restore(w, quotes).replace(/["']/g, '').trim().toLowerCase().replace(/^(?:a|an|the)\s+/, '')).filter((w) => w && w.split(/\s+/).length <= 4);
    if (words.length > 0) return { kind: 'keyword', words, whole: false };
  }
  if (phrases && !command) {
    const words = phrases[1]!.split(/\s*(?:,|\/|(?<![\p{L}\p{N}])or(?![\p{L}\p{N}]))\s*/iu).map((w) => restore(w, quotes).replace(/["']/g, '').trim().toLowerCase()).filter((w) => w && w.split(/\s+/).length <= 4);
    if (words.length > 0) return { kind: 'keyword', words, whole: false };
  }
  const keyword =
    [...before.matchAll(new RegExp(`\\b(?:when|whenever|if) (?:someone|anyone|people|ppl|(?:a |the )?customers?|they|dem|dey|somebody)\\s+(?:writes?|types?|says?|sends?|dms? (?:me|us))\\s+${WORDS}`, 'giu'))].pop() ??
    // "- book or available or κράτηση → ask: ...": the words alone on the line, before the arrow.
    new RegExp(`^[\\s\\-•*]*(?:\\d[.)]\\s*)?${WORDS}\\s*(?:→|->|=>|:)\\s*$`, 'iu').exec(before.split('\n').pop()!) ?? undefined;
  if (keyword && (!command || keyword.index! > command.index!)) {
    const words = keyword[1]!.split(/\s*(?:,|\/|(?<![\p{L}\p{N}])or(?![\p{L}\p{N}]))\s*/u).map((w) => restore(w, quotes).replace(/["']/g, '').toLowerCase()).filter(Boolean);
    return { kind: 'keyword', words, whole: false };
  }
  return command ? { kind: 'command', name: command[2]!.toLowerCase() } : null;
}

/** The sentence around position `at` (the text since the last full stop or line break before it). */
function sentenceBefore(masked: string, at: number): string {
  const head = masked.slice(0, at);
  const start = Math.max(head.lastIndexOf('. '), head.lastIndexOf('\n\n'), head.lastIndexOf('! '));
  return head.slice(start + 1);
}

/**
 * What the bot says once the answers are in: the words after the last question (`tail`: "... (yes/no). then
 * Got it!"), or after "then say" / "after that say", up to where the answers are sent.
 */
function doneText(tail: string, from: string, cue: string, quotes: string[]): string | null {
  // "— answers to me pls": where the answers go, not words said; the next line is a rule of its own.
  const inSpan = tail
    .split('\n')[0]!
    .replace(/^[\s—–-]*(?:(?:then|and)\s+)*(?:(?:sends?|forwards?|passes?|dms?)\s+(?:me\s+)?)?(?:(?:the |all (?:the )?)?answers?|everything|all|it)?\s*(?:to|for) (?:me|us)\b.*$/i, '')
    .replace(/^[\s.,;)]*(?:then|and then|after that)?[\s,:]*(?:say|says|reply|replies)?[\s,:]*/i, '').replace(/^(?:→|->|=>)?\s*$/, '').replace(/^[\s—–-]+$/, '').trim();
  // "... one after another and sends the answers to me": how they are asked, not words said.
  if (inSpan && !/[?]/.test(inSpan) && !/^(?:and|then|and then|,)$/i.test(inSpan) && !/^(?:one after (?:another|the other)|one (?:at a time|by one)|in turn|in (?:this )?order)\b/i.test(inSpan)) return inSpan.replace(/\s*[.,]$/, '');
  if (/\b(?:send|sends|forward|forwards|dm|message|post|posts|pass)\b/i.test(cue)) {
    // "...then forward everything to my number and reply We've got your details", "tell the customer Thanks!".
    // In the same sentence, or the one right after it ("...sends all of it to me. tell the customer Thanks!").
    // Up to the line's end: the next line is a rule of its own ("- any other message: Kasia answers tomorrow").
    const rest = from.slice(cue.length).split('\n')[0]!;
    const ends = [...rest.matchAll(/(?<=[.!?])\s+(?=\S)/g)];
    const second = ends[0] ? rest.slice(ends[0].index! + ends[0][0].length) : '';
    const reach = rest.slice(0, (/^(?:(?:and\s+)?then\s+|after(?:wards)?\s+)?(?:tells?|repl(?:y|ies)|says?|answers?)\b/i.test(second) ? ends[1]?.index : ends[0]?.index) ?? rest.length);
    // "send the answers to me, then tell them: ...": "the answers" are what is sent, not a verb.
    // "..., then "Nice one, we'll ring you today"": a quote after "then" is what is said.
    const tell =
      /\b(?<!(?:the|their|all|my|your|those|these|our|his|her)\s)(?:tells? (?:the customer|the client|them|dem|him|her|the person|people)|(?:reply|replies|say|says|answer|answers|respond)(?:\s+(?:back\s+)?to\s+(?:the\s+)?(?:customer|client|person|people|user|them|him|her))?)\b\s*(?:with\s+)?:?\s*/i.exec(reach) ??
      // "send me the answers, and to them: ¡Listo!": the words after "to them:" are theirs.
      /\b(?:and\s+)?to (?:them|the customer|the client|the person)\s*:\s*/i.exec(reach) ??
      /(?:,\s*|\s+)(?:and\s+)?then\s*:?\s*(?=\u0001\d+\u0002)/i.exec(reach);
    return tell ? saidWordsAt(from.slice(cue.length + tell.index + tell[0].length), quotes) : null;
  }
  const said = /^(\u0001\d+\u0002|[^\n]*?)(?=\s+and\s+(?:send|sends|forward|post|posts|dm|pass)\b|[\n;]|$)/i.exec(from.slice(cue.length));
  const text = said ? restore(said[1]!, quotes).trim().replace(/\s*\.$/, '') : '';
  return text || null;
}

/** "then posts the answers to #coach-inbox", "posts it all to #purchasing": the channel the answers go to. */
function answersChannel(sentTo: string): Pick<RuleDraft, 'channel'> {
  // "... and then posts the tour into the Touren channel": a channel named without its "#" too.
  const at = /^[^.!?]*?\b(?:posts?|sends?|puts?|shares?|forwards?|drops?)\b[^.!?#]{0,30}?\b(?:to|in|into)\s+(?:(?:the\s+)?#([\w-]{1,80})|(?:the|our)\s+([A-Z][\w-]{0,79})\s+channel\b)/.exec(sentTo);
  const channel = at?.[1] ?? at?.[2];
  return channel ? { channel } : {};
}

export function questionRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  const text = m.masked;
  for (const ask of text.matchAll(new RegExp(ASK.source, 'gi'))) {
    const start = ask.index! + ask[0].length;
    const rest = text.slice(start);
    const end = AFTER.map((re) => re.exec(rest)).filter((e): e is RegExpExecArray => e !== null && e.index >= 3).sort((x, y) => x.index - y.index)[0];
    if (!end) continue;
    // Questions asked in turn are sent on ("... and send the answers to me"); said without it, they
    // must be the person's own questions, two or more, on the asking line ("/drop → ask: How many? → Any Japanese ones? then say: Top!").
    const own = (rest.slice(0, end.index).split('\n')[0]!.match(/\?/g) ?? []).length >= 2 && !rest.slice(0, end.index).includes('\n');
    if (!TO_OWNER.test(rest.slice(0, 600)) && !own) continue;
    // The answers' end is on the asking line or the questions' own lines, not a later rule's ("- every day post in #x").
    if (/\n[ \t]*(?:[-•*]|\d{1,2}[.)])[ \t]/.test(rest.slice(0, end.index)) && !/\?[^\n]*\n[ \t]*(?:[-•*]|\d{1,2}[.)])[ \t][^\n]*\?/.test(rest.slice(0, end.index))) continue;
    // "our own slack workspace. asks:" over a list of rules: the person's requests, not questions asked.
    if (/:\s*\n/.test(ask[0]) && sentenceBefore(text, ask.index!).trim() === '' && !/[?]/.test(rest.slice(0, end.index))) continue;
    // "ask @Coach Lina or write in #help\n!vod asks: Which match? ...": the questions are the later ask's.
    if (/\n[^\n]*\b(?:ask|asks|asking)\b/i.test(rest.slice(0, end.index))) continue;
    const span = restore(rest.slice(0, end.index), m.quotes);
    // "Character name? / Faction? / How many events?": the slashes between them are no part of them.
    // Each quoted question whole ("Jakie pierogi? / Which ones?" is one, in two languages).
    const quoteMarks = [...rest.slice(0, end.index).matchAll(/\u0001(\d+)\u0002/g)];
    const quoted = quoteMarks.map((q) => m.quotes[Number(q[1])]!.trim());
    // A quoted question may end in words of its own ("Where are you? Postcode please").
    const ownQuoted = quoted.length >= 2 && quoted.every((q) => /\?/.test(q)) && quoted.filter((q) => /\?\s*(?:\([^)]*\))?$/.test(q)).length >= quoted.length / 2;
    const questions = ownQuoted ? quoted.slice(0, 10) : questionsIn(span).map((q) => q.replace(/^\/\s*/, ''));
    if (questions.length === 0) continue;
    // "sends the answers to the orga (me)": where they go, not words said; after quoted questions, what
    // follows the last quote (its own "?" is inside it).
    const last = quoteMarks[quoteMarks.length - 1];
    // The last question's "?", not one inside brackets ("what bike (road, mtb, ebike?)"); the brackets blanked keep the places.
    const lastQuestion = [...span.replace(/\([^()]*\?[^()]*\)/g, (b) => ' '.repeat(b.length)).matchAll(/\?(?:\s*\([^)]*\))?/g)].pop();
    const afterQuestions =
      ownQuoted && last ? restore(rest.slice(last.index! + last[0].length, end.index), m.quotes) : lastQuestion ? span.slice(lastQuestion.index! + lastQuestion[0].length) : '';
    const said = doneText(afterQuestions, rest.slice(end.index), end[0], m.quotes);
    const done = said && !/^(?:to|for|via|by|on)\b/i.test(said) ? said : 'Thanks! I have sent your answers on.';
    const when = triggerBefore(sentenceBefore(text, ask.index!), m.quotes) ?? { kind: 'command' as const, name: 'start' };
    rules.push({
      id: when.kind === 'command' ? when.name : `ask-${when.kind === 'keyword' ? when.words[0] : 'questions'}`,
      when,
      if: [],
      do: [{ kind: 'ask', questions, done }],
      ...answersChannel(rest.slice(end.index).split('\n')[0]!),
      source: restore(text.slice(Math.max(0, ask.index! - 60), start + end.index + 80), m.quotes).trim(),
    });
  }
  return rules;
}
