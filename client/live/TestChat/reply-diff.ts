// A saved chat's replies as saved against the replies given now, line by line (the bot's replies
// are split into their lines; each line remembers which reply it came from), with the changed
// part of a changed line marked.

export interface DiffRow {
  kind: 'same' | 'expected' | 'actual';
  text: string;
  /** 1-based number of the reply the line belongs to, on its side(s). */
  expectedReply?: number;
  actualReply?: number;
  /** For a changed line paired with its counterpart: [start, end) of the part that differs. */
  changed?: [number, number];
}

interface Line {
  text: string;
  reply: number;
}

function linesOf(replies: readonly string[]): Line[] {
  const out: Line[] = [];
  replies.forEach((reply, index) => {
    for (const text of reply.split('\n')) out.push({ text, reply: index + 1 });
  });
  return out;
}

/** Past this many cells the table would be slow: compare line by line in order instead. */
const MAX_CELLS = 400_000;

/** The changed middle of two lines: the span left after their common start and end. */
export function changedSpans(a: string, b: string): { expected: [number, number]; actual: [number, number] } {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  return { expected: [start, a.length - end], actual: [start, b.length - end] };
}

/** Longest common subsequence of lines, as a list of rows (expected lines before actual ones). */
function lcsRows(a: Line[], b: Line[]): DiffRow[] {
  const n = a.length;
  const m = b.length;
  const rows: DiffRow[] = [];
  if (n * m > MAX_CELLS) {
    for (let i = 0; i < Math.max(n, m); i++) {
      const x = a[i];
      const y = b[i];
      if (x && y && x.text === y.text) rows.push({ kind: 'same', text: x.text, expectedReply: x.reply, actualReply: y.reply });
      else {
        if (x) rows.push({ kind: 'expected', text: x.text, expectedReply: x.reply });
        if (y) rows.push({ kind: 'actual', text: y.text, actualReply: y.reply });
      }
    }
    return rows;
  }
  // table[i][j]: LCS length of a[i..] and b[j..].
  const table = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i]![j] = a[i]!.text === b[j]!.text ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i]!.text === b[j]!.text) {
      rows.push({ kind: 'same', text: a[i]!.text, expectedReply: a[i]!.reply, actualReply: b[j]!.reply });
      i += 1;
      j += 1;
    } else if (j >= m || (i < n && table[i + 1]![j]! >= table[i]![j + 1]!)) {
      rows.push({ kind: 'expected', text: a[i]!.text, expectedReply: a[i]!.reply });
      i += 1;
    } else {
      rows.push({ kind: 'actual', text: b[j]!.text, actualReply: b[j]!.reply });
      j += 1;
    }
  }
  return rows;
}

/** Within each run of changes, the nth expected line and the nth actual line mark their difference. */
function markChanges(rows: DiffRow[]): DiffRow[] {
  const out = rows.slice();
  let k = 0;
  while (k < out.length) {
    if (out[k]!.kind === 'same') {
      k += 1;
      continue;
    }
    let end = k;
    while (end < out.length && out[end]!.kind !== 'same') end += 1;
    const removed: number[] = [];
    const added: number[] = [];
    for (let r = k; r < end; r++) (out[r]!.kind === 'expected' ? removed : added).push(r);
    for (let p = 0; p < Math.min(removed.length, added.length); p++) {
      const x = out[removed[p]!]!;
      const y = out[added[p]!]!;
      const spans = changedSpans(x.text, y.text);
      out[removed[p]!] = { ...x, changed: spans.expected };
      out[added[p]!] = { ...y, changed: spans.actual };
    }
    k = end;
  }
  return out;
}

export function diffReplies(expected: readonly string[], actual: readonly string[]): DiffRow[] {
  return markChanges(lcsRows(linesOf(expected), linesOf(actual)));
}
