// GET /api/bots/:projectId/runs/:runId/log: one run's kept log as a text/plain attachment, for the
// signed-in owner (the page fetches it with the sign-in token). Anything else answers 404.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../deps';
import { AppError } from '../../../errors';
import type { Limiter } from '../../../limits';
import { createContext } from '../../../trpc';
import { runLogDownloadInput } from '../../../../shared/run-logs.schema';
import { runLogDownload } from './logs.service';

export function registerRunLogDownload(app: FastifyInstance, deps: Deps, limit: Limiter): void {
  app.get('/api/bots/:projectId/runs/:runId/log', {
    preHandler: async (req) => limit('logs.download', req),
    handler: async (req, reply) => {
      const ctx = await createContext(deps, req);
      if (!ctx.user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
      const params = runLogDownloadInput.safeParse(req.params);
      if (!params.success) throw new AppError('NOT_FOUND', 'Run not found');
      const { filename, body } = await runLogDownload({ deps, userId: ctx.user.id }, params.data);
      const ascii = filename.replace(/[^\w.\- ]/g, '_');
      const utf8 = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  });
}
