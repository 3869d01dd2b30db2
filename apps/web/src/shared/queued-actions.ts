import { IDEMPOTENCY_HEADER } from '@karya/domain/idempotency';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { ApiError, type ApiMethod, apiRequest } from '../lib/api-client';
import {
  type FlushResult,
  type NewAction,
  type OfflineQueue,
  type QueuedAction,
  type QueuedMethod,
  randomKey,
} from '../lib/offline-queue';
import { offlineQueue } from '../lib/offline-queue-store';
import { useSessionUser } from '../lib/use-session-user';

/**
 * The screens' side of the offline queue (issue 20, decision 026): what the signed-in user
 * has queued (per order), how a screen sends an action (straight away with an
 * Idempotency-Key when it can, queued when it cannot), and the flush when the network is
 * back. lib/offline-queue.ts keeps and sends the actions; this file ties it to React, the
 * session and the query cache.
 */

const NONE: readonly QueuedAction[] = [];

/** The last read list of each owner, for useSyncExternalStore (the queue reads are async). */
export function createQueueSnapshots(queue: Pick<OfflineQueue, 'list' | 'subscribe'>) {
  const snapshots = new Map<string, readonly QueuedAction[]>();
  const listeners = new Map<string, Set<() => void>>();
  const reads = new Map<string, number>();

  async function refresh(owner: string): Promise<void> {
    const read = (reads.get(owner) ?? 0) + 1;
    reads.set(owner, read);
    const actions = await queue.list(owner);
    // An older read that finishes late never overwrites a newer one.
    if (reads.get(owner) !== read) return;
    snapshots.set(owner, actions);
    for (const listener of listeners.get(owner) ?? []) listener();
  }

  const stops = new Map<string, () => void>();

  return {
    refresh,
    get: (owner: string): readonly QueuedAction[] => snapshots.get(owner) ?? NONE,
    /** One read of the queue per change, however many cards of the owner are on screen. */
    subscribe(owner: string, listener: () => void): () => void {
      let set = listeners.get(owner);
      if (!set) {
        set = new Set();
        listeners.set(owner, set);
      }
      set.add(listener);
      if (!stops.has(owner)) {
        stops.set(
          owner,
          queue.subscribe(() => void refresh(owner)),
        );
        void refresh(owner);
      }
      return () => {
        set.delete(listener);
        if (set.size > 0) return;
        stops.get(owner)?.();
        stops.delete(owner);
      };
    },
  };
}

const snapshots = createQueueSnapshots(offlineQueue);

/**
 * Every action the signed-in user has queued, in order, or only those of one order (null:
 * those on no order, e.g. returns of stock).
 */
export function useQueuedActions(orderId?: string | null): readonly QueuedAction[] {
  const user = useSessionUser();
  const owner = user._id;
  const subscribe = useCallback(
    (listener: () => void) => snapshots.subscribe(owner, listener),
    [owner],
  );
  const all = useSyncExternalStore(subscribe, () => snapshots.get(owner));
  if (orderId === undefined) return all;
  return all.filter((action) => action.orderId === orderId);
}

/** Whether the browser says it has a network; a browser that cannot tell counts as online. */
export function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export interface FlushOptions {
  /** Refresh the screens even when nothing was sent (the network has just come back). */
  refreshAlways?: boolean;
  queue?: Pick<OfflineQueue, 'flush'>;
  online?: () => boolean;
}

/**
 * Sends what the user queued, then refreshes every query on screen (the technician's lists,
 * details, stock, bills) so that they show the server's state, accepted or refused. Nothing
 * is sent while the browser is offline.
 */
export async function flushQueuedActions(
  owner: string,
  queryClient: Pick<QueryClient, 'invalidateQueries'>,
  options: FlushOptions = {},
): Promise<FlushResult | null> {
  const { queue = offlineQueue, online = browserOnline, refreshAlways = false } = options;
  if (!online()) return null;
  const result = await queue.flush(owner);
  if (refreshAlways || result.sent > 0 || result.refused > 0) {
    await queryClient.invalidateQueries();
  }
  return result;
}

/** Queues an action and, when the browser has a network, sends the queue at once. */
export async function enqueueAction(
  owner: string,
  action: NewAction & { id?: string },
  queryClient: QueryClient,
): Promise<QueuedAction> {
  const queued = await offlineQueue.enqueue(owner, action);
  void flushQueuedActions(owner, queryClient);
  return queued;
}

