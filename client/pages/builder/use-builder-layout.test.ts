import { describe, expect, it } from 'vitest';
import { CHAT_SHARE, FILE_LIST_WIDTH, parseLayout } from './use-builder-layout';

describe('the stored builder layout', () => {
  it('is taken as stored when within bounds', () => {
    expect(parseLayout({ fileListWidth: 400, chatShare: 60 })).toEqual({ fileListWidth: 400, chatShare: 60 });
  });

  it('is brought back within bounds (a screen or a release changed them)', () => {
    expect(parseLayout({ fileListWidth: 5000, chatShare: 1 })).toEqual({ fileListWidth: FILE_LIST_WIDTH.max, chatShare: CHAT_SHARE.min });
  });

  it('is ignored when it is not a layout', () => {
    for (const raw of [null, 'wide', 42, [], {}, { fileListWidth: '300', chatShare: 50 }, { fileListWidth: 300, chatShare: Number.NaN }]) {
      expect(parseLayout(raw)).toBeUndefined();
    }
  });
});
