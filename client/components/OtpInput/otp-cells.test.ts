import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { backspaceInBox, cellsFromValue, emptyCells, OTP_LENGTH, pasteCode, typeIntoBox, valueFromCells } from './otp-cells';

const cells = (s: string) => cellsFromValue(s);

describe('typeIntoBox', () => {
  it('stores a digit and moves to the next box', () => {
    expect(typeIntoBox(emptyCells(), 0, '4')).toEqual({ cells: ['4', '', '', '', '', ''], focus: 1 });
  });

  it('stays on the last box', () => {
    expect(typeIntoBox(cells('12345'), 5, '6').focus).toBe(5);
  });

  it('ignores letters and symbols', () => {
    expect(typeIntoBox(emptyCells(), 2, 'a')).toEqual({ cells: emptyCells(), focus: 2 });
  });

  it('replaces the digit of a filled box with the one typed', () => {
    expect(typeIntoBox(cells('7'), 0, '73').cells[0]).toBe('3');
    expect(typeIntoBox(cells('7'), 0, '37').cells[0]).toBe('3');
  });

  it('spreads an autofilled code over the following boxes', () => {
    expect(typeIntoBox(emptyCells(), 0, '123456')).toEqual({ cells: ['1', '2', '3', '4', '5', '6'], focus: 5 });
    expect(typeIntoBox(emptyCells(), 4, '987').cells).toEqual(['', '', '', '', '9', '8']);
  });

  it('clears the box when its text is deleted', () => {
    expect(typeIntoBox(cells('12'), 1, '').cells).toEqual(['1', '', '', '', '', '']);
  });
});

describe('backspaceInBox', () => {
  it('clears a filled box and keeps the focus', () => {
    expect(backspaceInBox(cells('123'), 2)).toEqual({ cells: ['1', '2', '', '', '', ''], focus: 2 });
  });

  it('moves back from an empty box and clears the previous one', () => {
    expect(backspaceInBox(cells('12'), 2)).toEqual({ cells: ['1', '', '', '', '', ''], focus: 1 });
  });

  it('stays on the first box', () => {
    expect(backspaceInBox(emptyCells(), 0)).toEqual({ cells: emptyCells(), focus: 0 });
  });
});

describe('pasteCode', () => {
  it('strips non-digits and keeps at most six', () => {
    expect(pasteCode('Your code: 12-34 56 78').cells).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('fills from the first box and focuses after the last digit', () => {
    expect(pasteCode('42')).toEqual({ cells: ['4', '2', '', '', '', ''], focus: 2 });
  });

  it('always yields six single digits or blanks', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const { cells: out, focus } = pasteCode(text);
        expect(out).toHaveLength(OTP_LENGTH);
        expect(out.join('')).toBe(text.replace(/\D/g, '').slice(0, OTP_LENGTH));
        expect(focus).toBeGreaterThanOrEqual(0);
        expect(focus).toBeLessThan(OTP_LENGTH);
      }),
    );
  });
});

describe('value round trip', () => {
  it('keeps positions of gaps and trims the end', () => {
    expect(valueFromCells(['1', '', '3', '', '', ''])).toBe('1 3');
    expect(cellsFromValue('1 3')).toEqual(['1', '', '3', '', '', '']);
  });

  it('round-trips any cells', () => {
    const cell = fc.constantFrom('', '0', '5', '9');
    fc.assert(
      fc.property(fc.array(cell, { minLength: OTP_LENGTH, maxLength: OTP_LENGTH }), (c) => {
        expect(cellsFromValue(valueFromCells(c))).toEqual(c);
      }),
    );
  });
});
