// The bot's kept log, page by page: the server answers newest first (logs.page), the first page when
// the drawer opens and 'Load earlier' follows `next`. The drawer reads it in time order, like a
// terminal: each page goes above the lines already shown, turned oldest first, and the whole history
// is grouped by run, so a run whose start comes with an earlier page stays one group, its lines in
// order. The bot's kept runs (logs.runs: file, start, how it ended) are read at each opening too, for
// the run headers.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeptRun, RunLogLine } from '../../../shared/run-logs.schema';
import { errorMessage } from '../../lib/http-error';
import { trpc } from '../../lib/trpc';

const PAGE = 200;

export interface RunGroup {
  runId: string;
  /** Stays the same while earlier pages come in above the group (it counts from the newest group). */
  key: string;
  /** Oldest first. */
  lines: RunLogLine[];
}

/** A page (newest first, as the server answers) put above the lines shown (oldest first). */
export function withEarlierPage(shown: readonly RunLogLine[], page: readonly RunLogLine[]): RunLogLine[] {
  return [...page.toReversed(), ...shown];
}

/** Lines oldest first, grouped: consecutive lines of one run form a group, oldest run first. */
export function groupByRun(lines: readonly RunLogLine[]): RunGroup[] {
  const groups: Omit<RunGroup, 'key'>[] = [];
  for (const line of lines) {
    const last = groups[groups.length - 1];
    if (last && last.runId === line.runId) last.lines.push(line);
    else groups.push({ runId: line.runId, lines: [line] });
  }
  return groups.map((group, i) => ({ ...group, key: `${group.runId}-${groups.length - i}` }));
}

export function useLogHistory(projectId: string | null, opened: boolean) {
  const utils = trpc.useUtils();
  /** Oldest first: the earliest page loaded at the start. */
  const [lines, setLines] = useState<RunLogLine[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const request = useRef(0);
  const [runs, setRuns] = useState<ReadonlyMap<string, KeptRun>>(() => new Map());
  const runsRequest = useRef(0);

  // The run records are a nicety: without them (an error, an old run) a header says what its lines show.
  const loadRuns = useCallback(async () => {
    if (!projectId) return;
    const id = ++runsRequest.current;
    try {
      const answer = await utils.client.logs.runs.query({ projectId });
      if (id === runsRequest.current) setRuns(new Map(answer.runs.map((run) => [run.runId, run])));
    } catch {
      if (id === runsRequest.current) setRuns(new Map());
    }
  }, [projectId, utils]);

  const load = useCallback(
    async (before: string | null) => {
      if (!projectId) return;
      const id = ++request.current;
      setLoading(true);
      setError(null);
      try {
        // The newest page waits for the runs too, so its headers do not change under the reader.
        const [page] = await Promise.all([utils.client.logs.page.query({ projectId, before, limit: PAGE }), before ? undefined : loadRuns()]);
        if (id !== request.current) return;
        setLines((shown) => withEarlierPage(before ? shown : [], page.lines));
        setNext(page.next);
        setLoaded(true);
      } catch (err) {
        if (id === request.current) setError(errorMessage(err, 'Could not load earlier output.'));
      } finally {
        if (id === request.current) setLoading(false);
      }
    },
    [projectId, utils, loadRuns],
  );

  // Each opening reads the newest kept lines (and the runs) again.
  useEffect(() => {
    if (!opened) return;
    setLines([]);
    setNext(null);
    setLoaded(false);
    setRuns(new Map());
    void load(null);
  }, [opened, load]);

  const groups = useMemo(() => groupByRun(lines), [lines]);
  return { groups, runs, next, loading, loaded, error, loadEarlier: () => void load(next), retry: () => void load(null) };
}
