// Times every HTTP request into the duration histogram, labelled by the route's pattern
// ('/api/files/:id', never the address with its ids or a webhook's secret). tRPC's one route is
// split by procedure, for names the router has; anything else keeps the pattern. Websocket
// upgrades are left out (their "response" is a connection that lasts), 404s are 'unmatched'.
// A webhook's answer is the bot's, with any code it likes (100-599): its status is labelled by its
// class ('2xx', '4xx'), or each code a bot chose would be a new series for ever.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Histogram } from 'prom-client';
import { appRouter } from '../../router';
import { HOOK_ROUTES } from '../runner/hooks/hooks.routes';

const TRPC_ROUTE = '/trpc/:path';
let procedures: Set<string> | null = null;

export function routeLabel(req: FastifyRequest): string {
  const pattern = req.routeOptions.url;
  if (pattern === undefined || req.is404) return 'unmatched';
  if (pattern !== TRPC_ROUTE) return pattern;
  procedures ??= new Set(Object.keys(appRouter._def.procedures));
  try {
    const name = decodeURIComponent(req.url.slice('/trpc/'.length).split('?')[0]!);
    return procedures.has(name) ? `/trpc/${name}` : TRPC_ROUTE;
  } catch {
    return TRPC_ROUTE;
  }
}

const classed = new Set<string>(HOOK_ROUTES);

function statusLabel(route: string, statusCode: number): string {
  return classed.has(route) ? `${Math.floor(statusCode / 100)}xx` : String(statusCode);
}

export function timeRequests(app: FastifyInstance, histogram: Histogram<'method' | 'route' | 'status_code'>): void {
  app.addHook('onResponse', async (req, reply) => {
    if ((req as FastifyRequest & { ws?: boolean }).ws) return;
    const route = routeLabel(req);
    histogram.observe({ method: req.method, route, status_code: statusLabel(route, reply.statusCode) }, reply.elapsedTime / 1000);
  });
}
