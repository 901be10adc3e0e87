// What a Python syntax tree imports and which environment variables it reads: import statements
// anywhere (try/if/def included), os.environ / os.getenv reads, and the reads made through a small
// helper such as `def require_env(name): return os.getenv(name, "")` called with a literal name.

import { isEnvKey, type EnvRead, type Node, type SyntaxTree } from './syntax-tree';

/** How far up a read's surroundings are searched for a guard (deeper nesting is not followed). */
const MAX_CLIMB = 32;
/** Conditions longer than this are not searched for the key they test. */
const MAX_GUARD_LENGTH = 2000;

/** The dotted name an import names, without whitespace or comments between its parts. */
function dotted(node: Node): string {
  return node.namedChildren.filter((c) => c.type === 'identifier').map((c) => c.text).join('.');
}

/** The name a `name` / `name as alias` child of an import brings in, and what it is bound to. */
function importedName(node: Node): { name: string; alias: string } | null {
  if (node.type === 'dotted_name') return { name: dotted(node), alias: dotted(node) };
  if (node.type === 'aliased_import') {
    const name = node.childForFieldName('name');
    const alias = node.childForFieldName('alias');
    if (name && alias) return { name: dotted(name), alias: alias.text };
  }
  return null;
}

/**
 * Every absolute module path the import statements name, in order; `from a.b import c` gives `a.b.c`
 * (c may be a submodule, as in `from google.cloud import storage`). Relative imports and
 * `__future__` are left out.
 */
export function pythonImports(t: SyntaxTree): string[] {
  const found: string[] = [];
  for (const stmt of t.root.descendantsOfType(['import_statement', 'import_from_statement'])) {
    if (stmt.type === 'import_statement') {
      for (const child of stmt.childrenForFieldName('name')) {
        const named = child && importedName(child);
        if (named?.name) found.push(named.name);
      }
      continue;
    }
    const module = stmt.childForFieldName('module_name');
    if (!module || module.type !== 'dotted_name') continue; // relative_import: the project's own code
    const base = dotted(module);
    if (!base || base === '__future__') continue;
    const names = stmt.childrenForFieldName('name').map((n) => (n ? importedName(n)?.name : undefined)).filter((n): n is string => !!n);
    if (names.length === 0) found.push(base); // `from x import *`
    for (const name of names) found.push(`${base}.${name}`);
  }
  return found;
}

interface OsNames {
  os: Set<string>;
  environ: Set<string>;
  getenv: Set<string>;
}

/** The names `os`, `os.environ` and `os.getenv` are bound to (`import os as o`, `from os import environ`). */
function osNames(root: Node): OsNames {
  const names: OsNames = { os: new Set(['os']), environ: new Set(), getenv: new Set() };
  for (const stmt of root.descendantsOfType(['import_statement', 'import_from_statement'])) {
    const fromOs = stmt.type === 'import_from_statement' && stmt.childForFieldName('module_name')?.text === 'os';
    for (const child of stmt.childrenForFieldName('name')) {
      const named = child && importedName(child);
      if (!named) continue;
      if (stmt.type === 'import_statement' && named.name === 'os') names.os.add(named.alias);
      if (fromOs && named.name === 'environ') names.environ.add(named.alias);
      if (fromOs && named.name === 'getenv') names.getenv.add(named.alias);
    }
  }
  return names;
}

/** The value of a plain string literal ('x', "x", '''x'''), or null for f-strings, bytes and escapes. */
export function pythonString(node: Node | null): string | null {
  if (!node || node.type !== 'string') return null;
  let value = '';
  for (const part of node.namedChildren) {
    if (part.type === 'string_start' && /[fFbB]/.test(part.text)) return null;
    if (part.type === 'string_content') {
      if (part.namedChildCount > 0) return null; // escape sequences or interpolations
      value += part.text;
    } else if (part.type !== 'string_start' && part.type !== 'string_end') return null;
  }
  return value;
}

function isOsAttribute(node: Node | null, attribute: string, names: OsNames): boolean {
  return (
    node?.type === 'attribute' &&
    node.childForFieldName('attribute')?.text === attribute &&
    node.childForFieldName('object')?.type === 'identifier' &&
    names.os.has(node.childForFieldName('object')!.text)
  );
}

function isEnviron(node: Node | null, names: OsNames): boolean {
  return isOsAttribute(node, 'environ', names) || (node?.type === 'identifier' && names.environ.has(node.text));
}

interface CallArgs {
  positional: Node[];
  keyword: Map<string, Node>;
}

function callArgs(call: Node): CallArgs {
  const args: CallArgs = { positional: [], keyword: new Map() };
  const list = call.childForFieldName('arguments');
  if (list?.type !== 'argument_list') return args;
  for (const arg of list.namedChildren) {
    if (arg.type === 'keyword_argument') {
      const name = arg.childForFieldName('name')?.text;
      const value = arg.childForFieldName('value');
      if (name && value) args.keyword.set(name, value);
    } else if (arg.type !== 'comment' && arg.type !== 'list_splat' && arg.type !== 'dictionary_splat') {
      args.positional.push(arg);
    }
  }
  return args;
}

/** An env read at this node: the expression naming the key (a literal or a helper's parameter). */
function readAt(t: SyntaxTree, node: Node, names: OsNames): { keyNode: Node; required: boolean } | null {
  if (node.type === 'subscript') {
    const subscripts = node.childrenForFieldName('subscript');
    if (!isEnviron(node.childForFieldName('value'), names) || subscripts.length !== 1 || !subscripts[0]) return null;
    const parent = t.parent(node);
    const assigned = parent?.type === 'assignment' && parent.childForFieldName('left')?.equals(node);
    if (assigned || parent?.type === 'delete_statement') return null; // a write, not a read
    return { keyNode: subscripts[0], required: true };
  }
  const fn = node.childForFieldName('function');
  const isGet = fn?.type === 'attribute' && fn.childForFieldName('attribute')?.text === 'get' && isEnviron(fn.childForFieldName('object'), names);
  const isGetenv = isOsAttribute(fn, 'getenv', names) || (fn?.type === 'identifier' && names.getenv.has(fn.text));
  if (!isGet && !isGetenv) return null;
  const args = callArgs(node);
  const keyNode = args.positional[0] ?? args.keyword.get('key');
  return keyNode ? { keyNode, required: false } : null;
}

