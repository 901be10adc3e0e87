// Which environment variables a JavaScript/TypeScript syntax tree reads: process.env.X,
// process.env['X'], destructuring, and reads through a helper such as
// `function requireEnv(name) { return process.env[name] }` called with a literal name.

import { jsString } from './js-imports';
import { isEnvKey, unwrap, type EnvRead, type Node, type SyntaxTree } from './syntax-tree';

// Bounds that keep hostile input (1 MiB of nested or repeated reads) from costing more than
// linear work; real code stays far inside them.
/** How far up a read's surroundings are searched. */
const MAX_CLIMB = 32;
/** Conditions and `if` blocks longer than this are not searched for the key or a throw. */
const MAX_GUARD_LENGTH = 2_000;
/** Helper functions longer than this are not searched for a throw. */
const MAX_HELPER_LENGTH = 10_000;
/** Uses of a variable looked at after `const v = process.env.X` to see whether it is tested. */
const MAX_USES = 50;

interface EnvNames {
  process: Set<string>;
  env: Set<string>;
}

/** Names bound to `process` and `process.env`: `import process from 'node:process'`, `const { env } = process`, `const e = process.env`. */
function envNames(root: Node): EnvNames {
  const names: EnvNames = { process: new Set(['process']), env: new Set() };
  for (const stmt of root.descendantsOfType('import_statement')) {
    if (!['process', 'node:process'].includes(jsString(stmt.childForFieldName('source')) ?? '')) continue;
    const clause = stmt.namedChildren.find((c) => c.type === 'import_clause');
    for (const c of clause?.namedChildren ?? []) {
      if (c.type === 'identifier') names.process.add(c.text);
      if (c.type === 'namespace_import') names.process.add(c.namedChildren.find((n) => n.type === 'identifier')?.text ?? 'process');
      for (const spec of c.type === 'named_imports' ? c.namedChildren : []) {
        if (spec.childForFieldName('name')?.text === 'env') names.env.add((spec.childForFieldName('alias') ?? spec.childForFieldName('name'))!.text);
      }
    }
  }
  for (const decl of root.descendantsOfType('variable_declarator')) {
    const name = decl.childForFieldName('name');
    const value = unwrap(decl.childForFieldName('value'));
    if (name?.type === 'identifier' && isEnvObject(value, names)) names.env.add(name.text);
    if (name?.type !== 'object_pattern' || value?.type !== 'identifier' || !names.process.has(value.text)) continue;
    for (const p of name.namedChildren) {
      if (p.type === 'shorthand_property_identifier_pattern' && p.text === 'env') names.env.add('env');
      const bound = p.type === 'pair_pattern' && p.childForFieldName('key')?.text === 'env' ? p.childForFieldName('value') : null;
      if (bound?.type === 'identifier') names.env.add(bound.text);
    }
  }
  return names;
}

function isEnvObject(node: Node | null, names: EnvNames): boolean {
  node = unwrap(node);
  if (node?.type === 'identifier') return names.env.has(node.text);
  if (node?.type !== 'member_expression' || node.childForFieldName('property')?.text !== 'env') return false;
  const object = unwrap(node.childForFieldName('object'));
  return object?.type === 'identifier' && names.process.has(object.text);
}

/** The key a `process.env.X` / `process.env['X']` node reads; null when it reads no literal key. */
function literalKey(node: Node, names: EnvNames): string | null {
  if ((node.type !== 'member_expression' && node.type !== 'subscript_expression') || !isEnvObject(node.childForFieldName('object'), names)) return null;
  if (node.type === 'subscript_expression') return jsString(unwrap(node.childForFieldName('index')));
  const property = node.childForFieldName('property');
  return property?.type === 'property_identifier' ? property.text : null;
}

const WRAPPERS = ['parenthesized_expression', 'as_expression', 'satisfies_expression'];
const LOGICAL = ['||', '&&', '??'];
const CONVERSIONS = ['Number', 'parseInt', 'parseFloat', 'String'];
const FUNCTIONS = ['function_declaration', 'function_expression', 'function', 'arrow_function', 'method_definition', 'generator_function_declaration'];

const operator = (node: Node) => node.childForFieldName('operator')?.type;
const isLogical = (node: Node) => node.type === 'binary_expression' && LOGICAL.includes(operator(node) ?? '');

/** How one file uses its reads; the checks share the tree's lookups and a memo of the uses already judged. */
class Reader {
  private readonly optionalUse = new Map<number, boolean>();

  constructor(
    readonly t: SyntaxTree,
    readonly names: EnvNames,
  ) {}

