import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  type PersistedClient,
  type PersistedQueryClientSaveOptions,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, set } from 'idb-keyval';
import { ApiError } from './api-client';
import {
  OFFLINE_CACHE_DB,
  OFFLINE_CACHE_STORE,
  onQueryCacheClear,
  QUERY_CACHE_STORAGE_KEY,
} from './query-cache-reset';
import { readStoredUser } from './session-storage';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long the technician's phone shows its last data offline (issue 20). */
const OFFLINE_MAX_AGE = 7 * DAY_MS;

/** Retrying cannot turn a refusal (4xx) into an answer; only a flaky network or 5xx. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

// DESIGN.md: lists are shown from the cache first and refreshed in the background, and the
// cache is what the user sees when a fetch fails. Cached entries therefore live as long as
// the longest persister keeps them (a week offline, issue 20): gcTime must be at least the
// persister's maxAge or a restored copy nobody looks at is dropped before it is saved again.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: OFFLINE_MAX_AGE,
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

/*
 * The technician's phone offline (issue 20, decision 026): everything the technician has
 * seen (their orders, details and history, stock, services, bills) is also kept in
 * IndexedDB, one copy per user, for a week. localStorage keeps only the first screen's
 * queries (filterSync), read synchronously before the first render (decision 019); the
 * IndexedDB copy is read as the shell loads, without holding up that render, and fills in
 * the rest a moment later.
 */
const offlineStore =
  typeof indexedDB === 'undefined' ? undefined : createStore(OFFLINE_CACHE_DB, OFFLINE_CACHE_STORE);

/** TanStack Query's persister on IndexedDB: the cache as one structured-cloned value. */
function indexedDbPersister(owner: string): Persister {
  return {
    persistClient: async (client: PersistedClient) => {
      if (offlineStore) await set(owner, client, offlineStore);
    },
    restoreClient: async () =>
      offlineStore ? await get<PersistedClient>(owner, offlineStore) : undefined,
    removeClient: async () => {
      if (offlineStore) await del(owner, offlineStore);
    },
  };
}

const offlinePersisted = (owner: string) => ({
  queryClient: PERSISTED.queryClient,
  persister: throttled(indexedDbPersister(owner), 1000),
  buster: __KARYA_BUILD_ID__,
});

/** Writes at most one copy a second, the last one always (as the localStorage persister does). */
function throttled(persister: Persister, ms: number): Persister {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let next: PersistedClient | undefined;
  return {
    ...persister,
    persistClient: (client) => {
      next = client;
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        const value = next;
        next = undefined;
        if (value) void persister.persistClient(value);
      }, ms);
    },
  };
}

/** Which queries localStorage keeps: all (the desk), or a screen's first ones (the phone). */
let filterSync: (queryKey: QueryKey) => boolean = () => true;
let firstScreen: ReadonlySet<string> | null = null;

/**
 * The queries a screen's first render shows (the technician dashboard's, first-answers.ts):
 * with an offline copy in IndexedDB, only these stay in localStorage, so that the read
 * before the first render stays a few kilobytes however much the phone keeps offline.
 */
export function keepInLocalStorage(queryKeys: readonly QueryKey[]): void {
  const hashes = new Set(queryKeys.map((queryKey) => hashKey(queryKey)));
  firstScreen = hashes;
  filterSync = (queryKey) => hashes.has(hashKey(queryKey));
}

/**
 * A query whose copy is never shown from storage (`meta: NOT_PERSISTED`): the schedule board,
 * refetched on every mount and live event, is a few hundred kilobytes a week that the save
 * a second after each change stringified and wrote to localStorage on the main thread.
 */
export const NOT_PERSISTED = { persist: false } as const;

/** As TanStack's default (successful queries only), of the first screen's keys. */
const syncDehydrate: PersistedQueryClientSaveOptions['dehydrateOptions'] = {
  shouldDehydrateQuery: (query) =>
    query.state.status === 'success' && query.meta?.persist !== false && filterSync(query.queryKey),
};

let restoring: Promise<void> | undefined;
const offlineRestores = new Map<string, Promise<void>>();

/** Reads a user's IndexedDB copy into the cache, once per page load. */
function restoreOfflineCache(owner: string): Promise<void> {
  let restore = offlineRestores.get(owner);
  if (!restore) {
    restore = persistQueryClientRestore({
      ...offlinePersisted(owner),
      persister: indexedDbPersister(owner),
      maxAge: OFFLINE_MAX_AGE,
    }).catch(() => undefined);
    offlineRestores.set(owner, restore);
  }
  return restore;
}

/**
 * Puts what was shown last time (localStorage) into the cache, once. The signed-in screens'
 * chunk does this as it loads (app/route-table.tsx), before their first render: the first
 * render then shows the cached copy, instead of placeholders first and the copy one render
 * later, as PersistQueryClientProvider's restoring after the first render did (issue 17: on
 * a slow phone each render of the technician dashboard cost 50-200 ms). A copy that cannot
 * be read is dropped. The stored user's IndexedDB copy (issue 20) starts loading too; the
 * first render does not wait for it.
 */
export function restoreQueryCache(): Promise<void> {
  restoring ??= persistQueryClientRestore({ ...PERSISTED, maxAge: PERSISTED_CACHE_MAX_AGE })
    // The restore has removed the unreadable copy already: the screens fetch afresh.
    .catch(() => undefined)
    .then(() => {
      // Only technicians keep an offline copy (app/app-shell.tsx).
      const user = readStoredUser();
      if (user?.role === 'technician' && offlineStore) void restoreOfflineCache(user._id);
    });
  return restoring;
}

export interface PersistOptions {
  /**
   * Also keep everything in IndexedDB under this user (the technician's phone, issue 20);
   * localStorage then keeps only the first screen's queries (keepInLocalStorage).
   */
  offlineOwner?: string;
}

/**
 * Saves the cache to localStorage now (what was fetched before the first render) and then
 * as it changes (throttled by the persister); with `offlineOwner`, to IndexedDB as well,
 * once that user's copy has been read back (so a save never overwrites it with less).
 * Returns the unsubscribe.
 */
export function persistQueryCache(options: PersistOptions = {}): () => void {
  if (!options.offlineOwner) {
    // A desk user (perhaps after a technician signed out of this page): all, as before.
    firstScreen = null;
    filterSync = () => true;
  } else if (firstScreen === null) {
    // Until the dashboard names its first screen (keepInLocalStorage), nothing extra.
    filterSync = () => false;
  }
  const sync = { ...PERSISTED, dehydrateOptions: syncDehydrate };
  void persistQueryClientSave(sync);
  const stops = [persistQueryClientSubscribe(sync)];
  let stopped = false;
  const owner = options.offlineOwner;
  if (owner && offlineStore) {
    void restoreOfflineCache(owner).then(() => {
      if (stopped) return;
      const offline = offlinePersisted(owner);
      void persistQueryClientSave(offline);
      stops.push(persistQueryClientSubscribe(offline));
    });
  }
  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}

// On login and logout nothing of the last user's data may stay (lib/query-cache-reset.ts).
onQueryCacheClear(async () => {
  await queryClient.cancelQueries();
  queryClient.clear();
  await queryPersister.removeClient();
  offlineRestores.clear();
  if (offlineStore) await clear(offlineStore);
});
