// Where each project's webhooks go: the live runs that can take them, registered when a live run is
// launched (live-inbound.ts) and removed when it ends. One `HookTargets` per app (deps.hookTargets,
// made in buildApp). A project with several running files gets the newest run's.
import type { OutgoingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { Runs } from '../runs/runs';

export type HookTarget = {
  projectId: string;
  userId: string;
  fileId: string;
  startedAt: number;
  /** The port the bot listens on (its PORT). */
  port: number;
  /** A connection to that port; throws when this server has no way into the run. */
  connect(): Socket;
  /** Headers added to the request (a node passing a webhook on to the node that runs the bot signs it). */
  headers?: OutgoingHttpHeaders;
};

export class HookTargets {
  private readonly targets = new Set<HookTarget>();

  /** Registers a live run's way in; the returned function removes it (once the run has ended). */
  add(target: HookTarget): () => void {
    this.targets.add(target);
    return () => void this.targets.delete(target);
  }

  /** The project's most recently started target that `live` accepts, or null. */
  newest(projectId: string, live: (target: HookTarget) => boolean): HookTarget | null {
    let newest: HookTarget | null = null;
    for (const target of this.targets) {
      if (target.projectId !== projectId || !live(target)) continue;
      if (!newest || target.startedAt >= newest.startedAt) newest = target;
    }
    return newest;
  }
}

/** Registers a live run's way in; the returned function removes it (once the run has ended). */
export function addHookTarget(deps: { hookTargets: HookTargets }, target: HookTarget): () => void {
  return deps.hookTargets.add(target);
}

/** The project's most recently started live run that takes webhooks, or null. */
export function liveHookTarget(deps: { hookTargets: HookTargets; runs: Runs }, projectId: string): HookTarget | null {
  return deps.hookTargets.newest(projectId, (target) => deps.runs.state(target.userId, target.fileId)?.live === true);
}
