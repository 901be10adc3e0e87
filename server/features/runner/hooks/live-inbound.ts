// A live run's way in for its webhooks. In the bubblewrap sandbox: a bridge with the inbound socket
// only (service-bridge.ts), so the server reaches the bot's own loopback port and the sandbox gains
// no address. As a plain process (no bubblewrap on the host), the bot listens on the host's own
// loopback, and so its webhooks go there, as the test chat's do (test-mode.ts).
import { rmSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import path from 'node:path';
import type { Deps } from '../../../deps';
import { makeBridgeDir } from '../sandbox/bridge-dirs';
import type { SandboxSpec } from '../sandbox/sandbox';
import { connectInto } from '../sandbox/service-bridge';
import { addHookTarget } from './hook-targets';

/** The port a live bot gets in PORT unless its variables say otherwise (as in test mode). */
export const DEFAULT_BOT_PORT = 8080;

export type LiveInbound = {
  /** The run's variables, with PORT. */
  env: Record<string, string>;
  spec: Pick<SandboxSpec, 'bridge'>;
  /** Ends the way in (once the run has ended). */
  release(): void;
};

/** The error a connection attempt fails with when this server has no way into its sandboxes. */
export class NoWayIn extends Error {}

export function prepareLiveInbound(
  deps: Deps,
  run: { projectId: string; userId: string; fileId: string; secrets: Record<string, string> },
): LiveInbound {
  const env = { ...run.secrets };
  env.PORT ??= String(DEFAULT_BOT_PORT);
  const port = Number(env.PORT);
  const target = { projectId: run.projectId, userId: run.userId, fileId: run.fileId, startedAt: deps.clock.now().getTime(), port };

  if (deps.sandbox.supportsBridge) {
    const dir = makeBridgeDir('hooks');
    const inboundSocket = path.join(dir, 'inbound.sock');
    const remove = addHookTarget(deps, { ...target, connect: () => connectInto(inboundSocket, port) });
    return {
      env,
      spec: { bridge: { inboundSocket } },
      release() {
        remove();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const bubblewrap = deps.sandbox.status.protections.some((p) => p.name === 'bubblewrap' && p.active);
  // In bubblewrap without the relay's tools, the host's loopback is not the bot's: never go there.
  const connect = bubblewrap
    ? (): Socket => {
        throw new NoWayIn('This server cannot forward webhooks into its sandboxes (it needs python3).');
      }
    : (): Socket => createConnection(port, '127.0.0.1');
  const remove = addHookTarget(deps, { ...target, connect });
  return { env, spec: {}, release: remove };
}
