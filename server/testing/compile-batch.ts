// Test helper: compiles hundreds of generated files in two processes instead of one per file
// (compile-check.ts): one python3 runs py_compile on every Python file, one node compiles every
// JavaScript file in Node's CommonJS wrapper, which is what `node --check` does. The same
// compilers; starting python3 (a pyenv shim here) once per file would take minutes.

import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { SourceFile } from './compile-check';

const run = promisify(execFile);

const PYTHON_CHECK = `
import ast, builtins, json, py_compile, sys

def undefined_names(path):
    """Names read that nothing in the file defines (a loose pyflakes: typos and missing helpers)."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    defined = set(dir(builtins)) | {"__file__"}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            defined.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            defined.add(node.id)
        elif isinstance(node, ast.arg):
            defined.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            defined.add(node.name)
    return sorted({node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in defined})

results = {}
for path in sys.argv[1:]:
    try:
        py_compile.compile(path, doraise=True)
        missing = undefined_names(path)
        results[path] = "undefined names: " + ", ".join(missing) if missing else ""
    except py_compile.PyCompileError as error:
        results[path] = error.msg
print(json.dumps(results))
`;

const NODE_CHECK = `
const { readFileSync } = require('node:fs');
const vm = require('node:vm');
const results = {};
for (const path of process.argv.slice(1)) {
  try {
    vm.compileFunction(readFileSync(path, 'utf8'), ['exports', 'require', 'module', '__filename', '__dirname'], { filename: path });
    results[path] = '';
  } catch (error) {
    results[path] = String((error && error.stack) || error);
  }
}
process.stdout.write(JSON.stringify(results));
`;

/**
 * Compiles every file; returns the complaint for each key ('' when it compiled). Python files are
 * also checked for names they read but never define.
 */
export async function compileMany(files: SourceFile[]): Promise<Map<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'builtin-batch-'));
  const byPath = new Map<string, string>();
  try {
    files.forEach((file, i) => {
      const sub = join(dir, String(i));
      mkdirSync(sub);
      const path = join(sub, file.filename);
      writeFileSync(path, file.code);
      byPath.set(path, file.key);
    });
    const paths = [...byPath.keys()];
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir };
    const options = { env, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 };
    const python = paths.filter((p) => p.endsWith('.py'));
    const javascript = paths.filter((p) => !p.endsWith('.py'));
    const [py, js] = await Promise.all([
      python.length > 0 ? run('python3', ['-c', PYTHON_CHECK, ...python], options) : { stdout: '{}' },
      javascript.length > 0 ? run(process.execPath, ['-e', NODE_CHECK, ...javascript], options) : { stdout: '{}' },
    ]);
    const results = new Map<string, string>();
    for (const [path, complaint] of Object.entries({ ...JSON.parse(py.stdout), ...JSON.parse(js.stdout) } as Record<string, string>)) {
      results.set(byPath.get(path)!, complaint);
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
