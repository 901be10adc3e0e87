// A stand-in for Telegram's Bot API that counts the bots polling it, run as a process of its own
// (`node --import tsx server/testing/bot-api-pollers.ts <host> <port>`): getUpdates holds each poll
// for its `timeout` (at most 2 s) and answers no update; getMe answers a bot. For each token it keeps
// how many pollers, from different addresses, it held at once at most, as Telegram would see two
// copies of a bot (it answers the second "409 Conflict"). GET /stats answers those counts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

type Seen = { requests: number; mostAtOnce: number; addresses: Set<string>; holding: Map<number, string> };

const [host = '127.0.0.1', port = '0'] = process.argv.slice(2);
const tokens = new Map<string, Seen>();
let next = 0;

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function poll(req: IncomingMessage, res: ServerResponse, token: string, timeoutSeconds: number): void {
  const seen = tokens.get(token) ?? { requests: 0, mostAtOnce: 0, addresses: new Set(), holding: new Map() };
  tokens.set(token, seen);
  const address = req.socket.remoteAddress ?? '?';
  const id = next++;
  seen.requests += 1;
  seen.addresses.add(address);
  seen.holding.set(id, address);
  seen.mostAtOnce = Math.max(seen.mostAtOnce, new Set(seen.holding.values()).size);
  // Held for its timeout, or until its caller closes the connection (a killed process's kernel
  // closes it); a poller cut off the network says nothing, and is held for the whole timeout.
  const release = () => seen.holding.delete(id);
  res.once('close', release);
  setTimeout(() => {
    release();
    if (!res.destroyed) answer(res, 200, { ok: true, result: [] });
  }, Math.min(2, Math.max(0, timeoutSeconds)) * 1000);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://api');
  if (url.pathname === '/stats') {
    return answer(res, 200, Object.fromEntries([...tokens].map(([token, s]) => [token, { requests: s.requests, mostAtOnce: s.mostAtOnce, addresses: [...s.addresses], now: new Set(s.holding.values()).size }])));
  }
  const call = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
  if (!call) return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
  const [, token, method] = call as unknown as [string, string, string];
  if (method === 'getUpdates') return poll(req, res, token, Number(url.searchParams.get('timeout') ?? 0));
  if (method === 'getMe') return answer(res, 200, { ok: true, result: { id: Number(token.split(':')[0]), is_bot: true, first_name: 'Bot', username: 'test_bot' } });
  return answer(res, 200, { ok: true, result: true });
});
server.listen(Number(port), host, () => {
  const { port: bound } = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ listening: `http://${host}:${bound}` })}\n`);
});
