import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerFrame } from '../../shared/runner.schema';
import { parseFrame, RunnerSocket, runnerSocketUrl, type SocketLike, type SocketState } from './runner-socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

function setup(token: string | null = 'tok') {
  const sockets: FakeSocket[] = [];
  const frames: ServerFrame[] = [];
  const states: SocketState[] = [];
  const socket = new RunnerSocket({
    url: 'ws://host/ws',
    token: () => token,
    onFrame: (f) => frames.push(f),
    onState: (s) => states.push(s),
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    random: () => 1, // no jitter: the delays are exact
  });
  return { socket, sockets, frames, states };
}

describe('RunnerSocket', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('signs in with the stored token as soon as the socket opens, then passes valid frames on', () => {
    const { socket, sockets, frames, states } = setup();
    socket.start();
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ type: 'auth', token: 'tok' }]);
    sockets[0]!.receive({ type: 'runs', runs: [] });
    sockets[0]!.receive({ type: 'execution_output', message: 'hi', fileId: 'f1', at: 1 });
    expect(frames.map((f) => f.type)).toEqual(['runs', 'execution_output']);
    expect(states).toEqual(['connecting', 'open']);
  });

  it('drops frames that are not JSON or not of a known shape, with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { socket, sockets, frames } = setup();
    socket.start();
    sockets[0]!.open();
    sockets[0]!.receive('not json');
    sockets[0]!.receive({ type: 'execution_exit', fileId: 'f1' });
    sockets[0]!.receive({ type: 'shell', command: 'rm -rf /' });
    expect(frames).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it('reconnects with a growing delay, and from the start again once the server answered', () => {
    const { socket, sockets } = setup();
    socket.start();
    sockets[0]!.drop(); // never opened
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    sockets[2]!.open();
    sockets[2]!.receive({ type: 'runs', runs: [] });
    sockets[2]!.drop();
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(4);
  });

  it('caps the delay', () => {
    const { socket, sockets } = setup();
    socket.start();
    for (let i = 0; i < 12; i++) {
      sockets.at(-1)!.drop();
      vi.advanceTimersByTime(15_000);
    }
    expect(sockets).toHaveLength(13);
  });

  it('sends only on an open socket, and stops for good when closed', () => {
    const { socket, sockets, states } = setup();
    socket.start();
    expect(socket.send({ type: 'stop-execution', fileId: 'f1' })).toBe(false);
    sockets[0]!.open();
    expect(socket.send({ type: 'attach', fileId: 'f1' })).toBe(true);
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'attach', fileId: 'f1' });
    socket.close();
    expect(sockets[0]!.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(states.at(-1)).toBe('closed');
  });

  it("passes a pushed run start to the page on the same connection, which it never drops for it", () => {
    const { socket, sockets, frames } = setup();
    socket.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'runs', runs: [] });
    const run = { fileId: 'f1', filename: 'bot.py', status: 'running', mode: 'live', startedAt: '2026-12-02T10:00:00.000Z' };
    sockets[0]!.receive({ type: 'run', run });
    expect(frames.at(-1)).toEqual({ type: 'run', run });
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.closedWith).toBeNull();
  });

  it('does not connect without a token', () => {
    const { socket, sockets } = setup(null);
    socket.start();
    expect(sockets).toHaveLength(0);
  });
});

describe('runnerSocketUrl', () => {
  it('uses wss: on https pages and ws: otherwise, on the same host', () => {
    expect(runnerSocketUrl({ protocol: 'https:', host: 'bots.example.com' })).toBe('wss://bots.example.com/ws');
    expect(runnerSocketUrl({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/ws');
  });
});

describe('parseFrame', () => {
  it('accepts the exit frame of the shared schema', () => {
    const frame = { type: 'execution_exit', fileId: 'f1', reason: 'memory', code: null, signal: 'SIGKILL', message: 'Memory limit', at: 5 };
    expect(parseFrame(JSON.stringify(frame))).toEqual(frame);
  });
});
