import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactCount, uptimeText } from './landing-figures';

describe('compactCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1_000, '1K'],
    [1_234, '1.2K'],
    [1_999, '1.9K'],
    [9_999, '9.9K'],
    [10_000, '10K'],
    [12_345, '12K'],
    [999_999, '999K'],
    [1_000_000, '1M'],
    [3_456_789, '3.4M'],
    [4_300_000, '4.3M'],
    [250_000_000, '250M'],
    [1_500_000_000, '1.5B'],
  ])('%d -> %s', (n, text) => {
    expect(compactCount(n)).toBe(text);
  });

  it('never claims more than there is, and stays short', () => {
    const factor = { K: 1e3, M: 1e6, B: 1e9 } as const;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (n) => {
        const text = compactCount(n);
        const m = /^(\d+(?:\.\d)?)([KMB]?)$/.exec(text);
        expect(m, text).not.toBeNull();
        const value = Number(m![1]) * (m![2] ? factor[m![2] as keyof typeof factor] : 1);
        expect(value).toBeLessThanOrEqual(n);
        expect(text.length).toBeLessThanOrEqual(6);
      }),
    );
  });

  it('reads nonsense as 0', () => {
    expect(compactCount(-5)).toBe('0');
    expect(compactCount(Number.NaN)).toBe('0');
  });
});

describe('uptimeText', () => {
  it.each([
    [0, 'Just started'],
    [59, 'Just started'],
    [60, '1 minute'],
    [42 * 60 + 59, '42 minutes'],
    [3600, '1 hour'],
    [5 * 3600 + 3599, '5 hours'],
    [86_400, '1 day'],
    [3 * 86_400 + 100, '3 days'],
    [400 * 86_400, '400 days'],
    [-10, 'Just started'],
  ])('%d s -> %s', (s, text) => {
    expect(uptimeText(s)).toBe(text);
  });
});
