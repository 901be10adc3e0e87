// The runner page's view of the server's runs: the socket's
// state, every run the server reports, and the console lines of the selected file. Selecting a
// file with a run on the server attaches to it, which replays its recent lines, so a reload or a
// return to the page picks up where it was. The server writes the run's own notes into its log
// ('Starting execution', 'Stopping execution...', how it ended), so replays show them too and the
// page adds none of its own.
import { useCallback, useEffect, useReducer, useRef, type Dispatch, type RefObject } from 'react';
import type { TestChatUpdateFrame } from '../../shared/test-chat.schema';
import { initialRunnerState, runnerReducer, type RunnerAction, type RunnerState } from './run-state';
import type { LogLevel, RunLimits } from './runner-logs';
import type { RunnerSocket } from './runner-socket';
import { useLiveSocket } from './use-live-socket';

export type { RunExit, RunInfo } from './run-state';

export interface StartRequest {
  fileId: string;
  filename: string;
  envVars?: Record<string, string>;
  /** 'test': a Telegram bot talks to the test chat instead of Telegram. */
  mode?: 'live' | 'test';
}

export interface ConsoleNote {
  level: LogLevel;
  text: string;
}

export type TestChatListener = (frame: TestChatUpdateFrame) => void;

/** The page's one socket to the server's runs, open while the page is: frames to the reducer, test chat frames to their listeners. */
function useRunSocket(dispatch: Dispatch<RunnerAction>, limits: RunLimits | undefined) {
  const limitsRef = useRef(limits);
  limitsRef.current = limits;
  // The test chat pane follows its frames itself: they never touch the console's state.
  const chatListeners = useRef(new Set<TestChatListener>());
  const socketRef = useLiveSocket(
    (frame) => {
      if (frame.type === 'test_chat_update') for (const listener of chatListeners.current) listener(frame);
      else dispatch({ type: 'frame', frame, limits: limitsRef.current });
    },
    (connection) => dispatch({ type: 'connection', state: connection }),
  );
  return { socketRef, chatListeners };
}

/**
 * The console follows the selected file: the run it follows is named by its start, so a new run of
 * the file (a deploy, the supervisor's restart after a crash, pushed as a 'run' frame) is attached
 * to as soon as the server says it started.
 */
function useFollowSelected(state: RunnerState, dispatch: Dispatch<RunnerAction>, socketRef: RefObject<RunnerSocket | null>, selectedId: string | null) {
  const attachedRef = useRef<{ fileId: string; startedAt: string | null } | null>(null);
  useEffect(() => {
    attachedRef.current = null;
    dispatch({ type: 'view', fileId: selectedId });
  }, [selectedId]);

  // Each new connection attaches afresh: the server replays what we missed while away.
  useEffect(() => {
    if (!state.ready) attachedRef.current = null;
  }, [state.ready]);

  const selectedRun = selectedId ? state.runs[selectedId] : undefined;
  const viewingSelected = state.viewing === selectedId;
  const selectedStart = selectedRun?.startedAt ?? null;
  const followedHere = selectedRun?.followed === true;
  useEffect(() => {
    if (!state.ready || !selectedId || !selectedRun || !viewingSelected) return;
    const attached = attachedRef.current;
    if (attached?.fileId === selectedId && attached.startedAt === selectedStart) return;
    attachedRef.current = { fileId: selectedId, startedAt: selectedStart };
    // A run this page started is followed already; confirming it only names its start.
    if (followedHere || selectedRun.status === 'starting') return;
    // A new run of the file already shown (a restart after a crash) continues under the old lines,
    // which tell why it ended; the replay brings only the new run's own.
    if (attached?.fileId !== selectedId) dispatch({ type: 'attach' });
    socketRef.current?.send({ type: 'attach', fileId: selectedId });
  }, [state.ready, selectedId, selectedRun, selectedStart, followedHere, viewingSelected]);
  return { selectedRun, viewingSelected };
}

export function useRunner(selectedId: string | null, limits?: RunLimits) {
  const [state, dispatch] = useReducer(runnerReducer, initialRunnerState);
  const { socketRef, chatListeners } = useRunSocket(dispatch, limits);
  const { selectedRun, viewingSelected } = useFollowSelected(state, dispatch, socketRef, selectedId);

  /** False when the runner is not reachable right now (the caller tells the person). */
  const start = useCallback(
    (request: StartRequest): boolean => {
      const socket = socketRef.current;
      if (!socket || !state.ready) return false;
      const sent = socket.send({
        type: 'execute-file',
        fileId: request.fileId,
        filename: request.filename,
        // No content: the server runs the saved file (a large file would not fit in a frame).
        envVars: request.envVars ?? {},
        ...(request.mode ? { mode: request.mode } : {}),
      });
      if (!sent) return false;
      // This socket follows the run it started; no attach (and no replay) needed.
      dispatch({ type: 'started', fileId: request.fileId, mode: request.mode ?? 'live' });
      return true;
    },
    [state.ready],
  );

  const stop = useCallback((fileId: string): boolean => {
    const sent = socketRef.current?.send({ type: 'stop-execution', fileId }) ?? false;
    if (sent) dispatch({ type: 'stopping', fileId });
    return sent;
  }, []);

  const clear = useCallback(() => dispatch({ type: 'clear' }), []);

  /** Writes the page's own lines about a file into its console (the installer's output). */
  const note = useCallback((fileId: string, lines: ConsoleNote[]) => {
    if (lines.length > 0) dispatch({ type: 'note', fileId, lines, at: Date.now() });
  }, []);

  /** Test chat frames for the listener until the returned function is called. */
  const subscribeTestChat = useCallback((listener: TestChatListener) => {
    chatListeners.current.add(listener);
    return () => {
      chatListeners.current.delete(listener);
    };
  }, []);

  return {
    connection: state.connection,
    ready: state.ready,
    runs: state.runs,
    run: selectedRun,
    lines: viewingSelected ? state.lines : [],
    start,
    stop,
    clear,
    note,
    subscribeTestChat,
  };
}
