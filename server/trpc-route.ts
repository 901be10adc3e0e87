// tRPC at /trpc: one route serves every procedure, so it takes the largest body any procedure may
// carry and then holds each call to its own procedure's body and rate limits (its declared meta). A
// mutation without input, sent as an empty body, is read as `{}`; batches are refused.
import type { FastifyInstance } from 'fastify';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { Deps } from './deps';
import type { Limiter } from './limits';
import { appRouter, type AppRouter } from './router';
import { createContext } from './trpc';
import { admitBody, largestBodyLimit } from './body-limits';

const procedureOf = (url: string) => url.slice('/trpc/'.length).split('?')[0]!;

export async function registerTrpc(app: FastifyInstance, deps: Deps, limit: Limiter): Promise<void> {
  await app.register(async (trpcScope) => {
    // One route serves every procedure: let it take the largest body, then hold each procedure to its own limit.
    trpcScope.addHook('onRoute', (route) => {
      route.bodyLimit = largestBodyLimit();
    });
    trpcScope.addHook('preParsing', async (req, reply, payload) => admitBody(req, reply, payload, procedureOf(req.url), limit));
    trpcScope.addHook('preHandler', async (req) => {
      // A mutation without input arrives as an empty body, which tRPC cannot parse: make it `{}`.
      if (req.method === 'POST' && (req.body === '' || req.body === undefined)) req.body = '{}';
      await limit(procedureOf(req.url), req);
    });
    await trpcScope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        // The client sends one call per request; batches would let one request hide many calls.
        allowBatching: false,
        createContext: ({ req }) => createContext(deps, req),
        onError: ({ error, path: procedure, req }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, procedure }, 'procedure failed');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });

}
