import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPLY_MARGIN, scrollTargetFor } from './scroll-target';

describe('scrollTargetFor', () => {
  it('goes to the bottom for the person’s own message', () => {
    expect(scrollTargetFor({ scrollTop: 100, maxScrollTop: 900, newestIsReply: false, newestOffset: 950 })).toBe(900);
  });

  it('follows a short reply to its end while its start is still below the top', () => {
    // The reply starts at 800, the bottom is at 500: the whole reply fits, show it all.
    expect(scrollTargetFor({ scrollTop: 300, maxScrollTop: 500, newestIsReply: true, newestOffset: 800 })).toBe(500);
  });

  it('stops at the start of a long reply instead of the end of its code', () => {
    expect(scrollTargetFor({ scrollTop: 300, maxScrollTop: 2400, newestIsReply: true, newestOffset: 800 })).toBe(800 - REPLY_MARGIN);
  });

  it('stays once the reply’s start is at the top, however much more streams in', () => {
    const top = 800 - REPLY_MARGIN;
    for (const maxScrollTop of [900, 1500, 4000]) {
      expect(scrollTargetFor({ scrollTop: top, maxScrollTop, newestIsReply: true, newestOffset: 800 })).toBeNull();
    }
  });

  it('never scrolls up: a person reading further down is left alone', () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), fc.boolean(), fc.nat(6000), (scrollTop, maxScrollTop, newestIsReply, newestOffset) => {
        const target = scrollTargetFor({ scrollTop, maxScrollTop, newestIsReply, newestOffset });
        return target === null || (target > scrollTop && target <= Math.max(0, maxScrollTop));
      }),
    );
  });
});
