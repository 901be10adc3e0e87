// The Bot API emulator's own small HTTP server: it never listens; the caller hands it connections
// (serve), each belonging to one owner's run, and only that owner's token opens a session on it.
// A connection starting with a TLS handshake (0x16) is served over TLS (api.telegram.org with
// Botwright's certificate) when certificates were given, anything else as plain HTTP.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import tls from 'node:tls';
import Fastify, { type FastifyInstance } from 'fastify';
import { NOT_FOUND } from './bot-api-errors';
import { botApiPlugin } from './bot-api.plugin';
import type { TestChatOwner } from './chat-identities';
import { ByteBudget, CONVERSATION_REQUEST_BYTES, EMULATOR_REQUEST_BYTES } from './request-bytes';
import type { TestChats } from './test-chats';

export type Emulator = {
  /** Serve one connection that belongs to `owner`'s run: only that owner's session token is accepted on it. */
  serve(socket: Socket, owner: TestChatOwner): void;
  close(): Promise<void>;
};

const TLS_HANDSHAKE = 0x16;
// A whole request (headers and body) must arrive within a minute, its headers within 10 s; a body
// that stops for a few seconds is cut sooner (request-bytes.ts). A long poll's 50 s wait is for the
// answer, not the request. Idle keep-alive sockets of a polling bot are reused between polls.
const REQUEST_TIMEOUT_MS = 60_000;
const HEADERS_TIMEOUT_MS = 10_000;
const KEEP_ALIVE_MS = 75_000;
const FIRST_BYTE_TIMEOUT_MS = 30_000;
/** Connections one conversation's bot may hold open at once; past it a new one is closed. */
export const MAX_CONNECTIONS_PER_CONVERSATION = 64;

/** What one conversation holds in the emulator while its bot talks to it. */
type Conversation = { connections: number; budget: ByteBudget };
const conversationKey = (owner: TestChatOwner) => `${owner.userId}/${owner.fileId}`;

export async function createEmulator(options: { chats: TestChats; tls?: { key: string; cert: string } | null }): Promise<Emulator> {
  const owners = new WeakMap<object, TestChatOwner>();
  const sockets = new Set<Socket>();
  const conversations = new Map<string, Conversation>();
  const secureContext = options.tls ? tls.createSecureContext({ key: options.tls.key, cert: options.tls.cert }) : null;
  const app = await botApiServer(options.chats, owners, conversations);

  const handOver = (socket: Socket, owner: TestChatOwner) => {
    owners.set(socket, owner);
    app.server.emit('connection', socket);
    // The HTTP parser reads the socket's handle directly from now on; what was already read (the
    // sniffed bytes, data that came with the TLS handshake) is still in the stream's buffer and
    // reaches the parser as 'data' events once the stream flows.
    socket.resume();
  };

  return {
    serve(socket, owner) {
      const own: TestChatOwner = { userId: owner.userId, fileId: owner.fileId };
      if (!admit(conversations, socket, own)) return;
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
      socket.setTimeout(FIRST_BYTE_TIMEOUT_MS, () => socket.destroy());
      socket.once('data', (first: Buffer) => {
        socket.setTimeout(0);
        socket.pause();
        socket.unshift(first);
        if (first[0] !== TLS_HANDSHAKE || !secureContext) return handOver(socket, own);
        const secure = new tls.TLSSocket(socket, { isServer: true, secureContext, ALPNProtocols: ['http/1.1'] });
        const handshake = setTimeout(() => secure.destroy(), FIRST_BYTE_TIMEOUT_MS);
        secure.on('error', () => secure.destroy());
        secure.once('close', () => clearTimeout(handshake));
        secure.once('secure', () => {
          clearTimeout(handshake);
          handOver(secure as unknown as Socket, own);
        });
      });
    },
    async close() {
      // Held polls end through their connection's 'close' (the session sees the client leave).
      await Promise.all([...sockets].map(destroyed));
      app.server.close();
      await app.close();
    },
  };
}

/** The Bot API over the connections handed to it: a session opens only with its owner's token on its owner's socket. */
async function botApiServer(chats: TestChats, owners: WeakMap<object, TestChatOwner>, conversations: Map<string, Conversation>): Promise<FastifyInstance> {
  const shared = new ByteBudget(EMULATOR_REQUEST_BYTES);
  const app = Fastify({
    logger: false,
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS },
    keepAliveTimeout: KEEP_ALIVE_MS,
    connectionTimeout: 0,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
  });
  app.setNotFoundHandler((_req, reply) => reply.status(404).send(NOT_FOUND));
  await app.register(botApiPlugin, {
    resolveSession: (request, token) => {
      const owner = owners.get(request.raw.socket);
      const session = owner ? chats.existing(owner) : undefined;
      return session && sameToken(session.token, token) ? session : null;
    },
    budgetsFor: (request) => {
      const owner = owners.get(request.raw.socket);
      const conversation = owner ? conversations.get(conversationKey(owner)) : undefined;
      return conversation ? [conversation.budget, shared] : [shared];
    },
  });
  await app.ready();
  // Node starts enforcing headersTimeout/requestTimeout (slow clients) when a server starts
  // listening; this one never listens, so it is told it does. close() stops that check again.
  app.server.emit('listening');
  return app;
}

/** Counts the connection in its conversation (forgotten with its last one); past the cap it is closed instead. */
function admit(conversations: Map<string, Conversation>, socket: Socket, owner: TestChatOwner): boolean {
  const key = conversationKey(owner);
  const conversation = conversations.get(key) ?? { connections: 0, budget: new ByteBudget(CONVERSATION_REQUEST_BYTES) };
  if (conversation.connections >= MAX_CONNECTIONS_PER_CONVERSATION) {
    socket.destroy();
    return false;
  }
  conversation.connections++;
  conversations.set(key, conversation);
  socket.once('close', () => {
    if (--conversation.connections === 0) conversations.delete(key);
  });
  return true;
}

function destroyed(socket: Socket): Promise<void> {
  return new Promise<void>((resolve) => {
    if (socket.destroyed && socket.closed) return resolve();
    socket.once('close', () => resolve());
    socket.destroy();
  });
}

function sameToken(own: string, given: string): boolean {
  const a = Buffer.from(own);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * For tests and local runs: a TCP listener on 127.0.0.1 feeding `serve` for one owner.
 * `baseUrl` is a bare origin (`http://127.0.0.1:PORT`), what TELEGRAM_API_BASE holds.
 */
export async function listenOnLoopback(emulator: Emulator, owner: TestChatOwner): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const open = new Set<Socket>();
  const server = createServer((socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    emulator.serve(socket, owner);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
