/**
 * Where the persisted query cache lives (lib/query-client.ts hands the same key to its
 * persister). Kept apart from the query client so that the login screen, which loads no
 * TanStack Query, can still forget the last user's data.
 */
export const QUERY_CACHE_STORAGE_KEY = 'karya-query-cache';

let clearLoadedCache: (() => Promise<void>) | null = null;

/** The query client registers here once its chunk has loaded (lib/query-client.ts). */
export function onQueryCacheClear(clear: () => Promise<void>): void {
  clearLoadedCache = clear;
}

/** On login and logout nothing of the last user's data may stay, in memory or in localStorage. */
export async function clearQueryCache(): Promise<void> {
  await clearLoadedCache?.();
  try {
    window.localStorage.removeItem(QUERY_CACHE_STORAGE_KEY);
  } catch {
    // Storage disabled: there is nothing persisted to forget.
  }
}
