// Duplicating and deleting a bot (a project). A copy gets the files (new ids, a history of its own
// starting from the current text) and the saved environment variables (opened and sealed again
// under the copy's id: a sealed value is bound to its project), never the chat or the installed
// dependencies. A delete stops the bot's runs first, removes its rows in one transaction, then
// lets go of its dependency volume and directory.
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { plansOf, savePlan } from '../ai/bot-plans';
import { botLabel, BOT_NAME_MAX } from '../../../shared/workspace.schema';
import { SealedValueError, secretBox } from '../runner/env-vars/secret-box';
import { isInstalling } from '../runner/dependencies/installer';
import { projectDepsDir } from '../runner/paths';
import { stopRun } from '../runner/runs/run.service';
import { createProject, existingProject, toProjectDto } from './projects';
import { writeFile } from './files';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Pizza Pal" -> "Pizza Pal (copy)", shortened to fit the 60 characters of a name. */
export function copyName(name: string): string {
  const suffix = ' (copy)';
  return `${botLabel(name).slice(0, BOT_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
}

export async function duplicateBot(deps: Deps, userId: string, input: { projectId: string; name?: string }) {
  const box = secretBox(deps.config.jwtSecret);
  return deps.db.transaction().execute(async (trx) => {
    const source = await existingProject(trx, userId, input.projectId);
    const copy = await createProject(trx, deps.clock, userId, { name: input.name ?? copyName(source.name), description: source.description });
    const files = await trx
      .selectFrom('files')
      .select(['id', 'filename', 'content'])
      .where('project_id', '=', source.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    // Through the same write as an import: past a storage cap the whole copy is refused (409). The
    // builtin assistant's plan of a file goes with it, so follow-ups in the copy change the copy.
    const plans = await plansOf(trx, files.map((f) => f.id));
    for (const f of files) {
      const { file } = await writeFile(trx, deps, { userId, projectId: copy.id, filename: f.filename, content: f.content, reason: 'import' });
      const plan = plans.get(f.id);
      if (plan) await savePlan(trx, deps, file.id, plan);
    }

    const sealed = await trx.selectFrom('project_env_vars').selectAll().where('project_id', '=', source.id).orderBy('key').execute();
    const now = deps.clock.now().toISOString();
    const skippedEnvVars: string[] = [];
    for (const row of sealed) {
      let value: string;
      try {
        value = box.open({ projectId: source.id, key: row.key }, row);
      } catch (err) {
        // A value that no longer opens (another server secret) is not copied; the original keeps it.
        if (!(err instanceof SealedValueError)) throw err;
        skippedEnvVars.push(row.key);
        continue;
      }
      const resealed = box.seal({ projectId: copy.id, key: row.key }, value);
      await trx.insertInto('project_env_vars').values({ project_id: copy.id, key: row.key, ...resealed, updated_at: now }).execute();
    }
    const envVars = sealed.length - skippedEnvVars.length;
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

export async function deleteBot(deps: Deps, userId: string, projectId: string) {
  const project = await existingProject(deps.db, userId, projectId);
  // An install writes the bot's dependency directory right now: removing it under the installer would race.
  if (isInstalling(deps, project.id)) {
    throw new AppError('CONFLICT', 'Dependencies are being installed for this bot: delete it once the installation has finished');
  }
  const fileIdsOf = async () => (await deps.db.selectFrom('files').select('id').where('project_id', '=', project.id).execute()).map((f) => f.id);
  const stopRuns = async (ids: string[]) => (await Promise.all(ids.map((id) => stopRun(deps, userId, id)))).filter(Boolean).length;

  // Runs end before their files go (a run reads its project's files when it starts).
  const before = await fileIdsOf();
  let stoppedRuns = await stopRuns(before);

  const removed = await deps.db.transaction().execute(async (trx) => {
    const ids = (await trx.selectFrom('files').select('id').where('project_id', '=', project.id).execute()).map((f) => f.id);
    const projectFiles = trx.selectFrom('files').select('id').where('project_id', '=', project.id);
    const n = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
    const savedTestChats = n(await trx.deleteFrom('saved_test_chats').where('file_id', 'in', projectFiles).executeTakeFirstOrThrow());
    const versions = n(await trx.deleteFrom('file_versions').where('file_id', 'in', projectFiles).executeTakeFirstOrThrow());
    const files = n(await trx.deleteFrom('files').where('project_id', '=', project.id).executeTakeFirstOrThrow());
    const envVars = n(await trx.deleteFrom('project_env_vars').where('project_id', '=', project.id).executeTakeFirstOrThrow());
    const chatMessages = n(await trx.deleteFrom('chat_messages').where('project_id', '=', project.id).executeTakeFirstOrThrow());
    const proposals = n(
      await trx.deleteFrom('code_edit_proposals').where('project_id', '=', project.id).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    );
    await trx.deleteFrom('projects').where('id', '=', project.id).where('user_id', '=', userId).execute();
    return { ids, counts: { files, versions, envVars, chatMessages, savedTestChats, proposals } };
  });

  // A run that was starting while the rows went (its start had already read the file) ends too.
  const all = [...new Set([...before, ...removed.ids])];
  stoppedRuns += await stopRuns(all);
  for (const fileId of all) deps.testChat.chats.forget({ userId, fileId });

  await deps.runLogs.remove(project.id);
  await deps.depsVolumes.release(project.id);
  const dir = path.dirname(projectDepsDir(deps.config.dataDir, project.id));
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
