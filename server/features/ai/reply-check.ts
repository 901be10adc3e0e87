// What a model's reply must pass before its files are saved: each code file parses, its imports are
// packages the runner can install, and it does not use a library API that no longer exists.
import { spawn } from 'node:child_process';
import { builtinModules } from 'node:module';
import type { Deps } from '../../deps';
import type { CodeBlock } from '../../../shared/code-blocks';
import type { ImportLanguage } from '../../../shared/runner.schema';
import { checkPackage } from '../runner/install-request';
import { npmPackageFor, pythonPackageFor } from '../runner/analysis/package-names';
import type { SyntaxProblem } from '../runner/analysis/imports';

const LANGUAGE_BY_EXTENSION: Record<string, ImportLanguage> = {
  py: 'python',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'typescript',
};

export function codeLanguageOf(filename: string): ImportLanguage | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  return ext ? (LANGUAGE_BY_EXTENSION[ext] ?? null) : null;
}

// ast.parse only builds the tree: nothing in the file is executed or imported.
const PY_SYNTAX_SCRIPT = [
  'import ast, json, sys',
  'try:',
  '    ast.parse(sys.stdin.buffer.read())',
  'except SyntaxError as e:',
  '    print(json.dumps([e.lineno, e.offset, e.msg])); sys.exit(3)',
  'except (ValueError, RecursionError, MemoryError) as e:',
  '    print(json.dumps([None, None, str(e)])); sys.exit(3)',
].join('\n');
const PY_SYNTAX_TIMEOUT_MS = 5_000;

/**
 * Python's own verdict on the text: null when it parses, the error otherwise; undefined when the
 * interpreter could not give one (missing, timed out), so the caller falls back to tree-sitter.
 */
function pythonSyntaxError(python: string, code: string): Promise<string | null | undefined> {
  return new Promise((resolve) => {
    let out = '';
    let child;
    try {
      child = spawn(python, ['-I', '-S', '-c', PY_SYNTAX_SCRIPT], { env: {}, stdio: ['pipe', 'pipe', 'ignore'], timeout: PY_SYNTAX_TIMEOUT_MS });
    } catch {
      resolve(undefined);
      return;
    }
    child.on('error', () => resolve(undefined));
    child.stdout.on('data', (d: Buffer) => {
      if (out.length < 10_000) out += d.toString('utf8');
    });
    child.stdin.on('error', () => {}); // a child that died early closes stdin under us
    child.on('close', (status) => {
      if (status === 0) return resolve(null);
      if (status !== 3) return resolve(undefined);
      try {
        const [line, column, msg] = JSON.parse(out) as [number | null, number | null, string];
        resolve(line ? `line ${line}${column ? `, column ${column}` : ''}: ${msg}` : String(msg));
      } catch {
        resolve(undefined);
      }
    });
    child.stdin.end(code);
  });
}

function describeTreeSitterProblem(p: SyntaxProblem): string {
  const where = `line ${p.line}, column ${p.column}`;
  if (p.missing) return `${where}: syntax error, missing ${JSON.stringify(p.missing)}`;
  return p.text ? `${where}: syntax error near ${JSON.stringify(p.text.split('\n')[0])}` : `${where}: syntax error`;
}

const NODE_BUILTINS = new Set(builtinModules);

