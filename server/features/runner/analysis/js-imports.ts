// What a JavaScript/TypeScript syntax tree imports: import and export-from statements, require()
// and import() with a literal name. Type-only imports are left out: they load nothing at run time.

import type { Node, SyntaxTree } from './syntax-tree';

/** The value of a string literal or a template without `${}`, or null (escapes included). */
export function jsString(node: Node | null): string | null {
  if (!node || (node.type !== 'string' && node.type !== 'template_string')) return null;
  let value = '';
  for (const part of node.namedChildren) {
    if (part.type !== 'string_fragment') return null;
    value += part.text;
  }
  return value;
}

function firstArgument(call: Node): Node | null {
  return call.childForFieldName('arguments')?.namedChildren.find((a) => a.type !== 'comment') ?? null;
}

/** `import type ...` and `export type ... from` vanish when types are stripped: they load nothing. */
function isTypeOnly(stmt: Node): boolean {
  return stmt.children.some((c) => c.type === 'type');
}

/** Every module specifier the code loads, in order of appearance. */
export function jsImports(t: SyntaxTree): string[] {
  const found: string[] = [];
  for (const node of t.root.descendantsOfType(['import_statement', 'export_statement', 'call_expression'])) {
    let source: Node | null = null;
    if (node.type === 'call_expression') {
      const fn = node.childForFieldName('function');
      if (fn?.type === 'import' || (fn?.type === 'identifier' && fn.text === 'require')) source = firstArgument(node);
    } else if (!isTypeOnly(node)) {
      source = node.childForFieldName('source') ?? node.namedChildren.find((c) => c.type === 'import_require_clause')?.childForFieldName('source') ?? null;
    }
    const specifier = jsString(source);
    if (specifier) found.push(specifier);
  }
  return found;
}
