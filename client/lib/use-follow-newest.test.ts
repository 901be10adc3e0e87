import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readScroll } from './use-follow-newest';

const at = (top: number, lastTop: number, pageMoving = false) => readScroll({ top, lastTop, maxTop: 1000, slack: 32, pageMoving });

describe('readScroll', () => {
  it('lets go when the person moves up away from the end', () => {
    expect(at(700, 1000)).toBe('let go');
    expect(at(400, 420)).toBe('let go');
  });

  it('follows again once the person is back at the end', () => {
    expect(at(990, 600)).toBe('follow again');
    expect(at(1000, 1000)).toBe('follow again');
  });

  it('is unmoved by a move down short of the end (a glide of its own, or the person reading on)', () => {
    expect(at(600, 400)).toBe('as before');
    expect(at(600, 600)).toBe('as before');
  });

  it('never takes a move the page made while it changed sizes for the person', () => {
    fc.assert(fc.property(fc.nat(2000), fc.nat(2000), (top, lastTop) => at(top, lastTop, true) === 'as before'));
  });
});
