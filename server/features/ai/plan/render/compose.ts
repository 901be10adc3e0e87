// Small helpers to assemble source text from optional parts.

export type Part = string | false | null | undefined;

/** Joins the present parts with newlines. */
export function lines(...parts: Part[]): string {
  return parts.filter((p): p is string => typeof p === 'string').join('\n');
}

/** Joins the present top-level sections with `gap` blank lines between them. */
export function sections(gap: number, ...parts: Part[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join('\n'.repeat(gap + 1));
}

/**
 * A block of generated code written as a template literal: backslashes stay as written (String.raw),
 * the line break after the opening backtick and the one before the closing backtick are dropped.
 */
export function code(strings: TemplateStringsArray, ...values: unknown[]): string {
  return String.raw({ raw: strings.raw }, ...values)
    .replace(/^\n/, '')
    .replace(/\n[ \t]*$/, '');
}

/** `text` with `anchor` replaced; throws (when the module loads) if a change to `text` lost the anchor. */
export function replacedIn(text: string, anchor: string, replacement: string): string {
  if (!text.includes(anchor)) throw new Error(`a template lost the words it is extended at: ${anchor}`);
  return text.replace(anchor, replacement);
}