  /** The expression that carries a read's value: `(x as T)` and `Number(x)` carry x. */
  valueOf(node: Node): Node {
    for (let level = 0; level < MAX_CLIMB; level++) {
      const parent = this.t.parent(node);
      const call = parent?.type === 'arguments' ? this.t.parent(parent) : null;
      if (parent && WRAPPERS.includes(parent.type)) node = parent;
      else if (call?.type === 'call_expression' && CONVERSIONS.includes(call.childForFieldName('function')?.text ?? '')) node = call;
      else break;
    }
    return node;
  }

  /**
   * True when the value is used as if it may be missing: `v || d`, `v ?? d`, `v && f()`, `!v`,
   * `Boolean(v)`, or tested in an `if`/`?:`/loop condition, unless that `if` then throws or exits.
   */
  usedAsOptional(node: Node): boolean {
    let cur = this.valueOf(node);
    let parent = this.t.parent(cur);
    if (parent && isLogical(parent) && parent.childForFieldName('left')?.equals(cur)) return true;
    if (parent?.type === 'augmented_assignment_expression') return true; // process.env.X ??= 'default'
    if (parent?.type === 'arguments' && this.t.parent(parent)?.childForFieldName('function')?.text === 'Boolean') return true;
    let negated = false;
    for (let level = 0; parent && level < MAX_CLIMB; level++) {
      const not = parent.type === 'unary_expression' && operator(parent) === '!';
      if (!not && !isLogical(parent) && !WRAPPERS.includes(parent.type)) break;
      negated ||= not;
      [cur, parent] = [parent, this.t.parent(parent)];
    }
    if (!parent || !parent.childForFieldName('condition')?.equals(cur)) return negated;
    if (parent.type === 'if_statement') return !stops(parent.childForFieldName('consequence'), MAX_GUARD_LENGTH);
    return ['ternary_expression', 'while_statement', 'do_statement', 'for_statement'].includes(parent.type);
  }

  /** Optional as used, or read into a variable (`const v = process.env.X`) that the code then treats as optional. */
  isOptional(node: Node, boundTo?: string): boolean {
    if (this.usedAsOptional(node)) return true;
    const declarator = boundTo ? null : this.t.parent(this.valueOf(node));
    const name = boundTo ?? (declarator?.type === 'variable_declarator' ? declarator.childForFieldName('name')?.text : undefined);
    const declaration = name ? this.t.ancestor(node, ['lexical_declaration', 'variable_declaration'], MAX_CLIMB) : null;
    const scope = declaration && this.t.ancestor(declaration, ['statement_block', 'program']);
    if (!name || !declaration || !scope) return false;
    const uses = this.t.named('identifier', name);
    const after = declaration.endIndex;
    let lo = 0;
    for (let hi = uses.length; lo < hi; ) {
      const mid = (lo + hi) >> 1;
      if (uses[mid]!.startIndex < after) lo = mid + 1;
      else hi = mid;
    }
    const scopeEnd = scope.endIndex;
    for (const id of uses.slice(lo, lo + MAX_USES)) {
      if (id.startIndex >= scopeEnd) break;
      let optional = this.optionalUse.get(id.id);
      if (optional === undefined) this.optionalUse.set(id.id, (optional = this.usedAsOptional(id)));
      if (optional) return true;
    }
    return false;
  }

  /** A read in the branch taken only when the same key was found set: `process.env.X ? process.env.X : d`. */
  isGuarded(node: Node, key: string): boolean {
    let level = 0;
    for (let cur = node, p = this.t.parent(node); p && level < MAX_CLIMB; cur = p, p = this.t.parent(p), level++) {
      const branch = ['if_statement', 'ternary_expression'].includes(p.type) && p.childForFieldName('consequence')?.equals(cur);
      const andRight = p.type === 'binary_expression' && operator(p) === '&&' && p.childForFieldName('right')?.equals(cur);
      const guard = branch ? p.childForFieldName('condition') : andRight ? p.childForFieldName('left') : null;
      if (!guard || guard.endIndex - guard.startIndex > MAX_GUARD_LENGTH) continue;
      if (guard.descendantsOfType(['member_expression', 'subscript_expression']).some((n) => literalKey(n, this.names) === key)) return true;
    }
    return false;
  }

  isWrite(node: Node): boolean {
    const parent = this.t.parent(node);
    if (parent?.type === 'assignment_expression' && parent.childForFieldName('left')?.equals(node)) return true;
    return parent?.type === 'unary_expression' && operator(parent) === 'delete';
  }

