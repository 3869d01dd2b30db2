import { IDEMPOTENCY_MESSAGES } from '@karya/domain/idempotency';
import { ApiError } from './api-client';

/**
 * What the technician does while the phone has no signal, kept in order and sent when it
 * comes back (issue 20, decision 027). Each action carries its own Idempotency-Key, so an
 * action whose answer was lost can be sent again and still land once. An action the server
 * refuses (the order was reassigned, the stock is gone) stays in the queue with the server's
 * message, shown on its order until dismissed, and the rest of the queue goes on.
 */

export type QueuedMethod = 'POST' | 'PUT' | 'DELETE';

/** A field of a step's body taken from an earlier step's answer, e.g. the new bill's id. */
export interface FromEarlierAnswer {
  step: number;
  field: string;
}

export interface QueuedStep {
  method: QueuedMethod;
  /** Relative to /api, as apiRequest takes it. */
  path: string;
  body: Record<string, unknown>;
  from?: Record<string, FromEarlierAnswer>;
}

export interface QueueRefusal {
  status: number;
  message: string;
  at: number;
}

export interface QueuedAction {
  /** Also the Idempotency-Key of a one-step action; step i of several sends `${id}.${i}`. */
  id: string;
  /** The work order it belongs to, where the screen shows it as waiting to sync. */
  orderId: string | null;
  /** What the screen showed when the technician did it, e.g. 'Paused: waiting for a ladder'. */
  label: string;
  steps: QueuedStep[];
  queuedAt: number;
  /**
   * When the technician did it, the phone's clock as an ISO time (issue 39 item 3, decision
   * 043): stamped when it is queued, sent as every step's `occurredAt`, so the server dates
   * the history, the bill and its payment by it rather than by the sync. Absent in actions
   * queued by an older build: their queuedAt.
   */
  occurredAt?: string;
  refusal: QueueRefusal | null;
}

/** An action to queue; its occurredAt is given when it happened before it was queued (a
 * request whose answer was lost), else the moment it is queued. */
export type NewAction = Omit<QueuedAction, 'id' | 'queuedAt' | 'refusal'>;

/** Where the queue lives: IndexedDB in the browser (offline-queue-store.ts), a Map in tests. */
export interface QueueStorage {
  read(owner: string): Promise<QueuedAction[]>;
  write(owner: string, actions: QueuedAction[]): Promise<void>;
}

export type SendStep = (
  step: QueuedStep,
  body: Record<string, unknown>,
  key: string,
) => Promise<unknown>;

export interface FlushResult {
  sent: number;
  refused: number;
  /** True when the network (or the server) failed and the rest waits for the next flush. */
  stopped: boolean;
}

export interface OfflineQueueOptions {
  storage: QueueStorage;
  send: SendStep;
  now?: () => number;
  newId?: () => string;
}

/** A key that works where crypto.randomUUID does not: a shop's LAN address over plain http. */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const stepKey = (action: QueuedAction, index: number) =>
  action.steps.length === 1 ? action.id : `${action.id}.${index}`;

/** No answer, a server failure, or the same key still running: try again later. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.isNetworkError || error.status >= 500 || error.status === 429) return true;
  return error.status === 409 && error.message === IDEMPOTENCY_MESSAGES.stillRunning;
}

/** When the action happened, for a stored one whatever build queued it. */
export const occurredAtOf = (action: Pick<QueuedAction, 'occurredAt' | 'queuedAt'>): string =>
  action.occurredAt ?? new Date(action.queuedAt).toISOString();

function bodyOf(step: QueuedStep, answers: unknown[], occurredAt: string): Record<string, unknown> {
  // A step that names its own time keeps it.
  const body: Record<string, unknown> = { occurredAt, ...step.body };
  if (!step.from) return body;
  for (const [field, source] of Object.entries(step.from)) {
    const answer = answers[source.step] as Record<string, unknown> | undefined;
    body[field] = answer?.[source.field];
  }
  return body;
}

export function createOfflineQueue(options: OfflineQueueOptions) {
  const { storage, send } = options;
  const now = options.now ?? Date.now;
  const newId = options.newId ?? randomKey;
  const listeners = new Set<() => void>();
  const flushing = new Map<string, Promise<FlushResult>>();
  // Writes of one owner one after another, so an enqueue during a flush is never lost.
  const writes = new Map<string, Promise<unknown>>();

  function changed(): void {
    for (const listener of listeners) listener();
  }

  function update<T>(
    owner: string,
    change: (actions: QueuedAction[]) => { actions: QueuedAction[]; result: T },
  ): Promise<T> {
    const run = (writes.get(owner) ?? Promise.resolve()).then(async () => {
      const { actions, result } = change(await storage.read(owner));
      await storage.write(owner, actions);
      changed();
      return result;
    });
    writes.set(
      owner,
      run.catch(() => undefined),
    );
    return run;
  }

  /**
   * `id` may be given: a request sent online whose answer was lost is queued under the key it
   * was sent with, so if the server did act, the queued copy is answered as that one was.
   */
  async function enqueue(
    owner: string,
    action: NewAction & { id?: string },
  ): Promise<QueuedAction> {
    const queuedAt = now();
    const queued: QueuedAction = {
      ...action,
      id: action.id ?? newId(),
      queuedAt,
      // The moment the technician acted, not the one it is sent at (decision 043).
      occurredAt: action.occurredAt ?? new Date(queuedAt).toISOString(),
      refusal: null,
    };
    return update(owner, (actions) => ({ actions: [...actions, queued], result: queued }));
  }

  const remove = (owner: string, id: string) =>
    update(owner, (actions) => ({
      actions: actions.filter((a) => a.id !== id),
      result: undefined,
    }));

  const refuse = (owner: string, id: string, refusal: QueueRefusal) =>
    update(owner, (actions) => ({
      actions: actions.map((a) => (a.id === id ? { ...a, refusal } : a)),
      result: undefined,
    }));

  async function sendAction(action: QueuedAction): Promise<'sent' | QueueRefusal | 'stopped'> {
    const answers: unknown[] = [];
    const occurredAt = occurredAtOf(action);
    for (const [index, step] of action.steps.entries()) {
      try {
        answers.push(await send(step, bodyOf(step, answers, occurredAt), stepKey(action, index)));
      } catch (error) {
        if (isTransient(error)) return 'stopped';
        const status = (error as ApiError).status;
        return { status, message: (error as ApiError).message, at: now() };
      }
    }
    return 'sent';
  }

  async function flushNow(owner: string): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, refused: 0, stopped: false };
    const waiting = (await storage.read(owner)).filter((a) => a.refusal === null);
    for (const action of waiting) {
      const outcome = await sendAction(action);
      if (outcome === 'stopped') {
        result.stopped = true;
        break;
      }
      if (outcome === 'sent') {
        await remove(owner, action.id);
        result.sent += 1;
      } else {
        await refuse(owner, action.id, outcome);
        result.refused += 1;
      }
    }
    return result;
  }

  return {
    enqueue,
    /** The owner's actions in the order they were done, refused ones included. */
    list: (owner: string) => storage.read(owner),
    /** Forgets a refused action once the technician has read why. */
    dismiss: remove,
    /** Sends what waits, in order; a second call while one runs shares it. */
    flush(owner: string): Promise<FlushResult> {
      const running = flushing.get(owner);
      if (running) return running;
      const run = flushNow(owner).finally(() => flushing.delete(owner));
      flushing.set(owner, run);
      return run;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type OfflineQueue = ReturnType<typeof createOfflineQueue>;
