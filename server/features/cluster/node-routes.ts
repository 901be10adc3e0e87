// What a node answers the other nodes of its server, under /cluster (every call signed, node-calls.ts):
// a socket that follows a person's run here (its recent lines replayed, then its lines as they come,
// then its exit), and Stop for a run here. A web node's /ws uses them for a bot on a runner.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import type { OutputLine } from '../runner/runs/run-output';
import type { RunExit } from '../runner/runs/runs';
import { verifiedCall } from './node-calls';

/** What the following node receives, one JSON message each. */
export type FollowMessage = { type: 'lines'; lines: OutputLine[] } | { type: 'exit'; exit: RunExit } | { type: 'none' };

export function registerNodeRoutes(app: FastifyInstance, deps: Deps): void {
  if (!deps.config.databaseUrl) return;
  const secret = deps.config.cluster.secret;

  app.get('/cluster/follow', { websocket: true }, (socket, req) => {
    const call = verifiedCall(secret, 'follow', req.headers);
    if (!call) return socket.close(4403, 'Not a node of this server');
    const send = (message: FollowMessage) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(message));
    const detach = deps.runs.attach(call.userId, call.fileId, {
      lines: (lines) => send({ type: 'lines', lines }),
      exit: (exit) => {
        send({ type: 'exit', exit });
        socket.close(1000);
      },
    });
    if (!detach) {
      send({ type: 'none' });
      return socket.close(1000);
    }
    socket.on('close', detach);
    socket.on('error', detach);
  });

  app.post('/cluster/stop', async (req, reply) => {
    const call = verifiedCall(secret, 'stop', req.headers);
    if (!call) return reply.code(403).send({ error: 'Not a node of this server' });
    return { stopped: await deps.runs.stop(call.userId, call.fileId, 'person') };
  });
}
