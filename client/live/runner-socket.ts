// The live socket to the runner (/ws): signs in with the stored token, checks every
// frame against the shared schema, and reconnects with backoff. Runs belong to the server, so a
// dropped socket loses nothing: the page re-attaches once the socket is back.
import { serverFrame, type ClientFrame, type ServerFrame } from '../../shared/runner.schema';

export type SocketState = 'connecting' | 'open' | 'closed';

/** The part of the browser's WebSocket this module uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const OPEN = 1;

export interface RunnerSocketOptions {
  url: string;
  /** Read at each (re)connect, so a token stored later is the one sent. */
  token: () => string | null;
  onFrame: (frame: ServerFrame) => void;
  onState: (state: SocketState) => void;
  createSocket?: (url: string) => SocketLike;
  initialDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

/** ws: or wss: to /ws on the page's own host. */
export function runnerSocketUrl(location: { protocol: string; host: string } = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

export class RunnerSocket {
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private closed = false;
  private state: SocketState = 'closed';
  private readonly opts: Required<Omit<RunnerSocketOptions, 'createSocket'>> & Pick<RunnerSocketOptions, 'createSocket'>;

  constructor(options: RunnerSocketOptions) {
    this.opts = { initialDelayMs: 500, maxDelayMs: 15_000, random: Math.random, ...options };
  }

  get connection(): SocketState {
    return this.state;
  }

  /** Connects (again); a no-op while a socket is open or being opened. */
  start(): void {
    this.closed = false;
    if (this.socket) return;
    this.clearTimer();
    const token = this.opts.token();
    if (!token) {
      this.setState('closed');
      return;
    }
    this.setState('connecting');
    let socket: SocketLike;
    try {
      socket = this.opts.createSocket ? this.opts.createSocket(this.opts.url) : (new WebSocket(this.opts.url) as unknown as SocketLike);
    } catch (err) {
      console.warn('Runner connection failed', err);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      socket.send(JSON.stringify({ type: 'auth', token } satisfies ClientFrame));
      this.setState('open');
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      const frame = parseFrame(event.data);
      if (!frame) return;
      // The server accepted us: the next drop starts the backoff from the beginning.
      this.failures = 0;
      this.opts.onFrame(frame);
    };
    socket.onerror = () => {
      // A close event always follows; reconnecting happens there.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed) return;
      this.scheduleReconnect();
    };
  }

  /** Sends a frame on an open socket; false when there is none (the caller says so). */
  send(frame: ClientFrame): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN || this.state !== 'open') return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  /** Skips the wait of a pending reconnect (the tab came back, the network returned). */
  reconnectNow(): void {
    if (this.closed || this.socket) return;
    this.start();
  }

  close(): void {
    this.closed = true;
    this.drop('page closed');
    this.setState('closed');
  }

  private drop(reason: string): void {
    this.clearTimer();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      try {
        socket.close(1000, reason);
      } catch {
        // Closing a socket that never opened can throw in some browsers; it is gone either way.
      }
    }
  }

  private scheduleReconnect(): void {
    this.setState('connecting');
    const ceiling = Math.min(this.opts.maxDelayMs, this.opts.initialDelayMs * 2 ** this.failures);
    this.failures = Math.min(this.failures + 1, 16);
    // Jitter, so many pages dropped by one server restart do not all come back in the same instant.
    const delay = Math.round(ceiling * (0.5 + this.opts.random() / 2));
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.closed) this.start();
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(state: SocketState): void {
    if (state === this.state) return;
    this.state = state;
    this.opts.onState(state);
  }
}

/** A server frame, or null (logged) for anything that does not match the shared schema. */
export function parseFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    console.warn('Runner sent a frame that is not JSON');
    return null;
  }
  const parsed = serverFrame.safeParse(json);
  if (!parsed.success) {
    console.warn('Runner sent a frame of an unknown shape', parsed.error.issues[0]?.message);
    return null;
  }
  return parsed.data;
}
