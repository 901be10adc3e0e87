// A quiz written as questions and their answers, one per line or one after another:
//   "/quiz asks the next question: 7 x 8 = ? → 56, What is 15% of 200? → 30
//    right answer: Yes! ⭐ {name} gets a star / wrong answer: Not quite, have another go"
// What the bot says to a right or wrong answer is the person's; where they gave none it is a default,
// said in the answer.
import { conditionsIn } from './conditions';
import type { RuleDraft } from './rule-draft';
import { type Masked, restore } from './masked';

/** "What is 15% of 200? → 30", "Capital of Peru? - Lima", "7 x 8 = ? -> 56 (fifty-six is ok too)", "Q: Which region? A: Islay". */
const PAIR = /([^\n→?]{2,200}\?)["”]?\s*(?:(?:→|->|=>|–|—|-|[Aa]nswer:?|[Aa]:)\s*([^\n→?,;()/]{1,80}?)|\(\s*(?:answer:?\s*)?([^)\n]{1,60})\))(?=\s*(?:\([^)]*\))?\s*(?:[,;·]\s*|\.\s+(?=[^\n]*\?|[a-z]|(?:If|Then|Also|When|Otherwise|And)\b)|\.?\n|\.?$|\s+\/\s+|\s+(?=[A-Z][^\n→?]*\?)|\s+(?=\d{1,2}[.)]\s)))/g;
const SAYS = (what: string) =>
  new RegExp(
    // "right answer: Yes!", "right answer bot says "Correct!" wrong says "Nope!"", "if right say "X" if wrong "Y"".
    `\\b(?:${what})(?:\\s+answers?)?\\s*(?:,\\s*)?(?:(?::|→|->|=|-)\\s*(?:say|reply|answer)?|\\s+(?:the\\s+)?(?:bot\\s+)?(?:says?|repl(?:y|ies)|answers?))\\s*:?\\s*([^\\n]+?)\\s*(?=\\n|$|\\b(?:wrong|right|correct|incorrect)(?:\\s+answers?)?\\s*(?:[:→-]|(?:the\\s+)?(?:bot\\s+)?(?:says?|repl(?:y|ies)|answers?)\\b)|,?\\s*\\b(?:(?:and|or)\\s+)?(?:if|when)\\s+(?:it'?s\\s+|they'?re\\s+)?(?:wrong|right|correct|incorrect)\\b)`,
    'i',
  );

function said(text: string, what: string): string | null {
  // "says right or wrong": that it says so, in no words of the person's.
  const hit = SAYS(what).exec(text.replace(/\b(?:right|correct) or (?:wrong|not)\b/gi, 'so'));
  return hit ? hit[1]!.replace(/[.,;]\s*$/, '').trim() || null : null;
}

const ONE_QUESTION =
  /\basks?\s+["“]?([^"”\n?]{2,200}\?)["”]?\s*,?\s*(?:and\s+)?(?:if|when)\s+(?:they|someone|people|you)\s+(?:answer|say|write|reply|type)\s+(?:with\s+)?["“]?([^"”→\n]{1,60}?)["”]?\s*(?:→|->|=>|:|,)\s*(?:say\s+|reply\s+)?(.+?)\s*,?\s+(?:otherwise|else|if not)\s*:?\s*(?:say\s+)?(.+?)\s*(?=\.\s|\n|$)/i;

/** The quiz of a request, with the command that starts it; none unless two questions have answers (or one, with what to say). */
export function quizRules(m: Masked): RuleDraft[] {
  const text = restore(m.masked, m.quotes);
  if (!/\bquiz|\btrivia|\bquestion|\briddle/i.test(text)) return [];
  const pairs = [...text.matchAll(PAIR)].map((p) => ({
    // "questions: What is ...?" loses its lead; "Which race are the traders: Gek, Korvax or Vy'keen?" is one question.
    question: p[1]!.replace(/^(?![\s\-•·*]*(?:\d{1,2}[.)]\s+)?(?:what|which|who|whom|whose|where|when|why|how|is|are|was|were|do|does|did|can|name)\b).*?:\s+(?=[^:]*\?$)/i, '').replace(/^[\s\-•·*]*(?:\d{1,2}[.)]\s+)?/, '')
      // '..., then "Who wrote ...?"', 'ask "Which element ...?"': the words that lead to a question are no part of it.
      .replace(/^(?:[,;:/]\s*)?(?:and\s+)?(?:then\s+)?(?:ask\s+)?["“']?/i, '')
      // "Q1 "Which year ...?"": the question's number is no part of it.
      .replace(/^Q\d{1,2}[.):]?\s+["“']?/, '')
      .trim(),
    answer: (p[2] ?? p[3])!.trim(),
  }));
  // '/quiz asks "What does תודה mean?" if they answer thank you -> "Correct 👏" otherwise "try again"': one question, its answer and the two texts.
  const one = pairs.length < 2 ? ONE_QUESTION.exec(text) : null;
  if (one) pairs.splice(0, pairs.length, { question: one[1]!.trim(), answer: one[2]!.trim() });
  // '"What is the hardest mineral?" diamond / "Fool's gold is what mineral?" pyrite': each answer after its question, "/" between.
  if (pairs.length < 2 && !one) {
    const found = [...text.matchAll(/(?:\/|:)\s*([^\n→?/:]{2,200}\?)\s+([^\n→?/:]{1,40}?)\s*(?=\/|\n|$)/g)];
    const slashed = found.map((p) => ({ question: p[1]!.trim(), answer: p[2]!.trim() }));
    // Only pairs set apart by slashes ("... diamond / ..."), not any question followed by words.
    const apart = found.filter((p) => text.slice(p.index! + p[0].length).startsWith('/')).length;
    if (slashed.length >= 2 && apart >= slashed.length - 1) pairs.splice(0, pairs.length, ...slashed);
  }
  // "asks a random question from this list (answer after the =): Capital of Australia = Canberra / ...".
  // "!kana → quiz: あ = a, き = ki, す = su (ask the kana, they answer in romaji)": the same, in one line.
  if (pairs.length < 2 && !one && (/\bquestions?\b[^\n]*\banswers?\b[^\n]*=/i.test(text) || /\b(?:quiz|trivia)\b\s*:?[^\n]*=/i.test(text))) {
    const found = [...text.matchAll(/(?:^|:|\/|,)\s*([^\n=/?:,]{1,120}?)\s*=\s*([^\n=/,(]{1,60}?)\s*(?=\/|,|\n|$|\()/g)];
    if (found.length >= 2) pairs.splice(0, pairs.length, ...found.map((p) => ({ question: /\p{L}{4,}/u.test(p[1]!) ? `${p[1]!.trim()}?` : p[1]!.trim(), answer: p[2]!.trim() })));
  }
  if (pairs.length < 2 && !one) return [];
  // The command named for the quiz, else the one that asks: "/q gives the next question".
  const command =
    /(?:^|[^\w/:.€$£¥%°])[/!](quiz\w*|trivia|riddles?)\b/i.exec(text) ??
    // "Start a quiz when someone types !tossup: ask ...": the command right after the quiz is named.
    /\b(?:quiz|trivia)\b[^\n.!?]{0,40}?(?:^|[^\w/:.€$£¥%°])[/!]([A-Za-z][A-Za-z0-9_]{0,31})\b/i.exec(text) ??
    /(?:^|[^\w/:.€$£¥%°])[/!]([A-Za-z][A-Za-z0-9_]{0,31})\b[^\n/!]{0,30}?\b(?:quiz|question|trivia|riddle|asks? (?:the next|one|a question))/i.exec(text);
  const name = command ? command[1]!.toLowerCase() : 'quiz';
  // "mention me with quiz → asks the next question": a word that starts it, where no command is written.
  const word = command ? null : /\b(?:mentions?\s+(?:me|us|the bot|@\w+)\s+with|(?:writes?|says?|types?|sends?)\s+)\s*["'“]?((?:quiz|trivia)\w*)\b/i.exec(text)?.[1]?.toLowerCase();
  // "if they get it right say "Spot on 🥌" otherwise "Not quite!"": the two texts in one sentence.
  const both = /\b(?:right|correct)\s+(?:say|reply|answer)\s*:?\s*(.+?)\s*,?\s+(?:otherwise|else|if (?:not|wrong))\s*:?\s*(?:say\s+)?(.+?)\s*(?=\.\s|\n|$)/i.exec(text);
  // 'saying "Correct!" or "Nope!" after each': the right answer's words, then the wrong one's.
  // 'bot says "✅ Correct!" or "❌ Nope, the answer is {answer}" and then asks the next one': the same, before the next question.
  const each = /\b(?:saying|says?|reply|replies|replying|answer(?:ing)?)\s+(?!to\b)(.{1,60}?)\s+or\s+(.{1,80}?)\s*,?\s+(?:after each|to each(?: answer)?|each time|(?:and\s+)?then\s+(?:asks?|goes|moves|the next))\b/i.exec(text);
  const right = one?.[3]?.trim() ?? each?.[1]?.trim() ?? said(text, 'right|correct|if (?:they(?:\'re| are)|it\'?s) (?:right|correct)') ?? both?.[1]?.trim() ?? null;
  // "{answer}", "<answer>", "[answer]": where the right answer goes ({value}).
  // '"Nope, answer was" + the answer': the right answer after the words.
  const wrong = (one?.[4]?.trim() ?? each?.[2]?.trim() ?? said(text, 'wrong|incorrect|if (?:they(?:\'re| are)|it\'?s) wrong') ?? both?.[2]?.trim() ?? null)
    ?.replace(/\s*\+\s*(?:the\s+)?(?:right\s+|correct\s+)?answer\s*$/i, ' {answer}')?.replace(/\{\s*(?:answer|right answer|correct answer)\s*\}|<\s*(?:answer|right answer|correct answer)\s*>|\[\s*(?:answer|right answer|correct answer)\s*\]/gi, '{value}') ?? null;
  const notes = [
    ...(right ? [] : ['A right answer gets "Right!": edit the quiz rule to say it your way.']),
    ...(wrong ? [] : ['A wrong answer gets "Not quite: it was {value}.": edit the quiz rule to say it your way.']),
  ];
  // "a trivia quiz in the #puzzles channel only": the conditions of the sentences that speak of the quiz.
  const about = text.split(/(?<=[.!?])\s+|\n/).filter((x) => /\bquiz|\btrivia|\briddle/i.test(x) || x.includes(`${command?.[0]?.trim() ?? '/quiz'}`));
  const { chat, admins } = conditionsIn(about.join(' '));
  return [{
    id: name,
    when: word ? { kind: 'keyword', words: [word], whole: false } : { kind: 'command', name },
    if: [...(chat ? [{ kind: 'chat' as const, name: chat }] : []), ...(admins ? [{ kind: 'admins' as const }] : [])],
    do: [{ kind: 'quiz', questions: pairs.slice(0, 50), right: right ?? 'Right!', wrong: wrong ?? 'Not quite: it was {value}.', done: 'You got {count} of {total} right.' }],
    source: pairs.map((p) => `${p.question} → ${p.answer}`).join('\n'),
    ...(notes.length > 0 ? { note: notes.join(' ') } : {}),
  }];
}

/** "!top shows top 5 people by correct answers": a top of right answers is the quiz's leaderboard. */
const RIGHT_ANSWERS = /\b(?:correct|right)\s+answers?\b|\bquiz\b|\bscores?\b|\bpoints?\b/i;

/** Links a top of right answers to the quiz: each right answer counts in the top's counter. */
export function withQuizLeaderboard(rules: RuleDraft[]): RuleDraft[] {
  const quiz = rules.find((r) => r.do.some((a) => a.kind === 'quiz'));
  if (!quiz) return rules;
  const counted = new Set(rules.flatMap((r) => r.do.flatMap((a) => (a.kind === 'count' ? [a.counter] : []))));
  const top = rules.find((r) => r.do.some((a) => a.kind === 'top' && !counted.has(a.counter)) && RIGHT_ANSWERS.test(r.source ?? ''));
  const read = top?.do.find((a) => a.kind === 'top')?.counter;
  if (!top || !read) return rules;
  // The counter's name when the top's words named none ("messages", the default).
  const counter = read === 'messages' ? 'right_answers' : read;
  return rules.map((r) =>
    r === quiz || r === top
      ? { ...r, do: r.do.map((a) => (a.kind === 'quiz' ? { ...a, counter } : a.kind === 'top' && a.counter === read ? { ...a, counter } : a)) }
      : r,
  );
}
