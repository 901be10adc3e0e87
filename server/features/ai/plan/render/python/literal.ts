// A JSON value written as a Python literal (None/True/False, double-quoted strings), pretty-printed
// so RULES reads like the plan card: short parts on one line, longer ones one entry per line.

import { pyString } from '../../../literals';

const WIDTH = 100;

function inline(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return pyString(value);
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{${entries.map(([k, v]) => `${pyString(k)}: ${inline(v)}`).join(', ')}}`;
}

/** `value` as Python source; `indent` is the indentation of the line the literal starts on. */
export function pyLiteral(value: unknown, indent = ''): string {
  const flat = inline(value);
  if (indent.length + flat.length <= WIDTH || value === null || typeof value !== 'object') return flat;
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${pyLiteral(v, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${pyString(k)}: ${pyLiteral(v, inner)},`).join('\n')}\n${indent}}`;
}
