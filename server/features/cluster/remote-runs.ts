// A person's run on another node of the server, seen from this one: followed over that node's
// /cluster/follow socket (its recent lines replayed first, so a page that reconnects misses nothing
// the run still keeps), and stopped through its /cluster/stop. The node is found from the run's row
// (`runs.node_id`) and reached at the address it registered.
import WebSocket from 'ws';
import type { Deps } from '../../deps';
import type { RunViewer } from '../runner/runs/runs';
import { aliveNodeUrls } from './nodes';
import { nodeIdOf } from './node-id';
import { callHeaders, type RunCall } from './node-calls';
import type { FollowMessage } from './node-routes';

/** The address of the other node this file's run is on, if it is on another live node. */
async function nodeOfRun(deps: Deps, fileId: string): Promise<string | null> {
  if (!deps.config.databaseUrl) return null;
  const node = await deps.runRecords.liveRunNodeOfFile(fileId);
  if (!node || node === nodeIdOf(deps.config.dataDir)) return null;
  return (await aliveNodeUrls(deps.db, [node], deps.config.cluster.leaseMs))[0] ?? null;
}

const headersFor = (deps: Deps, call: RunCall) => callHeaders(deps.config.cluster.secret, call);

/** Follows the person's run of this file on another node; the detach function, or null when no other node runs it. */
export async function followRemoteRun(deps: Deps, userId: string, fileId: string, viewer: RunViewer, onLost: (why: 'not running' | 'lost') => void): Promise<(() => void) | null> {
  const url = await nodeOfRun(deps, fileId);
  if (!url) return null;
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/cluster/follow`, { headers: headersFor(deps, { action: 'follow', userId, fileId }) });
  let ended = false;
  // Listening before the socket opens: the first lines may come in the same packet as the handshake.
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as FollowMessage;
    if (message.type === 'lines') viewer.lines(message.lines, fileId);
    else if (message.type === 'exit') {
      ended = true;
      viewer.exit(message.exit, fileId);
    } else {
      ended = true;
      onLost('not running');
    }
  });
  const found = await new Promise<boolean>((resolve) => {
    socket.once('open', () => resolve(true));
    socket.once('error', () => resolve(false));
  });
  if (!found) return null;
  socket.on('close', () => {
    if (!ended) onLost('lost');
  });
  socket.on('error', () => {});
  return () => {
    ended = true;
    socket.close();
  };
}

/** Stops the person's run of this file on another node; false when no other node runs it. */
export async function stopRemoteRun(deps: Deps, userId: string, fileId: string): Promise<boolean> {
  const url = await nodeOfRun(deps, fileId);
  if (!url) return false;
  const res = await fetch(`${url}/cluster/stop`, { method: 'POST', headers: headersFor(deps, { action: 'stop', userId, fileId }) }).catch(() => null);
  if (!res?.ok) return false;
  return ((await res.json()) as { stopped: boolean }).stopped;
}
