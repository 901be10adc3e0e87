// A request with its quoted texts masked (\u0001n\u0002 stands for quotes[n]), so punctuation inside a
// quote never ends a sentence; and the commands written in it.

/** The request's text with its quotes masked, and the quotes. */
export type Masked = { masked: string; quotes: string[] };

export const MARKER = /\u0001(\d+)\u0002/g;
// "/86 salmon", "/86list": a kitchen's commands may start with digits (a letter or a word follows them).
const COMMAND = /(?:^|[^\w/:.€$£¥%°])([/!])([A-Za-z][A-Za-z0-9_]{0,31}|\d{1,3}[A-Za-z][A-Za-z0-9_]{0,28}|\d{2,3}(?=\s+[a-z<[]))\b/g;

/** The text with its quotes put back. */
export function restore(text: string, quotes: string[]): string {
  return text.replace(MARKER, (_, n: string) => quotes[Number(n)] ?? '');
}

/** The commands written in the text ("/menu", "!in"), where each starts and ends. */
export function commandsIn(text: string): Array<{ name: string; prefix: string; at: number; end: number }> {
  return [...text.matchAll(COMMAND)].map((m) => ({ name: m[2]!.toLowerCase(), prefix: m[1]!, at: m.index! + m[0].length - m[2]!.length - 1, end: m.index! + m[0].length }));
}

/** The text between a command and the next command (or the end of the sentence). */
export function afterCommand(sentence: string, at: number, commands: Array<{ at: number }>): string {
  const next = commands.find((c) => c.at > at);
  return sentence.slice(at, next ? next.at : undefined);
}
