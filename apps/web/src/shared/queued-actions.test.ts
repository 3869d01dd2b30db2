import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../lib/api-client';
import {
  createOfflineQueue,
  type QueuedAction,
  type QueuedStep,
  type QueueStorage,
} from '../lib/offline-queue';

// The browser's queue opens IndexedDB as it loads; these tests hand in their own queue.
vi.mock('../lib/offline-queue-store', () => ({
  offlineQueue: { list: async () => [], subscribe: () => () => undefined },
}));

const { createQueueSnapshots, flushQueuedActions, sendOrQueue } = await import('./queued-actions');

function memoryStorage(): QueueStorage {
  const lists = new Map<string, QueuedAction[]>();
  return {
    read: async (owner) => structuredClone(lists.get(owner) ?? []),
    write: async (owner, actions) => {
      lists.set(owner, structuredClone(actions));
    },
  };
}

/** A server that keeps each key's first answer, refuses paths it is told to, or is out of reach. */
function fakeServer() {
  const effects: string[] = [];
  /** Every request's body as it left the phone, queued or direct. */
  const bodies: unknown[] = [];
  const answers = new Map<string, unknown>();
  const refusing = new Set<string>();
  let reachable = true;
  let loseAnswers = false;
  async function handle(path: string, key: string): Promise<unknown> {
    if (!reachable) throw new ApiError(0, NETWORK_ERROR_MESSAGE);
    if (answers.has(key)) return answers.get(key);
    if (refusing.has(path)) throw new ApiError(403, 'This work order is assigned to someone else');
    effects.push(path);
    const answer = { path };
    answers.set(key, answer);
    if (loseAnswers) throw new ApiError(0, NETWORK_ERROR_MESSAGE);
    return answer;
  }
  return {
    effects,
    bodies,
    refusing,
    setReachable: (value: boolean) => {
      reachable = value;
    },
    setLoseAnswers: (value: boolean) => {
      loseAnswers = value;
    },
    queueSend: (step: QueuedStep, body: Record<string, unknown>, key: string) => {
      bodies.push(body);
      return handle(step.path, key);
    },
    directSend: <T>(_method: string, path: string, body: unknown, key: string) => {
      bodies.push(body);
      return handle(path, key) as Promise<T>;
    },
  };
}

function setup() {
  const server = fakeServer();
  let ids = 0;
  const queue = createOfflineQueue({
    storage: memoryStorage(),
    send: server.queueSend,
    newId: () => {
      ids += 1;
      return `queued-${ids}`;
    },
  });
  let online = true;
  let keys = 0;
  const deps = {
    queue,
    send: server.directSend,
    online: () => online,
    newKey: () => {
      keys += 1;
      return `direct-${keys}`;
    },
  };
  const invalidations: unknown[] = [];
  const queryClient = {
    invalidateQueries: async (filters?: unknown) => {
      invalidations.push(filters);
    },
  };
  return {
    server,
    queue,
    deps,
    queryClient,
    invalidations,
    setOnline: (value: boolean) => {
      online = value;
    },
    flush: (refreshAlways = false) =>
      flushQueuedActions('tech-1', queryClient, { queue, online: () => online, refreshAlways }),
  };
}

const action = (orderId: string, label: string, path: string) => ({
  orderId,
  label,
  method: 'POST' as const,
  path,
  body: { orderId },
});

