// The operator's endpoints: GET /healthz (the process answers), GET /readyz (it can do its work)
// and GET /metrics (Prometheus text, admin key or METRICS_TOKEN). None is rate limited: they are
// registered here, outside the limiter, and answer before the client's SPA fallback could.
// Call from buildApp before any plugin is registered, so that every route (tRPC's included)
// inherits the request timing hook.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { countAiCalls } from './ai-metrics';
import { timeRequests } from './http-metrics';
import { mailCheck } from './mail-check';
import { metricsAccess } from './metrics-access';
import { createMetrics } from './metrics';
import { readiness } from './readiness';

export function registerOps(app: FastifyInstance, deps: Deps): void {
  const metrics = createMetrics(deps);
  // Every feature reaches the assistant through deps.ai: counted there, once for all of them.
  deps.ai = countAiCalls(deps.ai, { calls: metrics.aiCalls, errors: metrics.aiErrors });
  timeRequests(app, metrics.httpDuration);
  app.addHook('onClose', async () => metrics.close());

  // Probes and scrapes come every few seconds: their request lines are not worth a log line each.
  const quiet = { logLevel: 'warn' } as const;
  app.get('/healthz', quiet, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  const mail = mailCheck({ smtpUrl: deps.config.smtpUrl, log: deps.log });
  app.get('/readyz', quiet, async (_req, reply) => {
    const result = await readiness(deps, mail);
    return reply.status(result.status === 'ready' ? 200 : 503).header('cache-control', 'no-store').send(result);
  });

  const allowed = metricsAccess(deps);
  app.get('/metrics', quiet, async (req, reply) => {
    allowed(req, reply);
    const text = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
