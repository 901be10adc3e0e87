// The runs live now, counted by mode and status for GET /metrics. Every live run has a row of
// `runs` with no end yet (run-records.ts); the in-memory Runs says what each one is doing.
import type { RunnerDeps } from '../../deps';
import type { RunMode } from '../runner/runs/runs';

/** 'running': its process is up. 'starting_or_stopping': its sandbox is being set up, or it is being stopped. */
export type LiveRunStatus = 'running' | 'starting_or_stopping';
export type LiveRunCount = { mode: RunMode; status: LiveRunStatus; runs: number };

export const RUN_MODES: RunMode[] = ['live', 'test'];
export const LIVE_RUN_STATUSES: LiveRunStatus[] = ['running', 'starting_or_stopping'];

/** `runner`: the runner's parts, null while they are being set up (runnerPartsOf). */
export async function countLiveRuns(runner: Pick<RunnerDeps, 'runs' | 'runRecords'> | null): Promise<LiveRunCount[]> {
  const counts = new Map<string, number>();
  const tally = () => RUN_MODES.flatMap((mode) => LIVE_RUN_STATUSES.map((status) => ({ mode, status, runs: counts.get(`${mode}|${status}`) ?? 0 })));
  // Built with runnerInBackground, the server answers before the runner (and so any run) exists.
  if (!runner) return tally();
  // Rows are written off the run's own path: wait for those asked for so far.
  await runner.runRecords.flush();
  const fileIds = await runner.runRecords.liveFileIds();
  const seen = new Set<string>();
  for (const fileId of fileIds) {
    if (seen.has(fileId)) continue;
    seen.add(fileId);
    const live = runner.runs.live(fileId);
    const state = live && runner.runs.state(live.userId, fileId);
    if (!live || !state?.live) continue;
    const key = `${state.mode}|${live.running ? 'running' : 'starting_or_stopping'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return tally();
}
