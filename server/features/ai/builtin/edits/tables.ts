// Adds or changes one entry of a settings table (COMMAND_REPLIES, KEYWORD_REPLIES) in place,
// leaving every other line as it was.

import { literalsOf, readLiteral, stringLiteral, type CodeLanguage } from '../../literals';

export type EditResult = { code: string } | { problem: string };

interface Table {
  start: number;
  end: number;
  indent: string;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Finds `NAME = {` (Python) or `const NAME = {` (JavaScript) and the line that closes it. */
export function findTable(lines: string[], name: string): Table | 'inline' | null {
  const opener = new RegExp(`^(\\s*)(?:(?:const|let|var)\\s+)?${escapeRegExp(name)}\\s*(?::[^=]*)?=\\s*\\{(.*)$`);
  for (let i = 0; i < lines.length; i++) {
    const m = opener.exec(lines[i]!);
    if (!m) continue;
    if (m[2]!.includes('}')) return 'inline';
    const indent = m[1]!;
    for (let j = i + 1; j < lines.length; j++) {
      const close = /^(\s*)\}/.exec(lines[j]!);
      if (close && close[1]!.length <= indent.length) return { start: i, end: j, indent };
    }
    return null;
  }
  return null;
}

/** The keys of a table, as written (decoded string keys, or bare JavaScript keys). */
export function tableKeys(lines: string[], name: string, language: CodeLanguage): string[] {
  const table = findTable(lines, name);
  if (!table || table === 'inline') return [];
  const keys: string[] = [];
  for (let i = table.start + 1; i < table.end; i++) {
    const key = entryKey(lines[i]!, language);
    if (key !== null) keys.push(key);
  }
  return keys;
}

function entryKey(line: string, language: CodeLanguage): string | null {
  const trimmed = line.trimStart();
  const at = line.length - trimmed.length;
  if (trimmed.startsWith('"') || trimmed.startsWith("'")) {
    const literal = readLiteral(line, at);
    if (literal && /^\s*:/.test(line.slice(literal.end))) return literal.value;
    return null;
  }
  if (language === 'javascript') {
    const bare = /^([A-Za-z_$][\w$]*)\s*:/.exec(trimmed);
    if (bare) return bare[1]!;
  }
  return null;
}

/**
 * Sets `key` to `value` in table `name`: changes the entry when the key is there, otherwise adds
 * a line before the closing brace in the style of the others.
 */
export function setTableEntry(code: string, name: string, key: string, value: string, language: CodeLanguage): EditResult {
  const lines = code.split('\n');
  const valueLiteral = stringLiteral(language, value);
  const keyLiteral = stringLiteral(language, key);
  const found = findTable(lines, name);
  if (found === null) return { problem: `This file has no ${name} table to add to.` };

  if (found === 'inline') {
    const i = lines.findIndex((l) => new RegExp(`^\\s*(?:(?:const|let|var)\\s+)?${escapeRegExp(name)}\\s*(?::[^=]*)?=\\s*\\{`).test(l));
    const line = lines[i]!;
    const close = line.lastIndexOf('}');
    const open = line.indexOf('{');
    const inner = line.slice(open + 1, close).trim();
    const entry = `${keyLiteral}: ${valueLiteral}`;
    lines[i] = `${line.slice(0, open + 1)}${inner ? ` ${inner.replace(/,\s*$/, '')}, ${entry} ` : entry}${line.slice(close)}`;
    return { code: lines.join('\n') };
  }

  // The key is there: change its value.
  for (let i = found.start + 1; i < found.end; i++) {
    const line = lines[i]!;
    if (entryKey(line, language) !== key) continue;
    const colon = line.indexOf(':', line.length - line.trimStart().length + 1);
    const after = line.slice(colon + 1);
    const valueStart = colon + 1 + (after.length - after.trimStart().length);
    const existing = literalsOf(line.slice(valueStart), language)[0];
    const end = existing && existing.start === 0 ? valueStart + existing.end : valueStart + after.trimStart().replace(/,?\s*(?:(?:#|\/\/).*)?$/, '').length;
    lines[i] = `${line.slice(0, valueStart)}${valueLiteral}${line.slice(end)}`;
    return { code: lines.join('\n') };
  }

  // A new entry: indented like the others, after a comma on the last one.
  let entryIndent = `${found.indent}${language === 'python' ? '    ' : '  '}`;
  let last = -1;
  for (let i = found.start + 1; i < found.end; i++) {
    const trimmed = lines[i]!.trim();
    if (trimmed === '') continue;
    entryIndent = lines[i]!.slice(0, lines[i]!.length - lines[i]!.trimStart().length);
    if (!trimmed.startsWith('#') && !trimmed.startsWith('//')) last = i;
  }
  if (last >= 0 && !/[,{]\s*$/.test(lines[last]!)) {
    const hasComment = /\s(?:#|\/\/)\s/.test(lines[last]!);
    if (hasComment) return { problem: `The last entry of ${name} has no trailing comma; add one and try again.` };
    lines[last] = `${lines[last]!.replace(/\s*$/, '')},`;
  }
  lines.splice(found.end, 0, `${entryIndent}${keyLiteral}: ${valueLiteral},`);
  return { code: lines.join('\n') };
}
