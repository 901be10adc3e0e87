import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { valueAfterDrag, valueAfterKey } from './resize';

const bounds = { min: 200, max: 480, step: 16 };

describe('resize handle arithmetic', () => {
  it('arrows move a step, Page keys four, Home and End go to the bounds; other keys are not used', () => {
    expect(valueAfterKey('ArrowRight', 320, bounds)).toBe(336);
    expect(valueAfterKey('ArrowLeft', 320, bounds)).toBe(304);
    expect(valueAfterKey('ArrowUp', 320, bounds)).toBe(336);
    expect(valueAfterKey('ArrowDown', 320, bounds)).toBe(304);
    expect(valueAfterKey('PageUp', 320, bounds)).toBe(384);
    expect(valueAfterKey('PageDown', 320, bounds)).toBe(256);
    expect(valueAfterKey('Home', 320, bounds)).toBe(200);
    expect(valueAfterKey('End', 320, bounds)).toBe(480);
    expect(valueAfterKey('Enter', 320, bounds)).toBeNull();
    expect(valueAfterKey('a', 320, bounds)).toBeNull();
  });

  it("a drag follows the pointer in the value's units", () => {
    expect(valueAfterDrag(320, 40, 1, bounds)).toBe(360);
    expect(valueAfterDrag(50, 100, 10, { min: 25, max: 75, step: 2 })).toBe(60);
    expect(valueAfterDrag(50, -1000, 10, { min: 25, max: 75, step: 2 })).toBe(25);
  });

  it('never leaves the bounds, whatever the key or the drag', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2000, max: 2000 }), fc.integer({ min: 200, max: 480 }), fc.double({ min: 0.01, max: 50, noNaN: true }), (dx, start, ppu) => {
        const v = valueAfterDrag(start, dx, ppu, bounds);
        return v >= bounds.min && v <= bounds.max && Number.isInteger(v);
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom('ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End'), fc.integer({ min: 200, max: 480 }), (key, start) => {
        const v = valueAfterKey(key, start, bounds)!;
        return v >= bounds.min && v <= bounds.max;
      }),
    );
  });
});
