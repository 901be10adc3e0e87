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

/** Indents every non-empty line. */
export function indent(text: string, by: string): string {
  return text
    .split('\n')
    .map((l) => (l.length > 0 ? by + l : l))
    .join('\n');
}
