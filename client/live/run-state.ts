// The runner page's state as a pure reducer over the socket's frames and the page's requests:
// the runs the server reports (with a Start not yet confirmed as 'starting') and the console lines
// of the file being viewed. Kept apart from React so it is unit-tested.
import type { RunSummary, ServerFrame } from '../../shared/runner.schema';
import { appendBounded, exitSummary, linesOfFrame, logLine, type LogLevel, type LogLine, type RunLimits } from './runner-logs';
import type { SocketState } from './runner-socket';

type RunStatus = RunSummary['status'];

export interface RunExit {
  level: LogLevel;
  text: string;
  at: number;
}

export interface RunInfo {
  /** 'starting': Start was sent and the server has not confirmed the run yet. */
  status: RunStatus | 'starting';
  startedAt: string | null;
  /** 'test': the bot talks to the test chat, not to Telegram. */
  mode?: 'live' | 'test';
  exit?: RunExit;
  /** While starting: what was known before, put back if the server refuses the run. */
  previous?: RunInfo | null;
  /** This page started the run: its socket follows it already (no attach needed). */
  followed?: boolean;
}

export interface RunnerState {
  connection: SocketState;
  /** The server has answered our sign-in with its list of runs: requests can go. */
  ready: boolean;
  runs: Record<string, RunInfo>;
  /** The file whose lines the console shows. */
  viewing: string | null;
  lines: LogLine[];
}

export type RunnerAction =
  | { type: 'connection'; state: SocketState }
  | { type: 'frame'; frame: ServerFrame; limits?: RunLimits }
  | { type: 'view'; fileId: string | null }
  | { type: 'attach' }
  | { type: 'started'; fileId: string; mode?: 'live' | 'test' }
  | { type: 'stopping'; fileId: string }
  /** Lines the page writes itself about a file (the installer's output): shown while it is viewed. */
  | { type: 'note'; fileId: string; lines: Array<{ level: LogLevel; text: string }>; at: number }
  | { type: 'clear' };

/**
 * A run of the person's started or ended, whoever did it (the server pushes each one). Our own Start
 * is confirmed by it; a start elsewhere (a deploy, the supervisor's restart) is a new run to follow.
 * Undefined: nothing changes.
 */
function runChange(known: RunInfo | undefined, run: RunSummary): RunInfo | undefined {
  const mode = run.mode ? { mode: run.mode } : {};
  if (known?.status === 'starting') {
    // While our Start is unconfirmed, an end is the previous run's (Start restarts a live file).
    return run.status === 'exited' ? undefined : { status: run.status, startedAt: run.startedAt, ...mode, followed: true };
  }
  if (run.status === 'exited') {
    // The end of a run we no longer show (a newer one took its place), or one we saw end already.
    if (!known || known.startedAt !== run.startedAt || known.status === 'exited') return undefined;
    return { ...known, status: 'exited' };
  }
  if (known?.startedAt === run.startedAt) return known.status === run.status ? undefined : { ...known, status: run.status };
  return { status: run.status, startedAt: run.startedAt, ...mode };
}

function reduceFrame(state: RunnerState, frame: ServerFrame, limits?: RunLimits): RunnerState {
  switch (frame.type) {
    case 'runs': {
      const runs: Record<string, RunInfo> = {};
      // What we saw end stays known (its closing line explains the badge); a run we thought live
      // that the server no longer lists ended while we were away.
      for (const [id, run] of Object.entries(state.runs)) {
        runs[id] = run.status === 'exited' ? run : { ...run, status: 'exited' };
      }
      for (const run of frame.runs) {
        const known = state.runs[run.fileId];
        runs[run.fileId] = {
          status: run.status,
          startedAt: run.startedAt,
          ...(run.mode ? { mode: run.mode } : {}),
          exit: run.status === 'exited' ? known?.exit : undefined,
        };
      }
      return { ...state, ready: true, runs };
    }
    case 'run':
    {
      const next = runChange(state.runs[frame.run.fileId], frame.run);
      return next ? { ...state, runs: { ...state.runs, [frame.run.fileId]: next } } : state;
    }
    case 'execution_exit': {
      const known = state.runs[frame.fileId];
      // While our Start is unconfirmed, an exit is the previous run's (Start restarts a live file).
      if (known?.status === 'starting') return state;
      const summary = exitSummary(frame, limits);
      const exit: RunExit = { ...summary, at: frame.at };
      // The exit's sentence is already in the log (the server writes it there): no line here.
      return {
        ...state,
        runs: { ...state.runs, [frame.fileId]: { startedAt: known?.startedAt ?? null, status: 'exited', ...(known?.mode ? { mode: known.mode } : {}), exit } },
      };
    }
    // The test chat pane follows these itself.
    case 'test_chat_update':
      return state;
    default: {
      let runs = state.runs;
      const known = frame.fileId !== undefined ? runs[frame.fileId] : undefined;
      if (frame.fileId !== undefined && known?.status === 'starting') {
        // A started run's first line is the server's 'Starting execution' note; an error first
        // means the server refused to start it (too many runs, file gone): nothing runs.
        if (frame.type === 'execution_error') {
          const { [frame.fileId]: _refused, ...rest } = runs;
          runs = known.previous ? { ...rest, [frame.fileId]: known.previous } : rest;
        } else {
          runs = { ...runs, [frame.fileId]: { status: 'running', startedAt: known.startedAt, ...(known.mode ? { mode: known.mode } : {}) } };
        }
      }
      // Lines of another file's run (one started here before switching files) are not shown;
      // lines without a file answer this page's own last request.
      if (frame.fileId !== undefined && frame.fileId !== state.viewing) return runs === state.runs ? state : { ...state, runs };
      return { ...state, runs, lines: appendBounded(state.lines, linesOfFrame(frame)) };
    }
  }
}

export function runnerReducer(state: RunnerState, action: RunnerAction): RunnerState {
  switch (action.type) {
    case 'connection':
      return { ...state, connection: action.state, ready: action.state === 'open' ? state.ready : false };
    case 'frame':
      return reduceFrame(state, action.frame, action.limits);
    case 'view':
      return action.fileId === state.viewing ? state : { ...state, viewing: action.fileId, lines: [] };
    case 'attach':
      return { ...state, lines: [] };
    case 'started': {
      const previous = state.runs[action.fileId] ?? null;
      return {
        ...state,
        runs: {
          ...state.runs,
          [action.fileId]: { status: 'starting', startedAt: new Date().toISOString(), ...(action.mode ? { mode: action.mode } : {}), previous },
        },
        lines: [],
      };
    }
    case 'stopping': {
      const run = state.runs[action.fileId];
      if (!run || (run.status !== 'running' && run.status !== 'starting')) return state;
      return { ...state, runs: { ...state.runs, [action.fileId]: { ...run, status: 'stopping' } } };
    }
    case 'note':
      if (action.fileId !== state.viewing) return state;
      return { ...state, lines: appendBounded(state.lines, action.lines.map((l) => logLine(l.level, l.text, action.at))) };
    case 'clear':
      return { ...state, lines: [] };
  }
}

export const initialRunnerState: RunnerState = { connection: 'connecting', ready: false, runs: {}, viewing: null, lines: [] };

