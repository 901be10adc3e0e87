// Remix: copy the bot file a post carries into the caller's own default project, under a name
// that does not overwrite any of their files, so they can open and change it in the builder.
import type { ServiceCtx } from '../../trpc';
import { AppError } from '../../errors';
import { defaultProject } from '../workspace/projects';
import { filenamesIn, toFileDto } from '../workspace/files';
import { fileWriting, writeFile } from '../workspace/file-writes';
import { postFile } from './posts';

// The longest file name a workspace accepts (FILENAME_PATTERN in shared/filenames.ts).
const MAX_FILENAME_LENGTH = 100;

/** bot.py -> bot_remix.py, bot_remix2.py...; a long name loses the end of its stem, never its extension. */
function withSuffix(filename: string, n: number): string {
  const dot = filename.lastIndexOf('.');
  const suffix = n === 1 ? '_remix' : `_remix${n}`;
  const extension = filename.slice(dot);
  const stem = filename.slice(0, dot).slice(0, MAX_FILENAME_LENGTH - suffix.length - extension.length);
  return `${stem}${suffix}${extension}`;
}

export async function remixPost({ deps, userId }: ServiceCtx, input: { id: string }) {
  const post = await postFile(deps.db, input.id);
  if (!post) throw new AppError('NOT_FOUND', 'Post not found');
  if (!post.file_name || post.file_content === null) throw new AppError('BAD_REQUEST', 'This post has no bot file to remix');
  const project = await defaultProject(deps.db, deps.clock, userId);
  const w = await fileWriting(deps, userId);
  const file = await deps.db.transaction().execute(async (trx) => {
    const taken = await filenamesIn(trx, project.id);
    let filename = post.file_name!;
    for (let n = 1; taken.has(filename); n++) filename = withSuffix(post.file_name!, n);
    const { file } = await writeFile(trx, w, { userId, projectId: project.id, filename, content: post.file_content!, reason: 'import' });
    return file;
  });
  return { file: toFileDto(file), message: `Remixed into ${file.filename}` };
}
