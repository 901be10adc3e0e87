// A request as the parsers read it: every quoted text (and every free text a parser recognised, such
// as an unquoted list of rules) replaced by a marker \u0001N\u0002, with the texts and how they were written.

import { maskQuotes } from '../phrases';

export interface Wording {
  /** The request with each text replaced by \u0001N\u0002. */
  masked: string;
  /** Text N, as the bot will use it. */
  quotes: string[];
  /** Text N as the message wrote it (with its quote marks, if any). */
  written: string[];
}

/** The pattern of one marker; group 1 is its number. */
export const QUOTE = '\\u0001(\\d+)\\u0002';
const MARKER = /\u0001(\d+)\u0002/g;

export function wordingOf(message: string): Wording {
  const { masked, quotes, written } = maskQuotes(message);
  return { masked, quotes, written: written ?? quotes };
}

/** Replaces masked[from, to) with a new marker holding `text` (as written: `as`). */
export function quoteSpan(w: Wording, from: number, to: number, text: string, as = w.masked.slice(from, to)): Wording {
  const n = w.quotes.length;
  return {
    masked: `${w.masked.slice(0, from)}\u0001${n}\u0002${w.masked.slice(to)}`,
    quotes: [...w.quotes, text],
    written: [...w.written, restoreWritten(w, as)],
  };
}

/** A part of the masked request as the message wrote it. */
export function restoreWritten(w: Pick<Wording, 'written'>, part: string): string {
  return part.replace(MARKER, (_, n: string) => w.written[Number(n)] ?? '');
}

/** The text of marker `n` (as matched by QUOTE's group). */
export function quoteText(quotes: string[], n: string | undefined): string {
  return n === undefined ? '' : (quotes[Number(n)] ?? '');
}

/** True when the part is exactly one marker. */
export function isMarker(part: string): boolean {
  return /^\u0001\d+\u0002$/.test(part.trim());
}

/**
 * The first quote after a cue in the same sentence, else the last one before it in the same clause:
 * "say goodbye when someone leaves with 'See you'" and "'See you' when someone leaves".
 */
export function quoteNear(masked: string, quotes: string[], cue: RegExp): string | null {
  const flags = cue.flags.includes('g') ? cue.flags : `${cue.flags}g`;
  for (const m of masked.matchAll(new RegExp(cue.source, flags))) {
    const after = masked.slice(m.index! + m[0].length);
    const sentence = /^(?:(?!\band\b)[^.!?;\n])*?\u0001(\d+)\u0002/.exec(after);
    if (sentence) return quoteText(quotes, sentence[1]);
    const before = masked.slice(0, m.index!).split(/[.!?;\n]|\band\b/).pop() ?? '';
    const last = [...before.matchAll(MARKER)].pop();
    if (last) return quoteText(quotes, last[1]);
  }
  return null;
}
