// Loads the tree-sitter runtime and grammars (wasm files shipped inside their npm packages) on
// first use, and hands a parsed tree to a callback that must not keep it: the tree is freed after.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as TreeSitter from 'web-tree-sitter';
import { SyntaxTree } from './syntax-tree';

export type Grammar = 'python' | 'javascript' | 'typescript' | 'tsx';

// Resolved from this module (or from the server bundle, which sits above the same node_modules).
const resolvePackageFile = createRequire(import.meta.url).resolve;

const WASM: Record<Grammar, string> = {
  python: 'tree-sitter-python/tree-sitter-python.wasm',
  javascript: 'tree-sitter-javascript/tree-sitter-javascript.wasm',
  typescript: 'tree-sitter-typescript/tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-typescript/tree-sitter-tsx.wasm',
};

/** Parsing that takes longer than this is given up (tree-sitter's error recovery can be slow on noise). */
const PARSE_TIME_LIMIT_MS = 3_000;

interface Instance {
  ts: typeof TreeSitter;
  parsers: Map<Grammar, Promise<TreeSitter.Parser>>;
}

let instance: Promise<Instance> | undefined;
let generation = 0;

/**
 * The runtime, loaded as its own module instance: a grammar that faults inside wasm leaves that
 * instance's memory corrupt, so after a fault the next call starts a fresh one (a new URL is a new
 * module to Node) instead of reusing it.
 */
function runtime(): Promise<Instance> {
  instance ??= (async () => {
    const wasm = resolvePackageFile('web-tree-sitter/web-tree-sitter.wasm');
    const url = pathToFileURL(join(dirname(wasm), 'web-tree-sitter.js')).href;
    const ts = (await import(generation === 0 ? url : `${url}?instance=${generation}`)) as typeof TreeSitter;
    await ts.Parser.init({ locateFile: () => wasm });
    return { ts, parsers: new Map() };
  })().catch((err: unknown) => {
    instance = undefined; // a failed load is retried by the next call rather than cached forever
    throw err;
  });
  return instance;
}

function discardRuntime(): void {
  instance = undefined;
  generation++;
}

async function parserFor(grammar: Grammar): Promise<TreeSitter.Parser> {
  const { ts, parsers } = await runtime();
  let parser = parsers.get(grammar);
  if (!parser) {
    parser = ts.Language.load(resolvePackageFile(WASM[grammar])).then((language) => new ts.Parser().setLanguage(language));
    parser.catch(() => parsers.delete(grammar));
    parsers.set(grammar, parser);
  }
  return parser;
}

/** Number of ERROR nodes: how badly a grammar fits the text. */
function errorCount(root: TreeSitter.Node): number {
  return root.hasError ? root.descendantsOfType('ERROR').length + 1 : 0;
}

/**
 * tree-sitter-python's scanner overflows its state buffer past about 500 nested indentation levels
 * and corrupts the runtime. No real program nests that deep: when a file has more distinct
 * indentations than this, each is rewritten as spaces of the same width (a tab counts 8, as the
 * scanner counts it), capped at this width; statements, and so imports and reads, stay intact.
 */
const MAX_INDENT = 200;

function indentOf(line: string): string {
  let end = 0;
  while (end < line.length && ' \t\f\v'.includes(line[end]!)) end++;
  return line.slice(0, end);
}

function boundIndentation(content: string): string {
  const lines = content.split('\n');
  if (new Set(lines.map(indentOf)).size <= MAX_INDENT) return content;
  return lines
    .map((line) => {
      const indent = indentOf(line);
      let width = 0;
      for (const ch of indent) width = ch === '\t' ? width + 8 : ch === '\f' ? 0 : width + 1;
      return ' '.repeat(Math.min(width, MAX_INDENT)) + line.slice(indent.length);
    })
    .join('\n');
}

/**
 * Parses `content` with the first grammar; when the text has syntax errors, also with the others,
 * and keeps the tree with the fewest errors (a .ts file sent as JavaScript, JSX in a .ts file).
 * Returns `fallback` when no tree could be made; never throws for the text's sake.
 */
export async function withTree<T>(grammars: readonly Grammar[], content: string, use: (tree: SyntaxTree) => T, fallback: T): Promise<T> {
  const text = grammars.includes('python') ? boundIndentation(content) : content;
  let best: { tree: TreeSitter.Tree; errors: number } | undefined;
  const deadline = Date.now() + PARSE_TIME_LIMIT_MS;
  try {
    for (const grammar of grammars) {
      const parser = await parserFor(grammar);
      const tree = parser.parse(text, null, { progressCallback: () => Date.now() > deadline });
      parser.reset();
      if (!tree) continue;
      const errors = errorCount(tree.rootNode);
      if (!best || errors < best.errors) {
        best?.tree.delete();
        best = { tree, errors };
      } else {
        tree.delete();
      }
      if (best.errors === 0) break;
    }
    return best ? use(new SyntaxTree(best.tree.rootNode)) : fallback;
  } catch (err) {
    if (!(err instanceof WebAssembly.RuntimeError)) throw err;
    discardRuntime();
    return fallback;
  } finally {
    best?.tree.delete();
  }
}
