// A file the bot sent in the test chat (a document), for the signed-in owner's browser: the pane
// fetches it with the sign-in token and offers it as a download. Never shown inline.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { createContext } from '../../trpc';
import { idField } from '../../../shared/workspace.schema';
import { sentFile } from './test-chat.service';
import { RUNNER_ROUTE } from '../../procedure-meta';

export function registerTestChatFiles(app: FastifyInstance, deps: Deps): void {
  app.get<{ Params: { fileId: string; telegramFileId: string } }>('/api/test-chat/:fileId/files/:telegramFileId', { config: RUNNER_ROUTE }, async (req, reply) => {
    const ctx = await createContext(deps, req);
    if (!ctx.user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
    if (!idField.safeParse(req.params.fileId).success || req.params.telegramFileId.length > 200) throw new AppError('NOT_FOUND', 'File not found');
    const file = await sentFile({ deps, userId: ctx.user.id }, req.params);
    const name = file.name.replace(/[^\w.\- ]/g, '_').slice(0, 100) || 'file';
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  });
}
