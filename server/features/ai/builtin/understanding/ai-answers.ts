// Answers written by an AI, with the person's own instructions: "/ask <question> → answer with AI like
// a friendly experienced beekeeper, max 4 sentences", "when they @ the bot with a question, answer with
// AI in simple english like a patient teacher, 3 sentences max". The instructions are the person's
// words after "with AI"; the trigger is the command before them, a mention, or any other message.
import type { Trigger } from '../../../../../shared/bot-plan.schema';
import type { RuleDraft } from './rule-draft';
import { type Masked, restore } from './masked';
import { answerEnding, withoutAnswerEnding } from './answers';

const WITH_AI =
  /(?:\b|(?=→|->))(?:(?:answers?|repl(?:y|ies)|responds?|respond)\s+(?:it\s+|them\s+|to it\s+|to (?:mentions?|messages?|dms?|questions?|replies|tweets?)\s+|(?:(?:their|the|its|any|people'?s)\s+)?(?:[\w-]+\s+){0,2}?(?:questions?|messages?)\s+)?(?:with|using|via|through|by)\s+(?:an?\s+|the\s+)?(?:ai|a\.i\.|chat ?gpt|gpt|llm|openai|the model)|let (?:the )?(?:ai|chat ?gpt|gpt) (?:answer|reply|respond)(?: it| them)?|(?:use|using) (?:ai|chat ?gpt|gpt) to (?:answer|reply)|(?:→|->)\s*(?:an?\s+)?(?:short\s+|brief\s+|quick\s+)?(?:ai|a\.i\.|chat ?gpt|gpt|llm)\s+(?:answers?|repl(?:y|ies)|(explains?|describes?|writes?|suggests?|gives?|tells?|summari[sz]es?)))\b[\s,:]*/i;
const COMMAND = /(?:^|[^\w/:.€$£¥%°])[/!]([A-Za-z][A-Za-z0-9_]{0,31})\b/g;
const MENTIONED = /@\s*(?:the bot|mention|tag)|\bmentions?\b|\b(?:mentions?|tags?|pings?|@'?s)\s+(?:the bot|me|us|it|@\w+)|\bwhen (?:the bot is |it'?s |i'?m )?(?:mentioned|tagged|pinged)\b|\b@\w+\s+with\b/i;

/** "!prompt should ask the ai for a short weird fanfic prompt": what the AI is asked to write. */
const ASKS_AI = /\b(?:asks?|gets?|has)\s+(?:the\s+)?(?:ai|a\.i\.|chat ?gpt|gpt|llm)\s+(?:for|to (?:write|make|come up with|give(?: us| me| them)?|suggest))\s+/i;

/** The AI answers the request asks for, each with the person's instructions. */
export function aiAnswerRules(m: Masked): RuleDraft[] {
  const rules: RuleDraft[] = [];
  for (const line of m.masked.split(/\n+|(?<=[.!?])(?<!\b(?:e\.g|i\.e|etc|eg)\.)\s+/)) {
    const asked = WITH_AI.exec(line) ? null : ASKS_AI.exec(line);
    if (asked) {
      const command = [...line.slice(0, asked.index).matchAll(COMMAND)].pop();
      const what = restore(line.slice(asked.index + asked[0].length), m.quotes).split(/[.;]\s|\s+(?:and\s+)?(?=[/!][A-Za-z])|\.$/)[0]!.trim();
      if (command && what) rules.push({ id: command[1]!.toLowerCase(), when: { kind: 'command', name: command[1]!.toLowerCase() }, if: [], do: [{ kind: 'data', source: { kind: 'ai', instructions: `Write ${what}.` } }], source: restore(line, m.quotes).trim() });
      continue;
    }
    const hit = WITH_AI.exec(line);
    if (!hit) continue;
    const before = line.slice(0, hit.index);
    const command = [...before.matchAll(COMMAND)].pop();
    // "answers questions with ChatGPT", said of the whole bot: the AI behaviour (mentions on a server), not a rule of this line.
    if (!command && /^(?:answers?|repl(?:y|ies)|responds?|respond)\s+(?!(?:their|the|its|any|people'?s|it|them|to)\s)(?:[\w-]+\s+){0,2}?(?:questions?|messages?)\s/i.test(hit[0]) && !MENTIONED.test(before)) continue;
    const when: Trigger = command ? { kind: 'command', name: command[1]!.toLowerCase() } : MENTIONED.test(before) ? { kind: 'mention' } : { kind: 'message', always: false };
    const ending = answerEnding(line.slice(hit.index + hit[0].length), m.quotes);
    const how = withoutAnswerEnding(restore(line.slice(hit.index + hit[0].length), m.quotes))
      .replace(/^(?:answers?|repl(?:y|ies)|responses?)\s+/i, '')
      // "(e.g. !dance Strip the Willow)": an example inside brackets is no part of the instructions.
      .replace(/\s*\((?:e\.g\.|eg|like|for example)[^)]*\)/gi, '')
      .split(/[.;]\s|\s+(?:and\s+)?(?=[/!][A-Za-z])/)[0]!
      .replace(/[\s.,]+$/, '')
      .trim();
    // "like a patient teacher" is how to answer; "act like a senior engineer" is an instruction already.
    // "→ AI explains how to do that dance": the verb the person gave is the instruction's.
    // "→ short AI answer (UK tax basics)": how short is the person's too.
    const manner = /\b(short|brief|quick)\s+(?:ai|a\.i\.|chat ?gpt|gpt|llm)\b/i.exec(hit[0])?.[1]?.toLowerCase();
    const verb = hit[1] ? hit[1].replace(/s$/i, '').replace(/^./, (c) => c.toUpperCase()) : null;
    const instructions = verb ? `${verb} ${how}.` : /^(?:act|be|pretend|behave|you are|speak|talk|write|use|keep)\b/i.test(how) ? `${how[0]!.toUpperCase()}${how.slice(1)}.` : `${['Answer', manner, how || (manner ? '' : 'briefly and politely')].filter(Boolean).join(' ')}.`;
    rules.push({ id: when.kind === 'command' ? when.name : 'ai-answer', when, if: [], do: [{ kind: 'data', source: { kind: 'ai', instructions }, ...(ending ? { text: `{value} ${ending}` } : {}) }], source: restore(line, m.quotes).trim() });
  }
  return rules;
}
