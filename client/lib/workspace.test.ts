// Which bot is current: the open file's bot first, then ?bot=, then the last one used,
// then the oldest; nothing while it cannot be known yet.
import { describe, expect, it } from 'vitest';
import { resolveBotId } from './workspace';

const bots = [{ id: 'old' }, { id: 'new' }];
const files = [
  { id: 'f1', projectId: 'old' },
  { id: 'f2', projectId: 'new' },
];
const base = { fileId: null, files, asked: null, bots, last: null };

describe('resolveBotId', () => {
  it("takes the open file's bot over ?bot= and the remembered bot", () => {
    expect(resolveBotId({ ...base, fileId: 'f2', asked: 'old', last: 'old' })).toBe('new');
  });

  it('waits for the files when a file is open, then falls back when the file is unknown', () => {
    expect(resolveBotId({ ...base, fileId: 'f2', files: undefined })).toBeUndefined();
    expect(resolveBotId({ ...base, fileId: 'gone', asked: 'new' })).toBe('new');
  });

  it('takes ?bot= (trusted while the bots load), ignoring one that is not in the list', () => {
    expect(resolveBotId({ ...base, asked: 'new' })).toBe('new');
    expect(resolveBotId({ ...base, asked: 'new', bots: undefined })).toBe('new');
    expect(resolveBotId({ ...base, asked: 'deleted', last: 'new' })).toBe('new');
  });

  it('opens the remembered bot when it still exists, else the oldest', () => {
    expect(resolveBotId({ ...base, last: 'new' })).toBe('new');
    expect(resolveBotId({ ...base, last: 'deleted' })).toBe('old');
    expect(resolveBotId(base)).toBe('old');
  });

  it('knows no bot while the bots load, or when there is none (the first chat makes one)', () => {
    expect(resolveBotId({ ...base, bots: undefined, last: 'old' })).toBeUndefined();
    expect(resolveBotId({ ...base, bots: [] })).toBeUndefined();
  });
});
