// Stands in for @floating-ui/react's useMergeRefs where Mantine's ScrollArea imports it (the
// `mantineStandIns` plugin of vite.config.ts): the same merged callback ref, from Mantine's own
// hooks, so a page with a scroll area does not download the whole positioning library for it.
import type { Ref } from 'react';
import { useMergedRef } from '@mantine/hooks';

export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
