// Changes a text the bot says: a named setting (WELCOME_MESSAGE...), or any string literal that
// holds a given old text. Only the literal changes; the rest of the line stays as it was.

import { literalLike, literalsOf, type CodeLanguage } from '../../literals';
import type { EditResult } from './tables';

/** Words of a request mapped to the settings the generated bots use. */
const TARGETS: Array<[RegExp, string[]]> = [
  [/\b(?:welcome|greeting|greet|join|joins|new member)/, ['WELCOME_MESSAGE']],
  [/\b(?:start|intro|introduction|hello)\b/, ['START_MESSAGE']],
  [/\bhelp\b/, ['HELP_MESSAGE']],
  [/\b(?:fallback|default|unknown|not understood|don'?t understand|did not understand|error)\b/, ['FALLBACK_MESSAGE']],
  [/\b(?:warning|warn|banned|ban|moderation|bad word)/, ['BANNED_WORD_WARNING']],
  [/\b(?:system prompt|personality|prompt|persona|instructions?)\b/, ['SYSTEM_PROMPT']],
  [/\b(?:reminder usage|usage)\b/, ['REMINDER_USAGE']],
  [/\b(?:bot'?s? name|name of the bot|name)\b/, ['BOT_NAME']],
];

function constantPattern(name: string): RegExp {
  return new RegExp(`^(\\s*)(?:(?:const|let|var)\\s+)?${name}\\s*(?::[^=]*)?=\\s*`);
}

function setConstant(lines: string[], name: string, value: string, language: CodeLanguage): boolean {
  const pattern = constantPattern(name);
  for (let i = 0; i < lines.length; i++) {
    const m = pattern.exec(lines[i]!);
    if (!m) continue;
    const rest = lines[i]!.slice(m[0].length);
    const literal = literalsOf(rest, language)[0];
    if (!literal || literal.start !== 0) return false;
    lines[i] = `${lines[i]!.slice(0, m[0].length)}${literalLike(literal, value, language)}${rest.slice(literal.end)}`;
    return true;
  }
  return false;
}

/** Every UPPER_CASE constant of the file that holds a string literal. */
function textConstants(lines: string[], language: CodeLanguage): string[] {
  const names: string[] = [];
  for (const line of lines) {
    const m = /^\s*(?:(?:const|let|var)\s+)?([A-Z][A-Z0-9_]*)\s*(?::[^=]*)?=\s*(.*)$/.exec(line);
    if (m && literalsOf(m[2]!, language)[0]?.start === 0) names.push(m[1]!);
  }
  return names;
}

/**
 * "the welcome message" -> WELCOME_MESSAGE; also any constant whose name holds the target's words
 * ("goodbye text" -> GOODBYE_TEXT). Null when none fits.
 */
export function changeNamedText(code: string, target: string, value: string, language: CodeLanguage): EditResult | null {
  const lines = code.split('\n');
  const lower = target.toLowerCase();
  const available = textConstants(lines, language);
  const candidates: string[] = [];
  for (const [re, names] of TARGETS) if (re.test(lower)) candidates.push(...names);
  const words = lower.match(/[a-z0-9]+/g) ?? [];
  const significant = words.filter((w) => !['the', 'a', 'an', 'message', 'text', 'reply', 'answer', 'response', 'of', 'bot', 'my', 'its'].includes(w));
  if (significant.length > 0) {
    for (const name of available) {
      if (significant.every((w) => name.toLowerCase().split('_').includes(w))) candidates.push(name);
    }
  }
  for (const name of candidates) {
    if (!available.includes(name)) continue;
    if (setConstant(lines, name, value, language)) return { code: lines.join('\n') };
  }
  return null;
}

/** Replaces `oldText` inside the file's string literals (an exact match first, else a part of one). */
export function replaceLiteralText(code: string, oldText: string, newText: string, language: CodeLanguage): EditResult {
  const lines = code.split('\n');
  for (const exact of [true, false]) {
    let changed = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const literals = literalsOf(line, language).filter((l) =>
        exact ? l.value === oldText : l.value.toLowerCase().includes(oldText.toLowerCase()),
      );
      if (literals.length === 0) continue;
      let out = '';
      let from = 0;
      for (const l of literals) {
        const at = l.value.toLowerCase().indexOf(oldText.toLowerCase());
        const value = exact ? newText : l.value.slice(0, at) + newText + l.value.slice(at + oldText.length);
        out += line.slice(from, l.start) + literalLike(l, value, language);
        from = l.end;
      }
      lines[i] = out + line.slice(from);
      changed++;
    }
    if (changed > 0) return { code: lines.join('\n') };
  }
  return { problem: `I could not find the text "${oldText}" in this file.` };
}
