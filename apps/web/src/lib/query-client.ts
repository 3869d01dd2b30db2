import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
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

/**
 * The persister's package types the QueryClient of its own copy of query-core (another patch
 * release in node_modules); it only calls the client's public methods.
 */
type PersistedQueryClient = Parameters<typeof persistQueryClientRestore>[0]['queryClient'];

/** A new build drops the cached lists of the last one: their shape may have changed. */
const PERSISTED = {
  queryClient: queryClient as unknown as PersistedQueryClient,
  persister: queryPersister,
  buster: __KARYA_BUILD_ID__,
};

let restoring: Promise<void> | undefined;

/**
 * Puts what was shown last time (localStorage) into the cache, once. The signed-in screens'
 * chunk does this as it loads (app/route-table.tsx), before their first render: the first
 * render then shows the cached copy, instead of placeholders first and the copy one render
 * later, as PersistQueryClientProvider's restoring after the first render did (issue 17: on
 * a slow phone each render of the technician dashboard cost 50-200 ms). A copy that cannot
 * be read is dropped.
 */
export function restoreQueryCache(): Promise<void> {
  restoring ??= persistQueryClientRestore({ ...PERSISTED, maxAge: PERSISTED_CACHE_MAX_AGE }).catch(
    // The restore has removed the unreadable copy already: the screens fetch afresh.
    () => undefined,
  );
  return restoring;
}

/**
 * Saves the cache to localStorage now (what was fetched before the first render) and then
 * as it changes (throttled by the persister); returns the unsubscribe.
 */
export function persistQueryCache(): () => void {
  void persistQueryClientSave(PERSISTED);
  return persistQueryClientSubscribe(PERSISTED);
}

// On login and logout nothing of the last user's data may stay (lib/query-cache-reset.ts).
onQueryCacheClear(async () => {
  await queryClient.cancelQueries();
  queryClient.clear();
  await queryPersister.removeClient();
});
