// The keyboard and paste rules of the six-box code entry, kept pure so they are
// tested without a browser. A code is six cells; an empty cell is ''.

export const OTP_LENGTH = 6;

export type OtpCells = string[];

export interface OtpEdit {
  cells: OtpCells;
  /** Box that should hold the focus after the edit. */
  focus: number;
}

export const emptyCells = (): OtpCells => Array.from({ length: OTP_LENGTH }, () => '');

const lastBox = OTP_LENGTH - 1;
const onlyDigits = (text: string) => text.replace(/\D/g, '');

/** Cells from a stored value: a single digit per position, anything else empty. */
export function cellsFromValue(value: string): OtpCells {
  return emptyCells().map((_, i) => (/\d/.test(value[i] ?? '') ? value[i]! : ''));
}

/** The value the form holds: one character per box, a space for an empty box, trailing spaces cut. */
export function valueFromCells(cells: OtpCells): string {
  return cells.map((c) => c || ' ').join('').trimEnd();
}

/** Fill boxes with digits from `start` on, keeping what fits. */
function fill(cells: OtpCells, start: number, digits: string): OtpEdit {
  const next = [...cells];
  const placed = digits.slice(0, OTP_LENGTH - start);
  for (let i = 0; i < placed.length; i++) next[start + i] = placed[i]!;
  return { cells: next, focus: Math.min(start + placed.length, lastBox) };
}

/**
 * The box at `index` now reads `raw` (what the input element holds after typing). One digit moves
 * the focus on; typing over a filled box keeps the new digit; several digits at once (autofill)
 * fill the following boxes; anything that is not a digit is dropped.
 */
export function typeIntoBox(cells: OtpCells, index: number, raw: string): OtpEdit {
  const digits = onlyDigits(raw);
  if (!digits) {
    const next = [...cells];
    next[index] = '';
    return { cells: next, focus: index };
  }
  const old = cells[index] ?? '';
  if (old && digits.length === 2) {
    // The box already held a digit and the new one landed before or after it.
    const typed = digits[0] === old ? digits[1]! : digits[0]!;
    return fill(cells, index, typed);
  }
  return fill(cells, index, digits);
}

/** Backspace: clears a filled box where it is; in an empty box, moves back and clears that one. */
export function backspaceInBox(cells: OtpCells, index: number): OtpEdit {
  const next = [...cells];
  if (next[index]) {
    next[index] = '';
    return { cells: next, focus: index };
  }
  if (index === 0) return { cells: next, focus: 0 };
  next[index - 1] = '';
  return { cells: next, focus: index - 1 };
}

/** Pasting replaces the whole code with the pasted digits (non-digits stripped, at most six). */
export function pasteCode(text: string): OtpEdit {
  return fill(emptyCells(), 0, onlyDigits(text));
}
