// The test chat's Bot API emulator run on its own, for live bots on other machines to poll (the
// many-machines test): `node --import tsx server/features/test-chat/emulator/standalone.ts <host>
// <port> <bots>`. One test chat session per bot, each with its own token; a connection goes to the
// session its first request's `/bot<token>/` names. `GET /stats` answers, per token, the getUpdates
// calls and those a newer call ended (409 Conflict, as Telegram answers two copies of a bot polling
// at once). Prints "listening" and the tokens, as JSON, once it listens.
import { createServer, type Socket } from 'node:net';
import { createEmulator } from './emulator';
import { TestChats, type TestChatSession } from './test-chats';

const [host = '127.0.0.1', port = '0', bots = '1'] = process.argv.slice(2);
const chats = new TestChats();
// One person per bot: a person may hold only a few test chats.
const sessions: TestChatSession[] = Array.from({ length: Number(bots) }, (_, i) => chats.session({ userId: `standalone-${i}`, fileId: `bot-${i}`, botName: `bot_${i}.js` }));
const byToken = new Map(sessions.map((s) => [s.token, s]));
const emulator = await createEmulator({ chats });

function answer(socket: Socket, status: string, body: unknown): void {
  const text = JSON.stringify(body);
  socket.end(`HTTP/1.1 ${status}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
}

const server = createServer((socket) => {
  socket.on('error', () => socket.destroy());
  socket.once('data', (first: Buffer) => {
    const head = first.toString('latin1', 0, Math.min(first.length, 512));
    if (/^GET \/stats[ ?]/.test(head)) return answer(socket, '200 OK', Object.fromEntries(sessions.map((s) => [s.token, s.polling()])));
    const session = byToken.get(/^[A-Z]+ \/bot([^/\s]+)\//.exec(head)?.[1] ?? '');
    if (!session) return answer(socket, '404 Not Found', { ok: false, error_code: 404, description: 'Not Found' });
    // The emulator reads the request from the start.
    socket.pause();
    socket.unshift(first);
    emulator.serve(socket, session.owner);
    socket.resume();
  });
});
server.listen(Number(port), host, () => process.stdout.write(`listening ${JSON.stringify(sessions.map((s) => s.token))}\n`));
