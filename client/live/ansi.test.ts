import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applySgr, parseAnsi, stripAnsi } from './ansi';

const ESC = '\u001b';

describe('parseAnsi', () => {
  it('leaves a line without escape codes as it is, with no spans', () => {
    expect(parseAnsi('plain <b>text</b>')).toEqual({ text: 'plain <b>text</b>', spans: null });
  });

  it('turns the 8 colours, their bright forms, bold and reset into spans', () => {
    expect(parseAnsi(`${ESC}[32mready${ESC}[0m on port ${ESC}[1;91m5000${ESC}[m!`)).toEqual({
      text: 'ready on port 5000!',
      spans: [{ text: 'ready', color: 'green' }, { text: ' on port ' }, { text: '5000', color: 'bright-red', bold: true }, { text: '!' }],
    });
    expect(parseAnsi(`${ESC}[1mbold${ESC}[22m then ${ESC}[35mmagenta${ESC}[39m default`).spans).toEqual([
      { text: 'bold', bold: true },
      { text: ' then ' },
      { text: 'magenta', color: 'magenta' },
      { text: ' default' },
    ]);
  });

  it('drops every other escape sequence: cursor moves, erases, titles, 256 and true colours, backgrounds', () => {
    expect(parseAnsi(`${ESC}[2K${ESC}[1Aprogress ${ESC}]0;title${ESC}\\50%${ESC}[?25l`)).toEqual({ text: 'progress 50%', spans: null });
    expect(parseAnsi(`${ESC}[38;5;1mred-ish${ESC}[0m`)).toEqual({ text: 'red-ish', spans: null });
    expect(parseAnsi(`${ESC}[38;2;255;0;0mtrue${ESC}[48;5;4m bg${ESC}[0m`)).toEqual({ text: 'true bg', spans: null });
    expect(parseAnsi(`${ESC}(Bcharset ${ESC}=and a lone${ESC}`)).toEqual({ text: 'charset and a lone', spans: null });
  });

  it('reads 256 and true colours past their numbers, so they never turn on bold', () => {
    expect(applySgr({}, '38;5;1')).toEqual({});
    expect(applySgr({}, '38;2;1;1;1;31')).toEqual({ color: 'red' });
  });

  it('never leaves an escape character in the text, and keeps every other character', () => {
    const piece = fc.oneof(fc.string(), fc.constantFrom(`${ESC}[`, `${ESC}[31m`, `${ESC}]`, ESC, '\u009b', ';', 'm', '1', '\u0007', '\\'));
    fc.assert(
      fc.property(fc.array(piece), (pieces) => {
        const raw = pieces.join('');
        const { text, spans } = parseAnsi(raw);
        expect(text).not.toContain(ESC);
        expect(text).not.toContain('\u009b');
        if (spans) expect(spans.map((s) => s.text).join('')).toBe(text);
        if (!raw.includes(ESC) && !raw.includes('\u009b')) expect(text).toBe(raw);
      }),
    );
  });

  it('strips to the text alone', () => {
    expect(stripAnsi(`${ESC}[33mWARNING${ESC}[0m: careful`)).toBe('WARNING: careful');
  });
});
