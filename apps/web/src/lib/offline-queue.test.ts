import { IDEMPOTENCY_MESSAGES } from '@karya/domain/idempotency';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client';
import {
  createOfflineQueue,
  type QueuedAction,
  type QueuedStep,
  type QueueStorage,
  randomKey,
} from './offline-queue';

function memoryStorage(): QueueStorage & { lists: Map<string, QueuedAction[]> } {
  const lists = new Map<string, QueuedAction[]>();
  return {
    lists,
    read: async (owner) => structuredClone(lists.get(owner) ?? []),
    write: async (owner, actions) => {
      lists.set(owner, structuredClone(actions));
    },
  };
}

interface Sent {
  path: string;
  body: Record<string, unknown>;
  key: string;
}

/** A server that answers each path as told; a key it has seen answers as it did the first time. */
function fakeServer(answer: (path: string, body: Record<string, unknown>) => unknown) {
  const sent: Sent[] = [];
  const kept = new Map<string, unknown>();
  let offline = false;
  return {
    sent,
    setOffline(value: boolean) {
      offline = value;
    },
    async send(step: QueuedStep, body: Record<string, unknown>, key: string) {
      if (offline) throw new ApiError(0, NETWORK_ERROR_MESSAGE);
      sent.push({ path: step.path, body, key });
      if (kept.has(key)) return kept.get(key);
      const result = answer(step.path, body);
      kept.set(key, result);
      return result;
    },
  };
}

const step = (path: string, body: Record<string, unknown> = {}): QueuedStep => ({
  method: 'POST',
  path,
  body,
});

let ids = 0;
const newId = () => {
  ids += 1;
  return `action-${ids}`;
};