  /** The name a function is called by: its own, a method's, or the variable it is assigned to. */
  functionName(fn: Node): string | undefined {
    const own = fn.childForFieldName('name');
    if (own) return own.text;
    let parent = this.t.parent(fn);
    if (parent?.type === 'parenthesized_expression') parent = this.t.parent(parent);
    return parent?.type === 'variable_declarator' ? parent.childForFieldName('name')?.text : undefined;
  }
}

/** Throws or stops the program: what a bot does when a setting it needs is missing. */
function stops(node: Node | null, maxLength: number): boolean {
  if (!node || node.endIndex - node.startIndex > maxLength) return false;
  if (node.type === 'throw_statement' || node.descendantsOfType('throw_statement').length > 0) return true;
  return node.descendantsOfType('call_expression').some((c) => c.childForFieldName('function')?.text === 'process.exit');
}

/** The parameter names of a function, in order. */
function parameterNames(fn: Node): string[] {
  const single = fn.childForFieldName('parameter');
  if (single) return [single.text];
  return (fn.childForFieldName('parameters')?.namedChildren ?? []).filter((p) => p.type !== 'comment').map((p) => {
    const target = p.childForFieldName('pattern') ?? p.childForFieldName('left') ?? p;
    return target.type === 'identifier' ? target.text : '';
  });
}

/** `const { A, B = 'x', C: c } = process.env`: the keys and whether each has a default. */
function destructured(r: Reader, pattern: Node): EnvRead[] {
  const reads: EnvRead[] = [];
  for (const p of pattern.namedChildren) {
    const keyNode = p.type === 'pair_pattern' ? p.childForFieldName('key') : p.type === 'object_assignment_pattern' ? p.childForFieldName('left') : p;
    const key = p.type === 'pair_pattern' ? (jsString(keyNode) ?? keyNode?.text) : keyNode?.type === 'shorthand_property_identifier_pattern' ? keyNode.text : undefined;
    if (!key || !isEnvKey(key)) continue;
    const value = p.type === 'pair_pattern' ? p.childForFieldName('value') : p.type === 'object_assignment_pattern' ? null : p;
    const optional = p.type === 'object_assignment_pattern' || value?.type === 'assignment_pattern' || r.isOptional(p, value?.text);
    reads.push({ key, required: !optional, at: p.startIndex });
  }
  return reads;
}

export function jsEnvReads(t: SyntaxTree): EnvRead[] {
  const r = new Reader(t, envNames(t.root));
  const reads: EnvRead[] = [];
  const helpers = new Map<string, { index: number; required: boolean }>();
  for (const node of t.root.descendantsOfType(['member_expression', 'subscript_expression', 'variable_declarator'])) {
    if (node.type === 'variable_declarator') {
      const pattern = node.childForFieldName('name');
      if (pattern?.type === 'object_pattern' && isEnvObject(node.childForFieldName('value'), r.names)) reads.push(...destructured(r, pattern));
      continue;
    }
    if (!isEnvObject(node.childForFieldName('object'), r.names) || r.isWrite(node)) continue;
    const key = literalKey(node, r.names);
    if (key !== null) {
      if (isEnvKey(key)) reads.push({ key, required: !r.isOptional(node) && !r.isGuarded(node, key), at: node.startIndex });
      continue;
    }
    const keyNode = node.type === 'subscript_expression' ? unwrap(node.childForFieldName('index')) : null;
    const fn = keyNode?.type === 'identifier' ? t.ancestor(node, FUNCTIONS) : null;
    const index = fn ? parameterNames(fn).indexOf(keyNode!.text) : -1;
    const fnName = fn && index >= 0 ? r.functionName(fn) : undefined;
    if (!fn || !fnName) continue;
    const known = helpers.get(fnName);
    helpers.set(fnName, { index, required: known?.required || !r.isOptional(node) || stops(fn, MAX_HELPER_LENGTH) });
  }
  if (helpers.size > 0) {
    for (const call of t.root.descendantsOfType('call_expression')) {
      const fn = call.childForFieldName('function');
      const name = fn?.type === 'identifier' ? fn.text : fn?.type === 'member_expression' ? fn.childForFieldName('property')?.text : undefined;
      const helper = name ? helpers.get(name) : undefined;
      const args = call.childForFieldName('arguments')?.namedChildren.filter((a) => a.type !== 'comment') ?? [];
      const key = helper ? jsString(args[helper.index] ?? null) : null;
      if (!helper || key === null || !isEnvKey(key)) continue;
      const givesDefault = args.length > helper.index + 1;
      reads.push({ key, required: helper.required && !givesDefault && !r.usedAsOptional(call), at: call.startIndex });
    }
  }
  return reads.sort((a, b) => a.at - b.at);
}
