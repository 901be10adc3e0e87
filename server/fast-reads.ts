// The hot reads the pages make over and over (the feed, the signed-in person, their bots and
// projects) answered by a plain Fastify route at their own tRPC address, `GET /trpc/<procedure>`:
// the client's tRPC calls stay as they are (typed, same answer shape), but skip tRPC's HTTP adapter,
// whose fetch emulation costs several times the query itself for a small answer. The procedure
// runs in-process through createCaller, as the REST table does, with the same context, rate limit
// and errors (in tRPC's shape, errors.ts). Each answer carries an ETag: an unchanged page is a 304.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from './deps';
import { AppError } from './errors';
import type { Limiter } from './limits';
import { createCaller } from './router';
import { createContext } from './trpc';
import { fastReadNames, routeConfigOf } from './procedure-rules';


type Callable = (input: unknown) => Promise<unknown>;

export function registerFastReads(app: FastifyInstance, deps: Deps, limit: Limiter): void {
  // Queries the pages load on every visit: those that declare `fastRead` (procedure-meta.ts).
  for (const procedure of fastReadNames()) {
    app.get(`/trpc/${procedure}`, { config: routeConfigOf(procedure) }, async (req, reply) => {
      await limit(procedure, req);
      const input = inputOf(req);
      const caller = createCaller(await createContext(deps, req)) as unknown as Record<string, Record<string, Callable>>;
      const [group, name] = procedure.split('.') as [string, string];
      const body = JSON.stringify({ result: { data: await caller[group]![name]!(input) } });
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      // Personal answers: the browser may keep them, but asks each time whether they changed.
      reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'authorization');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }
}

/** tRPC's GET input: `?input=<JSON>` (absent for a query without input). */
function inputOf(req: FastifyRequest): unknown {
  const raw = (req.query as { input?: unknown }).input;
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new AppError('BAD_REQUEST', 'The input must be one JSON value');
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError('BAD_REQUEST', 'The input is not valid JSON');
  }
}
