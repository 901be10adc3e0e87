// What the readers of rule-clauses.ts found, rid of the rules and words that are another rule's: a
// menu's questions, a button's line, a list's texts, the same rule read twice, words the AI answers.
import type { Action } from '../../../../../shared/bot-plan.schema';
import { ASKING_WORDS, COPY_LEFT } from './answers';
import type { RuleDraft } from './rule-draft';

/** The rules read, each overlap taken out (the steps run in this order: each reads what the one before left). */
export function withoutOverlaps(rules: RuleDraft[]): RuleDraft[] {
  keepMenuQuestionsTheirs(rules);
  keepQuizQuestionsTheirs(rules);
  const richer = commandsReadRicher(rules);
  dropAiMentionWords(rules);
  keepAiToItsWords(rules);
  keepWidestKeywords(rules);
  moveQuestionsToTheirButtons(rules);
  joinSameRules(rules);
  dropRulesOthersHold(rules);
  return withoutWordsOfOtherRules(rules, richer);
}

/** Keeps only the rules that pass `keep`, in the same list (the steps below change the one list they are given). */
function keepOnly(rules: RuleDraft[], keep: (rule: RuleDraft) => boolean): void {
  rules.splice(0, rules.length, ...rules.filter(keep));
}

/** A menu's questions are its number's or its button's ("3 = ask their name ...", "Book: ask ..."), not the words before. */
function keepMenuQuestionsTheirs(rules: RuleDraft[]): void {
  const ofMenu = (r: RuleDraft) => r.id.startsWith('menu-') || r.when.kind === 'button';
  const menuAsks = new Set(rules.filter(ofMenu).flatMap((r) => r.do.flatMap((a) => (a.kind === 'ask' ? [a.questions.join('|')] : []))));
  if (menuAsks.size > 0) keepOnly(rules, (r) => ofMenu(r) || !r.do.some((a) => a.kind === 'ask' && menuAsks.has(a.questions.join('|'))));
}

/** A quiz's questions ("!quiz asks one of these: "Q?" diamond / ...") are the quiz's, not questions asked in turn. */
function keepQuizQuestionsTheirs(rules: RuleDraft[]): void {
  const quizzed = new Set(rules.flatMap((r) => r.do.flatMap((a) => (a.kind === 'quiz' ? a.questions.map((q) => q.question) : []))));
  if (quizzed.size > 0) keepOnly(rules, (r) => !r.do.some((a) => a.kind === 'ask' && a.questions.every((q) => q !== null && quizzed.has(q))));
  // "mention me with quiz → asks the next question from my list": the quiz's word, not an answer of its words too.
  const quizWords = new Set(rules.flatMap((r) => (r.when.kind === 'keyword' && r.do.some((a) => a.kind === 'quiz') ? r.when.words : [])));
  if (quizWords.size > 0) keepOnly(rules, (r) => !(r.when.kind === 'keyword' && r.when.words.every((w) => quizWords.has(w)) && r.do.every((a) => a.kind === 'reply')));
}

/**
 * The commands read as a list, a top, a quiz... (not also a plain reply of the words that described
 * them); the same for a command read with hours ("/urgent → during ... hours reply X, outside reply Y").
 */
function commandsReadRicher(rules: RuleDraft[]): Set<string> {
  return new Set(
    rules
      .filter((r) => r.when.kind === 'command' && (r.do.some((a) => a.kind !== 'reply') || r.if.some((c) => c.kind === 'hours')))
      .map((r) => (r.when as { name: string }).name),
  );
}

/** "when someone asks for a recommendation (recommend, ...) → AI suggests ...": the AI answers those words, not every message. */
function keepAiToItsWords(rules: RuleDraft[]): void {
  const ai = (r: RuleDraft) => r.do.find((a) => a.kind === 'data' && a.source.kind === 'ai') as Extract<Action, { kind: 'data' }> | undefined;
  const said = new Set(rules.filter((r) => r.when.kind === 'keyword').map((r) => ai(r)).flatMap((a) => (a && a.source.kind === 'ai' ? [a.source.instructions] : [])));
  if (said.size > 0) keepOnly(rules, (r) => !((r.when.kind === 'message' || r.when.kind === 'mention') && r.do.length === 1 && (() => { const a = ai(r); return a !== undefined && a.source.kind === 'ai' && said.has(a.source.instructions); })()));
}

