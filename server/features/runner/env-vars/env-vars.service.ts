// The environment variable calls: the project is resolved for its owner first ('default' is their
// default project, another person's project answers 404), then the store does the work; saving
// is refused (409) when it would grow the person's storage past QUOTA_USER_MB.
import type { ServiceCtx } from '../../../trpc';
import type { SaveEnvVarsInput, SavedEnvVar } from '../../../../shared/runner.schema';
import { ownedProject } from '../../workspace/projects';
import { withinStorage } from '../../workspace/storage';
import { listEnvVars, saveEnvVars } from './env-vars.store';

export const envVars = {
  async list({ deps, userId }: ServiceCtx, input: { projectId: string }): Promise<SavedEnvVar[]> {
    const project = await ownedProject(deps.db, deps.clock, userId, input.projectId);
    return listEnvVars(deps, project.id);
  },
  async save({ deps, userId }: ServiceCtx, input: SaveEnvVarsInput): Promise<SavedEnvVar[]> {
    const project = await ownedProject(deps.db, deps.clock, userId, input.projectId);
    return saveEnvVars(deps, project.id, { set: input.set, clear: input.clear }, (write) => withinStorage(deps, userId, write));
  },
};
