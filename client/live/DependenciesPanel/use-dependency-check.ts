// What the selected file imports, read as soon as the file is selected and kept per file and
// version: a reload or a return to the file reads it again by itself (the check is cheap and always
// gives the same answer), so Install Dependencies never waits for a click. 'Check Dependencies'
// reads it again on demand.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../lib/http-error';
import { notifyError } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import type { WorkspaceFile } from '../../lib/workspace';
import { importLanguageOf } from '../runner-languages';
import type { DependencyAnalysis } from './DependenciesPanel';

export function useDependencyCheck(file: WorkspaceFile | null) {
  const utils = trpc.useUtils();
  const query = useQuery({
    // A saved change gives the file a new updatedAt: its imports are read again.
    queryKey: ['runner', 'dependencies', file?.id ?? null, file?.updatedAt ?? null],
    enabled: file !== null,
    queryFn: async (): Promise<DependencyAnalysis> => {
      const { id, content, filename } = file!;
      const language = importLanguageOf(filename);
      // parseImports is a mutation on the server (it takes the content, which is too big for a URL).
      const result = await utils.client.runner.parseImports.mutate({ content, language });
      return { fileId: id, language: result.language ?? language, imports: result.imports, packages: result.packages };
    },
  });

  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) notifyError('Failed to parse imports', errorMessage(error, 'Please try again.'));
  }, [error, errorUpdatedAt]);

  return {
    analysis: query.data ?? null,
    checking: query.isFetching,
    failed: query.isError,
    check: () => void query.refetch(),
  };
}
