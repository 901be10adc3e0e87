import { describe, expect, it } from 'vitest';
import { fileOnArrival } from './arrival';
import type { RunInfo } from '../../live/run-state';

const files = [
  { id: 'a', projectId: 'p1' },
  { id: 'b', projectId: 'p1' },
  { id: 'c', projectId: 'p1' },
  { id: 'x', projectId: 'p2' },
];
const running = (startedAt: string): RunInfo => ({ status: 'running', startedAt });
const exited: RunInfo = { status: 'exited', startedAt: '2026-01-01T10:00:00Z' };
const pick = (over: Partial<Parameters<typeof fileOnArrival>[0]>) =>
  fileOnArrival({ files, runs: {}, lastFileId: null, currentBot: 'p1', askedBot: null, ...over });

describe('fileOnArrival', () => {
  it('opens the running file', () => {
    expect(pick({ runs: { b: running('2026-01-01T10:00:00Z'), a: exited } })).toBe('b');
  });

  it('of several running files, the last selected one, else the one started most recently', () => {
    const runs = { a: running('2026-01-01T10:00:00Z'), b: running('2026-01-01T10:05:00Z'), c: { status: 'stopping', startedAt: '2026-01-01T09:00:00Z' } as RunInfo };
    expect(pick({ runs })).toBe('b');
    expect(pick({ runs, lastFileId: 'a' })).toBe('a');
    expect(pick({ runs, lastFileId: 'c' })).toBe('c');
    // The last selected one no longer runs: the newest running one.
    expect(pick({ runs: { ...runs, a: exited }, lastFileId: 'a' })).toBe('b');
  });

  it('a running file of another bot is opened too, unless the address asks for a bot', () => {
    const runs = { x: running('2026-01-01T10:00:00Z') };
    expect(pick({ runs })).toBe('x');
    expect(pick({ runs, askedBot: 'p1', lastFileId: 'a' })).toBe('a');
    expect(pick({ runs, askedBot: 'p1' })).toBeNull();
  });

  it('with nothing running, the last selected file if it is one of the current bot', () => {
    expect(pick({ lastFileId: 'c' })).toBe('c');
    expect(pick({ lastFileId: 'x' })).toBeNull();
    expect(pick({ lastFileId: 'gone' })).toBeNull();
    expect(pick({})).toBeNull();
  });
});
