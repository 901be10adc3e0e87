import { describe, expect, it } from 'vitest';
import type { RunLogLine } from '../../../shared/run-logs.schema';
import { groupByRun, withEarlierPage } from './use-log-history';

const line = (runId: string, at: number): RunLogLine => ({ at, level: 'output', text: `line ${at}`, runId });
/** A page as the server answers it: newest first. */
const page = (...lines: RunLogLine[]) => lines.toSorted((a, b) => b.at - a.at);
const shape = (lines: RunLogLine[]) => groupByRun(lines).map((g) => [g.runId, g.lines.map((l) => l.at)]);

describe('withEarlierPage', () => {
  it('turns the first page oldest first', () => {
    expect(withEarlierPage([], page(line('b', 4), line('b', 3), line('a', 2))).map((l) => l.at)).toEqual([2, 3, 4]);
  });

  it('puts an earlier page above the lines shown, the whole history in time order', () => {
    const shown = withEarlierPage([], page(line('b', 5), line('b', 6)));
    expect(withEarlierPage(shown, page(line('a', 1), line('a', 2), line('b', 3), line('b', 4))).map((l) => l.at)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('groupByRun', () => {
  it('groups consecutive lines of a run: oldest run first, its lines oldest first', () => {
    expect(shape([line('a', 1), line('a', 2), line('b', 3), line('b', 4)])).toEqual([
      ['a', [1, 2]],
      ['b', [3, 4]],
    ]);
  });

  it('keeps a run one group when an earlier page brings its first lines', () => {
    const newest = withEarlierPage([], page(line('b', 4), line('b', 5), line('c', 6)));
    expect(shape(newest)).toEqual([
      ['b', [4, 5]],
      ['c', [6]],
    ]);
    const all = withEarlierPage(newest, page(line('a', 1), line('b', 2), line('b', 3)));
    expect(shape(all)).toEqual([
      ['a', [1]],
      ['b', [2, 3, 4, 5]],
      ['c', [6]],
    ]);
  });

  it('gives a group the same key while earlier pages come in above it', () => {
    const newest = withEarlierPage([], page(line('b', 3), line('c', 4)));
    const before = groupByRun(newest).map((g) => g.key);
    const after = groupByRun(withEarlierPage(newest, page(line('a', 1), line('b', 2)))).map((g) => g.key);
    expect(after.slice(-2)).toEqual(before);
    expect(new Set(after).size).toBe(after.length);
  });

  it('makes a group of each stretch of a run that another run interrupts', () => {
    expect(shape([line('a', 1), line('t', 2), line('a', 3)])).toEqual([
      ['a', [1]],
      ['t', [2]],
      ['a', [3]],
    ]);
    const keys = groupByRun([line('a', 1), line('t', 2), line('a', 3)]).map((g) => g.key);
    expect(new Set(keys).size).toBe(3);
  });

  it('has no groups without lines', () => {
    expect(groupByRun([])).toEqual([]);
  });
});