describe('a screen action, online or not', () => {
  it('goes straight to the server online, with a key, and is not queued', async () => {
    const t = setup();
    const result = await sendOrQueue('tech-1', action('WO-1', 'Start', '/start'), t.deps);
    expect(result).toEqual({ queued: false, answer: { path: '/start' } });
    expect(t.server.effects).toEqual(['/start']);
    expect(await t.queue.list('tech-1')).toEqual([]);
  });

  it('is queued offline with the label the screen showed, and sent once on reconnect', async () => {
    const t = setup();
    t.setOnline(false);
    t.server.setReachable(false);
    await sendOrQueue('tech-1', action('WO-1', 'Start', '/start'), t.deps);
    await sendOrQueue('tech-1', action('WO-1', 'Remark: ladder', '/remark'), t.deps);
    await sendOrQueue('tech-1', action('WO-1', 'Paused: no power', '/pause'), t.deps);
    expect((await t.queue.list('tech-1')).map((a) => a.label)).toEqual([
      'Start',
      'Remark: ladder',
      'Paused: no power',
    ]);
    expect(await t.flush()).toBeNull();

    t.setOnline(true);
    t.server.setReachable(true);
    expect(await t.flush()).toEqual({ sent: 3, refused: 0, stopped: false });
    expect(t.server.effects).toEqual(['/start', '/remark', '/pause']);
    expect(t.invalidations).toHaveLength(1);
    expect(await t.flush()).toEqual({ sent: 0, refused: 0, stopped: false });
    expect(t.server.effects).toHaveLength(3);
    expect(t.invalidations).toHaveLength(1);
  });

  it('waits behind queued actions even when online, so their order is kept', async () => {
    const t = setup();
    t.setOnline(false);
    await sendOrQueue('tech-1', action('WO-1', 'Start', '/start'), t.deps);
    t.setOnline(true);
    t.server.setReachable(false);
    const result = await sendOrQueue('tech-1', action('WO-1', 'Paused', '/pause'), t.deps);
    expect(result).toEqual({ queued: true });
    expect(t.server.effects).toEqual([]);
    t.server.setReachable(true);
    await t.flush();
    expect(t.server.effects).toEqual(['/start', '/pause']);
  });

  it('is queued under the key it was sent with when the answer is lost, and lands once', async () => {
    const t = setup();
    t.server.setLoseAnswers(true);
    const result = await sendOrQueue('tech-1', action('WO-1', 'Remark', '/remark'), t.deps);
    expect(result).toEqual({ queued: true });
    const [queued] = await t.queue.list('tech-1');
    expect(queued?.id).toBe('direct-1');
    t.server.setLoseAnswers(false);
    expect(await t.flush()).toEqual({ sent: 1, refused: 0, stopped: false });
    expect(t.server.effects).toEqual(['/remark']);
  });

  it('carries the moment the technician acted, not the moment it is sent', async () => {
    const t = setup();
    let clock = Date.parse('2027-03-31T16:49:00+05:30');
    const deps = { ...t.deps, now: () => clock };
    t.setOnline(false);
    await sendOrQueue('tech-1', action('WO-1', 'Start', '/start'), deps);
    clock += 2 * 60_000;
    t.setOnline(true);
    t.server.setLoseAnswers(true);
    // Sent at 16:51 and its answer lost: queued, still dated 16:51.
    await sendOrQueue('tech-1', action('WO-1', 'Remark', '/remark'), {
      ...deps,
      online: () => true,
    });
    clock += 30 * 60_000;
    t.server.setLoseAnswers(false);
    await t.flush();
    expect(t.server.bodies.at(-2)).toEqual({
      orderId: 'WO-1',
      occurredAt: '2027-03-31T11:19:00.000Z',
    });
    expect(t.server.bodies.at(-1)).toEqual({
      orderId: 'WO-1',
      occurredAt: '2027-03-31T11:21:00.000Z',
    });
    // Online, the server's time is used: nothing is added.
    t.server.bodies.length = 0;
    await sendOrQueue('tech-1', action('WO-1', 'Pause', '/pause'), deps);
    expect(t.server.bodies).toEqual([{ orderId: 'WO-1' }]);
  });

  it('rejects with the server message when refused online, queueing nothing', async () => {
    const t = setup();
    t.server.refusing.add('/start');
    await expect(
      sendOrQueue('tech-1', action('WO-1', 'Start', '/start'), t.deps),
    ).rejects.toMatchObject({ status: 403 });
    expect(await t.queue.list('tech-1')).toEqual([]);
  });

  it('keeps a refusal on its order with the message, and the rest of the queue goes on', async () => {
    const t = setup();
    t.setOnline(false);
    await sendOrQueue('tech-1', action('WO-1', 'Start', '/start-1'), t.deps);
    await sendOrQueue('tech-1', action('WO-2', 'Remark', '/remark-2'), t.deps);
    t.server.refusing.add('/start-1');
    t.setOnline(true);
    expect(await t.flush()).toEqual({ sent: 1, refused: 1, stopped: false });
    const left = await t.queue.list('tech-1');
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      orderId: 'WO-1',
      refusal: { status: 403, message: 'This work order is assigned to someone else' },
    });
    // A refused action no longer holds back a new one.
    const next = await sendOrQueue('tech-1', action('WO-2', 'Pause', '/pause-2'), t.deps);
    expect(next.queued).toBe(false);
  });

  it('refreshes the screens when the network returns even with nothing queued', async () => {
    const t = setup();
    await t.flush(true);
    expect(t.invalidations).toHaveLength(1);
  });
});

describe('the queue snapshots a screen reads', () => {
  it('follow the queue and tell their subscribers', async () => {
    const t = setup();
    const snapshots = createQueueSnapshots(t.queue);
    const seen: number[] = [];
    const stop = snapshots.subscribe('tech-1', () => seen.push(snapshots.get('tech-1').length));
    await vi.waitFor(() => expect(seen).toEqual([0]));
    t.setOnline(false);
    await sendOrQueue('tech-1', action('WO-1', 'Start', '/start'), t.deps);
    await vi.waitFor(() => expect(seen.at(-1)).toBe(1));
    expect(snapshots.get('tech-1')[0]?.label).toBe('Start');
    expect(snapshots.get('tech-2')).toEqual([]);
    stop();
  });
});
