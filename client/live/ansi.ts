// A bot's colours in the console: the SGR codes a terminal would draw (the 16 foreground colours,
// bold, reset) become styled spans of plain text; every other escape sequence is dropped, never shown.
// The console builds React nodes from the spans, so a bot's text can never become markup.

export type AnsiColor =
  | 'black' | 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan' | 'white'
  | 'bright-black' | 'bright-red' | 'bright-green' | 'bright-yellow' | 'bright-blue' | 'bright-magenta' | 'bright-cyan' | 'bright-white';

const COLORS: readonly AnsiColor[] = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'];

export interface StyledSpan {
  text: string;
  color?: AnsiColor;
  bold?: boolean;
}

interface Style {
  color?: AnsiColor;
  bold?: boolean;
}

// CSI (ESC [ params final), OSC (ESC ] ... BEL or ESC \), and the two-character escapes (ESC c,
// ESC ( B...). A lone ESC, or one cut off at the end of the line, is dropped too.
const ESCAPE = /\u001b(?:\[([0-9;:?<=>]*)[ -/]*([@-~])|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[ -/]*[0-~]|)|\u009b(?:[0-9;?]*[ -/]*[@-~])?/g;

/** The style after one SGR sequence's parameters ('1;32', '0', '' = reset). */
export function applySgr(style: Style, params: string): Style {
  const codes = params === '' ? [0] : params.split(/[;:]/).map((p) => (p === '' ? 0 : Number(p)));
  let next = { ...style };
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    if (code === 0) next = {};
    else if (code === 1) next.bold = true;
    else if (code === 22) delete next.bold;
    else if (code >= 30 && code <= 37) next.color = COLORS[code - 30];
    else if (code >= 90 && code <= 97) next.color = `bright-${COLORS[code - 90]!}` as AnsiColor;
    else if (code === 39) delete next.color;
    // 256-colour and true-colour forms carry their own numbers: skip them, so '38;5;1' is not read as bold.
    else if (code === 38 || code === 48 || code === 58) i += codes[i + 1] === 5 ? 2 : codes[i + 1] === 2 ? 4 : 0;
  }
  return next;
}

function sameStyle(a: Style, b: Style): boolean {
  return a.color === b.color && !!a.bold === !!b.bold;
}

function spanOf(text: string, style: Style): StyledSpan {
  return { text, ...(style.color ? { color: style.color } : {}), ...(style.bold ? { bold: true } : {}) };
}

/**
 * One line's text without its escape codes, and its styled spans when it had any style (null when it
 * had none, which is most lines). Each line starts unstyled: bots reset at the end of what they colour.
 */
export function parseAnsi(raw: string): { text: string; spans: StyledSpan[] | null } {
  if (!raw.includes('\u001b') && !raw.includes('\u009b')) return { text: raw, spans: null };
  const spans: StyledSpan[] = [];
  let style: Style = {};
  let styled = false;
  let from = 0;
  const push = (text: string) => {
    if (text === '') return;
    const last = spans[spans.length - 1];
    if (last && sameStyle(last, style)) last.text += text;
    else spans.push(spanOf(text, style));
  };
  for (const match of raw.matchAll(ESCAPE)) {
    push(raw.slice(from, match.index));
    from = match.index + match[0].length;
    if (match[2] === 'm' && !match[1]?.startsWith('?')) {
      style = applySgr(style, match[1] ?? '');
      styled ||= style.color !== undefined || style.bold === true;
    }
  }
  push(raw.slice(from));
  const text = spans.map((s) => s.text).join('');
  return { text, spans: styled ? spans : null };
}

/** The text without escape codes. */
export function stripAnsi(raw: string): string {
  return parseAnsi(raw).text;
}
