import { IDEMPOTENCY_HEADER } from '@karya/domain/idempotency';
import { createStore, get, set } from 'idb-keyval';
import { apiRequest } from './api-client';
import { createOfflineQueue, type QueuedAction, type QueueStorage } from './offline-queue';

/**
 * The browser's queue: kept in IndexedDB (it survives a reload and has room that
 * localStorage's 5 MB has not), one list per signed-in user, so a colleague signing in on
 * the same phone never sends another's actions.
 */
const store = createStore('karya-offline', 'queue');

export const indexedDbQueueStorage: QueueStorage = {
  read: async (owner) => (await get<QueuedAction[]>(owner, store)) ?? [],
  write: (owner, actions) => set(owner, actions, store),
};

export const offlineQueue = createOfflineQueue({
  storage: indexedDbQueueStorage,
  send: (step, body, key) =>
    apiRequest(step.method, step.path, body, { headers: { [IDEMPOTENCY_HEADER]: key } }),
});
