// A page that stops reading its socket while its test chat is busy: the server keeps no backlog of
// the chat's frames for it (a bot could make that grow without end); past 1 MiB unsent the socket
// is cut, the page reconnects and reads the chat's history again. Real: the app, /ws, the test
// chat's conversation; the page's side is a ws client whose socket stops reading.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newUser } from '../../testing/fixtures';
import { RunClient } from '../../testing/run-client';
import { startTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn' }, { rateLimits: false });
});
afterAll(() => t.close());

it('a page that does not read its test chat frames is cut off instead of the server holding them', async () => {
  const user = await newUser(t);
  const page = await RunClient.open(t.url, { token: user.token });
  // The page stops reading: what the server sends piles up in the kernel's buffers, then in its own.
  (page.ws as unknown as { _socket: { pause(): void } })._socket.pause();
  const session = t.app.deps.testChat.chats.session({ userId: user.id, fileId: 'slowpagefile', botName: 'bot.js' });
  const text = 'x'.repeat(4000);
  // 8,000 messages of 4 KB: 32 MB of frames, far past what the buffers between take.
  for (let i = 0; i < 8000 && page.closeCode === null; i++) {
    session.post({ text });
    session.clear();
    if (i % 200 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const server = [...(t.app.websocketServer as { clients: Set<{ bufferedAmount: number }> }).clients];
  // Cut: the server holds no socket with a backlog past the limit (and the page's is gone).
  expect(server.every((socket) => socket.bufferedAmount <= 1024 * 1024 + 64 * 1024)).toBe(true);
  expect(server).toHaveLength(0);
});
