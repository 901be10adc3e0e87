// Applies the assistant's change to a file the person may have edited by hand: the change from
// the text the assistant rendered last time to the text it renders now, as a patch, onto the
// file as it is. Their own edits stay; where they overlap the change, the merge is refused.

import { applyPatch, structuredPatch } from 'diff';

export type MergeResult = { code: string } | { conflict: string };

export function keepOwnEdits(file: { filename: string; content: string }, rendered: string, next: string): MergeResult {
  if (file.content === rendered) return { code: next };
  const patch = structuredPatch(file.filename, file.filename, rendered, next, '', '', { context: 3 });
  const code = applyPatch(file.content, patch, { fuzzFactor: 0 });
  if (code === false) {
    const first = patch.hunks[0];
    return {
      conflict: `your own edits to \`${file.filename}\` overlap the lines this change rewrites${first ? ` (around line ${first.oldStart})` : ''}`,
    };
  }
  return { code };
}
