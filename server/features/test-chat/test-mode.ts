// Test mode of a run: the bot gets a test token and talks to the Bot API emulator instead of
// Telegram. Inside the sandbox the emulator answers at one fixed address (TELEGRAM_API_BASE, plain
// HTTP on port 80) and as api.telegram.org (TLS on 443, with a certificate from Botwright's own CA,
// which the bot's CA bundle gains), through a bridge of this run alone: a connection on it can only
// use this file's test token. The user's saved Telegram tokens never leave the server in test mode.
import { chmodSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { makeBridgeDir } from '../runner/sandbox/bridge-dirs';
import type { SandboxSpec } from '../runner/sandbox/sandbox';
import { connectInto } from '../runner/sandbox/service-bridge';
import { listenOnLoopback, type Emulator } from './emulator/emulator';
import type { TestChatOwner, TestChats, WebhookDelivery } from './emulator/test-chats';

/** Where the emulator answers inside a sandbox (a loopback address of the sandbox's own). */
export const EMULATOR_ADDRESS = '127.0.0.2';
export const TELEGRAM_API_HOST = 'api.telegram.org';
/** The port a webhook bot listens on in test mode unless its variables say otherwise. */
export const DEFAULT_WEBHOOK_PORT = 8080;

/** A saved value that is a Telegram bot token (digits, colon, 35 characters): replaced in test mode. */
export const TELEGRAM_TOKEN_PATTERN = /^\d{5,16}:[A-Za-z0-9_-]{30,50}$/;

/** A variable that names where a bot posts: a chat, channel or group (by id or @name). */
const CHAT_VARIABLE = /(?:^|_)(?:CHAT|CHANNEL|GROUP)(?:_(?:ID|NAME|USERNAME))?$/;
/** One that names the owner's own chat: their private chat with the bot in the test chat. */
const OWNER_VARIABLE = /(?:^|_)(?:OWNER|ADMIN|MY)_/;

/**
 * Every chat or channel variable the code reads, set to a chat of the test chat (a real channel means
 * nothing to the emulator, and a scheduled bot must not stop for want of one): the owner's to the
 * private chat, the others to the test group.
 */
export function testChatVariables(reads: readonly string[], chats: { group: number; private: number }): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of reads) if (CHAT_VARIABLE.test(key)) values[key] = String(OWNER_VARIABLE.test(key) ? chats.private : chats.group);
  return values;
}

export type TestModeOptions = {
  chats: TestChats;
  emulator: Emulator;
  owner: TestChatOwner;
  /** The run's variables as the person saved and typed them. */
  secrets: Record<string, string>;
  /** The variables the bot's code reads (its chat and channel ones are the test chat's). */
  reads?: readonly string[];
  /** The sandbox can give this run a bridge; otherwise the emulator listens on the host's loopback. */
  bridged: boolean;
};

export type TestMode = {
  /** The run's variables with every Telegram token swapped for the test token, plus the test chat's own. */
  env: Record<string, string>;
  spec: Pick<SandboxSpec, 'hosts' | 'bridge'>;
  /** Ends the run's way to the emulator. */
  release(): void;
};

/** Sets up the emulator's side of one test run. */
export async function prepareTestMode(options: TestModeOptions): Promise<TestMode> {
  const session = options.chats.session(options.owner);
  session.botRestarted();
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.secrets)) env[key] = TELEGRAM_TOKEN_PATTERN.test(value.trim()) ? session.token : value;
  env.TELEGRAM_BOT_TOKEN = session.token;
  // Where a bot posts on its own and writes to its owner, in the test chat: the test group and the
  // tester's private chat (a real channel or owner id means nothing to the emulator).
  Object.assign(env, testChatVariables(options.reads ?? [], { group: session.chatId('group'), private: session.chatId('private') }));
  env.TELEGRAM_CHAT_ID = String(session.chatId('group'));
  env.OWNER_CHAT_ID = String(session.chatId('private'));
  env.PORT ??= String(DEFAULT_WEBHOOK_PORT);
  // The assistant's bots then take the time from the emulator (getTestClock), which checks move.
  env.TEST_CLOCK = '1';
  const webhookPort = Number(env.PORT) || DEFAULT_WEBHOOK_PORT;

  let closeServer: () => void;
  let connect: (port: number) => Socket;
  let spec: TestMode['spec'] = {};
  if (options.bridged) {
    const dir = makeBridgeDir('test-chat');
    try {
      const hostSocket = path.join(dir, 'emulator.sock');
      const server = await listen(createServer((socket) => options.emulator.serve(socket, options.owner)), hostSocket);
      // The relay runs as nobody: the socket is open to it, in a directory only the server can list.
      chmodSync(hostSocket, 0o666);
      const inboundSocket = path.join(dir, 'inbound.sock');
      spec = { hosts: { [TELEGRAM_API_HOST]: EMULATOR_ADDRESS }, bridge: { address: EMULATOR_ADDRESS, ports: [80, 443], hostSocket, inboundSocket } };
      env.TELEGRAM_API_BASE = `http://${EMULATOR_ADDRESS}`;
      connect = (port) => connectInto(inboundSocket, port);
      closeServer = () => {
        server.close();
        rmSync(dir, { recursive: true, force: true });
      };
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      throw err;
    }
  } else {
    // No sandbox to bridge into: the bot is a plain process of this host, so is its way in.
    const loopback = await listenOnLoopback(options.emulator, options.owner);
    env.TELEGRAM_API_BASE = loopback.baseUrl;
    connect = (port) => createConnection(port, '127.0.0.1');
    closeServer = () => void loopback.close();
  }
  session.setWebhookDelivery(webhookDelivery(connect, webhookPort));
  return {
    env,
    spec,
    release() {
      session.setWebhookDelivery(null);
      closeServer();
    },
  };
}

/**
 * Posts an update to the bot's own web server inside its sandbox: on PORT, or on the port the
 * webhook URL names when nothing listens on PORT (Telegram allows 443, 80, 88 and 8443).
 */
export function webhookDelivery(connect: (port: number) => Socket, port: number): WebhookDelivery {
  return async ({ url, secretToken, body }) => {
    const target = new URL(url);
    const ports = [port];
    if (target.port && Number(target.port) !== port) ports.push(Number(target.port));
    let last: Error | null = null;
    for (const p of ports) {
      try {
        return await post(connect, p, `${target.pathname}${target.search}`, target.host, body, secretToken);
      } catch (err) {
        last = err as Error;
      }
    }
    throw last ?? new Error('Connection refused');
  };
}

function post(connect: (port: number) => Socket, port: number, pathAndQuery: string, host: string, body: string, secretToken?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), host };
    if (secretToken) headers['x-telegram-bot-api-secret-token'] = secretToken;
    const req = request({ method: 'POST', path: pathAndQuery, headers, createConnection: () => connect(port), timeout: 60_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text = (text + d).slice(0, 1024 * 1024)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('Timeout')));
    req.on('error', (err) => reject(new Error(/socket hang up|ECONNRESET|EPIPE/.test(err.message) ? 'Connection refused' : err.message)));
    req.end(body);
  });
}

function listen(server: Server, where: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(where, () => resolve(server));
  });
}
