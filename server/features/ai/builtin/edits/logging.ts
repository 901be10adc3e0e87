// "Add logging": sets up timestamped logging when the file has none, and makes every function
// that does not log yet say when it runs. Only adds lines; never logs arguments (they may be secrets).

import type { CodeLanguage } from '../../literals';
import type { EditResult } from './tables';

const indentOf = (line: string): string => line.slice(0, line.length - line.trimStart().length);

/** Index after the imports at the top of a file (after a docstring or 'use strict' too). */
function afterImports(lines: string[], language: CodeLanguage): number {
  let last = -1;
  let inDocstring = false;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (language === 'python') {
      if (inDocstring) {
        if (t.includes('"""') || t.includes("'''")) { inDocstring = false; last = i; }
        continue;
      }
      if (i === last + 1 && /^[rRuU]?("""|''')/.test(t)) {
        const q = t.slice(t.indexOf('"""') >= 0 ? t.indexOf('"""') : t.indexOf("'''"), undefined).slice(0, 3);
        inDocstring = t.indexOf(q, t.indexOf(q) + 3) < 0;
        last = i;
        continue;
      }
      if (/^(?:import\s|from\s+\S+\s+import\s)/.test(lines[i]!)) {
        last = i;
        if (lines[i]!.includes('(') && !lines[i]!.includes(')')) {
          while (last + 1 < lines.length && !lines[last]!.includes(')')) last++;
          i = last;
        }
      }
      else if (t !== '' && !t.startsWith('#') && last >= 0 && !/^[)\s]/.test(lines[i]!)) break;
    } else {
      if (/^(?:'use strict'|"use strict");?$/.test(t) || /^(?:import\s.*from\s|import\s+['"])/.test(lines[i]!) || /^(?:const|let|var)\s.*=\s*require\(/.test(lines[i]!)) last = i;
    }
  }
  return last + 1;
}

interface Fn {
  name: string;
  /** Line after which the log line goes (the signature, or the docstring). */
  after: number;
  bodyIndent: string;
  /** True when the body already logs or is one short statement. */
  skip: boolean;
}

function pythonFunctions(lines: string[], loggerName: string): Fn[] {
  const fns: Fn[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(/.exec(lines[i]!);
    if (!m) continue;
    const defIndent = m[1]!.length;
    let end = i;
    let depth = 0;
    for (; end < lines.length; end++) {
      const code = lines[end]!.replace(/#.*$/, '');
      for (const ch of code) depth += ch === '(' || ch === '[' ? 1 : ch === ')' || ch === ']' ? -1 : 0;
      if (depth <= 0 && /:\s*$/.test(code)) break;
      if (depth <= 0 && /:\s*\S/.test(code.slice(code.lastIndexOf(')')))) { end = -1; break; } // def f(): return 1
    }
    if (end < 0 || end >= lines.length) continue;
    const body: number[] = [];
    for (let j = end + 1; j < lines.length; j++) {
      if (lines[j]!.trim() === '') continue;
      if (indentOf(lines[j]!).length <= defIndent) break;
      body.push(j);
    }
    if (body.length === 0) continue;
    const bodyIndent = indentOf(lines[body[0]!]!);
    let after = end;
    const first = lines[body[0]!]!.trim();
    const quote = /^[rRuU]?("""|''')/.exec(first)?.[1];
    if (quote) {
      after = body.find((j) => {
        const t = lines[j]!.trim();
        return j === body[0] ? t.indexOf(quote, t.indexOf(quote) + 3) >= 0 : t.includes(quote);
      }) ?? end;
    }
    const statements = body.filter((j) => j > after).map((j) => lines[j]!.trim());
    const logs = statements.some((t) => t.startsWith(`${loggerName}.`) || t.startsWith('logging.') || t.includes(`${loggerName}.info(`) || t.includes(`${loggerName}.error(`));
    const tiny = statements.length <= 1;
    fns.push({ name: m[2]!, after, bodyIndent, skip: logs || tiny });
  }
  return fns;
}

function addPythonLogging(code: string): EditResult {
  const lines = code.split('\n');
  const named = lines.map((l) => /^(\w+)\s*=\s*logging\.getLogger\(/.exec(l)?.[1]).find(Boolean);
  const loggerName = named ?? 'logger';
  const setup: string[] = [];
  if (!lines.some((l) => /^import\s+(?:.*,\s*)?logging\b/.test(l))) setup.push('import logging');
  const configured = lines.some((l) => /logging\.basicConfig\(/.test(l));
  const insertSetupAt = afterImports(lines, 'python');
  const config: string[] = [];
  if (!configured) config.push('logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=logging.INFO)');
  if (!named) config.push(`${loggerName} = logging.getLogger(__name__)`);

  const fns = pythonFunctions(lines, loggerName).filter((f) => !f.skip);
  if (fns.length === 0 && setup.length === 0 && config.length === 0) {
    return { problem: 'Every function in this file already logs what it does.' };
  }
  // Insert from the bottom up so earlier line numbers stay valid.
  for (const fn of [...fns].reverse()) {
    lines.splice(fn.after + 1, 0, `${fn.bodyIndent}${loggerName}.info("${fn.name}() called")`);
  }
  const block = [...setup, ...(config.length > 0 ? ['', ...config] : [])];
  if (block.length > 0) {
    const at = insertSetupAt;
    lines.splice(at, 0, ...block, ...(lines[at]?.trim() ? [''] : []));
  }
  return { code: lines.join('\n') };
}

function jsFunctions(lines: string[], logCall: string): Fn[] {
  const fns: Fn[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m =
      /^(\s*)(?:export\s+)?(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(.*\)\s*\{\s*$/.exec(lines[i]!) ??
      /^(\s*)(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?(?:function\s*\*?\s*[\w$]*\s*)?\(.*\)\s*(?:=>\s*)?\{\s*$/.exec(lines[i]!);
    if (!m) continue;
    const indent = m[1]!;
    const body: number[] = [];
    let closed = false;
    for (let j = i + 1; j < lines.length; j++) {
      if (new RegExp(`^${indent}\\}`).test(lines[j]!) && indentOf(lines[j]!) === indent) { closed = true; break; }
      if (lines[j]!.trim() !== '') body.push(j);
    }
    if (!closed || body.length === 0) continue;
    const statements = body.map((j) => lines[j]!.trim());
    const logs = statements.some((t) => /\b(?:log|logError|console\.(?:log|info|error|warn))\(/.test(t) || t.startsWith(logCall));
    fns.push({ name: m[2]!, after: i, bodyIndent: indentOf(lines[body[0]!]!), skip: logs || statements.length <= 1 || m[2] === 'log' || m[2] === 'logError' });
  }
  return fns;
}

function addJavascriptLogging(code: string): EditResult {
  const lines = code.split('\n');
  const hasLogFn = lines.some((l) => /^\s*function\s+log\s*\(/.test(l));
  const logTaken = !hasLogFn && lines.some((l) => /\b(?:const|let|var|function|class)\s+log\b/.test(l));
  const helper = hasLogFn || logTaken ? [] : ['', 'function log(...args) {', '  console.log(new Date().toISOString(), ...args);', '}'];
  const call = (text: string) => (logTaken ? `console.log(new Date().toISOString(), '${text}');` : `log('${text}');`);

  const fns = jsFunctions(lines, 'log(').filter((f) => !f.skip);
  if (fns.length === 0 && helper.length === 0) return { problem: 'Every function in this file already logs what it does.' };
  for (const fn of [...fns].reverse()) lines.splice(fn.after + 1, 0, `${fn.bodyIndent}${call(`${fn.name}() called`)}`);
  if (helper.length > 0) lines.splice(afterImports(lines, 'javascript'), 0, ...helper);
  return { code: lines.join('\n') };
}

export function addLogging(code: string, language: CodeLanguage): EditResult {
  return language === 'python' ? addPythonLogging(code) : addJavascriptLogging(code);
}
