// On a web node: a page's /ws, once its sign-in message is read, is relayed whole to the person's
// runner's /ws (runner-homes.ts), which starts, stops and follows their runs and carries their test
// chats as a single process would (and follows a deployed bot on any other runner itself). Frames go
// both ways untouched. When the runner goes, the page's socket closes with 1012 and the page
// reconnects: by then a runner that stopped beating has been replaced by another.
import WebSocket from 'ws';
import type { CoreDeps } from '../../deps';
import { passOnHeaders } from './passed-on-calls';
import type { RunnerNode } from './runner-homes';

/** The page's side of the relay: what the runner says, and the close it ends with. */
export type RelayedPage = { send(text: string): void; close(code: number, reason: string): void };
export type Relay = { send(text: string): void; close(): void };

/** Opens the runner's /ws for the page, with the page's sign-in message first. */
export function relayToRunner(deps: CoreDeps, runner: RunnerNode, opening: { authFrame: string; address: string }, page: RelayedPage): Relay {
  // The runner takes its own origin (its Host) as this server's: PUBLIC_URL may name only the web nodes.
  const headers = { origin: new URL(runner.url).origin, ...passOnHeaders(deps.config.cluster.secret, { method: 'GET', url: '/ws', address: opening.address }) };
  const socket = new WebSocket(`${runner.url.replace(/^http/, 'ws')}/ws`, { headers });
  const waiting = [opening.authFrame];
  let closed = false;
  socket.on('open', () => {
    for (const text of waiting.splice(0)) socket.send(text);
  });
  socket.on('message', (data) => page.send(String(data)));
  socket.on('close', (code, reason) => {
    if (closed) return;
    closed = true;
    // The runner's own refusals (4401: sign in again) reach the page; anything else is a runner gone.
    if (code >= 4000 && code < 5000) page.close(code, String(reason));
    else page.close(1012, 'The runner machine restarted');
  });
  socket.on('error', (err) => {
    if (!closed) deps.log.warn({ err, runner: runner.id }, 'a page’s live socket could not be relayed to its runner');
  });
  return {
    send: (text) => (socket.readyState === WebSocket.OPEN ? socket.send(text) : void waiting.push(text)),
    close: () => {
      closed = true;
      socket.close();
    },
  };
}
