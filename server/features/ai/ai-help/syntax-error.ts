// The code does not parse, so the bot stopped before doing anything: Python's SyntaxError,
// IndentationError and TabError ("File ..., line N"), Node's SyntaxError ("bot.js:N" above it).
// A SyntaxError from JSON.parse is about data, not code, and is left to the general answer.
import { fileLine, fileName, type BotLog } from './bot-log';
import { START_AGAIN, quote, type Diagnosis } from './answer';

const PYTHON_ERROR = /^\s*(SyntaxError|IndentationError|TabError): (.*)$/;
const PYTHON_WHERE = /File "([^"]+)", line (\d+)/;
const NODE_ERROR = /^\s*SyntaxError: (.*)$/;
const NODE_WHERE = /^((?:file:\/\/)?\S+?\.(?:[cm]?js|[cm]?ts|jsx|tsx)):(\d+)$/;

const PYTHON_HINTS: Array<[RegExp, string]> = [
  [/expected ':'/, 'a line that starts a block (def, if, for, while, class, try) must end with a colon (:)'],
  [/indent|TabError|tabs and spaces/i, 'indent every line of a block by the same amount, 4 spaces per level, and do not mix tabs with spaces'],
  [/unterminated (?:triple-quoted )?string|EOL while scanning|EOF while scanning/, 'a text in quotes is missing its closing quote'],
  [/was never closed|unmatched|does not match opening|unexpected EOF/, 'a bracket (, [ or { is not closed, or is closed once too often'],
  [/Perhaps you forgot a comma/, 'a comma is probably missing between two items'],
  [/Missing parentheses in call to 'print'/, 'this is Python 2 code: write print("...") with parentheses'],
  [/'await' outside/, 'await can only be used inside a function defined with async def'],
  [/invalid character|invalid non-printable/, 'a character was pasted that Python does not accept, such as curly quotes; retype it'],
];
const NODE_HINTS: Array<[RegExp, string]> = [
  [/Cannot use import statement outside a module/, 'the file uses import lines, which this file type does not allow: rename it to end in .mjs, or use require() instead of import'],
  [/missing \) after argument list/, 'a ) is missing, often at the end of a function call'],
  [/Unexpected end of input/, 'a {, ( or [ is not closed before the end of the file'],
  [/await is only valid in async functions/, 'await can only be used inside an async function'],
  [/Invalid or unexpected token/, 'a character JavaScript does not accept, such as a curly quote pasted from a document; retype it'],
  [/Unexpected token|Unexpected identifier|Unexpected string/, 'something is in the wrong place: often a missing or extra bracket, comma or quote on this line or the one before'],
  [/has already been declared/, 'the same name is declared twice with const or let'],
];

/** The line of the file that ran, when the error is in that file. */
function codeAt(log: BotLog, path: string | undefined, line: number | null): string | null {
  if (line === null || !path) return null;
  const name = path.split(/[\\/]/).pop();
  return !log.filename || name === log.filename ? fileLine(log, line) : null;
}

function steps(log: BotLog, line: number | null, code: string | null, hint: string | undefined): string[] {
  return [
    `Open ${fileName(log)} in the Builder${line === null ? '' : ` and go to line ${line}${code ? `: ${quote(code, 100)}` : ''}`}.`,
    `${hint ? `Fix it: ${hint}.` : 'Fix the mistake the error names.'} Or click Modify and ask "fix the syntax error${line === null ? '' : ` on line ${line}`}".`,
    `Save the file, then come back to the Runner. ${START_AGAIN}`,
  ];
}

function python(log: BotLog): Diagnosis | null {
  for (let i = log.lines.length - 1; i >= 0; i--) {
    const m = PYTHON_ERROR.exec(log.lines[i]!);
    if (!m || /JSON/.test(m[2]!)) continue;
    const where = log.lines.slice(0, i).reverse().map((l) => PYTHON_WHERE.exec(l)).find(Boolean);
    const line = where ? Number(where[2]) : null;
    const kind = m[1] === 'SyntaxError' ? 'a syntax error' : `an ${m[1] === 'TabError' ? 'indentation (tab)' : 'indentation'} error`;
    return {
      problem: `Your bot did not start because ${fileName(log)} has ${kind}${line === null ? '' : ` on line ${line}`}: ${m[2]}. Python stops before running any of the code.`,
      steps: steps(log, line, codeAt(log, where?.[1], line), PYTHON_HINTS.find(([p]) => p.test(`${m[1]}: ${m[2]}`))?.[1]),
    };
  }
  return null;
}

function node(log: BotLog): Diagnosis | null {
  for (let i = log.lines.length - 1; i >= 0; i--) {
    const m = NODE_ERROR.exec(log.lines[i]!);
    if (!m || /JSON/.test(m[1]!)) continue;
    const where = log.lines.slice(0, i).reverse().map((l) => NODE_WHERE.exec(l.trim())).find(Boolean);
    const line = where ? Number(where[2]) : null;
    return {
      problem: `Your bot did not start because ${fileName(log)} has a syntax error${line === null ? '' : ` on line ${line}`}: ${m[1]}. Node stops before running any of the code.`,
      steps: steps(log, line, codeAt(log, where?.[1], line), NODE_HINTS.find(([p]) => p.test(m[1]!))?.[1]),
    };
  }
  return null;
}

export function syntaxError(log: BotLog): Diagnosis | null {
  if (log.language === 'javascript') return node(log);
  if (log.language === 'python') return python(log);
  return node(log) ?? python(log);
}
