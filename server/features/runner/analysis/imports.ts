// Dependencies a file needs, read from its syntax tree (never from regular expressions over the
// text): Python modules mapped to PyPI names, JS/TS specifiers reduced to npm package names.

import type { DetectedPackage, ImportLanguage } from '../../../../shared/runner.schema';
import { jsImports } from './js-imports';
import { npmPackageFor, pythonPackageFor } from './package-names';
import { pythonImports } from './python-analysis';
import { withTree, type Grammar } from './tree-sitter';

export interface ParsedImports {
  /** Import names in order of first appearance: `telegram`, `google.cloud.storage`, `@slack/bolt`. */
  imports: string[];
  /** One per import: what to install for it, and with which installer. */
  packages: DetectedPackage[];
}

// A .ts file may hold JSX and a .js file may hold type annotations: the second grammar is tried
// when the first one finds syntax errors, and the tree with fewer errors is read.
const GRAMMARS: Record<ImportLanguage, Grammar[]> = {
  python: ['python'],
  javascript: ['javascript', 'typescript'],
  typescript: ['typescript', 'tsx'],
};

/** Third-party imports of a file. Never throws on bad input: a broken file yields what parses. */
export async function parseImports(content: string, language: ImportLanguage): Promise<ParsedImports> {
  const found = await withTree(GRAMMARS[language], content, language === 'python' ? pythonImports : jsImports, []);
  const result: ParsedImports = { imports: [], packages: [] };
  for (const name of found) {
    const resolved =
      language === 'python'
        ? pythonPackageFor(name)
        : (() => {
            const pkg = npmPackageFor(name);
            return pkg ? { module: pkg, package: pkg } : null;
          })();
    if (!resolved || result.imports.includes(resolved.module)) continue;
    result.imports.push(resolved.module);
    result.packages.push({ ...resolved, ecosystem: language === 'python' ? 'pip' : 'npm' });
  }
  return result;
}

/** Where the parser could not read the code: an ERROR node, or a token it had to assume (MISSING). */
export type SyntaxProblem = { line: number; column: number; missing: string | null; text: string };
/** A file's syntax problems and every module it loads as written (relative ones included). */
export type SyntaxReport = { problems: SyntaxProblem[]; specifiers: string[] };

const MAX_PROBLEMS = 5;

/** Syntax problems of a file, by the same grammars `parseImports` reads it with. */
export async function checkSyntax(content: string, language: ImportLanguage): Promise<SyntaxReport> {
  return withTree(
    GRAMMARS[language],
    content,
    (t): SyntaxReport => {
      const problems: SyntaxProblem[] = [];
      const specifiers = language === 'python' ? pythonImports(t) : jsImports(t);
      if (!t.root.hasError) return { problems, specifiers };
      const cursor = t.root.walk();
      try {
        // Depth-first, entering only subtrees that hold an error, until a few are found.
        for (let done = false; !done && problems.length < MAX_PROBLEMS; ) {
          const node = cursor.currentNode;
          if (node.type === 'ERROR' || node.isMissing) {
            problems.push({ line: node.startPosition.row + 1, column: node.startPosition.column + 1, missing: node.isMissing ? node.type : null, text: node.text.slice(0, 60) });
          } else if (node.hasError && cursor.gotoFirstChild()) continue;
          while (!cursor.gotoNextSibling()) {
            if (!cursor.gotoParent()) {
              done = true;
              break;
            }
          }
        }
      } finally {
        cursor.delete();
      }
      // A tree with errors always has one somewhere; say so even if the walk found none.
      if (problems.length === 0) problems.push({ line: 1, column: 1, missing: null, text: '' });
      return { problems, specifiers };
    },
    { problems: [], specifiers: [] },
  );
}