/** Forgets a refused action once the user has read the server's message. */
export function dismissQueuedAction(owner: string, id: string): Promise<void> {
  return offlineQueue.dismiss(owner, id);
}

export type SendOrQueueResult<T> = { queued: false; answer: T } | { queued: true };

export interface OneStepAction {
  orderId: string | null;
  /** What the screen showed, e.g. 'Paused: waiting for a ladder'. */
  label: string;
  method: QueuedMethod;
  path: string;
  body: Record<string, unknown>;
}

export interface SendOrQueueDeps {
  queue: Pick<OfflineQueue, 'enqueue' | 'list' | 'flush'>;
  send: <T>(method: ApiMethod, path: string, body: unknown, key: string) => Promise<T>;
  online: () => boolean;
  newKey: () => string;
  /** The phone's clock, read when the technician acts (Date.now by default). */
  now?: () => number;
}

const BROWSER: SendOrQueueDeps = {
  queue: offlineQueue,
  send: (method, path, body, key) =>
    apiRequest(method, path, body, { headers: { [IDEMPOTENCY_HEADER]: key } }),
  online: browserOnline,
  newKey: randomKey,
  now: Date.now,
};

/**
 * A screen's action: sent straight away with an Idempotency-Key when the browser is online
 * and nothing of this user waits in the queue before it (the order of actions is kept);
 * queued when offline, behind waiting actions, or when the request got no answer at all
 * (queued under the key it was sent with, so it lands once even if the server did act).
 * A refusal of a direct send rejects with the server's ApiError, as before. A queued action
 * carries the moment it was done (occurredAt, decision 043); one sent straight away does not,
 * the server's time being the better one then.
 */
export async function sendOrQueue<T>(
  owner: string,
  action: OneStepAction,
  deps: SendOrQueueDeps = BROWSER,
): Promise<SendOrQueueResult<T>> {
  const { method, path, body, orderId, label } = action;
  // Read now: a request that waits for no answer is queued a minute later, still dated now.
  const occurredAt = new Date((deps.now ?? Date.now)()).toISOString();
  const queueIt = async (id?: string): Promise<SendOrQueueResult<T>> => {
    await deps.queue.enqueue(owner, {
      ...(id === undefined ? {} : { id }),
      orderId,
      label,
      occurredAt,
      steps: [{ method, path, body }],
    });
    return { queued: true };
  };
  if (!deps.online()) return queueIt();
  const waiting = (await deps.queue.list(owner)).some((queued) => queued.refusal === null);
  if (waiting) return queueIt();
  const key = deps.newKey();
  try {
    return { queued: false, answer: await deps.send<T>(method, path, body, key) };
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkError) return queueIt(key);
    throw error;
  }
}

/** How often a queue that is waiting while the browser says it is online is tried again. */
export const RETRY_MS = 20_000;

/**
 * Mounted once behind the login (app/app-shell.tsx): sends the user's queue as the app
 * starts, whenever the browser comes back online, and every RETRY_MS while something waits
 * (a network that is up but does not reach the server). After each, the screens refresh.
 */
export function useQueueFlush(): void {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  useEffect(() => {
    const owner = user._id;
    const flush = () => void flushQueuedActions(owner, queryClient).catch(() => undefined);
    // The lists are refreshed when the network returns even if nothing was queued.
    const online = () =>
      void flushQueuedActions(owner, queryClient, { refreshAlways: true }).catch(() => undefined);
    flush();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => {
      if (snapshots.get(owner).some((action) => action.refusal === null)) flush();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [user._id, queryClient]);
}

/** Queues through the signed-in user, for screens: `const queue = useActionQueue()`. */
export function useActionQueue() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  return {
    owner: user._id,
    send: async <T>(action: OneStepAction): Promise<SendOrQueueResult<T>> => {
      const result = await sendOrQueue<T>(user._id, action);
      if (result.queued) void flushQueuedActions(user._id, queryClient);
      return result;
    },
    enqueue: (action: NewAction & { id?: string }) => enqueueAction(user._id, action, queryClient),
    dismiss: (id: string) => dismissQueuedAction(user._id, id),
  };
}
