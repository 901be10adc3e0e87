// The bot's kept log, page by page (logs.page, newest first): the first page when the drawer opens,
// 'Load earlier' follows `next`. Lines are grouped by run in the order they arrive.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RunLogLine } from '../../../shared/run-logs.schema';
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

  const load = useCallback(
    async (before: string | null) => {
      if (!projectId) return;
      const id = ++request.current;
      setLoading(true);
      setError(null);
      try {
        const page = await utils.client.logs.page.query({ projectId, before, limit: PAGE });
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
    [projectId, utils],
  );

  // Each opening reads the newest kept lines again.
  useEffect(() => {
    if (!opened) return;
    setLines([]);
    setNext(null);
    setLoaded(false);
    void load(null);
  }, [opened, load]);

  return { groups: groupByRun(lines), next, loading, loaded, error, loadEarlier: () => void load(next), retry: () => void load(null) };
}
