// The runs live now, counted by mode and status for GET /metrics. Every live run has a row of
// `runs` with no end yet (run-records.ts); the in-memory Runs says what each one is doing.
import type { Deps } from '../../deps';
import type { RunMode } from '../runner/runs/runs';

/** 'running': its process is up. 'starting_or_stopping': its sandbox is being set up, or it is being stopped. */
export type LiveRunStatus = 'running' | 'starting_or_stopping';
export type LiveRunCount = { mode: RunMode; status: LiveRunStatus; runs: number };

export const RUN_MODES: RunMode[] = ['live', 'test'];
export const LIVE_RUN_STATUSES: LiveRunStatus[] = ['running', 'starting_or_stopping'];

export async function countLiveRuns(deps: Pick<Deps, 'runs' | 'runRecords'>): Promise<LiveRunCount[]> {
  const counts = new Map<string, number>();
  const tally = () => RUN_MODES.flatMap((mode) => LIVE_RUN_STATUSES.map((status) => ({ mode, status, runs: counts.get(`${mode}|${status}`) ?? 0 })));
  // Built with runnerInBackground, the server answers before the runner (and so any run) exists.
  if (!deps.runs || !deps.runRecords) return tally();
  // Rows are written off the run's own path: wait for those asked for so far.
  await deps.runRecords.flush();
  const fileIds = await deps.runRecords.liveFileIds();
  const seen = new Set<string>();
  for (const fileId of fileIds) {
    if (seen.has(fileId)) continue;
    seen.add(fileId);
    const live = deps.runs.live(fileId);
    const state = live && deps.runs.state(live.userId, fileId);
    if (!live || !state?.live) continue;
    const key = `${state.mode}|${live.running ? 'running' : 'starting_or_stopping'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return tally();
}
