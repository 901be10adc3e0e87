// The person's files a post may carry, grouped under their bots for the picker (file-choices.ts),
// and whether they are still loading.
import { useMemo } from 'react';
import { useFiles, useProjects } from '../../../lib/workspace';
import { fileChoices } from './file-choices';

export function useFileChoices() {
  const files = useFiles();
  const bots = useProjects();
  const options = useMemo(() => fileChoices(files.data ?? [], bots.data ?? []), [files.data, bots.data]);
  return { options, loading: files.isLoading };
}
