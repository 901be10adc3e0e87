// A parsed file as the analysers see it: the syntax tree with parent and name lookups built once,
// and the small helpers both languages share.

import type { Node } from 'web-tree-sitter';

export type { Node } from 'web-tree-sitter';

/** One read of an environment variable found in the code. */
export interface EnvRead {
  key: string;
  required: boolean;
  /** Where the read starts in the text: reads are listed in order of first appearance. */
  at: number;
}

/**
 * A parsed file with the lookups the analysers need, each built once on first use. Tree-sitter finds
 * a node's parent by walking down from the root, so climbing from deep nodes with `node.parent`
 * would cost the square (or cube) of the nesting depth on hostile input; one walk builds them all.
 */
export class SyntaxTree {
  private parents: Map<number, Node> | undefined;
  private identifiers = new Map<string, Map<string, Node[]>>();

  constructor(readonly root: Node) {}

  parent(node: Node): Node | null {
    this.parents ??= parentMap(this.root);
    return this.parents.get(node.id) ?? null;
  }

  /** The nearest ancestor of one of these types, looking at most `limit` levels up. */
  ancestor(node: Node, types: readonly string[], limit = Infinity): Node | null {
    let p = this.parent(node);
    for (let level = 0; p && level < limit; level++, p = this.parent(p)) if (types.includes(p.type)) return p;
    return null;
  }

  /** Every node of this type (identifier, shorthand_property_identifier, ...) whose text is `name`. */
  named(type: string, name: string): Node[] {
    let index = this.identifiers.get(type);
    if (!index) {
      index = new Map();
      for (const id of this.root.descendantsOfType(type)) {
        const list = index.get(id.text);
        if (list) list.push(id);
        else index.set(id.text, [id]);
      }
      this.identifiers.set(type, index);
    }
    return index.get(name) ?? [];
  }
}

/** Child id -> parent for every named node, in one walk of the tree. */
function parentMap(root: Node): Map<number, Node> {
  const parents = new Map<number, Node>();
  const cursor = root.walk();
  const stack: Node[] = [];
  try {
    for (;;) {
      if (stack.length > 0 && cursor.nodeIsNamed) parents.set(cursor.nodeId, stack[stack.length - 1]!);
      if (cursor.nodeIsNamed) {
        const node = cursor.currentNode;
        if (cursor.gotoFirstChild()) {
          stack.push(node);
          continue;
        }
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return parents;
        stack.pop();
      }
    }
  } finally {
    cursor.delete();
  }
}

/** The node with parentheses (and TypeScript's `x as T`, `x!`, `x satisfies T`) taken off. */
export function unwrap(node: Node | null): Node | null {
  while (node && ['parenthesized_expression', 'as_expression', 'non_null_expression', 'satisfies_expression'].includes(node.type)) {
    node = node.namedChildren.find((c) => c.type !== 'comment') ?? null;
  }
  return node;
}

/** An environment variable name as people write them: letters, digits and underscores. */
export function isEnvKey(key: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) && key.length <= 200;
}
