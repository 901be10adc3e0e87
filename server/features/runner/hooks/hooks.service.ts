// A person's bot's webhook address: shown (made on first need) and rotated, for its owner only
// (another person's project answers 404, as everywhere).
import type { ServiceCtx } from '../../../trpc';
import type { BotHook } from '../../../../shared/hooks.schema';
import { existingProject } from '../../workspace/projects';
import { hookSecret, rotateHookSecret } from './hook-secrets';
import { hookUrl } from './hook-url';

export const botHooks = {
  async url({ deps, userId }: ServiceCtx, input: { projectId: string }): Promise<BotHook> {
    const project = await existingProject(deps.db, userId, input.projectId);
    return { webhookUrl: hookUrl(deps.config.publicUrl, project.id, await hookSecret(deps.db, deps.clock, project.id)) };
  },
  async rotate({ deps, userId }: ServiceCtx, input: { projectId: string }): Promise<BotHook> {
    const project = await existingProject(deps.db, userId, input.projectId);
    return { webhookUrl: hookUrl(deps.config.publicUrl, project.id, await rotateHookSecret(deps.db, deps.clock, project.id)) };
  },
};
