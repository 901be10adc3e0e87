import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedSpans, diffReplies } from './reply-diff';

describe('diffReplies', () => {
  it('shows equal replies as unchanged lines', () => {
    expect(diffReplies(['Hi', 'a\nb'], ['Hi', 'a\nb'])).toEqual([
      { kind: 'same', text: 'Hi', expectedReply: 1, actualReply: 1 },
      { kind: 'same', text: 'a', expectedReply: 2, actualReply: 2 },
      { kind: 'same', text: 'b', expectedReply: 2, actualReply: 2 },
    ]);
  });

  it('pairs a changed line with its new version and marks the part that differs', () => {
    expect(diffReplies(['Welcome!\nPrice: 10 USD'], ['Welcome!\nPrice: 12 USD'])).toEqual([
      { kind: 'same', text: 'Welcome!', expectedReply: 1, actualReply: 1 },
      { kind: 'expected', text: 'Price: 10 USD', expectedReply: 1, changed: [8, 9] },
      { kind: 'actual', text: 'Price: 12 USD', actualReply: 1, changed: [8, 9] },
    ]);
  });

  it('shows missing and extra replies', () => {
    expect(diffReplies(['a', 'b'], ['a'])).toEqual([
      { kind: 'same', text: 'a', expectedReply: 1, actualReply: 1 },
      { kind: 'expected', text: 'b', expectedReply: 2 },
    ]);
    expect(diffReplies([], ['new'])).toEqual([{ kind: 'actual', text: 'new', actualReply: 1 }]);
  });

  it('keeps every line of both sides, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c\nd', '')), fc.array(fc.constantFrom('a', 'b', 'c\nd', 'e')), (expected, actual) => {
        const rows = diffReplies(expected, actual);
        const side = (kind: 'expected' | 'actual') => rows.filter((r) => r.kind === 'same' || r.kind === kind).map((r) => r.text);
        expect(side('expected')).toEqual(expected.flatMap((r) => r.split('\n')));
        expect(side('actual')).toEqual(actual.flatMap((r) => r.split('\n')));
      }),
    );
  });
});

describe('changedSpans', () => {
  it('finds the differing middle', () => {
    expect(changedSpans('abcXdef', 'abcYYdef')).toEqual({ expected: [3, 4], actual: [3, 5] });
    expect(changedSpans('same', 'same')).toEqual({ expected: [4, 4], actual: [4, 4] });
    expect(changedSpans('aa', 'aaa')).toEqual({ expected: [2, 2], actual: [2, 3] });
  });
});
