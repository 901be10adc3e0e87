// Serves the built client (dist/client) with an SPA fallback: any GET outside /api and /trpc that
// is not a file gets index.html; /api/* and /trpc/* that match nothing answer 404 JSON.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// npm scripts run from the repository root, whether the server runs from source or from its bundle.
export const CLIENT_DIR = path.resolve(process.cwd(), 'dist/client');

export async function registerClient(app: FastifyInstance, clientDir = CLIENT_DIR): Promise<void> {
  const built = existsSync(path.join(clientDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: ['index.html'],
      wildcard: true,
      setHeaders(res, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const isApi = /^\/(api|trpc)(\/|$|\?)/.test(req.url);
    if (isApi || req.method !== 'GET' || !built) return reply.status(404).send({ error: 'Not found' });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
