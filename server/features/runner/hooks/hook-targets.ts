// Where each project's webhooks go: the live runs that can take them, registered when a live run is
// launched (live-inbound.ts) and removed when it ends. Per app, like the installer's set (tests build
// several apps in one process). A project with several running files gets the newest run's.
import type { Socket } from 'node:net';
import type { Deps } from '../../../deps';

export type HookTarget = {
  projectId: string;
  userId: string;
  fileId: string;
  startedAt: number;
  /** The port the bot listens on (its PORT). */
  port: number;
  /** A connection to that port; throws when this server has no way into the run. */
  connect(): Socket;
};

const targets = new WeakMap<Deps, Set<HookTarget>>();

function targetsOf(deps: Deps): Set<HookTarget> {
  let set = targets.get(deps);
  if (!set) targets.set(deps, (set = new Set()));
  return set;
}

/** Registers a live run's way in; the returned function removes it (once the run has ended). */
export function addHookTarget(deps: Deps, target: HookTarget): () => void {
  const set = targetsOf(deps);
  set.add(target);
  return () => void set.delete(target);
}

/** The project's most recently started live run that takes webhooks, or null. */
export function liveHookTarget(deps: Deps, projectId: string): HookTarget | null {
  let newest: HookTarget | null = null;
  for (const target of targetsOf(deps)) {
    if (target.projectId !== projectId || !deps.runs.state(target.userId, target.fileId)?.live) continue;
    if (!newest || target.startedAt >= newest.startedAt) newest = target;
  }
  return newest;
}
