// For the test chat's tests: a real emulator on a loopback port for one owner's session, and a
// small Bot API client over fetch. Everything is real (HTTP, sessions); only the clock may be set.
import type { TestChatUpdateFrame } from '../../../../shared/test-chat.schema';
import { createEmulator, listenOnLoopback, type Emulator } from './emulator';
import { TestChats, type TestChatOwner, type TestChatSession } from './test-chats';

export type ApiResult = { status: number; body: { ok: boolean; result?: any; error_code?: number; description?: string; parameters?: any } };

export type EmulatorHarness = {
  chats: TestChats;
  emulator: Emulator;
  owner: TestChatOwner;
  session: TestChatSession;
  baseUrl: string;
  /** Every frame the owner's browser would get. */
  frames: TestChatUpdateFrame[];
  /** POST JSON to /bot<token>/<method> (another token with `token`). */
  api(method: string, params?: Record<string, unknown>, options?: { token?: string; signal?: AbortSignal }): Promise<ApiResult>;
  /** The private chat's and the group's chat ids. */
  chatId: { private: number; group: number };
  close(): Promise<void>;
};

let counter = 0;

export async function startEmulator(options: { now?: () => number; botName?: string; keepFrames?: boolean } = {}): Promise<EmulatorHarness> {
  const chats = new TestChats({ now: options.now });
  const owner: TestChatOwner = { userId: `user${++counter}`, fileId: `file${counter}`, botName: options.botName ?? 'echo_bot.py' };
  let session = chats.session(owner);
  const frames: TestChatUpdateFrame[] = [];
  const unsubscribe = chats.subscribe(owner.userId, (frame) => {
    if (options.keepFrames !== false) frames.push(frame);
  });
  const emulator = await createEmulator({ chats });
  const loopback = await listenOnLoopback(emulator, owner);
  const api: EmulatorHarness['api'] = async (method, params = {}, opts = {}) => {
    const res = await fetch(`${loopback.baseUrl}/bot${opts.token ?? session.token}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
      signal: opts.signal,
    });
    return { status: res.status, body: await res.json() };
  };
  // Learn the chat ids the way a bot does, from updates of messages posted there; then start over
  // with a fresh session of the same owner (the ids derive from the owner and stay).
  session.post({ text: 'hello' });
  session.post({ text: 'hello', chat: 'group' });
  const updates = (await api('getUpdates')).body.result;
  const chatId = { private: updates[0].message.chat.id as number, group: updates[1].message.chat.id as number };
  chats.forget(owner);
  session = chats.session(owner);
  frames.length = 0;
  return {
    chats,
    emulator,
    owner,
    session,
    baseUrl: loopback.baseUrl,
    frames,
    api,
    chatId,
    async close() {
      unsubscribe();
      chats.forget(owner);
      await loopback.close();
      await emulator.close();
    },
  };
}

/** Waits until `check` holds (polling every 20 ms), or fails after `timeoutMs`. */
export async function until<T>(check: () => T | undefined | null | false | Promise<T | undefined | null | false>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
