// Real uploads for the sidebar's Import and the chat's Upload Code: checked here first (so a wrong
// file gets a clear refusal without a round trip), then sent in one files.import call.
import { useCallback } from 'react';
import { errorMessage } from './http-error';
import { notifyError, notifyInfo, notifySuccess } from './notify';
import { importProblem, looksBinary } from './import-files';
import { trpc } from './trpc';
import { botOrFirst, useProjectId, useWorkspaceRefresh } from './workspace';

export function useImportFiles() {
  const projectId = useProjectId();
  const refresh = useWorkspaceRefresh();
  const importMutation = trpc.files.import.useMutation();

  const importFiles = useCallback(
    async (picked: File[]) => {
      if (picked.length === 0) return null;
      const problem = importProblem(picked);
      if (problem) {
        notifyError(problem.title, problem.message);
        return null;
      }
      notifyInfo(`Importing ${picked.length} file(s)...`);
      try {
        const files = await Promise.all(picked.map(async (f) => ({ filename: f.name, content: await f.text() })));
        const binary = files.filter((f) => looksBinary(f.content));
        if (binary.length > 0) {
          notifyError(`Cannot import ${binary.map((f) => f.filename).join(', ')}`, 'This is not a text file.');
          return null;
        }
        const result = await importMutation.mutateAsync({ projectId: botOrFirst(projectId), files });
        notifySuccess(result.message, result.files.map((f) => f.filename).join(', '));
        await refresh();
        return result.files;
      } catch (err) {
        notifyError('Import failed', errorMessage(err, 'The files could not be imported. Please try again.'));
        return null;
      }
    },
    [importMutation, projectId, refresh],
  );

  return { importFiles, importing: importMutation.isPending };
}
