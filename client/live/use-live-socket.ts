// The page's socket to the server's runs (/ws), open while the component that asks for it is
// mounted: every frame to `onFrame`, the connection's state to `onState`. It signs in with the
// stored token, reconnects with backoff, and at once when the laptop wakes or the network returns.
import { useEffect, useRef, type RefObject } from 'react';
import type { ServerFrame } from '../../shared/runner.schema';
import { RunnerSocket, runnerSocketUrl, type SocketState } from './runner-socket';
import { readStoredToken } from '../lib/session';

export function useLiveSocket(onFrame: (frame: ServerFrame) => void, onState?: (state: SocketState) => void): RefObject<RunnerSocket | null> {
  const socketRef = useRef<RunnerSocket | null>(null);
  // The latest handlers are called; a new handler never reopens the socket.
  const handlers = useRef({ onFrame, onState });
  handlers.current = { onFrame, onState };

  useEffect(() => {
    const socket = new RunnerSocket({
      url: runnerSocketUrl(),
      token: readStoredToken,
      onFrame: (frame) => handlers.current.onFrame(frame),
      onState: (state) => handlers.current.onState?.(state),
    });
    socketRef.current = socket;
    socket.start();
    const wake = () => {
      if (document.visibilityState === 'visible') socket.reconnectNow();
    };
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', wake);
    return () => {
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
      socket.close();
      socketRef.current = null;
    };
  }, []);
  return socketRef;
}

/**
 * Calls `onChange` whenever one of the person's runs starts or ends (whoever caused it: a page, a
 * deploy, the supervisor's restart) and each time the socket (re)connects, since changes made while
 * it was away were not heard. A list of bots refreshes on it instead of polling.
 */
export function useRunChanges(onChange: () => void): void {
  useLiveSocket((frame) => {
    if (frame.type === 'run' || frame.type === 'runs') onChange();
  });
}