/** The same answer read twice, once for fewer of its words ('"crash to desktop" -> ...' beside 'CTD or "crash to desktop"'): the wider reading. */
function keepWidestKeywords(rules: RuleDraft[]): void {
  const words = (r: RuleDraft) => (r.when.kind === 'keyword' ? r.when.words : []);
  keepOnly(rules, (r) => !(r.when.kind === 'keyword' && rules.some((o) => o !== r && o.when.kind === 'keyword' && JSON.stringify(o.do) === JSON.stringify(r.do) && words(o).length > words(r).length && words(r).every((w) => words(o).includes(w)))));
}

/** "if they tag the bot, let AI answer": the AI answers the mention; those words are no reply text. */
function dropAiMentionWords(rules: RuleDraft[]): void {
  const aiMention = rules.some((r) => r.when.kind === 'mention' && r.do.some((a) => a.kind === 'data' && a.source.kind === 'ai'));
  if (aiMention) keepOnly(rules, (r) => !(r.when.kind === 'mention' && r.do.some((a) => a.kind === 'reply' && (a.text === null || /\b(?:ai|chat ?gpt|gpt)\b/i.test(a.text)))));
}

/**
 * "Custom order → ask them: what should be printed? / how many? ... and send me everything": the
 * questions written on a button's line are that press's, not the rule before it.
 */
function moveQuestionsToTheirButtons(rules: RuleDraft[]): void {
  for (const ask of rules.filter((r) => r.when.kind !== 'button' && r.do.length === 1 && r.do[0]!.kind === 'ask')) {
    const questions = (ask.do[0] as Extract<Action, { kind: 'ask' }>).questions;
    const press = rules.find((r) => r.when.kind === 'button' && r.do.length === 1 && r.do[0]!.kind === 'reply' && questions.every((q) => q !== null && (r.do[0] as { text: string | null }).text?.includes(q)));
    if (!press) continue;
    press.do = ask.do;
    rules.splice(rules.indexOf(ask), 1);
  }
}

/** Parts read apart that are one rule: the one list added to, a command's own reaction, the same rule read twice. */
function joinSameRules(rules: RuleDraft[]): void {
  // A list shown, cleared or taken from but never added to is the one list added to ("/buy adds to the
  // shopping list", "/list shows the einkaufsliste").
  const added = [...new Set(rules.flatMap((r) => r.do.flatMap((a) => (a.kind === 'list' && a.op === 'add' ? [a.list] : []))))];
  if (added.length === 1) {
    for (const r of rules) r.do = r.do.map((a) => (a.kind === 'list' && !added.includes(a.list) ? { ...a, list: added[0]! } : a));
  }
  // A command's reaction read on its own ("... and the bot reacts 🎉") joins the command's rule.
  for (const r of [...rules]) {
    if (r.when.kind !== 'command' || !r.do.every((a) => a.kind === 'react')) continue;
    const name = r.when.name;
    const main = rules.find((x) => x !== r && x.when.kind === 'command' && x.when.name === name);
    if (main) {
      main.do.push(...r.do);
      rules.splice(rules.indexOf(r), 1);
    }
  }
  // Two readers finding the same rule ("asks btc → send the price" is a line and a sentence) make it once.
  const seen = new Set<string>();
  keepOnly(rules, (r) => {
    const key = JSON.stringify([r.when, r.if, r.do, r.channel ?? null]);
    return seen.has(key) ? false : (seen.add(key), true);
  });
  // ... or once with fewer of its words ("cover charge, how much" beside "cover, cover charge, how much").
  const doing = (r: RuleDraft) => JSON.stringify([r.if, r.do, r.channel ?? null]);
  keepOnly(rules, (r) => {
    if (r.when.kind !== 'keyword') return true;
    const words = r.when.words;
    return !rules.some((o) => o !== r && o.when.kind === 'keyword' && o.when.words.length > words.length && words.every((w) => (o.when as { words: string[] }).words.includes(w)) && doing(o) === doing(r));
  });
}

