import { describe, expect, it } from 'vitest';
import { groupByRun } from './use-log-history';

const line = (runId: string, at: number) => ({ at, level: 'output' as const, text: `line ${at}`, runId });

describe('groupByRun', () => {
  it('groups consecutive lines of a run, newest first', () => {
    const groups = groupByRun([line('b', 4), line('b', 3), line('a', 2), line('a', 1)]);
    expect(groups.map((g) => g.runId)).toEqual(['b', 'a']);
    expect(groups[1].lines.map((l) => l.at)).toEqual([2, 1]);
  });

  it('has no groups without lines', () => {
    expect(groupByRun([])).toEqual([]);
  });
});