/** A module the code loads that the runner cannot install, or null when it is fine. */
function importProblem(language: ImportLanguage, specifier: string): string | null {
  if (language === 'python') {
    const pkg = pythonPackageFor(specifier); // null: the standard library
    if (!pkg) return null;
    try {
      checkPackage('pip', pkg.package);
      return null;
    } catch {
      return `imports "${specifier}", which is not a package pip can install`;
    }
  }
  // Relative files are the project's own (a file the reply does not write may come later).
  if (/^(\.{1,2}\/|\/|#)/.test(specifier) || specifier.startsWith('node:') || NODE_BUILTINS.has(specifier)) return null;
  const name = npmPackageFor(specifier);
  if (name) {
    try {
      checkPackage('npm', name);
      return null;
    } catch {
      /* reported below */
    }
  }
  return `imports "${specifier}", which is not a package npm can install`;
}

const lineOf = (code: string, index: number) => code.slice(0, index).split('\n').length;

/** APIs of library versions the runner does not install (python-telegram-bot 21, discord.py 2). */
function outdatedApiProblems(code: string, specifiers: string[]): string[] {
  const problems: string[] = [];
  const uses = (root: string) => specifiers.some((s) => s === root || s.startsWith(`${root}.`));
  if (uses('telegram')) {
    const v13 = 'python-telegram-bot v13 API (the runner installs v20+)';
    const updater = /\bUpdater\s*\(/.exec(code);
    if (updater && /\buse_context\s*=/.test(code)) {
      problems.push(`line ${lineOf(code, updater.index)}: ${v13}: Updater(..., use_context=True) no longer exists; build the bot with Application.builder().token(token).build()`);
    }
    for (const m of code.matchAll(/from\s+telegram\.ext\s+import\s+(\([^)]*\)|[^\n]*)/g)) {
      if (/\bFilters\b/.test(m[1]!)) problems.push(`line ${lineOf(code, m.index)}: ${v13}: "Filters" is now the module "filters" (filters.TEXT & ~filters.COMMAND)`);
    }
    const dispatcher = /\.dispatcher\b|\bdispatcher\.add_handler\b/.exec(code);
    if (dispatcher) problems.push(`line ${lineOf(code, dispatcher.index)}: ${v13}: there is no dispatcher; call application.add_handler(...)`);
    const context = /\bCallbackContext\b/.exec(code);
    if (context && !/\basync\s+def\b/.test(code)) {
      problems.push(`line ${lineOf(code, context.index)}: ${v13}: handlers taking CallbackContext must be "async def" and await the bot's calls`);
    }
  }
  if (uses('discord')) {
    const client = /\b(?:discord\.Client|commands\.Bot|discord\.ext\.commands\.Bot|discord\.Bot|Client|Bot)\s*\(/.exec(code);
    if (client && !/\bintents\b/.test(code)) {
      problems.push(`line ${lineOf(code, client.index)}: discord.py < 2 API (the runner installs discord.py 2): the client needs intents, e.g. intents = discord.Intents.default(); intents.message_content = True; discord.Client(intents=intents)`);
    }
  }
  return problems;
}

/** The problems of one code file, each a sentence starting with the file's name; [] when it is fine. */
async function fileProblems(deps: Pick<Deps, 'analyser' | 'config'>, block: CodeBlock, language: ImportLanguage): Promise<string[]> {
  const report = await deps.analyser.checkSyntax(block.code, language);
  const problems: string[] = [];
  if (language === 'python') {
    const error = await pythonSyntaxError(deps.config.runner.python, block.code);
    if (error) problems.push(`syntax error at ${error}`);
    else if (error === undefined) problems.push(...report.problems.slice(0, 3).map(describeTreeSitterProblem));
  } else {
    problems.push(...report.problems.slice(0, 3).map(describeTreeSitterProblem));
  }
  for (const specifier of new Set(report.specifiers)) {
    const problem = importProblem(language, specifier);
    if (problem) problems.push(problem);
  }
  if (language === 'python') problems.push(...outdatedApiProblems(block.code, report.specifiers));
  return problems.map((p) => `${block.filename}: ${p}`);
}

/** Every problem of the reply's code files (other files, such as README.md, are not checked). */
export async function replyProblems(deps: Pick<Deps, 'analyser' | 'config'>, blocks: CodeBlock[]): Promise<string[]> {
  const checked = await Promise.all(
    blocks.map((block) => {
      const language = codeLanguageOf(block.filename);
      return language ? fileProblems(deps, block, language) : Promise.resolve([]);
    }),
  );
  return checked.flat();
}

/** The message that asks the model to answer again, with what was wrong. */
export function retryMessage(request: string, problems: string[]): string {
  return [
    'The files in your last answer were checked before saving and have these problems, so nothing was saved:',
    ...problems.map((p) => `- ${p}`),
    '',
    'Answer the original request again with every file complete and corrected (python-telegram-bot v21 and discord.py 2 APIs only).',
    `The original request was: ${request}`,
  ].join('\n');
}
