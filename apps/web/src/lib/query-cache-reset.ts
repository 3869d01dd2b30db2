/**
 * Where the persisted query cache lives (lib/query-client.ts hands the same key to its
 * persister). Kept apart from the query client so that the login screen, which loads no
 * TanStack Query, can still forget the last user's data.
 */
export const QUERY_CACHE_STORAGE_KEY = 'karya-query-cache';

/** The technician's offline copy of the cache (issue 20): IndexedDB, one value per user. */
export const OFFLINE_CACHE_DB = 'karya-query-cache';
export const OFFLINE_CACHE_STORE = 'clients';

let clearLoadedCache: (() => Promise<void>) | null = null;

/** The query client registers here once its chunk has loaded (lib/query-client.ts). */
export function onQueryCacheClear(clear: () => Promise<void>): void {
  clearLoadedCache = clear;
}

/** Deletes the offline copy without loading IndexedDB's helper into the login screen. */
function deleteOfflineCopy(): Promise<void> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.deleteDatabase(OFFLINE_CACHE_DB);
      request.onsuccess = () => resolve();
      request.onerror = () => resolve();
      // Another tab still has it open: it is deleted when that tab lets go.
      request.onblocked = () => resolve();
    } catch {
      resolve();
    }
  });
}

/**
 * On login and logout nothing of the last user's data may stay, in memory, in localStorage
 * or in IndexedDB.
 */
export async function clearQueryCache(): Promise<void> {
  if (clearLoadedCache) {
    await clearLoadedCache();
  } else if (typeof indexedDB !== 'undefined') {
    // The login screen: the query client (and its open copy) were never loaded.
    await deleteOfflineCopy();
  }
  try {
    window.localStorage.removeItem(QUERY_CACHE_STORAGE_KEY);
  } catch {
    // Storage disabled: there is nothing persisted to forget.
  }
}
