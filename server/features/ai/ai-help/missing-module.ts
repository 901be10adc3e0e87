// A package the code imports is not installed: Python's "No module named 'telegram'" or Node's
// "Cannot find module 'telegraf'" / ERR_MODULE_NOT_FOUND. The fix names the package to install,
// which often differs from the import (telegram is python-telegram-bot).
import { npmPackageFor, pythonPackageFor } from '../../runner/analysis/package-names';
import { lastMatch, fileName, type BotLog } from './bot-log';
import { START_AGAIN, type Diagnosis } from './answer';

const PYTHON = /(?:ModuleNotFoundError|ImportError): No module named '?([A-Za-z_][\w.]*)'?/;
const NODE = /Cannot find (?:module|package) '([^']+)'/;
// A long Node stack pushes the line with the name out of the last 10; its code stays at the end.
const NODE_CODE = /code: '(?:ERR_)?MODULE_NOT_FOUND'/;
const NODE_LOADS = /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)|\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

function installSteps(log: BotLog, pkg: string): string[] {
  return [
    `Select ${fileName(log)} on the Runner page: Check Dependencies reads its imports and lists ${pkg} in the Dependencies panel.`,
    'Click Install Dependencies and wait until the installation log says it is done.',
    START_AGAIN,
  ];
}

/**
 * Check Dependencies lists only what the file imports; when a library needs the module, the
 * file has to name it before it can be installed.
 */
function notImportedNote(log: BotLog, module: string, importLine: string): string | undefined {
  if (log.fileContent === null || log.fileContent.includes(module)) return undefined;
  return `${fileName(log)} does not import ${module} itself: a package it uses needs it, so Check Dependencies will not find it. Add the line ${importLine} near the top of ${fileName(log)}, save it, and Check Dependencies will list it.`;
}

function python(log: BotLog, module: string): Diagnosis {
  const found = pythonPackageFor(module);
  if (!found) {
    return {
      problem: `Your bot stopped because Python cannot load the module '${module}'. It belongs to Python itself, but this part is not available in the Runner.`,
      steps: [`Change ${fileName(log)} so that it does not need '${module}' (in the Builder, Modify can do this for you), then save it.`, START_AGAIN],
    };
  }
  const named = found.package === found.module ? `the Python package ${found.package}` : `the Python package ${found.package} (the code imports '${found.module}', which that package provides)`;
  return {
    problem: `Your bot stopped because ${named} is not installed.`,
    steps: installSteps(log, found.package),
    note: notImportedNote(log, found.module, `import ${found.module}`),
  };
}

function node(log: BotLog, specifier: string): Diagnosis | null {
  const pkg = npmPackageFor(specifier);
  if (pkg) {
    return {
      problem: `Your bot stopped because the npm package ${pkg} is not installed.`,
      steps: installSteps(log, pkg),
      note: notImportedNote(log, pkg, /\.mjs$|\.ts$/.test(log.filename ?? '') ? `import '${pkg}';` : `require('${pkg}');`),
    };
  }
  if (/^\.\.?\//.test(specifier)) {
    return {
      problem: `Your bot stopped because it loads the file '${specifier}', which is not in the project. The Runner only has the project's own files.`,
      steps: [`Create that file in the Builder (in the same project as ${fileName(log)}), or remove the line that loads it.`, START_AGAIN],
    };
  }
  return null;
}

/** The npm packages the file loads, for when the log no longer names the missing one. */
function nodeUnnamed(log: BotLog): Diagnosis {
  const loads = log.fileContent ? [...log.fileContent.matchAll(NODE_LOADS)].map((m) => npmPackageFor(m[1] ?? m[2] ?? m[3]!)) : [];
  const packages = [...new Set(loads.filter((p): p is string => p !== null))];
  return {
    problem: `Your bot stopped because a package it loads is not installed (MODULE_NOT_FOUND)${packages.length ? `: ${fileName(log)} loads ${packages.join(', ')}` : ''}.`,
    steps: installSteps(log, packages.length === 1 ? packages[0]! : 'the packages it needs'),
  };
}

export function missingModule(log: BotLog): Diagnosis | null {
  const py = lastMatch(log, PYTHON);
  if (py) return python(log, py[1]!);
  const js = lastMatch(log, NODE);
  if (js) return node(log, js[1]!);
  return lastMatch(log, NODE_CODE) ? nodeUnnamed(log) : null;
}
