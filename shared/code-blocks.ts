// The parser of assistant replies: fenced code blocks become files, 'Dependencies:' lines become the
// list to install. Shared so the server creates exactly the files the chat shows in 'Files Created'.

import { extensionOf, isSafeFilename } from './filenames';

export type CodeBlock = { filename: string; language: string; code: string };
export type ParsedReply = { text: string; blocks: CodeBlock[]; dependencies: string[] };

// C0 controls except \t and \n, DEL, and C1 controls. \r is turned into \n before this runs.
const CONTROL_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** Removes C0/C1 control characters except \n and \t; \r\n (and a lone \r) become \n. */
export function stripControlChars(s: string): string {
  return s.replace(/\r\n?/g, '\n').replace(CONTROL_CHARS, '');
}

const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  py: 'python', js: 'javascript', ts: 'typescript', tsx: 'tsx', jsx: 'jsx', json: 'json', txt: 'text',
  md: 'markdown', yaml: 'yaml', yml: 'yaml', toml: 'toml', cfg: 'ini', ini: 'ini', sh: 'bash', html: 'html',
  css: 'css',
};

const EXTENSION_BY_LANGUAGE: Record<string, string> = {
  python: 'py', py: 'py', python3: 'py',
  javascript: 'js', js: 'js', node: 'js', nodejs: 'js', mjs: 'js', cjs: 'js',
  typescript: 'ts', ts: 'ts', tsx: 'tsx', jsx: 'jsx',
  json: 'json', jsonc: 'json',
  markdown: 'md', md: 'md', yaml: 'yaml', yml: 'yaml', toml: 'toml', ini: 'ini', cfg: 'cfg',
  html: 'html', css: 'css',
};

// Blocks in these languages are commands to type or output to look at, not files: without an
// explicit file name they are not turned into files (an install line must not become code.py).
const NOT_A_FILE = new Set([
  'bash', 'sh', 'shell', 'zsh', 'console', 'terminal', 'shell-session', 'powershell', 'ps1', 'cmd', 'bat',
  'batch', 'text', 'txt', 'plaintext', 'plain', 'output', 'log', 'diff', 'env', 'dotenv',
]);

/**
 * The assistant's plan of a file, shown as the plan card: "```bot-plan telegram_bot.js", then the rules
 * in plain words. Never a file itself.
 */
export const PLAN_FENCE = 'bot-plan';

/** The file a fence's info string shows the plan of ("bot-plan telegram_bot.js"), or null for other fences. */
export function planFenceFile(info: string): string | null {
  const [word, filename] = info.trim().split(/\s+/);
  if (word?.toLowerCase() !== PLAN_FENCE) return null;
  return filename && isSafeFilename(filename) ? filename : '';
}

/**
 * The plan checks of a file as run in the test chat, shown folded under their summary:
 * "```bot-checks telegram_bot.js", then one line per check and its exchange. Never a file itself.
 */
export const CHECKS_FENCE = 'bot-checks';

/** The file a fence's info string shows the checks of ("bot-checks telegram_bot.js"), or null for other fences. */
export function checksFenceFile(info: string): string | null {
  const [word, filename] = info.trim().split(/\s+/);
  if (word?.toLowerCase() !== CHECKS_FENCE) return null;
  return filename && isSafeFilename(filename) ? filename : '';
}

/** The language id for an extension ('py' -> 'python'), '' when unknown. */
export function languageForExtension(ext: string): string {
  return LANGUAGE_BY_EXTENSION[ext.toLowerCase()] ?? '';
}

/** The name of a block that names no (safe) file: code.py without a language, code.txt for an unknown one. */
export function defaultFilename(language: string): string {
  if (!language) return 'code.py';
  return `code.${EXTENSION_BY_LANGUAGE[language.toLowerCase()] ?? 'txt'}`;
}

