import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { onQueryCacheClear, QUERY_CACHE_STORAGE_KEY } from './query-cache-reset';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Retrying cannot turn a refusal (4xx) into an answer; only a flaky network or 5xx. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

// DESIGN.md: lists are shown from the cache first and refreshed in the background, and the
// cache is what the user sees when a fetch fails. Cached entries therefore live a day
// (gcTime must be at least the persister's maxAge or restored data is dropped at once).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: DAY_MS,
      retry: shouldRetry,
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});

export const PERSISTED_CACHE_MAX_AGE = DAY_MS;

export const queryPersister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: QUERY_CACHE_STORAGE_KEY,
});

// On login and logout nothing of the last user's data may stay (lib/query-cache-reset.ts).
onQueryCacheClear(async () => {
  await queryClient.cancelQueries();
  queryClient.clear();
  await queryPersister.removeClient();
});