/** Rules whose words another rule holds: a text of its list, a top's list, an answer read with its hours. */
function dropRulesOthersHold(rules: RuleDraft[]): void {
  // A reply that is one of another rule's texts for the same trigger ("→ random: 'A' / 'More cowbell!'") is that rule's.
  const oneOfs = rules.flatMap((r) => r.do.flatMap((a) => (a.kind === 'replyOneOf' ? [{ when: JSON.stringify(r.when), texts: a.texts }] : [])));
  keepOnly(rules, (r) => !(r.do.length === 1 && r.do[0]!.kind === 'reply' && oneOfs.some((o) => o.when === JSON.stringify(r.when) && o.texts.includes((r.do[0] as { text: string | null }).text))));
  // "!aces shows the top 5": a command showing a top shows no list as well.
  const tops = new Set(rules.flatMap((r) => (r.when.kind === 'command' && r.do.some((a) => a.kind === 'top') ? [r.when.name] : [])));
  keepOnly(rules, (r) => !(r.when.kind === 'command' && tops.has(r.when.name) && r.do.every((a) => a.kind === 'list' && a.op === 'show')));
  // "Outside those hours any other message gets: ...": an answer read with its hours is not also an answer at all hours.
  const hoursTexts = new Set(rules.filter((r) => r.if.some((c) => c.kind === 'hours')).flatMap((r) => r.do.flatMap((a) => (a.kind === 'reply' && a.text ? [a.text] : []))));
  keepOnly(rules, (r) => !(r.when.kind === 'message' && r.if.length === 0 && r.do.length === 1 && r.do[0]!.kind === 'reply' && hoursTexts.has(r.do[0].text ?? '')));
  // "if a mention says thanks, just like it ❤️": the reaction is to those words, not to every message.
  const wordReactions = new Set(rules.filter((r) => r.when.kind === 'keyword').flatMap((r) => r.do.flatMap((a) => (a.kind === 'react' ? [a.emoji] : []))));
  keepOnly(rules, (r) => !(r.when.kind === 'message' && r.if.length === 0 && r.do.length > 0 && r.do.every((a) => a.kind === 'react' && wordReactions.has(a.emoji))));
}

/** The rules left once the words that are another rule's (a menu's, questions', a copy's, a richer command's, a button's line) are taken out. */
function withoutWordsOfOtherRules(rules: RuleDraft[], richer: Set<string>): RuleDraft[] {
  // A button's own line ("Maki → Salmon maki 5.50") is the press, not words someone writes.
  const labels = new Set(rules.flatMap((r) => r.do.flatMap((a) => (a.kind === 'buttons' ? a.buttons.map((b) => b.label.toLowerCase()) : []))));
  // "hi → Hi! How can we help? with buttons: A | B": the words over the buttons are that menu's, no reply of their own.
  const menus = new Set(rules.filter((r) => r.do.some((a) => a.kind === 'buttons')).map((r) => JSON.stringify(r.when)));
  // "cita or graduar → ask ¿Nombre? then ...": the words after the arrow are those questions, no reply.
  const firstQuestions = rules.flatMap((r) => r.do.flatMap((a) => (a.kind === 'ask' && a.questions[0] ? [a.questions[0]] : [])));
  const asking = (r: RuleDraft) => {
    const text = r.do.length === 1 && r.do[0]!.kind === 'reply' ? (r.do[0].text ?? '') : '';
    return ASKING_WORDS.test(text) && firstQuestions.some((q) => text.includes(q));
  };
  return rules.filter(
    (r) =>
      !(r.do.length === 1 && r.do[0]!.kind === 'reply' && menus.has(JSON.stringify(r.when))) &&
      !asking(r) &&
      // "send me a copy and reply: ...": the copy and the words are another reader's rule.
      !(r.do.length === 1 && r.do[0]!.kind === 'reply' && COPY_LEFT.test(r.do[0].text ?? '')) &&
      !(r.when.kind === 'command' && r.if.length === 0 && richer.has(r.when.name) && r.do.every((a) => a.kind === 'reply')) &&
      !(r.when.kind === 'keyword' && r.when.words.some((w) => labels.has(w))) &&
      // "Hourly → £38/hr ...": a button's own line, not a post every hour.
      !(r.when.kind === 'schedule' && [...labels].some((l) => (r.source ?? '').toLowerCase().replace(/^[\s\-•*]+/, '').startsWith(l) && /^\s*(?:→|->|:)/.test((r.source ?? '').replace(/^[\s\-•*]+/, '').slice(l.length)))),
  );
}