const OPEN_FENCE = /^( *)(`{3,}|~{3,})(.*)$/;
const INFO_FILENAME = /(?:^|\s)(?:filename|file|title)\s*[:=]\s*["']?([^\s"']+)["']?/i;
const COMMENT_FILENAME =
  /^\s*(?:#|\/\/|--|;|<!--|\/\*)\s*(?:file(?:name)?\s*[:=]\s*)?([A-Za-z0-9_.\/\\-]+\.[A-Za-z0-9]+)\s*(?:-->|\*\/)?\s*$/i;
const COMMENT_FILENAME_TAGGED = /^\s*(?:#|\/\/|--|;|<!--|\/\*)\s*file(?:name)?\s*[:=]/i;
const DEPENDENCIES_LINE = /^\s*(?:[-*>]\s+)?[*_]*dependencies[*_]*\s*:[*_]*\s*(.*)$/i;
const NO_DEPENDENCY = new Set(['none', 'n/a', 'na', '-', 'nothing']);

interface RawBlock {
  info: string;
  lines: string[];
}

/** A reply's lines in order: prose, and fenced blocks with their info string and body. */
export type FencedPart = { kind: 'prose'; line: string } | ({ kind: 'fence' } & RawBlock);

function isClosingFence(line: string, fence: string): boolean {
  const trimmed = line.trim();
  if (trimmed.length < fence.length) return false;
  for (const ch of trimmed) if (ch !== fence[0]) return false;
  return true;
}

/**
 * The one fence grammar (the chat shows what the server saves): a line of 3+ backticks or tildes
 * opens, a line of at least as many of the same closes, an indented fence's body loses that indent,
 * and an unclosed fence (a reply still streaming in) runs to the end.
 */
export function fencedParts(text: string): FencedPart[] {
  const lines = text.split('\n');
  const parts: FencedPart[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN_FENCE.exec(lines[i]!);
    // A backtick fence's info string cannot contain a backtick (that is inline code on one line).
    if (!open || (open[2]![0] === '`' && open[3]!.includes('`'))) {
      parts.push({ kind: 'prose', line: lines[i]! });
      continue;
    }
    const indent = open[1]!.length;
    const fence = open[2]!;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = lines[j]!;
      if (isClosingFence(line, fence)) break;
      body.push(indent > 0 ? line.replace(new RegExp(`^ {0,${indent}}`), '') : line);
    }
    parts.push({ kind: 'fence', info: open[3]!.trim(), lines: body });
    i = j; // the closing fence (or the end when unclosed)
  }
  return parts;
}

/** The file a fenced block is (null for a plan, checks, or a command or output block such as ```bash). */
export function fileBlockOf(raw: RawBlock): CodeBlock | null {
  if (planFenceFile(raw.info) !== null || checksFenceFile(raw.info) !== null) return null;
  let candidate = '';
  let language = '';
  const tagged = INFO_FILENAME.exec(raw.info);
  const firstWord = raw.info.split(/\s+/)[0] ?? '';
  if (tagged) {
    candidate = tagged[1]!;
    const lang = raw.info.slice(0, tagged.index).trim().split(/\s+/)[0] ?? '';
    language = lang.toLowerCase();
  } else if (/^[\w-]+\.[A-Za-z0-9]+$/.test(firstWord) && isSafeFilename(firstWord)) {
    candidate = firstWord; // ```bot.py
  } else {
    language = firstWord.replace(/^\{?\.?/, '').replace(/\}$/, '').toLowerCase();
  }

  let lines = raw.lines;
  if (!candidate && lines.length > 0) {
    const comment = COMMENT_FILENAME.exec(lines[0]!);
    const ext = comment ? extensionOf(comment[1]!) : '';
    if (comment && (COMMENT_FILENAME_TAGGED.test(lines[0]!) || languageForExtension(ext))) {
      candidate = comment[1]!;
      lines = lines.slice(1);
    }
  }

  if (!candidate && NOT_A_FILE.has(language)) return null;
  if (!language && candidate) language = languageForExtension(extensionOf(candidate));
  const filename = candidate && isSafeFilename(candidate) ? candidate : defaultFilename(language);
  if (!language) language = languageForExtension(extensionOf(filename));
  return { filename, language, code: lines.join('\n') };
}

function parseDependencyLine(rest: string): string[] {
  return rest
    .split(',')
    .map((entry) =>
      entry
        .trim()
        .replace(/^[`*_"']+|[`*_"']+$/g, '')
        .replace(/[.;]+$/, '')
        .trim(),
    )
    .filter((entry) => entry.length > 0 && !NO_DEPENDENCY.has(entry.toLowerCase()));
}

/** Parses an assistant reply into the displayed text, the files to create and the dependencies. */
export function parseAssistantReply(markdown: string): ParsedReply {
  const text = stripControlChars(typeof markdown === 'string' ? markdown : '');
  const parts = fencedParts(text);
  const outside = parts.flatMap((p) => (p.kind === 'prose' ? [p.line] : []));

  const byName = new Map<string, CodeBlock>();
  for (const part of parts) {
    const block = part.kind === 'fence' ? fileBlockOf(part) : null;
    if (!block) continue;
    byName.delete(block.filename); // several blocks with one name: the last one wins
    byName.set(block.filename, block);
  }

  const dependencies: string[] = [];
  const seen = new Set<string>();
  for (const line of outside) {
    const match = DEPENDENCIES_LINE.exec(line);
    if (!match) continue;
    for (const dep of parseDependencyLine(match[1]!)) {
      const key = dep.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      dependencies.push(dep);
    }
  }

  return { text, blocks: [...byName.values()], dependencies };
}

/** Renders a block the way the system prompt asks for: ```python filename: bot.py ... ```. */
export function formatCodeBlock(block: CodeBlock): string {
  let longest = 0;
  for (const m of block.code.matchAll(/^[ \t]*(`+)/gm)) longest = Math.max(longest, m[1]!.length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const info = [block.language, `filename: ${block.filename}`].filter(Boolean).join(' ');
  return `${fence}${info}\n${block.code}\n${fence}`;
}

/** The line that lists what to install: 'Dependencies: a, b' ('' when there is nothing). */
export function formatDependencies(dependencies: readonly string[]): string {
  return dependencies.length > 0 ? `Dependencies: ${dependencies.join(', ')}` : '';
}

/** The sentence a system prompt gives a model so that its replies parse (the format above). */
export const REPLY_FORMAT_INSTRUCTIONS =
  'Put each file in its own fenced code block whose info string is the language and the file name, e.g. ' +
  '```python filename: bot.py ... ```. Use plain file names (letters, digits, _, - and .) ending in .py, .js, .ts, ' +
  '.json, .txt, .md, .yaml, .toml or .sh. Always write the complete file, never a placeholder such as "rest of the code". ' +
  'Read every token and secret from environment variables. After the code, list the packages to install on one line: ' +
  'Dependencies: package-a, package-b';
