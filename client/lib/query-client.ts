// Data-fetching defaults: nothing refetches by itself, nothing retries, and data
// stays fresh until a mutation invalidates it.
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchInterval: false, refetchOnWindowFocus: false, retry: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
