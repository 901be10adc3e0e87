// Remix: copy the bot file a post carries into a new bot of the caller's, named after the post's
// title, so they can open and change it in the builder. Like any new bot it counts toward
// QUOTA_USER_BOTS (409 past it, nothing made) and its file toward their storage.
import type { ServiceCtx } from '../../trpc';
import { AppError } from '../../errors';
import { BOT_NAME_MAX } from '../../../shared/workspace.schema';
import { createProject } from '../workspace/projects';
import { toFileDto } from '../workspace/files';
import { fileWriting, writeFile } from '../workspace/file-writes';
import { postFile } from './posts';
import { inTransaction } from '../../db/transaction';

/** A post title as a bot name: bot names are shorter, and stored without outer spaces. */
export function botNameOfTitle(title: string): string {
  return title.trim().slice(0, BOT_NAME_MAX).trim();
}

export async function remixPost({ deps, userId }: ServiceCtx, input: { id: string }) {
  const post = await postFile(deps.db, input.id);
  if (!post) throw new AppError('NOT_FOUND', 'Post not found');
  if (!post.file_name || post.file_content === null) throw new AppError('BAD_REQUEST', 'This post has no bot file to remix');
  const w = await fileWriting(deps, userId);
  const { project, file } = await inTransaction(deps.db, async (trx) => {
    const project = await createProject(trx, deps, userId, { name: botNameOfTitle(post.title) });
    const { file } = await writeFile(trx, w, { userId, projectId: project.id, filename: post.file_name!, content: post.file_content!, reason: 'import' });
    return { project, file };
  });
  return { file: toFileDto(file), message: `Remixed into a new bot, ${project.name}` };
}
