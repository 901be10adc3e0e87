// String literals in generated Python and JavaScript: writing them safely (any user text must
// compile) and reading them back when an edit changes a text in existing code.

export type CodeLanguage = 'python' | 'javascript';

function escapeFor(value: string, quote: '"' | "'"): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    const code = value.charCodeAt(i);
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) {
      out += `\\u${code.toString(16).padStart(4, '0')}`;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const next = value.charCodeAt(i + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        out += ch + value[i + 1]!; // a well-formed pair: keep the character
        i++;
      } else {
        out += `\\u${code.toString(16).padStart(4, '0')}`; // a lone surrogate cannot be written raw
      }
    } else out += ch;
  }
  return out;
}

/** A Python string literal (double quotes) for any text. */
export function pyString(value: string): string {
  return `"${escapeFor(value, '"')}"`;
}

/** A JavaScript string literal (single quotes) for any text. */
export function jsString(value: string): string {
  return `'${escapeFor(value, "'")}'`;
}

export function stringLiteral(language: CodeLanguage, value: string): string {
  return language === 'python' ? pyString(value) : jsString(value);
}

/** A list literal of strings, one per line; `indent` is the indentation of the line it starts on. */
export function listLiteral(language: CodeLanguage, values: readonly string[], indent = ''): string {
  if (values.length === 0) return '[]';
  const step = language === 'python' ? '    ' : '  ';
  const items = values.map((v) => `${indent}${step}${stringLiteral(language, v)},`);
  return `[\n${items.join('\n')}\n${indent}]`;
}

export interface FoundLiteral {
  /** Index of the opening quote. */
  start: number;
  /** Index just after the closing quote. */
  end: number;
  quote: string;
  value: string;
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', b: '\b', f: '\f', v: '\v' };

/**
 * Reads the one-line string literal that opens at `start` ('...', "..." or a `...` without
 * placeholders). Prefixed Python strings (f, r, b) are not read: their text is not plain.
 */
export function readLiteral(source: string, start: number): FoundLiteral | null {
  const quote = source[start];
  if (quote !== '"' && quote !== "'" && quote !== '`') return null;
  if (/[A-Za-z0-9_]/.test(source[start - 1] ?? '')) return null; // f"...", r'...', b"..."
  if (source.startsWith(quote.repeat(3), start)) return null; // triple-quoted: not a one-line text
  let value = '';
  for (let i = start + 1; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\n') return null;
    if (ch === quote) return { start, end: i + 1, quote, value };
    if (quote === '`' && ch === '$' && source[i + 1] === '{') return null;
    if (ch !== '\\') {
      value += ch;
      continue;
    }
    const next = source[i + 1];
    if (next === undefined) return null;
    if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(source.slice(i + 2, i + 6))) {
      value += String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16));
      i += 5;
    } else if (next === 'x' && /^[0-9a-fA-F]{2}$/.test(source.slice(i + 2, i + 4))) {
      value += String.fromCharCode(parseInt(source.slice(i + 2, i + 4), 16));
      i += 3;
    } else {
      value += SIMPLE_ESCAPES[next] ?? next;
      i += 1;
    }
  }
  return null;
}

/** Every one-line string literal of a line of code, skipping comments. */
export function literalsOf(line: string, language: CodeLanguage): FoundLiteral[] {
  const found: FoundLiteral[] = [];
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (language === 'python' && ch === '#') break;
    if (language === 'javascript' && ch === '/' && line[i + 1] === '/') break;
    if (ch !== '"' && ch !== "'" && ch !== '`') continue;
    const literal = readLiteral(line, i);
    if (!literal) {
      // An unreadable literal (f-string, template with placeholders): skip to its end if it has one.
      const close = line.indexOf(ch, i + 1);
      if (close < 0) break;
      i = close;
      continue;
    }
    found.push(literal);
    i = literal.end - 1;
  }
  return found;
}

/** A literal with the same quote style as `like`, holding `value`. */
export function literalLike(like: FoundLiteral, value: string, language: CodeLanguage): string {
  if (like.quote === '"' || like.quote === "'") return `${like.quote}${escapeFor(value, like.quote)}${like.quote}`;
  return stringLiteral(language, value);
}