/** True when `guard` finds the key set: `'X' in os.environ`, `os.getenv('X')`, `os.environ.get('X')`. */
function testsKey(t: SyntaxTree, guard: Node, key: string, names: OsNames): boolean {
  if (guard.endIndex - guard.startIndex > MAX_GUARD_LENGTH) return false;
  return [guard, ...guard.descendantsOfType(['comparison_operator', 'call'])].some((n) => {
    if (n.type === 'call') return pythonString(readAt(t, n, names)?.keyNode ?? null) === key;
    const [left, right] = n.namedChildren;
    return n.type === 'comparison_operator' && n.children.some((c) => c.type === 'in') && pythonString(left ?? null) === key && isEnviron(right ?? null, names);
  });
}

/** A read in a branch taken only when the key is set: `os.environ['X'] if 'X' in os.environ else d`. */
function isGuarded(t: SyntaxTree, node: Node, key: string, names: OsNames): boolean {
  let level = 0;
  for (let cur = node, p = t.parent(node); p && level < MAX_CLIMB; cur = p, p = t.parent(p), level++) {
    let guard: Node | null = null;
    if ((p.type === 'if_statement' || p.type === 'elif_clause') && p.childForFieldName('consequence')?.equals(cur)) guard = p.childForFieldName('condition');
    if (p.type === 'conditional_expression' && p.namedChildren[0]?.equals(cur)) guard = p.namedChildren[1] ?? null;
    if (p.type === 'boolean_operator' && p.childForFieldName('operator')?.type === 'and' && p.childForFieldName('right')?.equals(cur)) {
      guard = p.childForFieldName('left');
    }
    if (guard && testsKey(t, guard, key, names)) return true;
  }
  return false;
}

/** The parameter names of a `def`, in order. */
function parameterNames(def: Node): string[] {
  const params = def.childForFieldName('parameters');
  if (!params) return [];
  return params.namedChildren.map((p) => {
    if (p.type === 'identifier') return p.text;
    if (p.type === 'default_parameter' || p.type === 'typed_default_parameter') return p.childForFieldName('name')?.text ?? '';
    if (p.type === 'typed_parameter') return p.namedChildren.find((c) => c.type === 'identifier')?.text ?? '';
    return '';
  });
}

/** A body that raises or exits: its caller cannot go on without the value. */
function stopsWhenMissing(def: Node): boolean {
  if (def.descendantsOfType('raise_statement').length > 0) return true;
  return def.descendantsOfType('call').some((c) => ['sys.exit', 'exit', 'quit', 'os._exit'].includes(c.childForFieldName('function')?.text ?? ''));
}

interface Helper {
  param: string;
  index: number;
  isMethod: boolean;
  required: boolean;
  /** The read itself fails when missing (os.environ[name]): a default passed to the helper can't help. */
  hardRequired: boolean;
}

export function pythonEnvReads(t: SyntaxTree): EnvRead[] {
  const names = osNames(t.root);
  const reads: EnvRead[] = [];
  const helpers = new Map<string, Helper>();
  for (const node of t.root.descendantsOfType(['subscript', 'call'])) {
    const read = readAt(t, node, names);
    if (!read) continue;
    const key = pythonString(read.keyNode);
    if (key !== null) {
      if (isEnvKey(key)) reads.push({ key, required: read.required && !isGuarded(t, node, key, names), at: node.startIndex });
      continue;
    }
    if (read.keyNode.type !== 'identifier') continue;
    const def = t.ancestor(node, ['function_definition']);
    const fnName = def?.childForFieldName('name')?.text;
    const params = def ? parameterNames(def) : [];
    const index = params.indexOf(read.keyNode.text);
    if (!def || !fnName || index < 0) continue;
    const previous = helpers.get(fnName);
    helpers.set(fnName, {
      param: read.keyNode.text,
      index,
      isMethod: params[0] === 'self' || params[0] === 'cls',
      required: (previous?.required ?? false) || read.required || stopsWhenMissing(def),
      hardRequired: (previous?.hardRequired ?? false) || read.required,
    });
  }
  if (helpers.size > 0) {
    for (const call of t.root.descendantsOfType('call')) {
      const fn = call.childForFieldName('function');
      const viaAttribute = fn?.type === 'attribute';
      const name = viaAttribute ? fn.childForFieldName('attribute')?.text : fn?.type === 'identifier' ? fn.text : undefined;
      const helper = name ? helpers.get(name) : undefined;
      if (!helper || (viaAttribute && !helper.isMethod)) continue;
      const index = viaAttribute ? helper.index - 1 : helper.index;
      const args = callArgs(call);
      const key = pythonString(args.positional[index] ?? args.keyword.get(helper.param) ?? null);
      if (key === null || !isEnvKey(key)) continue;
      // Any other argument is taken as a default the caller gives (`setting("MODE", "dev")`).
      const givesDefault = args.positional.length > index + 1 || [...args.keyword.keys()].some((k) => k !== helper.param);
      reads.push({ key, required: helper.hardRequired || (helper.required && !givesDefault), at: call.startIndex });
    }
  }
  return reads.sort((a, b) => a.at - b.at);
}