describe('the offline queue', () => {
  it('sends what was done offline in order, once, when the network returns', async () => {
    const server = fakeServer(() => ({ ok: true }));
    const queue = createOfflineQueue({ storage: memoryStorage(), send: server.send, newId });
    server.setOffline(true);
    await queue.enqueue('tech-1', { orderId: 'WO-1', label: 'Start', steps: [step('/start')] });
    await queue.enqueue('tech-1', { orderId: 'WO-1', label: 'Remark', steps: [step('/remark')] });
    await queue.enqueue('tech-1', { orderId: 'WO-1', label: 'Pause', steps: [step('/pause')] });

    expect(await queue.flush('tech-1')).toEqual({ sent: 0, refused: 0, stopped: true });
    expect(await queue.list('tech-1')).toHaveLength(3);

    server.setOffline(false);
    expect(await queue.flush('tech-1')).toEqual({ sent: 3, refused: 0, stopped: false });
    expect(server.sent.map((s) => s.path)).toEqual(['/start', '/remark', '/pause']);
    expect(new Set(server.sent.map((s) => s.key)).size).toBe(3);
    expect(await queue.list('tech-1')).toEqual([]);
  });

  it("keeps a refusal on its action with the server's message and goes on with the rest", async () => {
    const server = fakeServer((path) => {
      if (path === '/start') throw new ApiError(404, 'Work order not found');
      return { ok: true };
    });
    const queue = createOfflineQueue({ storage: memoryStorage(), send: server.send, newId });
    const refused = await queue.enqueue('tech-1', {
      orderId: 'WO-7',
      label: 'Start',
      steps: [step('/start')],
    });
    await queue.enqueue('tech-1', { orderId: 'WO-8', label: 'Return', steps: [step('/return')] });

    expect(await queue.flush('tech-1')).toEqual({ sent: 1, refused: 1, stopped: false });
    const left = await queue.list('tech-1');
    expect(left).toEqual([
      expect.objectContaining({
        id: refused.id,
        orderId: 'WO-7',
        refusal: expect.objectContaining({ status: 404, message: 'Work order not found' }),
      }),
    ]);
    // A refused action is not sent again; the technician dismisses it once read.
    await queue.flush('tech-1');
    expect(server.sent.filter((s) => s.path === '/start')).toHaveLength(1);
    await queue.dismiss('tech-1', refused.id);
    expect(await queue.list('tech-1')).toEqual([]);
  });

  it('stops at a server failure or a key still running, and resends with the same key', async () => {
    let failures = 2;
    const server = fakeServer(() => {
      if (failures === 2) {
        failures -= 1;
        throw new ApiError(500, 'Server error');
      }
      if (failures === 1) {
        failures -= 1;
        throw new ApiError(409, IDEMPOTENCY_MESSAGES.stillRunning);
      }
      return { ok: true };
    });
    const queue = createOfflineQueue({ storage: memoryStorage(), send: server.send, newId });
    await queue.enqueue('tech-1', { orderId: null, label: 'Return', steps: [step('/return')] });
    await queue.enqueue('tech-1', { orderId: null, label: 'Remark', steps: [step('/remark')] });

    expect((await queue.flush('tech-1')).stopped).toBe(true);
    expect((await queue.flush('tech-1')).stopped).toBe(true);
    expect(await queue.flush('tech-1')).toEqual({ sent: 2, refused: 0, stopped: false });
    const returns = server.sent.filter((s) => s.path === '/return');
    expect(returns).toHaveLength(3);
    expect(new Set(returns.map((s) => s.key)).size).toBe(1);
    expect(server.sent.at(-1)?.path).toBe('/remark');
  });

  it('a bill and its cash go as one action: the payment names the bill the first step made', async () => {
    let bills = 0;
    const server = fakeServer((path, body) => {
      if (path === '/create-bill') {
        bills += 1;
        return { _id: `bill-${bills}` };
      }
      return { paid: body.billId };
    });
    const queue = createOfflineQueue({ storage: memoryStorage(), send: server.send, newId });
    await queue.enqueue('tech-1', {
      orderId: 'WO-2',
      label: 'Bill ₹1,200, cash',
      steps: [
        step('/create-bill', { orderId: 'WO-2', items: [] }),
        {
          method: 'POST',
          path: '/confirm-order-bill',
          body: { paymentMethod: 'cash', transactionId: null },
          from: { billId: { step: 0, field: '_id' } },
        },
      ],
    });
    // The bill is made, then the signal drops before the payment.
    let calls = 0;
    const queueOnFlakyNetwork = createOfflineQueue({
      storage: memoryStorage(),
      send: async (s, body, key) => {
        calls += 1;
        if (calls === 2) throw new ApiError(0, NETWORK_ERROR_MESSAGE);
        return server.send(s, body, key);
      },
      newId,
    });
    await queueOnFlakyNetwork.enqueue('tech-1', {
      orderId: 'WO-3',
      label: 'Bill, cash',
      steps: [
        step('/create-bill', { orderId: 'WO-3', items: [] }),
        {
          method: 'POST',
          path: '/confirm-order-bill',
          body: { paymentMethod: 'cash' },
          from: { billId: { step: 0, field: '_id' } },
        },
      ],
    });
    expect((await queueOnFlakyNetwork.flush('tech-1')).stopped).toBe(true);
    expect(await queueOnFlakyNetwork.flush('tech-1')).toEqual({
      sent: 1,
      refused: 0,
      stopped: false,
    });
    // The bill step was sent twice with one key, so the server made one bill.
    expect(bills).toBe(1);
    const payments = server.sent.filter((s) => s.path === '/confirm-order-bill');
    expect(payments.map((s) => s.body)).toEqual([
      { paymentMethod: 'cash', billId: 'bill-1', occurredAt: expect.any(String) },
    ]);
    const billKeys = server.sent.filter((s) => s.path === '/create-bill').map((s) => s.key);
    expect(billKeys).toHaveLength(2);
    expect(billKeys[0]).toBe(billKeys[1]);
    expect(billKeys[0]).toMatch(/\.0$/);

    expect(await queue.flush('tech-1')).toEqual({ sent: 1, refused: 0, stopped: false });
    expect(server.sent.at(-1)?.body).toEqual({
      paymentMethod: 'cash',
      transactionId: null,
      billId: 'bill-2',
      occurredAt: expect.any(String),
    });
  });

  it('stamps each action with the time it was queued, not the time it is sent', async () => {
    let clock = Date.parse('2027-03-31T23:50:00+05:30');
    const server = fakeServer((path) => (path === '/create-bill' ? { _id: 'bill-9' } : {}));
    const storage = memoryStorage();
    const queue = createOfflineQueue({ storage, send: server.send, newId, now: () => clock });
    server.setOffline(true);
    await queue.enqueue('tech-1', {
      orderId: 'WO-9',
      label: 'Bill ₹1,180.00 · cash ₹1,180.00',
      steps: [
        step('/create-bill', { orderId: 'WO-9', items: [] }),
        {
          method: 'POST',
          path: '/confirm-order-bill',
          body: { paymentMethod: 'cash', transactionId: null },
          from: { billId: { step: 0, field: '_id' } },
        },
      ],
    });
    clock += 2 * 60_000;
    await queue.enqueue('tech-1', { orderId: 'WO-9', label: 'Complete', steps: [step('/done')] });
    const [bill, done] = await queue.list('tech-1');
    expect(bill?.occurredAt).toBe('2027-03-31T18:20:00.000Z');
    expect(done?.occurredAt).toBe('2027-03-31T18:22:00.000Z');

    // Twenty minutes later, in the next financial year, the signal returns.
    clock += 20 * 60_000;
    await queue.flush('tech-1');
    expect(server.sent).toEqual([]);
    server.setOffline(false);
    expect(await queue.flush('tech-1')).toEqual({ sent: 2, refused: 0, stopped: false });
    expect(server.sent.map((s) => [s.path, s.body.occurredAt])).toEqual([
      ['/create-bill', '2027-03-31T18:20:00.000Z'],
      ['/confirm-order-bill', '2027-03-31T18:20:00.000Z'],
      ['/done', '2027-03-31T18:22:00.000Z'],
    ]);
  });

  it('keeps a time given with the action, and dates an older build’s action by its queuedAt', async () => {
    const server = fakeServer(() => ({}));
    const storage = memoryStorage();
    const queue = createOfflineQueue({ storage, send: server.send, newId, now: () => 0 });
    await queue.enqueue('tech-1', {
      orderId: 'WO-7',
      label: 'Start',
      occurredAt: '2027-03-31T18:00:00.000Z',
      steps: [step('/start')],
    });
    // What a build before occurredAt left in IndexedDB.
    const legacy: QueuedAction = {
      id: 'old-1',
      orderId: 'WO-7',
      label: 'Pause',
      steps: [step('/pause', { remark: 'Ladder' })],
      queuedAt: Date.parse('2027-03-31T18:05:00.000Z'),
      refusal: null,
    };
    await storage.write('tech-1', [...(await storage.read('tech-1')), legacy]);
    await queue.flush('tech-1');
    expect(server.sent.map((s) => s.body)).toEqual([
      { occurredAt: '2027-03-31T18:00:00.000Z' },
      { remark: 'Ladder', occurredAt: '2027-03-31T18:05:00.000Z' },
    ]);
  });

  it('keeps an action done while a flush runs, and shares one flush between two callers', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = fakeServer(() => ({ ok: true }));
    const queue = createOfflineQueue({
      storage: memoryStorage(),
      send: async (s, body, key) => {
        await gate;
        return server.send(s, body, key);
      },
      newId,
    });
    await queue.enqueue('tech-1', { orderId: null, label: 'First', steps: [step('/first')] });
    const first = queue.flush('tech-1');
    const second = queue.flush('tech-1');
    expect(second).toBe(first);
    await queue.enqueue('tech-1', { orderId: null, label: 'Later', steps: [step('/later')] });
    release();
    expect((await first).sent).toBe(1);
    expect((await queue.list('tech-1')).map((a) => a.label)).toEqual(['Later']);
  });

  it("keeps each user's queue apart and tells listeners of every change", async () => {
    const storage = memoryStorage();
    const server = fakeServer(() => ({ ok: true }));
    const queue = createOfflineQueue({ storage, send: server.send, newId });
    let changes = 0;
    const unsubscribe = queue.subscribe(() => {
      changes += 1;
    });
    await queue.enqueue('tech-1', { orderId: null, label: 'Mine', steps: [step('/mine')] });
    await queue.enqueue('tech-2', { orderId: null, label: 'Theirs', steps: [step('/theirs')] });
    await queue.flush('tech-1');
    expect(server.sent.map((s) => s.path)).toEqual(['/mine']);
    expect(await queue.list('tech-2')).toHaveLength(1);
    expect(changes).toBe(3);
    unsubscribe();
  });

  it('makes keys the server accepts without crypto.randomUUID', () => {
    const keys = new Set(Array.from({ length: 100 }, randomKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});
