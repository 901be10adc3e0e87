// The marked regions of a rendered file where the person (or the assistant) wrote code the plan
// cannot say; read before rendering again so that code is put back unchanged.
//   // ---- custom code: <name> (kept when the plan is rendered again) ----
//   ...
//   // ---- end of custom code: <name> ----
// (`#` instead of `//` in Python.)

const START = /^[ \t]*(?:\/\/|#) ---- custom code: ([a-z0-9_-]{1,40}) \(kept when the plan is rendered again\) ----[ \t]*$/;
const END = (name: string) => new RegExp(`^[ \\t]*(?://|#) ---- end of custom code: ${name.replace(/-/g, '\\-')} ----[ \\t]*$`);

/** Each region's code (the lines between its markers), by name; a region left unclosed is not read. */
export function customRegionsOf(code: string): Record<string, string> {
  const regions: Record<string, string> = {};
  const lines = code.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const start = START.exec(lines[i]!);
    if (!start) continue;
    const name = start[1]!;
    const end = END(name);
    const close = lines.findIndex((line, j) => j > i && end.test(line));
    if (close === -1) continue;
    regions[name] = lines.slice(i + 1, close).join('\n');
    i = close;
  }
  return regions;
}

export function regionStart(comment: '//' | '#', name: string): string {
  return `${comment} ---- custom code: ${name} (kept when the plan is rendered again) ----`;
}

export function regionEnd(comment: '//' | '#', name: string): string {
  return `${comment} ---- end of custom code: ${name} ----`;
}

/** The function a custom action calls, custom_<name> in both languages (as javascript/bot-file.ts and python/header.ts write it). */
export function customFunctionName(name: string): string {
  return `custom_${name.replace(/-/g, '_')}`;
}
