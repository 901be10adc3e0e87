// What each procedure declared about itself (its tRPC `meta`, procedure-meta.ts), looked up by the
// name a request calls ('auth.login'): the REST table, tRPC's route and the fast reads all name the
// procedure they call, so its limits hold whichever way it is reached.
import { appRouter } from './router';
import type { BodyRule, ProcedureMeta } from './procedure-meta';

type Declared = { _def: { meta?: ProcedureMeta } };

let metas: ReadonlyMap<string, ProcedureMeta> | null = null;

/** Every procedure's declarations, by name. Read once, on first need (the router is complete by then). */
function declared(): ReadonlyMap<string, ProcedureMeta> {
  // tRPC keeps them flat, by their dotted name, whatever its types say of the shape.
  metas ??= new Map(Object.entries(appRouter._def.procedures as unknown as Record<string, Declared>).map(([name, p]) => [name, p._def.meta ?? {}]));
  return metas;
}

/** What the named procedure declared; nothing for a name that is no procedure (own keys only: never Object's). */
export function metaOf(name: string): ProcedureMeta {
  return declared().get(name) ?? {};
}

/** The procedures the pages read through the fast GET route. */
export function fastReadNames(): string[] {
  return [...declared()].filter(([, meta]) => meta.fastRead).map(([name]) => name);
}

/** Every body rule some procedure declared (the largest decides what tRPC's one route may take). */
export function bodyRules(): BodyRule[] {
  return [...declared().values()].flatMap((meta) => (meta.body ? [meta.body] : []));
}

/** The Fastify route config of a route that answers this procedure (a web node passes `onRunner` ones on). */
export function routeConfigOf(name: string): { onRunner?: true } {
  return metaOf(name).onRunner ? { onRunner: true } : {};
}
