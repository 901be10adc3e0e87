// What the test chat benches (test-chat.ts) see of a bot in test mode: its Bot API calls where the
// emulator answers them (TestChatSession's prototype wrapped in this process, where the app runs),
// its start over /ws, and a plain child process to run the same bot outside the sandbox.
import { spawn, type ChildProcess } from 'node:child_process';
import { until } from '../server/features/test-chat/emulator/emulator.fixture';
import { TestChatSession } from '../server/features/test-chat/emulator/test-chat-session';
import type { ServerFrame } from '../shared/runner.schema';
import { fmt, median } from './harness';
import type { Bench, Socket } from './runner';

export const START_TIMEOUT_MS = 60_000;

/**
 * One Bot API call as the emulator answered it, or (method USER_POST) the user's message reaching the
 * session; performance.now() times; `updates`: a getUpdates answer's length.
 */
export type BotCall = { session: TestChatSession; method: string; start: number; end: number | null; updates: number | null };
export const USER_POST = '(user post)';

/**
 * Wraps TestChatSession.prototype.call (what the emulator's /bot<token>/<method> route calls) and
 * .post (the user's side) for every session in this process, the app's and the fixture's. Returns
 * the restore function.
 */
export function recordBotCalls(record: (call: BotCall) => void): () => void {
  const proto = TestChatSession.prototype;
  const { call: realCall, post: realPost } = proto;
  proto.call = async function (this: TestChatSession, method, params, files, options) {
    const call: BotCall = { session: this, method: method.toLowerCase(), start: performance.now(), end: null, updates: null };
    record(call);
    try {
      const answer = await realCall.call(this, method, params, files, options);
      if (answer.ok && Array.isArray(answer.result)) call.updates = answer.result.length;
      return answer;
    } finally {
      call.end = performance.now();
    }
  };
  proto.post = function (this: TestChatSession, input) {
    const call: BotCall = { session: this, method: USER_POST, start: performance.now(), end: null, updates: null };
    record(call);
    try {
      return realPost.call(this, input);
    } finally {
      call.end = performance.now();
    }
  };
  return () => {
    proto.call = realCall;
    proto.post = realPost;
  };
}

/** Forgets the finished calls (a poll held open stays: it is answered in the next round trip). */
export function forgetFinished(calls: BotCall[]): void {
  const open = calls.filter((c) => c.end === null);
  calls.length = 0;
  calls.push(...open);
}

export const endedFrame = (fileId: string) => (f: ServerFrame) => (f.type === 'execution_exit' && f.fileId === fileId) || (f.type === 'execution_error' && f.fileId === fileId);

/** Starts the saved bot in test mode over /ws and waits until it holds a getUpdates open; its session. */
export async function startTestRun(b: Bench, socket: Socket, fileId: string): Promise<TestChatSession> {
  socket.send({ type: 'execute-file', fileId, mode: 'test' });
  return until(
    () => {
      const ended = socket.matching(endedFrame(fileId));
      if (ended.length) throw new Error(`the bot in test mode failed: ${ended.map((f) => ('message' in f ? f.message : '')).join(' / ').slice(-1500)}`);
      const session = b.t.app.deps.testChat.chats.existing({ userId: b.userId, fileId });
      return session?.pollHeld() ? session : null;
    },
    START_TIMEOUT_MS,
    'the bot in the sandbox to poll',
  );
}

/** A plain child process of this host (no sandbox), its stderr kept for errors. */
export function plainProcess(cmd: string, args: string[], options: { env: Record<string, string>; cwd?: string }): { child: ChildProcess; stderr: () => string; stop(): Promise<void> } {
  const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + String(d)).slice(-2000)));
  child.on('error', (err) => (stderr += String(err)));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    child,
    stderr: () => stderr.trim(),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export function alive(p: { child: ChildProcess; stderr: () => string }, what: string): void {
  if (p.child.exitCode !== null || p.child.signalCode !== null) throw new Error(`${what} exited (${p.child.exitCode ?? p.child.signalCode}): ${p.stderr().slice(-1000)}`);
}

/** Share of [from, to) during which a getUpdates was held open (polls come one at a time). */
export function heldShare(calls: BotCall[], from: number, to: number): number {
  let held = 0;
  for (const c of calls) if (c.method === 'getupdates') held += Math.max(0, Math.min(c.end ?? to, to) - Math.max(c.start, from));
  return held / (to - from);
}

/** Where a bot in test mode reaches the emulator in this app. */
export const emulatorWay = (b: Bench) =>
  b.t.app.deps.sandbox.supportsBridge ? "http://127.0.0.2 through the run's bridge" : "a port on the host's loopback (the sandbox offers no bridge)";

export const perMinute = (count: number, ms: number) => count / (ms / 60_000);
export const medianOr = (values: number[]) => (values.length ? fmt(median(values)) : '-');
