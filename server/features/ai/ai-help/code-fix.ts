// The fixes AI Help can make itself, offered as a change to accept or reject: a module the code
// uses without importing it (Python's "NameError: name 'os' is not defined", Node's
// "ReferenceError: fs is not defined"). Anything else is explained, not edited.
import type { BotError } from './bot-error';
import type { BotLog } from './bot-log';

export type CodeFix = { modifiedCode: string; summary: string };

const PYTHON_MODULES = new Set([
  'asyncio', 'base64', 'collections', 'csv', 'datetime', 'functools', 'hashlib', 'html', 'itertools', 'json', 'logging',
  'math', 'os', 'pathlib', 'random', 're', 'shutil', 'signal', 'sqlite3', 'string', 'subprocess', 'sys', 'textwrap',
  'threading', 'time', 'traceback', 'urllib', 'uuid',
]);
const NODE_MODULES = new Set(['fs', 'path', 'os', 'crypto', 'http', 'https', 'url', 'util', 'events', 'child_process', 'readline']);

/** The line after which a new import goes: after the last top-level import, else after a docstring or shebang. */
function importSlot(lines: string[], isImport: RegExp, header: RegExp): number {
  let last = -1;
  lines.forEach((line, i) => {
    if (isImport.test(line)) last = i;
  });
  if (last >= 0) return last + 1;
  let i = 0;
  while (i < lines.length && header.test(lines[i]!)) i++;
  return i;
}

function insertLine(code: string, at: number, line: string): string {
  const lines = code.split('\n');
  lines.splice(at, 0, line);
  return lines.join('\n');
}

function pythonDocstringEnd(lines: string[]): number {
  const first = lines.findIndex((l) => l.trim() !== '' && !l.startsWith('#'));
  if (first < 0 || !/^(?:"""|''')/.test(lines[first]!.trim())) return first < 0 ? 0 : first;
  const quote = lines[first]!.trim().slice(0, 3);
  if (lines[first]!.trim().length > 3 && lines[first]!.trim().endsWith(quote)) return first + 1;
  const close = lines.findIndex((l, i) => i > first && l.includes(quote));
  return close < 0 ? first : close + 1;
}

function missingPythonImport(code: string, name: string): CodeFix | null {
  if (!PYTHON_MODULES.has(name) || new RegExp(`^\\s*(?:import\\s+${name}\\b|from\\s+${name}\\s+import)`, 'm').test(code)) return null;
  const lines = code.split('\n');
  const slot = importSlot(lines, /^(?:import\s+\w|from\s+[\w.]+\s+import\s)/, /^$/);
  const at = slot > 0 ? slot : pythonDocstringEnd(lines);
  return { modifiedCode: insertLine(code, at, `import ${name}`), summary: `add \`import ${name}\` at the top of the file` };
}

function missingNodeImport(code: string, name: string): CodeFix | null {
  if (!NODE_MODULES.has(name)) return null;
  const esm = /^\s*import\s.+\sfrom\s['"]/m.test(code) && !/\brequire\(/.test(code);
  const line = esm ? `import ${name} from 'node:${name}';` : `const ${name} = require('node:${name}');`;
  const lines = code.split('\n');
  const at = importSlot(lines, esm ? /^import\s/ : /^(?:const|let|var)\s+.+=\s*require\(/, /^(?:#!|\s*(?:'use strict'|"use strict");?\s*$)/);
  return { modifiedCode: insertLine(code, at, line), summary: `add \`${line}\` at the top of the file` };
}

export function codeFix(log: BotLog, err: BotError | null): CodeFix | null {
  if (!err || !log.fileContent) return null;
  if (log.language === 'python' && err.name === 'NameError') {
    const name = /name '(\w+)' is not defined/.exec(err.message)?.[1];
    return name ? missingPythonImport(log.fileContent, name) : null;
  }
  if (log.language === 'javascript' && err.name === 'ReferenceError') {
    const name = /^(\w+) is not defined/.exec(err.message)?.[1];
    return name ? missingNodeImport(log.fileContent, name) : null;
  }
  return null;
}
