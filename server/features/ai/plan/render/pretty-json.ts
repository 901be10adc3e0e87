// JSON as a person reads it: a small object or list on one line, a bigger one spread over lines
// (plain JSON.stringify with an indent puts every value of RULES on its own line: hundreds of lines).

const WIDTH = 100;

function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/** `indent`: the indentation of the line the value starts on. Valid JSON (and so a JavaScript literal). */
export function prettyJson(value: unknown, indent = ''): string {
  const flat = oneLine(value);
  if (indent.length + flat.length <= WIDTH || value === null || typeof value !== 'object') return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + prettyJson(v, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${prettyJson(v, inner)}`).join(',\n')}\n${indent}}`;
}
