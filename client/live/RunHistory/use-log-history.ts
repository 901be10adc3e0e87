// The bot's kept log, page by page (logs.page, newest first): the first page when the drawer opens,
// 'Load earlier' follows `next`. Lines are grouped by run in the order they arrive. The bot's kept runs
// (logs.runs: file, start, how it ended) are read at each opening too, for the run headers.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeptRun, RunLogLine } from '../../../shared/run-logs.schema';
import { errorMessage } from '../../lib/http-error';
import { trpc } from '../../lib/trpc';

const PAGE = 200;

export interface RunGroup {
  runId: string;
  /** Newest first, like the page. */
  lines: RunLogLine[];
}

/** Consecutive lines of one run form a group; the run's first line is its last (oldest) one. */
export function groupByRun(lines: RunLogLine[]): RunGroup[] {
  const groups: RunGroup[] = [];
  for (const line of lines) {
    const last = groups[groups.length - 1];
    if (last && last.runId === line.runId) last.lines.push(line);
    else groups.push({ runId: line.runId, lines: [line] });
  }
  return groups;
}

export function useLogHistory(projectId: string | null, opened: boolean) {
  const utils = trpc.useUtils();
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
        setLines((prev) => (before ? [...prev, ...page.lines] : page.lines));
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

  return { groups: groupByRun(lines), runs, next, loading, loaded, error, loadEarlier: () => void load(next), retry: () => void load(null) };
}
