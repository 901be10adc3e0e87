// Duplicating and deleting a bot (a project). A copy gets the files (new ids, a history of its own
// starting from the current text) and the saved environment variables (opened and sealed again
// under the copy's id: a sealed value is bound to its project), never the chat or the installed
// dependencies. A delete stops the bot's runs first, removes its rows in one transaction, then
// lets go of its dependency volume and directory.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { ServiceCtx } from '../../trpc';
import { AppError } from '../../errors';
import { plansOf, savePlan } from '../ai/bot-plans';
import { deleteProjectMessages } from '../ai/chat-messages';
import { deleteProjectProposals } from '../ai/code-edit-proposals';
import { botLabel, BOT_NAME_MAX } from '../../../shared/workspace.schema';
import { copyEnvVars, deleteProjectEnvVars } from '../runner/env-vars/env-vars.store';
import { projectPackagesDir } from '../runner/paths';
import { stopRun } from '../runner/runs/run.service';
import { deleteSavedChatsOf } from '../test-chat/saved-chats';
import { createProject, deleteProject, existingProject, toProjectDto } from '../workspace/projects';
import { deleteProjectFiles, fileIdsOfProject, projectFiles } from '../workspace/files';
import { fileWriting, writeFile } from '../workspace/file-writes';
import { deleteVersionsOf } from '../workspace/versions';
import { inTransaction } from '../../db/transaction';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Pizza Pal" -> "Pizza Pal (copy)", shortened to fit the 60 characters of a name. */
export function copyName(name: string): string {
  const suffix = ' (copy)';
  return `${botLabel(name).slice(0, BOT_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
}

export async function duplicateBot({ deps, userId }: ServiceCtx, input: { projectId: string; name?: string }) {
  const w = await fileWriting(deps, userId);
  return inTransaction(deps.db, async (trx) => {
    const source = await existingProject(trx, userId, input.projectId);
    const copy = await createProject(trx, deps, userId, { name: input.name ?? copyName(source.name), description: source.description });
    const files = await projectFiles(trx, source.id, { order: 'created' });
    // Through the same write as an import: past a storage cap the whole copy is refused (409). The
    // builtin assistant's plan of a file goes with it, so follow-ups in the copy change the copy.
    const plans = await plansOf(trx, files.map((f) => f.id));
    for (const f of files) {
      const { file } = await writeFile(trx, w, { userId, projectId: copy.id, filename: f.filename, content: f.content, reason: 'import' });
      const plan = plans.get(f.id);
      if (plan) await savePlan(trx, deps, file.id, plan);
    }

    const { copied: envVars, skipped: skippedEnvVars } = await copyEnvVars(trx, deps, source.id, copy.id);
    const skipped = skippedEnvVars.length ? ` ${skippedEnvVars.join(', ')} could not be copied: enter ${skippedEnvVars.length === 1 ? 'it' : 'them'} again.` : '';
    return {
      ...toProjectDto(copy),
      copied: { files: files.length, envVars },
      skippedEnvVars,
      dependenciesCopied: false as const,
      message:
        `Copied ${plural(files.length, 'file')} and ${plural(envVars, 'environment variable')} to ${botLabel(copy.name)}. ` +
        `Dependencies are not copied: install them again from the Runner.${skipped}`,
    };
  });
}

export async function deleteBot(ctx: ServiceCtx, input: { projectId: string }) {
  const { deps, userId } = ctx;
  const project = await existingProject(deps.db, userId, input.projectId);
  // An install writes the bot's dependency directory right now: removing it under the installer would race.
  if (deps.installs.has(project.id)) {
    throw new AppError('CONFLICT', 'Dependencies are being installed for this bot: delete it once the installation has finished');
  }
  const fileIdsOf = async () => (await fileIdsOfProject(deps.db, project.id).execute()).map((f) => f.id);
  const stopRuns = async (ids: string[]) => (await Promise.all(ids.map((fileId) => stopRun(ctx, { fileId })))).filter(Boolean).length;

  // Runs end before their files go (a run reads its project's files when it starts).
  const before = await fileIdsOf();
  let stoppedRuns = await stopRuns(before);

  const removed = await inTransaction(deps.db, async (trx) => {
    const ids = (await fileIdsOfProject(trx, project.id).execute()).map((f) => f.id);
    const savedTestChats = await deleteSavedChatsOf(trx, fileIdsOfProject(trx, project.id));
    const versions = await deleteVersionsOf(trx, fileIdsOfProject(trx, project.id));
    const files = await deleteProjectFiles(trx, project.id);
    const envVars = await deleteProjectEnvVars(trx, project.id);
    const chatMessages = await deleteProjectMessages(trx, project.id);
    const proposals = await deleteProjectProposals(trx, userId, project.id);
    await deleteProject(trx, userId, project.id);
    return { ids, counts: { files, versions, envVars, chatMessages, savedTestChats, proposals } };
  });

  // A run that was starting while the rows went (its start had already read the file) ends too.
  const all = [...new Set([...before, ...removed.ids])];
  stoppedRuns += await stopRuns(all);
  for (const fileId of all) deps.testChat.chats.forget({ userId, fileId });

  await deps.runLogs.remove(project.id);
  await deps.packageVolumes.release(project.id);
  const dir = path.dirname(projectPackagesDir(deps.config.dataDir, project.id));
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch (err) {
    // The rows are gone, which is what the person sees; the operator's log says what is left on disk.
    deps.log.warn({ err: String(err), projectId: project.id }, "a deleted bot's dependency directory could not be removed");
  }

  const { counts } = removed;
  return {
    message: `Deleted ${botLabel(project.name)}: ${plural(counts.files, 'file')}, ${plural(counts.envVars, 'secret')}${stoppedRuns ? `, ${plural(stoppedRuns, 'run')} stopped` : ''}`,
    removed: counts,
    stoppedRuns,
  };
}
