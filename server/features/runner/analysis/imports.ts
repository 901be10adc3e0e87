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
