// GET /api/openapi.json: the OpenAPI 3.1 description of the REST API (openapi.ts). Public; built
// on the first request (it loads zod-openapi, which start-up does not need), then served as is.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';

export const OPENAPI_PATH = '/api/openapi.json';

export function registerApiDocs(app: FastifyInstance, deps: Deps): void {
  let json: Promise<string> | null = null;
  const build = async () => {
    const { buildOpenApiDocument } = await import('./openapi');
    return JSON.stringify(buildOpenApiDocument({ publicUrl: deps.config.publicUrl }));
  };
  app.get(OPENAPI_PATH, async (_req, reply) => {
    // A failed build is not kept: the next request tries again (and the failure is logged as any 500).
    json ??= build().catch((err: unknown) => {
      json = null;
      throw err;
    });
    return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(await json);
  });
}
